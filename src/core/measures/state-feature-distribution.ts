// DLM's outcome analysis (Algorithm 2, appendix D): how a policy's outcomes split over the buckets
// of every feature group. This is the only feedback the reflection step sees.
import type { Occupancy } from '../instance/occupancy.ts';
import type { Instance } from '../instance/types.ts';
import { armWeight, type DistributionOptions } from './arm-weights.ts';
import { bucketsOf } from './group-buckets.ts';

export type { DistributionWeight } from './arm-weights.ts';

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
export function stateFeatureDistribution(
  occupancy: Occupancy,
  instance: Pick<Instance, 'features' | 'schema'>,
  options: DistributionOptions,
): GroupDistribution[] {
  const numArms = occupancy.numArms;
  const weight = armWeight(occupancy, options);
  const groups = instance.schema.groups;
  const buckets = groups.map((group) => bucketsOf(instance, numArms, group));
  const sums = groups.map((group) => new Array<number>(group.buckets.length).fill(0));
  // one pass over the arms, each weight computed once: every sum still adds its arms in arm order
  let total = 0;
  for (let arm = 0; arm < numArms; arm++) {
    const w = weight(arm);
    total += w;
    for (let g = 0; g < groups.length; g++) if (buckets[g][arm] >= 0) sums[g][buckets[g][arm]] += w;
  }
  return groups.map((group, g) => ({
    group: group.name,
    buckets: [...group.buckets],
    shares: sums[g].map((x) => (total === 0 ? 0 : x / total)),
  }));
}
