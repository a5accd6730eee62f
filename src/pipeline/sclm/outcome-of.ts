// What one simulated policy contributes to SCLM's scores and measures.
import type { Occupancy } from '../../core/instance/occupancy.ts';
import type { Instance } from '../../core/instance/types.ts';
import { armWeights } from '../../core/measures/arm-weights.ts';
import { policyValue } from '../../core/measures/policy-value.ts';
import { utilityPerBucket } from '../../core/measures/utility-per-bucket.ts';
import type { SimulatedPolicy } from './sclm-run-state.ts';

/**
 * What the scores and measures need from one simulation: the value under each clause's reward
 * (discounted, as SCLM), the total utility (expected discounted steps in the good state, SCLM's
 * "utility") and the utility per bucket of every feature group; and, for the LLM scorer, each
 * group's utility shares in percent.
 */
export function outcomeOf(
  occupancy: Occupancy,
  instance: Pick<Instance, 'features' | 'schema'>,
  rewards: Map<string, { table: Float64Array }>,
): SimulatedPolicy {
  const values: Record<string, number> = {};
  for (const [name, { table }] of rewards) values[name] = policyValue(occupancy, table, { discounted: true });
  const totalUtility = armWeights(occupancy, { weight: 'positive-states', discounted: true }).reduce(
    (a, b) => a + b,
    0,
  );
  const groups: Record<string, number[]> = {};
  const distribution = instance.schema.groups.map((group) => {
    const { utility } = utilityPerBucket(occupancy, instance, group);
    groups[group.name] = Array.from(utility);
    const total = utility.reduce((a, b) => a + b, 0);
    return {
      category: group.name,
      buckets: group.buckets.map((label, b) => ({ label, percent: total > 0 ? (100 * utility[b]) / total : 0 })),
    };
  });
  return { values, totalUtility, groups, distribution };
}
