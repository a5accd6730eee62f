// DP_variance (multilingual paper, section 2.3, eqs. 1-3): how far a policy is from demographic
// parity along one feature group. "DP_variance = 1/k sum_i (P(Y=1 | Age=x_i) - mean P)^2 where k
// is the total number of groups (e.g. age intervals), and mean P = 1/k sum_i P(Y=1 | Age=x_i)":
// the population variance of the k per-bucket allocation probabilities, each bucket counting once
// whatever its size.
import type { Occupancy } from '../instance/occupancy.ts';
import type { FeatureGroup, Instance } from '../instance/types.ts';
import { allocationOf, type AllocationMeasure } from './allocation-per-arm.ts';
import { bucketsOf } from './group-buckets.ts';

export interface GroupDpVariance {
  /** Schema group name. */
  name: string;
  buckets: string[];
  /** P(Y = 1 | bucket): the mean allocation of the bucket's arms; null for a bucket without arms. */
  probability: (number | null)[];
  /** Arms in each bucket. */
  arms: number[];
  /**
   * Population variance of the probabilities over the k buckets that have arms (a bucket without
   * arms has no P(Y = 1 | bucket) and is left out of k); 0 when one bucket has arms, null when none.
   */
  dpVariance: number | null;
  /** Named by the prompt's clauses or chosen by the user. */
  intended: boolean;
}

export interface DpVarianceOptions {
  /** Group names that the priority targets; every other group is unintended. Unknown names are an error. */
  intended?: readonly string[];
  measure?: AllocationMeasure;
}

/**
 * DP_variance of every group of the instance's schema, in schema order. The probabilities are
 * those of the expected allocation (the occupancy's mean over trials), so this is the variance of
 * expected allocation probabilities, not a mean of per-trial variances.
 */
export function dpVariance(
  occupancy: Occupancy,
  instance: Pick<Instance, 'features' | 'schema'>,
  options: DpVarianceOptions = {},
): GroupDpVariance[] {
  const { groups } = instance.schema;
  const intended = new Set(options.intended ?? []);
  const known = new Set(groups.map((g) => g.name));
  for (const name of intended) {
    if (!known.has(name))
      throw new RangeError(`intended group "${name}" is not in the schema; its groups are ${[...known].join(', ')}`);
  }
  const allocation = allocationOf(occupancy, options.measure);
  return groups.map((group) =>
    groupDpVariance(allocation, occupancy.numArms, instance, group, intended.has(group.name)),
  );
}

function groupDpVariance(
  allocation: (arm: number) => number,
  numArms: number,
  instance: Pick<Instance, 'features' | 'schema'>,
  group: FeatureGroup,
  intended: boolean,
): GroupDpVariance {
  const bucket = bucketsOf(instance, numArms, group);
  const k = group.buckets.length;
  const sum = new Float64Array(k);
  const arms = new Array<number>(k).fill(0);
  for (let arm = 0; arm < numArms; arm++) {
    const b = bucket[arm];
    if (b < 0) continue;
    arms[b]++;
    sum[b] += allocation(arm);
  }
  const probability = arms.map((n, b) => (n > 0 ? sum[b] / n : null));
  return {
    name: group.name,
    buckets: [...group.buckets],
    probability,
    arms,
    dpVariance: populationVariance(probability),
    intended,
  };
}

/** 1/k sum (p_i - mean)^2 over the non-null values (two passes: no cancellation as in E[p^2] - mean^2). */
export function populationVariance(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  const mean = present.reduce((a, b) => a + b, 0) / present.length;
  return present.reduce((a, p) => a + (p - mean) ** 2, 0) / present.length;
}
