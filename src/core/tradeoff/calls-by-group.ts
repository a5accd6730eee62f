// Where the calls went: the share of all calls that each bucket of a feature group received.
import type { Instance } from '../instance/types.ts';
import { bucketOfArms } from '../measures/bucket-of-arms.ts';
import { dpVariance } from '../measures/dp-variance.ts';

/** For each named group, bucket label -> share of calls (calls: per population arm, any scale). */
export function callsByGroup(
  calls: Float64Array,
  population: Pick<Instance, 'numArms' | 'features' | 'schema'>,
  groups: readonly string[],
): Record<string, Record<string, number>> {
  const total = calls.reduce((a, b) => a + b, 0);
  const out: Record<string, Record<string, number>> = {};
  for (const name of groups) {
    const group = population.schema.groups.find((g) => g.name === name);
    if (!group) continue;
    const bucket = bucketOfArms(population.features, population.numArms, population.schema.columns.length, group);
    const sums = new Array<number>(group.buckets.length).fill(0);
    for (let i = 0; i < population.numArms; i++) if (bucket[i] >= 0) sums[bucket[i]] += calls[i];
    out[name] = Object.fromEntries(group.buckets.map((b, j) => [b, total > 0 ? sums[j] / total : 0]));
  }
  return out;
}

/**
 * The group a reward names: that of the first feature it reads that belongs to a group; else the schema's first group.
 */
export function namedGroup(schema: Instance['schema'], featuresUsed: readonly number[]): string | null {
  for (const i of featuresUsed) {
    const g = schema.columns[i]?.group;
    if (g && schema.groups.some((x) => x.name === g)) return g;
  }
  return schema.groups[0]?.name ?? null;
}

/** Engagement of each bucket of a group: engaged arm-steps over arm-steps (null for a bucket no seed drew). */
export function engagementByBucket(
  measured: { engaged: Float64Array; armSteps: Float64Array },
  population: Pick<Instance, 'numArms' | 'features' | 'schema'>,
  name: string,
): (number | null)[] {
  const group = population.schema.groups.find((g) => g.name === name);
  if (!group) throw new RangeError(`"${name}" is not a feature group of this population`);
  const bucket = bucketOfArms(population.features, population.numArms, population.schema.columns.length, group);
  const e = new Array<number>(group.buckets.length).fill(0),
    n = new Array<number>(group.buckets.length).fill(0);
  for (let i = 0; i < population.numArms; i++) {
    if (bucket[i] < 0) continue;
    e[bucket[i]] += measured.engaged[i];
    n[bucket[i]] += measured.armSteps[i];
  }
  return e.map((x, b) => (n[b] > 0 ? x / n[b] : null));
}

/**
 * DP_variance of the calls across a group's buckets (core/measures/dp-variance.ts, 'arm-steps': each
 * arm's share of its steps with a call), from a measured policy; null when some arm was never simulated
 * (a sampled population), whose allocation is unknown rather than zero.
 */
export function callsDpVariance(
  measured: { calls: Float64Array; armSteps: Float64Array },
  population: Pick<Instance, 'numArms' | 'numStates' | 'features' | 'schema'>,
  name: string,
): number | null {
  if (measured.armSteps.some((x) => !(x > 0))) return null;
  const pulls = measured.calls.map((c, i) => c / measured.armSteps[i]);
  const none = new Float64Array(0);
  const occupancy = {
    numArms: population.numArms,
    numStates: population.numStates,
    numTrials: 1,
    horizon: 1,
    discount: 0,
    discounted: none,
    undiscounted: none,
    pulls,
    pulledAtLeastOnce: pulls,
    engagedSum: 0,
    pulledIdSum: 0,
  };
  return dpVariance(occupancy, population).find((g) => g.name === name)?.dpVariance ?? null;
}
