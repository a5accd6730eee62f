// Register files for the weekly plan, under her own column names (column-mapping.ts):
//   wide:    one row per beneficiary with her current state (a population CSV with a state column;
//            the transition columns may be left out, and then the transitions are estimated from the
//            weeks the plan records, the prior alone at first);
//   history: one row per beneficiary and week (id, week, state, called; history-reader.ts), with a
//            features table beside it (one row per beneficiary: id, features, carried columns), or alone.
// The tables come from the one reader (csv-tokenizer.ts, or a spreadsheet's sheet); a bad file gives
// nothing and a CsvError naming the file, line and column.
import { asTable, emptyTable } from '../instance/feature-table.ts';
import { bandNumericFeatures } from '../plan/band-numeric.ts';
import { historyOfState, type History, type Register } from '../plan/register.ts';
import { BinaryColumn, BLANK } from './binary-values.ts';
import { guessRole, normalName, type ColumnMapping } from './column-mapping.ts';
import { contentHash } from './content-hash.ts';
import { CsvError, numberField, parseCsv, type CsvTable } from './csv.ts';
import { CsvTokenizer } from './csv-tokenizer.ts';
import { readByteTable } from './byte-table.ts';
import { csvCells } from './cell-table.ts';
import { HistoryReader, type HistoryRead } from './history-reader.ts';
import { FILE_DEFAULTS, parsePopulationTable } from './population-csv.ts';
import { defaultBudget } from '../limits/default-budget.ts';
import type { SchemaFile } from './population-schema.ts';
import { carryOf, columnReport, mapTable, readFeatureTable, type FeatureTableRead } from './register-table.ts';
import { utf8Bytes } from './utf8.ts';
import type { TextChoices } from './text-columns.ts';
import { packIds } from '../plan/packed-ids.ts';

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
  /** Her column names and state labels; what is absent is guessed. */
  mapping?: ColumnMapping;
  /** How text columns are grouped (text-columns.ts). */
  text?: TextChoices;
}

export { defaultBudget } from '../limits/default-budget.ts';

const TRANSITION = /^(q[01][01]|p_\d+_[01]_\d+|init_\d+)$/;

type RegisterBase = Pick<
  Register,
  'numArms' | 'numStates' | 'ids' | 'schema' | 'features' | 'transitions' | 'provenance' | 'warnings' | 'carry'
>;

/** Which register a header is: `history` when it has (or she named) week and called columns, else `wide`. */
export function registerKind(header: readonly string[], mapping: ColumnMapping = {}): 'history' | 'wide' {
  const has = (role: 'week' | 'called') =>
    mapping[role] !== undefined
      ? header.map(normalName).includes(normalName(mapping[role]!))
      : guessRole(header, role) !== -1;
  return has('week') && has('called') ? 'history' : 'wide';
}

/** The same for a header line of comma-separated names. */
export const registerCsvKind = (headerLine: string) => registerKind(parseCsv(headerLine).header);

/** Whether a wide table gives transitions (q00..q11 or p_s_a_t columns): a population with states. */
export const hasTransitions = (header: readonly string[]) =>
  header.some((h) => TRANSITION.test(h) && !h.startsWith('init_'));

/** A wide register CSV (text): the table's reader on one string. */
export function parseRegisterCsv(text: string, options: RegisterCsvOptions = {}): Register {
  return registerFromTable(parseCsv(text, options.fileName ?? 'the file'), contentHash(text), options);
}

/** A wide register: one row per beneficiary with her current state, transition columns optional. */
export function registerFromTable(table: CsvTable, hash: string, options: RegisterCsvOptions = {}): Register {
  const fileName = options.fileName ?? 'the file';
  const mapping = options.mapping ?? {};
  const mapped = mapTable(table, mapping, ['id', 'state'], fileName);
  if (mapped.state === -1) {
    throw new CsvError(
      `${fileName}, line ${table.headerLine}: no column was found for the current state (such as "state", ` +
        `"engaged" or "listened"); ` +
        "a register needs each beneficiary's current state: name its column (--state-column, or in the mapping step)",
      table.headerLine,
    );
  }
  const N = table.rows.length;
  const budget = options.budget ?? defaultBudget(N);
  let base: RegisterBase;
  if (hasTransitions(table.header)) {
    mapped.columns.forEach((c) => TRANSITION.test(c.name) && ((c.use = 'transition'), (c.guessed = false)));
    const skip = mapped.columns
      .filter((c, i) => i !== mapped.id && c.use !== 'feature' && c.use !== 'transition')
      .map((c) => c.name);
    const renamed = {
      ...table,
      header: table.header.map((h, i) => (i === mapped.id ? 'id' : h === 'id' ? `${h} (not the id)` : h)),
    };
    const instance = parsePopulationTable(renamed, hash, {
      fileName,
      schema: options.schema,
      skipColumns: [...skip, 'id (not the id)'],
      budget: Math.min(budget, N),
      text: options.text,
    });
    const features = asTable(instance.features, instance.numArms, instance.schema.columns.length);
    base = {
      ...instance,
      ids: packIds(instance.ids),
      features,
      transitions: instance.transitions,
      carry: carryOf(csvCells(table), mapped),
    };
  } else {
    const read = readFeatureTable(csvCells(table), mapped, fileName, options.schema, options.text);
    base = {
      numArms: N,
      numStates: 2,
      ids: read.index.packedTexts(),
      schema: read.schema,
      features: read.features,
      transitions: null,
      carry: read.carry,
      provenance: { kind: 'file', fileName, contentHash: hash, format: REGISTER_CSV_FORMAT },
      warnings: [],
    };
  }
  const S = base.numStates;
  const state = new Uint8Array(N);
  const where = { fileName, column: mapped.state, name: table.header[mapped.state] };
  const binary = new BinaryColumn('state', where, mapping.stateValues);
  table.rows.forEach((row, arm) => {
    const raw = row.fields[mapped.state];
    const v = S === 2 ? binary.read(raw, row.line) : numberField(table, row, mapped.state, fileName);
    if (v === BLANK || !Number.isInteger(v) || v < 0 || v > S - 1) {
      throw new CsvError(
        `${fileName}, line ${row.line}, column ${mapped.state + 1} ("${where.name}"): ` +
          `${raw.trim() === '' ? 'the current state is empty' : `${raw.trim()} is not a state (0..${S - 1})`}`,
        row.line,
        mapped.state + 1,
        where.name,
      );
    }
    state[arm] = v;
  });
  const problem = binary.problem();
  if (problem) throw new CsvError(problem, table.headerLine);
  const register = finish(base, historyOfState(state), budget, options);
  return {
    ...register,
    columns: columnReport(mapped, register.schema, fileName),
    mapping: usedMapping(mapping, mapped.columns),
  };
}

/** A history CSV (id, week, state, called) with its features CSV (id, feature columns), as texts. */
export function parseHistoryCsv(
  historyText: string,
  featuresText: string | null,
  options: RegisterCsvOptions & { featuresFileName?: string } = {},
): Register {
  const fileName = options.fileName ?? 'the history file';
  const featuresFile = options.featuresFileName ?? 'the features file';
  const mapping = options.mapping ?? {};
  let features: FeatureTableRead | null = null;
  if (featuresText !== null) {
    const table = readByteTable(utf8Bytes(featuresText.replace(/^\ufeff/, '')), featuresFile);
    features = readFeatureTable(
      table,
      mapTable(table, mapping, ['id'], featuresFile),
      featuresFile,
      options.schema,
      options.text,
    );
  }
  let tokenizer: CsvTokenizer | null = null;
  const reader = new HistoryReader(
    fileName,
    mapping,
    features && { ids: features.index, fileName: featuresFile },
    () => tokenizer!.delimiter!,
  );
  tokenizer = new CsvTokenizer(reader, fileName);
  tokenizer.push(utf8Bytes(historyText.replace(/^\ufeff/, '')));
  tokenizer.end();
  const hash = contentHash(historyText + '\u0000' + (featuresText ?? ''));
  return registerFromHistory(reader.finish(), features, hash, { ...options, fileName, featuresFileName: featuresFile });
}

/** A history read with its features (or none: no groups), as one register. */
export function registerFromHistory(
  read: HistoryRead,
  features: FeatureTableRead | null,
  hash: string,
  options: RegisterCsvOptions & { featuresFileName?: string },
): Register {
  const fileName = options.fileName ?? 'the history file';
  // the ids' text made now, after the history was read without it
  const ids = features ? features.index.packedTexts() : read.ids!;
  const N = ids.ends.length;
  const warnings = [...read.warnings];
  if (!features)
    warnings.push(
      `${fileName} came without a features file: the register has no features, so there are no groups to compare ` +
        `or to give shares`,
    );
  const base: RegisterBase = {
    numArms: N,
    numStates: 2,
    ids,
    schema: features?.schema ?? { columns: [], groups: [] },
    features: features?.features ?? emptyTable(N),
    transitions: null,
    carry: features?.carry ?? [],
    provenance: { kind: 'file', fileName, contentHash: hash, format: HISTORY_CSV_FORMAT },
    warnings,
  };
  const register = finish(base, read.history, options.budget ?? defaultBudget(N), options);
  const columns = [
    ...columnReport(read.mapped, register.schema, fileName),
    ...(features
      ? columnReport(features.mapped, register.schema, options.featuresFileName ?? 'the features file')
      : []),
  ];
  const all = [...read.mapped.columns, ...(features?.mapped.columns ?? [])];
  return { ...register, columns, mapping: usedMapping(options.mapping ?? {}, all) };
}

function finish(base: RegisterBase, history: History, budget: number, options: RegisterCsvOptions): Register {
  if (budget > base.numArms)
    throw new Error(`the budget ${budget} is more than the ${base.numArms} beneficiaries of the register`);
  return {
    ...base,
    schema: bandNumericFeatures(base.schema, base.features, base.numArms, { cuts: options.cuts }),
    history,
    budget,
    discount: options.discount ?? FILE_DEFAULTS.discount,
    horizon: options.horizon ?? FILE_DEFAULTS.horizon,
  };
}

/** The mapping as it was used: her names and the guesses, so that the week's outcomes are read the same way. */
function usedMapping(mapping: ColumnMapping, columns: readonly { name: string; use: string }[]): ColumnMapping {
  const name = (use: string) => columns.find((c) => c.use === use)?.name;
  const out: ColumnMapping = { id: name('id'), state: name('state'), week: name('week'), called: name('called') };
  if (mapping.stateValues) out.stateValues = mapping.stateValues;
  for (const k of ['id', 'state', 'week', 'called'] as const) if (out[k] === undefined) delete out[k];
  return out;
}
