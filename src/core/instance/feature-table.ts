// Features kept column by column, each column in the narrowest exact type: a 0/1 indicator or a
// bucket code as one byte per beneficiary, doubles only for columns that need them. At 10^6
// beneficiaries and 43 columns that is 43 MB where the row-major table of doubles (Instance.features)
// is 344 MB, and a fresh page costs time here before it holds anything. A register is held this way
// from the reader to the plan file; readers shared with instances (group buckets, the reward
// compiler, banding) take either form, a row-major table turned into columns once (asTable, cached).

import type { BitPlane } from '../plan/bit-plane.ts';

/**
 * One feature's values: bytes when every value is a whole number 0..255 (never -0 or NaN), else doubles; or a
 * 0/1 column as bits (a plan read from its file keeps its yes/no columns as the file packs them: no index, so a
 * reader of bytes does not compile; read through `valueAt`, or a byte of eight at a time).
 */
export type FeatureValues = Uint8Array | Float64Array | BitPlane;

/** Whether a column is a bit plane (the others are typed arrays). */
export const isPlane = (c: FeatureValues): c is BitPlane => !ArrayBuffer.isView(c);

/** Value i of a column, whatever its form. */
export const valueAt = (c: FeatureValues, i: number): number =>
  ArrayBuffer.isView(c) ? c[i] : (c.bits[i >> 3] >> (i & 7)) & 1;

/** A column as a typed array (a plane's bits a byte each, fresh): for the readers that are not per list. */
export function columnValues(c: FeatureValues): Uint8Array | Float64Array {
  if (ArrayBuffer.isView(c)) return c;
  const out = new Uint8Array(c.length),
    bits = c.bits;
  for (let i = 0; i < out.length; i++) out[i] = (bits[i >> 3] >> (i & 7)) & 1;
  return out;
}

export interface FeatureTable {
  readonly numArms: number;
  /** One per schema column, numArms values each. */
  readonly columns: readonly FeatureValues[];
}

/** Features as either layout: a table of columns, or numArms x numFeatures doubles, row-major. */
export type AnyFeatures = FeatureTable | Float64Array;

/** Whether v is stored exactly in a byte column: a whole number 0..255 and not -0 (NaN fails too). */
const fitsByte = (v: number): boolean => v === (v & 255) && (v !== 0 || 1 / v > 0);

/** The values in the narrowest exact type: `values` itself when some value needs a double. */
export function narrowColumn(values: Float64Array): FeatureValues {
  const n = values.length;
  for (let i = 0; i < n; i++) if (!fitsByte(values[i])) return values;
  return Uint8Array.from(values);
}

const tables = new WeakMap<Float64Array, FeatureTable>();

/** The table of `features` (a row-major array turned into columns once and remembered). */
export function asTable(features: AnyFeatures, numArms: number, numFeatures: number): FeatureTable {
  if (!(features instanceof Float64Array)) return features;
  const hit = tables.get(features);
  if (hit && hit.numArms === numArms && hit.columns.length === numFeatures) return hit;
  if (features.length !== numArms * numFeatures) {
    throw new RangeError(
      `features have ${features.length} entries, expected ${numArms} arms x ${numFeatures} features`,
    );
  }
  const columns: FeatureValues[] = [];
  const column = new Float64Array(numArms);
  for (let f = 0; f < numFeatures; f++) {
    for (let arm = 0, k = f; arm < numArms; arm++, k += numFeatures) column[arm] = features[k];
    const narrow = narrowColumn(column);
    columns.push(narrow === column ? column.slice() : narrow);
  }
  const table = { numArms, columns };
  tables.set(features, table);
  return table;
}

/**
 * The table as numArms x numFeatures doubles, row-major (an Instance's layout): a fresh array each time
 * (an Instance may give its buffers away to another thread), whose own table is this one.
 */
export function rowMajor(table: FeatureTable): Float64Array {
  const N = table.numArms,
    F = table.columns.length;
  const rows = new Float64Array(N * F);
  for (let f = 0; f < F; f++) {
    const c = table.columns[f];
    if (ArrayBuffer.isView(c)) for (let arm = 0, k = f; arm < N; arm++, k += F) rows[k] = c[arm];
    else for (let arm = 0, k = f; arm < N; arm++, k += F) rows[k] = (c.bits[arm >> 3] >> (arm & 7)) & 1;
  }
  tables.set(rows, table);
  return rows;
}

/** The rows `arms` of the table, row-major (numArms = arms.length): the listed lines' features. */
export function rowsOf(
  table: FeatureTable,
  arms: ArrayLike<number>,
  out = new Float64Array(arms.length * table.columns.length),
): Float64Array {
  const F = table.columns.length,
    n = arms.length;
  for (let f = 0; f < F; f++) {
    const c = table.columns[f];
    for (let r = 0, k = f; r < n; r++, k += F) out[k] = valueAt(c, arms[r]);
  }
  return out;
}

/** Beneficiary `arm`'s value of feature f. */
export const featureAt = (table: FeatureTable, arm: number, f: number): number => valueAt(table.columns[f], arm);

/** A table of no features for numArms beneficiaries (a history without a features file). */
export const emptyTable = (numArms: number): FeatureTable => ({ numArms, columns: [] });

/** Two tables one after the other (the register and its enrolments), each column in its narrowest type. */
export function appendTables(a: FeatureTable, b: FeatureTable): FeatureTable {
  const N = a.numArms + b.numArms;
  const columns = a.columns.map((p, f) => {
    const x = columnValues(p),
      y = columnValues(b.columns[f]);
    if (x instanceof Uint8Array && y instanceof Uint8Array) {
      const out = new Uint8Array(N);
      out.set(x);
      out.set(y, a.numArms);
      return out;
    }
    const out = new Float64Array(N);
    out.set(x);
    out.set(y, a.numArms);
    return narrowColumn(out);
  });
  return { numArms: N, columns };
}
