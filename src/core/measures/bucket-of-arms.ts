// Which bucket of a feature group each arm falls in: the shared first step of state-feature
// distributions, utilities per bucket, EMD and DP_variance.
import { asTable, type AnyFeatures, type FeatureTable } from '../instance/feature-table.ts';
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
      for (let arm = 0; arm < N; arm++) if (c[arm] !== 0) out[arm] = b;
    }
    return out;
  }
  const edges = group.edges ?? [];
  const c = table.columns[group.columns[0]];
  for (let arm = 0; arm < N; arm++) {
    const value = c[arm];
    if (Number.isNaN(value)) continue;
    let b = 0;
    while (b < edges.length && value > edges[b]) b++;
    out[arm] = b;
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
