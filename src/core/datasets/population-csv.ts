// The general population CSV: one row per arm, with a header.
//   id                      a distinct, non-empty id per arm (required)
//   q00,q01,q10,q11         2-state arms: q<s><a> = P(next state = 1 | state s, action a)
//   or p_<s>_<a>_<t>        S-state arms: P(next = t | state s, action a), all S x 2 x S columns
//   init_<s>                optional initial-state distribution (default: uniform over states)
//   any other column        a feature: numbers, or text (a group with a bucket per value, text-columns.ts)
// The schema (labels, descriptions, types, groups and bucket order) comes from a small JSON file
// (SchemaFile) or is inferred from the columns (population-schema.ts). Everything is parsed and checked
// before anything is returned: a bad file imports nothing, and the error names its line and column.
import { rowMajor } from '../instance/feature-table.ts';
import { createInstance, InstanceError } from '../instance/create-instance.ts';
import type { Instance } from '../instance/types.ts';
import { contentHash } from './content-hash.ts';
import { csvCells } from './cell-table.ts';
import { CsvError, numberField, parseCsv, type CsvTable } from './csv.ts';
import { readFeatures } from './feature-table.ts';
import { checkImportSize, MAX_STATES, populationSizeProblem } from './import-limits.ts';
import { jsonValueError } from './json-place.ts';
import type { SchemaFile } from './population-schema.ts';
import type { TextChoices } from './text-columns.ts';

import { defaultBudget } from '../limits/default-budget.ts';
export { readFeatures } from './feature-table.ts';
export { featureName, inferSchema, parseSchemaFile, type SchemaFile } from './population-schema.ts';

export const POPULATION_CSV_FORMAT = 'allot-population-csv';

/** allot's defaults for a file that does not say (horizon 10, discount 0.9; the budget: limits/default-budget.ts). */
export const FILE_DEFAULTS = { horizon: 10, discount: 0.9 } as const;

export interface PopulationCsvOptions {
  fileName?: string;
  schema?: SchemaFile;
  /** Columns that are neither features nor transitions (read by the caller, e.g. a register's `state`). */
  skipColumns?: string[];
  /** How text columns are grouped (text-columns.ts: rare values merged into "other" or kept). */
  text?: TextChoices;
  /** Override the file's (or the defaults') budget, horizon, discount. */
  budget?: number;
  horizon?: number;
  discount?: number;
}

const Q = /^q([01])([01])$/;
const P = /^p_(\d+)_([01])_(\d+)$/;
const INIT = /^init_(\d+)$/;

export function parsePopulationCsv(text: string, options: PopulationCsvOptions = {}): Instance {
  const fileName = options.fileName ?? 'the file';
  checkImportSize(text.length, fileName);
  return parsePopulationTable(parseCsv(text, fileName), contentHash(text), options);
}

/** parsePopulationCsv on a table already read (contentHash: the file's, for the provenance). */
export function parsePopulationTable(table: CsvTable, hash: string, options: PopulationCsvOptions = {}): Instance {
  const fileName = options.fileName ?? 'the file';
  const { header, headerLine, rows } = table;
  const fail = (message: string, column?: number): never => {
    throw new CsvError(
      `${fileName}, line ` +
        `${headerLine}${column !== undefined ? `, column ${column + 1} ("${header[column]}")` : ''}: ${message}`,
      headerLine,
      column === undefined ? undefined : column + 1,
      column === undefined ? undefined : header[column],
    );
  };
  const idColumn = header.indexOf('id');
  if (idColumn === -1)
    fail(
      `the header has no "id" column; add a column named id with a distinct id per arm (found: ` +
        `${header.slice(0, 8).join(', ')}${header.length > 8 ? ', ...' : ''})`,
    );
  if (rows.length === 0)
    throw new CsvError(
      `${fileName}, line ${headerLine}: the file has a header but no arms; add one row per arm below the header`,
      headerLine,
    );

  // Classify the columns.
  const qColumns = new Map<string, number>();
  const pColumns = new Map<string, number>();
  const initColumns = new Map<number, number>();
  const featureColumns: number[] = [];
  let numStates = 2;
  header.forEach((name, i) => {
    if (i === idColumn || options.skipColumns?.includes(name)) return;
    let m: RegExpExecArray | null;
    if (Q.test(name)) qColumns.set(name, i);
    else if ((m = P.exec(name))) {
      pColumns.set(name, i);
      const states = Math.max(Number(m[1]), Number(m[3])) + 1;
      if (states > MAX_STATES)
        fail(
          `"${name}" names state ${states - 1}, but allot plans with at most ${MAX_STATES} states (0 to ` +
            `${MAX_STATES - 1}); number the states 0, 1, 2, ... without gaps`,
          i,
        );
      numStates = Math.max(numStates, states);
    } else if ((m = INIT.exec(name))) initColumns.set(Number(m[1]), i);
    else featureColumns.push(i);
  });
  if (qColumns.size > 0 && pColumns.size > 0)
    fail('the header mixes q columns (2-state arms) with p_s_a_t columns (S-state arms); use one or the other');
  if (qColumns.size === 0 && pColumns.size === 0)
    fail(
      'the header has no transition columns; add q00,q01,q10,q11 (P(next state 1 | state, action) for 2-state ' +
        'arms) or p_s_a_t columns',
    );
  const S = numStates;
  if (qColumns.size > 0) {
    for (const name of ['q00', 'q01', 'q10', 'q11'])
      if (!qColumns.has(name)) fail(`the header has no "${name}" column; 2-state arms need q00, q01, q10 and q11`);
  } else {
    for (let s = 0; s < S; s++)
      for (let a = 0; a < 2; a++)
        for (let t = 0; t < S; t++) {
          if (!pColumns.has(`p_${s}_${a}_${t}`))
            fail(
              `the header has no "p_${s}_${a}_${t}" column; ${S}-state arms need all ${S * 2 * S} columns p_s_a_t ` +
                `for s, t in 0..${S - 1} and a in 0, 1`,
            );
        }
  }
  if (initColumns.size > 0) {
    for (let s = 0; s < S; s++)
      if (!initColumns.has(s))
        fail(`the header has init columns but no "init_${s}"; give init_0..init_${S - 1} or none`);
    for (const s of initColumns.keys())
      if (s >= S) fail(`"init_${s}" names a state that does not exist (states are 0..${S - 1})`, initColumns.get(s));
  }

  // Ids: non-empty and distinct.
  const N = rows.length;
  const tooBig = populationSizeProblem(N, S);
  if (tooBig)
    throw new CsvError(`${fileName}, line ${rows[rows.length - 1].line}: ${tooBig}`, rows[rows.length - 1].line);
  const ids: string[] = new Array(N);
  const seen = new Map<string, number>();
  rows.forEach((row, arm) => {
    const id = row.fields[idColumn].trim();
    if (id === '')
      throw new CsvError(
        `${fileName}, line ${row.line}, column ${idColumn + 1} ("id"): the id is empty; give every arm an id`,
        row.line,
        idColumn + 1,
        'id',
      );
    const first = seen.get(id);
    if (first !== undefined)
      throw new CsvError(
        `${fileName}, line ${row.line}, column ${idColumn + 1} ("id"): id "${id}" is already used on line ` +
          `${first}; ids must be distinct`,
        row.line,
        idColumn + 1,
        'id',
      );
    seen.set(id, row.line);
    ids[arm] = id;
  });

  // Transitions and initial distribution.
  const transitions = new Float64Array(N * S * 2 * S);
  const probability = (arm: number, column: number) => {
    const row = rows[arm];
    const v = numberField(table, row, column, fileName);
    if (v < 0 || v > 1) {
      throw new CsvError(
        `${fileName}, line ${row.line}, column ${column + 1} ("${header[column]}"): ${row.fields[column].trim()} ` +
          `is not a probability; probabilities must be in [0, 1]`,
        row.line,
        column + 1,
        header[column],
      );
    }
    return v;
  };
  if (qColumns.size > 0) {
    const cols = ['q00', 'q01', 'q10', 'q11'].map((name) => qColumns.get(name)!);
    for (let arm = 0; arm < N; arm++) {
      for (let k = 0; k < 4; k++) {
        const q = probability(arm, cols[k]);
        transitions[arm * 8 + k * 2] = 1 - q;
        transitions[arm * 8 + k * 2 + 1] = q;
      }
    }
  } else {
    const cols: number[] = [];
    for (let s = 0; s < S; s++)
      for (let a = 0; a < 2; a++) for (let t = 0; t < S; t++) cols.push(pColumns.get(`p_${s}_${a}_${t}`)!);
    for (let arm = 0; arm < N; arm++)
      for (let k = 0; k < cols.length; k++) transitions[arm * cols.length + k] = probability(arm, cols[k]);
  }
  let initial: Float64Array | undefined;
  if (initColumns.size > 0) {
    initial = new Float64Array(N * S);
    for (let arm = 0; arm < N; arm++)
      for (let s = 0; s < S; s++) initial[arm * S + s] = probability(arm, initColumns.get(s)!);
  }

  const cells = csvCells(table);
  const { schema, features } = readFeatures(cells, featureColumns, fileName, options.schema, options.text);

  const file = options.schema ?? {};
  const budget = options.budget ?? file.budget ?? defaultBudget(N);
  try {
    return createInstance({
      numArms: N,
      numStates: S,
      ids,
      transitions,
      schema,
      features: rowMajor(features),
      initial,
      budget,
      horizon: options.horizon ?? file.horizon ?? FILE_DEFAULTS.horizon,
      discount: options.discount ?? file.discount ?? FILE_DEFAULTS.discount,
      provenance: { kind: 'file', fileName, contentHash: hash, format: POPULATION_CSV_FORMAT },
    });
  } catch (error) {
    if (!(error instanceof InstanceError)) throw error;
    const key = error.column as 'budget' | 'horizon' | 'discount' | undefined;
    const source = options.schema?.source;
    if (
      source &&
      (key === 'budget' || key === 'horizon' || key === 'discount') &&
      options[key] === undefined &&
      file[key] !== undefined
    ) {
      throw jsonValueError(source.text, source.fileName, key, error.message);
    }
    if (error.arm === undefined) throw new CsvError(`${fileName}, line ${headerLine}: ${error.message}`, headerLine);
    // Name the file line of the arm, and the CSV column when the error is about one column.
    const line = rows[error.arm].line;
    const featureIndex = schema.columns.findIndex((c) => c.name === error.column);
    const column =
      featureIndex !== -1
        ? featureColumns[featureIndex]
        : error.column !== undefined
          ? header.indexOf(error.column)
          : -1;
    const message = error.message.replace(/^arm "[^"]*" \(arm \d+\)/, `arm "${ids[error.arm]}"`);
    throw new CsvError(
      `${fileName}, line ${line}${column >= 0 ? `, column ${column + 1} ("${header[column]}")` : ''}: ${message}`,
      line,
      column >= 0 ? column + 1 : undefined,
      column >= 0 ? header[column] : undefined,
    );
  }
}
