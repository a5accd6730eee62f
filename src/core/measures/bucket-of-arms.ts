// Which bucket of a feature group each arm falls in: the shared first step of state-feature
// distributions, utilities per bucket, EMD and DP_variance.
import { asTable, isPlane, type AnyFeatures, type FeatureTable } from '../instance/feature-table.ts';
import type { FeatureGroup } from '../instance/types.ts';

/**
 * Bucket index of every arm in `group`: an Int32Array of numArms entries.
 *   one-hot groups:  the first member column whose value is non-zero (-1 when none is; a validated
 *                    instance has exactly one);
 *   bucketed groups: the value of the group's single column falls in bucket i when it is
 *                    <= edges[i] (first such i), else in the last bucket; NaN gives -1.
 * features: a table of columns, or numArms x numFeatures row-major.
 */
export function bucketOfArms(
  features: AnyFeatures,
  numArms: number,
  numFeatures: number,
  group: FeatureGroup,
): Int32Array {
  const table = asTable(features, numArms, numFeatures);
  checkGroupShape(group, numFeatures);
  return fillBuckets(table, group, new Int32Array(numArms).fill(-1));
}

/** Writes each arm's bucket of `group` into `out` (filled with -1 by the caller), one column at a time. */
export function fillBuckets<T extends Int8Array | Int16Array | Int32Array>(
  table: FeatureTable,
  group: FeatureGroup,
  out: T,
): T {
  const N = table.numArms;
  if (group.kind === 'one-hot') {
    // the first non-zero member: later members first, each overwritten by an earlier one
    for (let b = group.columns.length - 1; b >= 0; b--) {
      const c = table.columns[group.columns[b]];
      if (isPlane(c)) setWhereOne(c.bits, out, b);
      else for (let arm = 0; arm < N; arm++) if (c[arm] !== 0) out[arm] = b;
    }
    return out;
  }
  const edges = group.edges ?? [];
  const c = table.columns[group.columns[0]];
  const bucketOf = (value: number) => {
    let b = 0;
    while (b < edges.length && value > edges[b]) b++;
    return b;
  };
  if (isPlane(c)) {
    // a yes/no column as bits: every arm the bucket of 0, then those of 1 the bucket of 1
    out.fill(bucketOf(0));
    return setWhereOne(c.bits, out, bucketOf(1));
  }
  for (let arm = 0; arm < N; arm++) {
    const value = c[arm];
    if (!Number.isNaN(value)) out[arm] = bucketOf(value);
  }
  return out;
}

/** out[arm] = b for each arm whose bit is 1 (a byte of eight arms at a time, most of them 0 in a one-hot group). */
function setWhereOne<T extends Int8Array | Int16Array | Int32Array>(bits: Uint8Array, out: T, b: number): T {
  for (let i = 0; i < bits.length; i++) {
    let x = bits[i];
    while (x) {
      const low = x & -x;
      out[(i << 3) + 31 - Math.clz32(low)] = b;
      x ^= low;
    }
  }
  return out;
}

/**
 * Throws a RangeError when `group` names a column outside 0..numFeatures - 1 or a bucketed group's edges do not fit its
 * buckets.
 */
export function checkGroupShape(group: FeatureGroup, numFeatures: number): void {
  for (const c of group.columns) {
    if (!Number.isInteger(c) || c < 0 || c >= numFeatures)
      throw new RangeError(`group "${group.name}" names column ${c}, outside 0..${numFeatures - 1}`);
  }
  const edges = group.edges ?? [];
  if (group.kind !== 'one-hot' && edges.length !== group.buckets.length - 1) {
    throw new RangeError(
      `bucketed group "${group.name}" has ${group.buckets.length} buckets but ${edges.length} edges (expected ` +
        `${group.buckets.length - 1})`,
    );
  }
}
