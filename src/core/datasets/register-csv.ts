// Register files for the weekly plan, read with the same CSV reader and population parser as every
// other import (csv.ts, population-csv.ts, feature-table.ts):
//   wide:    a population CSV (id, q00..q11 or p_s_a_t, optional init_s, features) with a `state`
//            column for the current state; the transition columns may be left out, and then the
//            transitions are estimated from the weeks the plan records (the prior alone at first);
//   history: a long CSV (id, week, state, called): one row per beneficiary and week, with a features
//            CSV (id and feature columns) beside it. Weeks must run without a gap from the first to
//            the last; a beneficiary's missing week is an unobserved state, but every beneficiary
//            needs a row in the last week (her current state). The last week is the one the first
//            list is for: its `called` column is what the plan decides, so calls there are ignored
//            (with a warning).
// A bad file gives nothing and a CsvError naming the file, line and column.
import { bandNumericFeatures } from '../plan/band-numeric.ts';
import { historyOfState, MISSING, type History, type Register } from '../plan/register.ts';
import { contentHash } from './content-hash.ts';
import { CsvError, numberField, parseCsv, type CsvRow, type CsvTable } from './csv.ts';
import { readFeatures } from './feature-table.ts';
import { checkImportSize } from './import-limits.ts';
import { FILE_DEFAULTS, parsePopulationTable } from './population-csv.ts';
import type { SchemaFile } from './population-schema.ts';
import type { TextChoices } from './text-columns.ts';

export const REGISTER_CSV_FORMAT = 'allot-register-csv';
export const HISTORY_CSV_FORMAT = 'allot-history-csv';

export interface RegisterCsvOptions {
  fileName?: string;
  schema?: SchemaFile;
  /** Calls per week; default round(N / 10) (allot's choice). */
  budget?: number;
  discount?: number;
  horizon?: number;
  /** Cut points of numeric feature columns by name (band-numeric.ts); default quartiles. */
  cuts?: Record<string, number[]>;
  /** How text columns are grouped (text-columns.ts). */
  text?: TextChoices;
}

/** allot's default calls per week: a tenth of the register. */
export const defaultBudget = (numArms: number) => Math.max(1, Math.round(numArms / 10));

const TRANSITION = /^(q[01][01]|p_\d+_[01]_\d+|init_\d+)$/;

/** Which register format a CSV header is: `history` when it has week and called columns, else `wide`. */
export function registerCsvKind(headerLine: string): 'history' | 'wide' {
  const names = headerLine.split(',').map((h) => h.trim().replace(/^"|"$/g, ''));
  return names.includes('week') && names.includes('called') ? 'history' : 'wide';
}

/** A whole-number field in [0, max], or a CsvError naming the line and column. */
function wholeField(table: CsvTable, row: CsvRow, column: number, fileName: string, what: string, max: number): number {
  const v = numberField(table, row, column, fileName);
  if (!Number.isInteger(v) || v < 0 || v > max) {
    throw new CsvError(`${fileName}, line ${row.line}, column ${column + 1} ("${table.header[column]}"): ${row.fields[column].trim()} is not ${what}`, row.line, column + 1, table.header[column]);
  }
  return v;
}

function requireColumn(table: CsvTable, name: string, fileName: string, needs: string): number {
  const i = table.header.indexOf(name);
  if (i === -1) throw new CsvError(`${fileName}, line ${table.headerLine}: the header has no "${name}" column; ${needs}`, table.headerLine);
  return i;
}

/** A wide register CSV: a population CSV with a `state` column (transition columns optional). */
export function parseRegisterCsv(text: string, options: RegisterCsvOptions = {}): Register {
  const fileName = options.fileName ?? 'the file';
  checkImportSize(text.length, fileName);
  const table = parseCsv(text, fileName);
  const stateColumn = requireColumn(table, 'state', fileName, 'a register needs each beneficiary\'s current state (0 not engaged, 1 engaged)');
  const hash = contentHash(text);
  const N = table.rows.length;
  const budget = options.budget ?? defaultBudget(N);
  const withTransitions = table.header.some((h) => TRANSITION.test(h) && !h.startsWith('init_'));
  let base: Pick<Register, 'numArms' | 'numStates' | 'ids' | 'schema' | 'features' | 'transitions' | 'provenance' | 'warnings'>;
  if (withTransitions) {
    const instance = parsePopulationTable(table, hash, { fileName, schema: options.schema, skipColumns: ['state'], budget: Math.min(budget, N), text: options.text });
    base = { ...instance, transitions: instance.transitions };
  } else {
    const idColumn = requireColumn(table, 'id', fileName, 'add a column named id with a distinct id per beneficiary');
    if (N === 0) throw new CsvError(`${fileName} has a header but no beneficiaries; add one row per beneficiary`, table.headerLine);
    const ids = readIds(table, idColumn, fileName);
    const featureColumns = table.header.map((_, i) => i).filter((i) => i !== idColumn && i !== stateColumn && !table.header[i].startsWith('init_'));
    const { schema, features } = readFeatures(table, featureColumns, fileName, options.schema, options.text);
    base = { numArms: N, numStates: 2, ids, schema, features, transitions: null, provenance: { kind: 'file', fileName, contentHash: hash, format: REGISTER_CSV_FORMAT }, warnings: [] };
  }
  const S = base.numStates;
  const state = new Uint8Array(N);
  table.rows.forEach((row, arm) => (state[arm] = wholeField(table, row, stateColumn, fileName, `a state (0..${S - 1})`, S - 1)));
  return finish(base, historyOfState(state), budget, options);
}

function finish(base: Pick<Register, 'numArms' | 'numStates' | 'ids' | 'schema' | 'features' | 'transitions' | 'provenance' | 'warnings'>, history: History, budget: number, options: RegisterCsvOptions): Register {
  if (budget > base.numArms) throw new Error(`the budget ${budget} is more than the ${base.numArms} beneficiaries of the register`);
  return {
    ...base,
    schema: bandNumericFeatures(base.schema, base.features, base.numArms, { cuts: options.cuts }),
    history,
    budget,
    discount: options.discount ?? FILE_DEFAULTS.discount,
    horizon: options.horizon ?? FILE_DEFAULTS.horizon,
  };
}

function readIds(table: CsvTable, idColumn: number, fileName: string): string[] {
  const seen = new Map<string, number>();
  return table.rows.map((row) => {
    const id = row.fields[idColumn].trim();
    if (id === '') throw new CsvError(`${fileName}, line ${row.line}, column ${idColumn + 1} ("id"): the id is empty; give every beneficiary an id`, row.line, idColumn + 1, 'id');
    const first = seen.get(id);
    if (first !== undefined) throw new CsvError(`${fileName}, line ${row.line}, column ${idColumn + 1} ("id"): id "${id}" is already used on line ${first}; ids must be distinct`, row.line, idColumn + 1, 'id');
    seen.set(id, row.line);
    return id;
  });
}

/** A history CSV (id, week, state, called) with its features CSV (id, feature columns). */
export function parseHistoryCsv(historyText: string, featuresText: string, options: RegisterCsvOptions & { featuresFileName?: string } = {}): Register {
  const fileName = options.fileName ?? 'the history file';
  const featuresFile = options.featuresFileName ?? 'the features file';
  checkImportSize(historyText.length, fileName);
  checkImportSize(featuresText.length, featuresFile);
  const ft = parseCsv(featuresText, featuresFile);
  const idColumn = requireColumn(ft, 'id', featuresFile, 'the features file needs an id column matching the history\'s ids');
  if (ft.rows.length === 0) throw new CsvError(`${featuresFile} has a header but no beneficiaries; add one row per beneficiary`, ft.headerLine);
  const ids = readIds(ft, idColumn, featuresFile);
  const { schema, features } = readFeatures(ft, ft.header.map((_, i) => i).filter((i) => i !== idColumn), featuresFile, options.schema, options.text);
  const N = ids.length;
  const arm = new Map(ids.map((id, i) => [id, i]));

  const ht = parseCsv(historyText, fileName);
  const needs = 'a history needs the columns id, week, state, called';
  const [hid, hweek, hstate, hcalled] = ['id', 'week', 'state', 'called'].map((c) => requireColumn(ht, c, fileName, needs));
  if (ht.rows.length === 0) throw new CsvError(`${fileName} has a header but no rows; add one row per beneficiary and week`, ht.headerLine);
  let first = Infinity, last = -Infinity;
  // Weeks are any whole number a CSV can hold (a year-and-week number, a day count): not 32-bit.
  const weekOf = new Float64Array(ht.rows.length);
  ht.rows.forEach((row, j) => {
    const w = numberField(ht, row, hweek, fileName);
    if (!Number.isSafeInteger(w)) throw new CsvError(`${fileName}, line ${row.line}, column ${hweek + 1} ("week"): ${row.fields[hweek].trim()} is not a whole week number${Number.isInteger(w) ? ' (it is too large to count exactly: at most 2^53 - 1)' : ''}`, row.line, hweek + 1, 'week');
    weekOf[j] = w;
    first = Math.min(first, w);
    last = Math.max(last, w);
  });
  const W = last - first + 1;
  if (W > 5200) throw new CsvError(`${fileName}: the weeks run from ${first} to ${last}, more than 100 years; check the week column`, ht.headerLine);
  const states = Array.from({ length: W }, () => new Uint8Array(N).fill(MISSING));
  const called = Array.from({ length: W }, () => new Uint8Array(N));
  const seen = new Uint8Array(W * N);
  const seenWeek = new Uint8Array(W);
  let calls = 0, lastWeekCalls = 0;
  ht.rows.forEach((row, j) => {
    const id = row.fields[hid].trim();
    const a = arm.get(id);
    if (a === undefined) throw new CsvError(`${fileName}, line ${row.line}, column ${hid + 1} ("id"): "${id}" is not in ${featuresFile}; every beneficiary of the history needs her features`, row.line, hid + 1, 'id');
    const w = weekOf[j] - first;
    if (seen[w * N + a]) {
      const before = ht.rows.find((r, i) => i < j && weekOf[i] === weekOf[j] && r.fields[hid].trim() === id)!.line;
      throw new CsvError(`${fileName}, line ${row.line}: beneficiary "${id}" week ${weekOf[j]} already appears on line ${before}; each (id, week) must appear once`, row.line);
    }
    seen[w * N + a] = 1;
    seenWeek[w] = 1;
    states[w][a] = wholeField(ht, row, hstate, fileName, 'a state (0 not engaged or 1 engaged)', 1);
    const c = wholeField(ht, row, hcalled, fileName, 'a call flag (0 or 1)', 1);
    if (w === W - 1) lastWeekCalls += c;
    else {
      called[w][a] = c;
      calls += c;
    }
  });
  const gap = seenWeek.indexOf(0);
  if (gap !== -1) throw new CsvError(`${fileName}: week ${first + gap} is missing (the weeks run from ${first} to ${last}); every week in between needs its rows`, ht.headerLine);
  const missing = ids.filter((_, a) => states[W - 1][a] === MISSING);
  if (missing.length) {
    throw new CsvError(`${fileName}: ${missing.length} beneficiar${missing.length === 1 ? 'y has' : 'ies have'} no row in week ${last}, the current week, so their current state is unknown: ${missing.slice(0, 5).map((x) => `"${x}"`).join(', ')}${missing.length > 5 ? ', ...' : ''}`, ht.headerLine);
  }
  const warnings: string[] = [];
  if (lastWeekCalls > 0) warnings.push(`week ${last} is the current week, whose calls the plan decides: its ${lastWeekCalls} recorded call${lastWeekCalls === 1 ? ' was' : 's were'} ignored`);
  if (calls === 0) warnings.push(`${fileName} has no call in weeks ${first}-${last - 1}: nothing shows what a call does, so the prior assumes a call changes nothing until the outcomes of calls arrive (every index is 0 and the list is the seeded tie draw)`);
  const base = { numArms: N, numStates: 2, ids, schema, features, transitions: null, provenance: { kind: 'file' as const, fileName, contentHash: contentHash(historyText + '\u0000' + featuresText), format: HISTORY_CSV_FORMAT }, warnings };
  return finish(base, { firstWeek: first, states, called }, options.budget ?? defaultBudget(N), options);
}
