// DLM's outcome analysis (Algorithm 2, appendix D): how a policy's outcomes split over the buckets
// of every feature group. This is the only feedback the reflection step sees.
import type { Occupancy } from '../instance/occupancy.ts';
import type { Instance } from '../instance/types.ts';
import { bucketOfArms } from './bucket-of-arms.ts';

/**
 * What each arm contributes:
 *   'positive-states' (the papers' text, Alg. 2 line 7 "S <- S + s"): sum over steps of the arm's
 *       state value, i.e. sum_s s * occupancy[arm, s]; for 2-state arms, the expected number of
 *       steps in the positive state 1;
 *   'reward' (what the original code printed, "% of reward"): sum_s r[arm, s] * occupancy[arm, s]
 *       under the candidate's own reward table.
 */
export type DistributionWeight = 'positive-states' | 'reward';

export interface GroupDistribution {
  /** Schema group name, e.g. "Ages". */
  group: string;
  /** Bucket labels in the schema's order. */
  buckets: string[];
  /** Share of the total in each bucket, in [0, 1] for non-negative weights. All 0 when the total is 0. */
  shares: number[];
}

export interface DistributionOptions {
  weight: DistributionWeight;
  /** numArms x numStates; required for weight 'reward'. */
  rewardTable?: Float64Array;
  /** Use the discounted occupancy instead of the undiscounted one (Alg. 2 accumulates undiscounted). */
  discounted?: boolean;
}

/** Contribution of every arm (Float64Array, numArms) under `options`. */
export function armWeights(occupancy: Occupancy, options: DistributionOptions): Float64Array {
  const { numArms, numStates } = occupancy;
  const occ = options.discounted ? occupancy.discounted : occupancy.undiscounted;
  const reward = options.weight === 'reward' ? options.rewardTable : undefined;
  if (options.weight === 'reward' && (!reward || reward.length !== numArms * numStates)) {
    throw new RangeError(`weight 'reward' needs a reward table of ${numArms} arms x ${numStates} states`);
  }
  const weights = new Float64Array(numArms);
  for (let arm = 0; arm < numArms; arm++) {
    let w = 0;
    for (let s = 0; s < numStates; s++) {
      const i = arm * numStates + s;
      w += occ[i] * (reward ? reward[i] : s);
    }
    weights[arm] = w;
  }
  return weights;
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
