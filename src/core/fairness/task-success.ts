// Task success (multilingual paper, section 4.3): "we define success as an instance where the
// allocations have deviated from the relevant features to the point where the allocation is
// higher than what it would have been had the allocation been uniform across feature values."
// Read here as: for every condition of the prompt, the share of all allocation that goes to the
// condition's targeted buckets is above the share a uniform allocation gives them. The paper's
// allocation plots (Figures 1-5) show exactly such shares ("allocation percentages summed for the
// age values 10-20 and 21-30").
import type { Occupancy } from '../instance/occupancy.ts';
import type { Instance } from '../instance/types.ts';
import { allocationPerArm, type AllocationMeasure } from '../measures/allocation-per-arm.ts';
import { bucketOfArms } from '../measures/bucket-of-arms.ts';
import { resolveCondition, type PromptCondition } from './prompt-condition.ts';

/**
 * What "uniform" means:
 *   'values' (default, the paper's words "uniform across feature values"): every bucket gets the
 *       same share, so m targeted buckets of k get m / k;
 *   'arms': every arm gets the same allocation, so the targeted buckets get their share of the
 *       arms (the same as 'values' when buckets are equally full, as Age, Language and Education
 *       are in the multilingual population; fairer for skewed groups such as Phone ownership).
 */
/**
 * Shares within this relative distance of the uniform one are ties (sums of allocations round), and a tie is no
 * success.
 */
const TIE = 1e-9;

export type UniformBaseline = 'values' | 'arms';

export interface ConditionSuccess {
  group: string;
  buckets: number[];
  /** Share of the allocation that the targeted buckets received (null when nothing was allocated). */
  share: number | null;
  /** What a uniform allocation gives them. */
  uniform: number;
  success: boolean;
}

export interface TaskSuccess {
  /** Every condition succeeded (a prompt without conditions never succeeds). */
  success: boolean;
  conditions: ConditionSuccess[];
}

export function taskSuccess(
  occupancy: Occupancy,
  instance: Pick<Instance, 'features' | 'schema'>,
  conditions: readonly PromptCondition[],
  options: { baseline?: UniformBaseline; measure?: AllocationMeasure } = {},
): TaskSuccess {
  const allocation = allocationPerArm(occupancy, options.measure);
  const numArms = allocation.length;
  const results = conditions.map((condition): ConditionSuccess => {
    const { group, buckets } = resolveCondition(instance.schema, condition);
    const bucket = bucketOfArms(instance.features, numArms, instance.schema.columns.length, group);
    const targeted = new Set(buckets);
    let total = 0,
      inTargeted = 0,
      arms = 0,
      armsTargeted = 0;
    for (let arm = 0; arm < numArms; arm++) {
      if (bucket[arm] < 0) continue;
      arms++;
      total += allocation[arm];
      if (targeted.has(bucket[arm])) {
        armsTargeted++;
        inTargeted += allocation[arm];
      }
    }
    const uniform =
      (options.baseline ?? 'values') === 'values'
        ? targeted.size / group.buckets.length
        : arms > 0
          ? armsTargeted / arms
          : 0;
    const share = total > 0 ? inTargeted / total : null;
    return {
      group: group.name,
      buckets: [...targeted].sort((a, b) => a - b),
      share,
      uniform,
      success: share !== null && share > uniform + TIE * Math.max(uniform, 1e-300),
    };
  });
  return { success: results.length > 0 && results.every((r) => r.success), conditions: results };
}
