// What allot keeps of one simulated policy: everything a results page shows (a run's candidate
// table and charts, a what-if comparison), computed once from the occupancy, so that a reopened run
// or a saved comparison needs no simulation. Small: a few numbers per feature bucket and per step,
// never per arm.
import type { Occupancy } from '../instance/occupancy.ts';
import type { Instance } from '../instance/types.ts';
import { dpVariance, type GroupDpVariance } from './dp-variance.ts';
import { policyValue } from './policy-value.ts';
import { stateFeatureDistribution, type GroupDistribution } from './state-feature-distribution.ts';
import { trialCounts, type TrialCounts } from './trial-counts.ts';
import { utilityPerBucket } from './utility-per-bucket.ts';

export interface PolicySummary {
  /** Share of positive-state steps per bucket of every group (DLM's reflection feedback). */
  distribution: GroupDistribution[];
  /** Discounted utility (steps in the good state) per bucket, by group name (EMD and shift clauses). */
  groups: Record<string, number[]>;
  /** Discounted value under the default reward `state`: the expected engaged steps (engagement). */
  totalUtility: number;
  /** Value under the policy's own reward (discounted). */
  ownValue: number;
  /** Mean arms engaged and pulled at each step (empty when the simulation kept no per-step series). */
  engagedPerStep: number[];
  pullsPerStep: number[];
  /** DP_variance per group (with the arms of each bucket); intended = the groups of the features the reward reads. */
  fairness: GroupDpVariance[];
  /** Arms without a Whittle index (S-state arms; core/simulation/indexability.ts); absent in older records: 0. */
  notIndexableArms?: number;
  /**
   * Calls and engaged steps per bucket, trial by trial (when simulated with tally: bucketCells(instance)): the results
   * in words.
   */
  counts?: TrialCounts;
}

/** The summary of the policy planned for `rewardTable`, which reads the features `featuresUsed`. */
export function summarizePolicy(
  occupancy: Occupancy,
  instance: Pick<Instance, 'features' | 'schema'>,
  rewardTable: Float64Array,
  featuresUsed: readonly number[],
): PolicySummary {
  const groups: Record<string, number[]> = {};
  for (const group of instance.schema.groups)
    groups[group.name] = Array.from(utilityPerBucket(occupancy, instance, group).utility);
  let totalUtility = 0;
  const good = occupancy.numStates - 1;
  for (let arm = 0; arm < occupancy.numArms; arm++)
    for (let s = 1; s <= good; s++) totalUtility += s * occupancy.discounted[arm * occupancy.numStates + s];
  const intended = [
    ...new Set(featuresUsed.map((i) => instance.schema.columns[i]?.group).filter((g): g is string => !!g)),
  ];
  return {
    distribution: stateFeatureDistribution(occupancy, instance, { weight: 'positive-states' }),
    groups,
    totalUtility,
    ownValue: policyValue(occupancy, rewardTable, { discounted: true }),
    engagedPerStep: Array.from(occupancy.engagedPerStep ?? []),
    pullsPerStep: Array.from(occupancy.pullsPerStep ?? []),
    fairness: dpVariance(occupancy, instance, { intended }),
    ...(occupancy.notIndexableArms ? { notIndexableArms: occupancy.notIndexableArms } : {}),
    // fields picked, not spread: a spread would make an instance's ids (allot numbers them when first read: 90 MB at 3
    // x 10^6 arms)
    ...(occupancy.tallyPerTrial && {
      counts: trialCounts(occupancy, {
        numArms: occupancy.numArms,
        features: instance.features,
        schema: instance.schema,
      }),
    }),
  };
}

/** Mean discounted utility per arm of each bucket of group `index` (null for a bucket without arms). */
export function utilityPerArm(summary: PolicySummary, index: number): (number | null)[] {
  const { name, arms } = summary.fairness[index];
  return summary.groups[name].map((u, b) => (arms[b] > 0 ? u / arms[b] : null));
}
