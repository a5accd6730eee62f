// DLM's outcome analysis (Algorithm 2, appendix D): how a policy's outcomes split over the buckets
// of every feature group. This is the only feedback the reflection step sees.
import type { Occupancy } from '../instance/occupancy.ts';
import type { Instance } from '../instance/types.ts';
import { armWeights, type DistributionOptions } from './arm-weights.ts';
import { bucketOfArms } from './bucket-of-arms.ts';

export type { DistributionOptions, DistributionWeight } from './arm-weights.ts';

export interface GroupDistribution {
  /** Schema group name, e.g. "Ages". */
  group: string;
  /** Bucket labels in the schema's order. */
  buckets: string[];
  /** Share of the total in each bucket, in [0, 1] for non-negative weights. All 0 when the total is 0. */
  shares: number[];
}

/**
 * Share of the total weight (see DistributionWeight) falling in each bucket of every schema group,
 * in schema order: P(bucket) = sum of the weights of its arms / sum of all arms' weights (Alg. 2
 * line 11). Arms in no bucket of a group count in the total but in no bucket.
 */
export function stateFeatureDistribution(occupancy: Occupancy, instance: Pick<Instance, 'features' | 'schema'>, options: DistributionOptions): GroupDistribution[] {
  const numArms = occupancy.numArms;
  const numFeatures = instance.schema.columns.length;
  const weights = armWeights(occupancy, options);
  let total = 0;
  for (const w of weights) total += w;
  return instance.schema.groups.map((group) => {
    const bucket = bucketOfArms(instance.features, numArms, numFeatures, group);
    const sums = new Array<number>(group.buckets.length).fill(0);
    for (let arm = 0; arm < numArms; arm++) if (bucket[arm] >= 0) sums[bucket[arm]] += weights[arm];
    return { group: group.name, buckets: [...group.buckets], shares: sums.map((x) => (total === 0 ? 0 : x / total)) };
  });
}
