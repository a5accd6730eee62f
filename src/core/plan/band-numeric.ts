// Numeric features banded into groups, so that every feature a program keeps (age in years, number of
// children, distance) can have its share of calls compared and constrained like a one-hot group.
// A stand-alone numeric column (in no group) becomes a bucketed FeatureGroup (instance/types.ts) with
// cut points at its quantiles, or at cut points the user edits; binary stand-alone columns become
// two buckets ("no", "yes").
import { asTable, isPlane, valueAt, type AnyFeatures, type FeatureValues } from '../instance/feature-table.ts';
import type { FeatureGroup, FeatureSchema } from '../instance/types.ts';

export interface BandOptions {
  /** Bands per numeric column when cut at quantiles; default 4 (quartiles). */
  bands?: number;
  /** Cut points per column name (ascending), replacing the quantiles: value <= cuts[i] is in band i. */
  cuts?: Record<string, number[]>;
}

/**
 * Cut points at the quantiles i / bands (i = 1 .. bands - 1) of the values, deduplicated, so a column
 * with few distinct values gets fewer bands. values: any order; not modified.
 */
export function quantileCuts(values: Float64Array, bands: number): number[] {
  if (!(Number.isInteger(bands) && bands >= 1)) throw new RangeError(`bands must be a whole number >= 1, not ${bands}`);
  const n = values.length;
  // The ranks whose values are the cuts: ceil(i n / bands) - 1, then the maximum's, n - 1.
  const ranks: number[] = [];
  for (let i = 1; i < bands && n > 0; i++) ranks.push(Math.min(n - 1, Math.ceil((i * n) / bands) - 1));
  if (n > 0) ranks.push(n - 1);
  const at = orderStatistics(values, ranks);
  const max = at[at.length - 1];
  const cuts: number[] = [];
  for (let i = 0; i + 1 < at.length; i++) {
    const v = at[i];
    // A cut at the maximum would leave the last band empty.
    if (v < max && (cuts.length === 0 || v > cuts[cuts.length - 1])) cuts.push(v);
  }
  return cuts;
}

/** Widest range of whole numbers counted rather than sorted (a count per value: 4 MB at most). */
const MAX_COUNTED_RANGE = 1 << 20;

/**
 * The values at ascending `ranks` of values sorted as Float64Array.prototype.sort sorts them. Whole numbers
 * in a range of at most MAX_COUNTED_RANGE (ages, counts, days: the usual register column) are counted in
 * one pass; anything else (fractions, NaN, -0, wide ranges) is sorted in a copy.
 */
function orderStatistics(values: Float64Array, ranks: number[]): number[] {
  const n = values.length;
  let min = Infinity;
  let max = -Infinity;
  let whole = true;
  for (let i = 0; i < n && whole; i++) {
    const v = values[i];
    if (!Number.isInteger(v) || Object.is(v, -0)) whole = false;
    else if (v < min) min = v;
    if (v > max) max = v;
  }
  if (!whole || n === 0 || max - min >= MAX_COUNTED_RANGE) {
    const sorted = Float64Array.from(values).sort();
    return ranks.map((r) => sorted[r]);
  }
  const counts = new Int32Array(max - min + 1);
  for (let i = 0; i < n; i++) counts[values[i] - min]++;
  const out: number[] = [];
  let below = 0; // values smaller than min + k
  let k = 0;
  for (const r of ranks) {
    while (below + counts[k] <= r) below += counts[k++];
    out.push(min + k);
  }
  return out;
}

/** Labels of bands cut at `cuts`: "<= 20", "21-30" for integers, "20-30" otherwise, "> 40". */
export function bandLabels(cuts: number[], integer: boolean): string[] {
  if (cuts.length === 0) return ['all'];
  const labels = [`<= ${cuts[0]}`];
  for (let i = 1; i < cuts.length; i++)
    labels.push(
      integer
        ? cuts[i - 1] + 1 === cuts[i]
          ? `${cuts[i]}`
          : `${cuts[i - 1] + 1}-${cuts[i]}`
        : `${cuts[i - 1]}-${cuts[i]}`,
    );
  labels.push(`> ${cuts[cuts.length - 1]}`);
  return labels;
}

/** The schema with a bucketed group for every stand-alone column (a new schema; the input is not changed). */
export function bandNumericFeatures(
  schema: FeatureSchema,
  features: AnyFeatures,
  numArms: number,
  options: BandOptions = {},
): FeatureSchema {
  const F = schema.columns.length;
  const table = asTable(features, numArms, F);
  const bands = options.bands ?? 4;
  const columns = schema.columns.map((c) => ({ ...c }));
  const groups: FeatureGroup[] = schema.groups.map((g) => ({
    ...g,
    columns: [...g.columns],
    buckets: [...g.buckets],
    ...(g.edges ? { edges: [...g.edges] } : {}),
  }));
  const taken = new Set(groups.map((g) => g.name));
  for (const name of Object.keys(options.cuts ?? {})) {
    if (!columns.some((c) => c.name === name))
      throw new Error(
        `cut points are given for "${name}", which is not a feature column (columns: ` +
          `${columns.map((c) => c.name).join(', ')})`,
      );
  }
  let values: Float64Array | null = null; // one column at a time, the same scratch for every column
  columns.forEach((c, f) => {
    const given = options.cuts?.[c.name];
    if (c.group !== null && !given) return;
    if (c.group !== null && given)
      throw new Error(`"${c.name}" is in the group "${c.group}"; cut points apply to stand-alone numeric columns`);
    let name = c.label || c.name;
    for (let k = 2; taken.has(name); k++) name = `${c.label || c.name} (${k})`;
    taken.add(name);
    if (!given && (c.type === 'binary' || isZeroOne(table.columns[f]))) {
      groups.push({ name, kind: 'bucketed', columns: [f], ordered: true, buckets: ['no', 'yes'], edges: [0] });
    } else {
      const column = table.columns[f];
      values ??= new Float64Array(numArms);
      if (column instanceof Float64Array) values.set(column);
      else for (let arm = 0; arm < numArms; arm++) values[arm] = valueAt(column, arm);
      const cuts = given ? checkCuts(c.name, given) : quantileCuts(values, bands);
      groups.push({
        name,
        kind: 'bucketed',
        columns: [f],
        ordered: true,
        buckets: bandLabels(cuts, c.type !== 'continuous'),
        edges: cuts,
      });
    }
    c.group = name;
  });
  return { columns, groups };
}

/** Cut points as typed: each a number, strictly increasing; throws naming the column. The one check. */
export function checkCuts(name: string, cuts: readonly number[]): number[] {
  for (let i = 0; i < cuts.length; i++) {
    if (!Number.isFinite(cuts[i])) throw new Error(`cut point ${i + 1} of "${name}" is not a number`);
    if (i > 0 && !(cuts[i] > cuts[i - 1]))
      throw new Error(`the cut points of "${name}" must increase: ${cuts[i - 1]} then ${cuts[i]}`);
  }
  return [...cuts];
}

function isZeroOne(column: FeatureValues): boolean {
  if (isPlane(column)) return true;
  for (let arm = 0; arm < column.length; arm++) {
    const v = column[arm];
    if (v !== 0 && v !== 1) return false;
  }
  return true;
}

/**
 * The schema without the groups bandNumericFeatures makes (every bucketed group of one column), its
 * columns stand-alone again: a register's population to be banded on the Data screen's preview.
 */
export function unbanded(schema: FeatureSchema): FeatureSchema {
  const groups = schema.groups.filter((g) => !(g.kind === 'bucketed' && g.columns.length === 1));
  const kept = new Set(groups.map((g) => g.name));
  return {
    columns: schema.columns.map((c) => ({ ...c, group: c.group !== null && kept.has(c.group) ? c.group : null })),
    groups,
  };
}
