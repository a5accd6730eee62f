// How the list's reasons read a register's features: through one accessor and one copy of some rows,
// so that the features' layout (a table of narrow columns, feature-table.ts) is known here and nowhere
// else in the list's reasons (line-reasons.ts, plain-reason.ts, explain-priority.ts).
import { columnValues, valueAt, type FeatureTable, type FeatureValues } from '../instance/feature-table.ts';
import type { RewardPopulation } from '../reward/compile-reward.ts';
import type { Register } from './register.ts';
import { scratch } from './scratch.ts';

/** Her value of feature column f (row: an arm of the register, or a line of a list's kept values). */
export type FeatureValue = (row: number, f: number) => number;

/** The accessor over a table of feature columns. */
export function featureValue(features: FeatureTable): FeatureValue {
  const { columns } = features;
  return (row, f) => valueAt(columns[f], row);
}

/**
 * Column f as a byte per row when its values are whole numbers 0..255 (a yes/no column kept as bits is
 * unpacked once and kept: the reasons read a couple of columns), else null.
 */
export function byteColumn(features: FeatureTable, f: number): Uint8Array | null {
  const column = features.columns[f];
  if (column instanceof Float64Array) return null;
  if (column instanceof Uint8Array) return column;
  let bytes = unpacked.get(column);
  if (!bytes) unpacked.set(column, (bytes = columnValues(column) as Uint8Array));
  return bytes;
}

const unpacked = new WeakMap<Exclude<FeatureValues, Uint8Array | Float64Array>, Uint8Array>();

/**
 * `rows` of the register as a population on which a reward compiles, with only `kept` columns copied
 * (the others read 0: only a reward, or its terms, reading no more than `kept` may be compiled on it).
 * Scratch columns: valid until the next call.
 */
export function populationRows(register: Register, rows: Int32Array, kept: readonly number[]): RewardPopulation {
  const { schema, features } = register,
    n = rows.length;
  const none = scratch('rows-none', Uint8Array, n, true);
  const columns = features.columns.map((c, f): Uint8Array | Float64Array => {
    if (!kept.includes(f)) return none;
    const out = c instanceof Float64Array ? scratch(`rows-${f}`, Float64Array, n) : scratch(`rows-${f}`, Uint8Array, n);
    for (let r = 0; r < n; r++) out[r] = valueAt(c, rows[r]);
    return out;
  });
  const table: FeatureTable = { numArms: n, columns };
  return { numArms: n, numStates: register.numStates, schema, features: table };
}
