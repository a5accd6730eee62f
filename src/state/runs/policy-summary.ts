// What a run keeps of one simulated policy (in its candidate record): everything the Results screen
// shows, computed once from the occupancy, so that a reopened run needs no simulation. Small: a few
// numbers per feature bucket and per step, never per arm.
import type { Occupancy } from '../../core/instance/occupancy.ts';
import type { Instance } from '../../core/instance/types.ts';
import { dpVariance, type GroupDpVariance } from '../../core/measures/dp-variance.ts';
import { stateFeatureDistribution, type GroupDistribution } from '../../core/measures/state-feature-distribution.ts';
import { utilityPerBucket } from '../../core/measures/utility-per-bucket.ts';
import { policyValue } from '../../core/measures/policy-value.ts';

export interface PolicySummaryRecord {
  /** Share of positive-state steps per bucket of every group (DLM's reflection feedback). */
  distribution: GroupDistribution[];
  /** Discounted utility (steps in the good state) per bucket, by group name (EMD and shift clauses). */
  groups: Record<string, number[]>;
  totalUtility: number;
  /** Value under the policy's own reward (discounted). */
  ownValue: number;
  /** Mean arms engaged and pulled at each step. */
  engagedPerStep: number[];
  pullsPerStep: number[];
  /** DP_variance per group; intended = the groups of the features the reward reads. */
  fairness: GroupDpVariance[];
}

export function summarizePolicy(occupancy: Occupancy, instance: Pick<Instance, 'features' | 'schema'>, rewardTable: Float64Array, featuresUsed: readonly number[]): PolicySummaryRecord {
  const groups: Record<string, number[]> = {};
  let totalUtility = 0;
  for (const group of instance.schema.groups) {
    const { utility } = utilityPerBucket(occupancy, instance, group);
    groups[group.name] = Array.from(utility);
  }
  const good = occupancy.numStates - 1;
  for (let arm = 0; arm < occupancy.numArms; arm++) for (let s = 1; s <= good; s++) totalUtility += s * occupancy.discounted[arm * occupancy.numStates + s];
  const intended = [...new Set(featuresUsed.map((i) => instance.schema.columns[i]?.group).filter((g): g is string => !!g))];
  return {
    distribution: stateFeatureDistribution(occupancy, instance, { weight: 'positive-states' }),
    groups,
    totalUtility,
    ownValue: policyValue(occupancy, rewardTable, { discounted: true }),
    engagedPerStep: Array.from(occupancy.engagedPerStep ?? []),
    pullsPerStep: Array.from(occupancy.pullsPerStep ?? []),
    fairness: dpVariance(occupancy, instance, { intended }),
  };
}
