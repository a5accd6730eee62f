// Why each line of a list is there, kept as numbers and written in words only for the lines read: the
// screen shows 100 lines at a time, the CSV and the printed list every line once. At 10^6 beneficiaries
// a list of 10^5 lines made 2 x 10^5 strings that mostly nobody read; now the list carries the term
// weights and the feature values those terms read per row (structured-clone safe for the plan worker's
// message), and reasonAt / detailAt write the plain reason (plain-reason.ts) and the full account
// (explain-priority.ts) of line j from her row, the same words as before. A row is a distinct combination
// of those values (a few hundred in a register of buckets; each line keeps the number of hers: 4 MB of
// fresh arrays a list fewer at 10^5 lines), else her line.
import type { FeatureSchema } from '../instance/types.ts';
import { parseReward } from '../reward/parse-reward.ts';
import { explainPriority, rewardTerms, type RewardTerm } from './explain-priority.ts';
import { byteColumn, featureValue, populationRows, type FeatureValue } from './feature-value.ts';
import { plainReason } from './plain-reason.ts';
import type { Register } from './register.ts';
import { scratch } from './scratch.ts';
import { countFlags, everyStrideth } from './flag-words.ts';

/** The reasons' numbers: per row (line j's: row[j]) the term weights and the values of the features they read. */
export interface LineReasons {
  schema: FeatureSchema;
  /** The reward's additive terms, weight[r] of row r. */
  terms: RewardTerm[];
  /** Each term's mean weight over the eligible (or an even sample of them). */
  means: Float64Array;
  /** The feature columns kept (those the terms read, and the other columns of their text groups). */
  columns: Int32Array;
  /** Rows x columns.length: row r's value of columns[c] at r * columns.length + c. */
  values: Float64Array;
  /** Plan line j's row: her combination of the kept columns' values; absent: row j (a row per line). */
  row?: Uint16Array;
  /** The plan's lines (those after them are the holdout's calls). */
  lines: number;
  /** The reason of the lines after the plan's (the holdout's calls: holdoutReason of its rule); null: none. */
  holdout: string | null;
}

/** What reasonAt and detailAt read of a list. */
export interface ReasonedList {
  why: LineReasons;
  defaultRank: Int32Array;
  via: string[];
}

/** Eligible beneficiaries whose term weights give the averages the reasons compare with, beyond the listed. */
export const REASON_SAMPLE = 65536;

/**
 * The reasons' numbers for the plan's lines (`listed`, in rank order): the reward's terms compiled on
 * the listed beneficiaries and on the eligible ones the averages are taken over (all, or for big
 * registers an even stride of REASON_SAMPLE; a column typed int or float by values all outside these
 * rows could type differently, which only the wording of a reason would show).
 */
export function lineReasons(
  register: Register,
  reward: string,
  listed: Int32Array,
  eligible: Uint8Array,
  holdout: LineReasons['holdout'],
): LineReasons {
  const { schema } = register;
  const P = listed.length;
  const count = countFlags(eligible);
  const stride = Math.max(1, Math.ceil(count / REASON_SAMPLE));
  const rows = scratch('reason-rows', Int32Array, P + Math.ceil(count / stride) + 1);
  rows.set(listed);
  // every stride-th eligible arm from the first, after the listed
  const n = everyStrideth(eligible, stride, rows, P);
  const columns = keptColumns(schema, reward);
  // A term's weight depends on her only through the columns it reads: compile the terms once per distinct
  // combination of the kept columns' values (a few hundred in a register of buckets), else on every row.
  const distinct = distinctRows(featureValue(register.features), rows.subarray(0, n), columns, register.features);
  const all = rewardTerms(reward, populationRows(register, distinct ? distinct.first : rows.subarray(0, n), columns));
  const of = distinct?.of ?? null;
  // each term's mean over the sample, in its order (plain loops: Float64Array.from with a function per row cost more)
  const means = new Float64Array(all.length);
  for (let i = 0; i < all.length; i++) means[i] = n > P ? meanOf(all[i].weight, of, P, n) : 0;
  const kept = Int32Array.from(columns),
    value = featureValue(register.features);
  if (distinct) {
    const row = new Uint16Array(P);
    for (let j = 0; j < P; j++) row[j] = distinct.of[j];
    const values = keptValues(register, distinct.first, columns, value);
    return { schema, terms: all, means, columns: kept, values, row, lines: P, holdout };
  }
  const terms = all.map((t) => ({ ...t, weight: t.weight.slice(0, P) }));
  return {
    schema,
    terms,
    means,
    columns: kept,
    values: keptValues(register, listed, columns, value),
    lines: P,
    holdout,
  };
}

/** Rows x columns: the kept columns' values of `arms` (a column of bytes read as it is, the others by `value`). */
function keptValues(register: Register, arms: Int32Array, columns: number[], value: FeatureValue): Float64Array {
  const K = columns.length,
    n = arms.length,
    values = new Float64Array(n * K);
  // a call per value cost 5 ms at 10^5 lines
  for (let c = 0; c < K; c++) {
    const f = columns[c],
      bytes = byteColumn(register.features, f);
    if (bytes) for (let j = 0; j < n; j++) values[j * K + c] = bytes[arms[j]];
    else for (let j = 0; j < n; j++) values[j * K + c] = value(arms[j], f);
  }
  return values;
}

/** Beyond this many distinct combinations (a register of numbers), the terms are compiled on every row. */
const MAX_DISTINCT = 4096;

/**
 * The rows' distinct combinations of the columns' values: `first` the first arm of each, `of[r]` the
 * combination of row r (a scratch array: read before the next list's); null when there are more than
 * MAX_DISTINCT, or a value is not a whole number in 0..255 (then each row is compiled: a register of numbers
 * repeats few combinations anyway).
 */
function distinctRows(
  value: FeatureValue,
  rows: Int32Array,
  columns: number[],
  features: Register['features'],
): { first: Int32Array; of: Int32Array } | null {
  if (columns.length > 6) return null;
  const K = columns.length;
  const bytes = columns.map((f) => byteColumn(features, f));
  if (K <= 2 && bytes.every((c) => c !== null)) return distinctBytes(rows, bytes as Uint8Array[]);
  const byCode = new Map<number, number>(),
    first: number[] = [];
  const of = scratch('reason-of', Int32Array, rows.length);
  for (let r = 0; r < rows.length; r++) {
    const arm = rows[r];
    let code = 0;
    for (let k = 0; k < K; k++) {
      const v = value(arm, columns[k]);
      // -0 reads as 0 in a reward, but a reason could say it otherwise: never merged
      if (!(v >= 0 && v <= 255 && Number.isInteger(v)) || Object.is(v, -0)) return null;
      code = code * 256 + v;
    }
    let c = byCode.get(code);
    if (c === undefined) {
      if (first.length >= MAX_DISTINCT) return null;
      byCode.set(code, (c = first.push(arm) - 1));
    }
    of[r] = c;
  }
  return { first: Int32Array.from(first), of };
}

/** distinctRows of up to two byte columns (every value a whole number in 0..255): numbered through a typed table. */
function distinctBytes(rows: Int32Array, bytes: Uint8Array[]): { first: Int32Array; of: Int32Array } | null {
  const [a, b] = bytes,
    n = rows.length;
  const number = scratch('reason-code', Int32Array, 1 << (8 * bytes.length));
  number.fill(-1);
  const first: number[] = [];
  const of = scratch('reason-of', Int32Array, n);
  for (let r = 0; r < n; r++) {
    const arm = rows[r];
    const code = a === undefined ? 0 : b === undefined ? a[arm] : (a[arm] << 8) | b[arm];
    let c = number[code];
    if (c < 0) {
      if (first.length >= MAX_DISTINCT) return null;
      number[code] = c = first.push(arm) - 1;
    }
    of[r] = c;
  }
  return { first: Int32Array.from(first), of };
}

/** The columns the reward reads, with every column of a text group it reads (a text value is one feature for her). */
function keptColumns(schema: FeatureSchema, reward: string): number[] {
  const parsed = parseReward(reward, schema);
  if (!parsed.ok) throw new Error(`the reward does not parse: ${parsed.error.message}`);
  const kept = new Set(parsed.featuresUsed);
  for (const g of schema.groups)
    if (g.text && g.columns.some((f) => kept.has(f))) g.columns.forEach((f) => kept.add(f));
  return [...kept].sort((a, b) => a - b);
}

/** Row r's kept feature values by column (NaN for a column not kept: no reason reads one). */
function lineValues(why: LineReasons): FeatureValue {
  const at = new Int32Array(why.schema.columns.length).fill(-1),
    K = why.columns.length;
  why.columns.forEach((f, c) => (at[f] = c));
  return (r, f) => (at[f] < 0 ? NaN : why.values[r * K + at[f]]);
}

const readers = new WeakMap<LineReasons, FeatureValue>();
function valuesOf(why: LineReasons): FeatureValue {
  let value = readers.get(why);
  if (!value) readers.set(why, (value = lineValues(why)));
  return value;
}

/** The plain reason of line j (plain-reason.ts), at most REASON_CHARS characters. */
export function reasonAt(list: ReasonedList, j: number): string {
  const { why } = list;
  if (j >= why.lines) return why.holdout!;
  const { terms, means, schema } = why;
  const value = valuesOf(why);
  const defaultRank = list.defaultRank[j];
  const row = why.row ? why.row[j] : j;
  return plainReason({ terms, means, row, schema, value, rank: j + 1, defaultRank, broughtIn: list.via[j] });
}

/** The full account of line j (explain-priority.ts), with the minimum that brought her in. */
export function detailAt(list: ReasonedList, j: number): string {
  const { why } = list;
  if (j >= why.lines) return `${why.holdout!} (held out by the plan's randomization; not chosen by this priority)`;
  const row = why.row ? why.row[j] : j;
  const detail = explainPriority(why.terms, why.means, row, why.schema, valuesOf(why), list.defaultRank[j], j + 1);
  return list.via[j] ? `brought in by the minimum of ${list.via[j]}; ${detail}` : detail;
}

/** The mean of w over rows P..n-1 (through `of` when given: the distinct rows' weights). */
function meanOf(w: Float64Array, of: Uint16Array | Int32Array | null, P: number, n: number): number {
  let sum = 0;
  if (of) for (let r = P; r < n; r++) sum += w[of[r]];
  else for (let r = P; r < n; r++) sum += w[r];
  return sum / (n - P);
}
