// Which bucket of a feature group each arm falls in: the shared first step of state-feature
// distributions, utilities per bucket, EMD and DP_variance.
import type { FeatureGroup } from '../instance/types.ts';

/**
 * Bucket index of every arm in `group`: an Int32Array of numArms entries.
 *   one-hot groups:  the first member column whose value is non-zero (-1 when none is; a validated
 *                    instance has exactly one);
 *   bucketed groups: the value of the group's single column falls in bucket i when it is
 *                    <= edges[i] (first such i), else in the last bucket; NaN gives -1.
 * features: numArms x numFeatures, row-major.
 */
export function bucketOfArms(features: Float64Array, numArms: number, numFeatures: number, group: FeatureGroup): Int32Array {
  if (features.length !== numArms * numFeatures) {
    throw new RangeError(`features have ${features.length} entries, expected ${numArms} arms x ${numFeatures} features`);
  }
  checkGroupShape(group, numFeatures);
  const buckets = new Int32Array(numArms).fill(-1);
  if (group.kind === 'one-hot') {
    for (let arm = 0; arm < numArms; arm++) {
      const row = arm * numFeatures;
      for (let b = 0; b < group.columns.length; b++) {
        if (features[row + group.columns[b]] !== 0) {
          buckets[arm] = b;
          break;
        }
      }
    }
    return buckets;
  }
  const edges = group.edges ?? [];
  const column = group.columns[0];
  for (let arm = 0; arm < numArms; arm++) {
    const value = features[arm * numFeatures + column];
    if (Number.isNaN(value)) continue;
    let b = 0;
    while (b < edges.length && value > edges[b]) b++;
    buckets[arm] = b;
  }
  return buckets;
}

/** Throws a RangeError when `group` names a column outside 0..numFeatures - 1 or a bucketed group's edges do not fit its buckets. */
export function checkGroupShape(group: FeatureGroup, numFeatures: number): void {
  for (const c of group.columns) {
    if (!Number.isInteger(c) || c < 0 || c >= numFeatures) throw new RangeError(`group "${group.name}" names column ${c}, outside 0..${numFeatures - 1}`);
  }
  const edges = group.edges ?? [];
  if (group.kind !== 'one-hot' && edges.length !== group.buckets.length - 1) {
    throw new RangeError(`bucketed group "${group.name}" has ${group.buckets.length} buckets but ${edges.length} edges (expected ${group.buckets.length - 1})`);
  }
}
