// What a policy does to whom, against a reference policy (the default), from per-trial counts of two
// simulations with the same seeds: share of calls and calls per step of every bucket, engagement
// overall and per beneficiary of every bucket, each with the standard error of its paired per-trial
// difference. Trials with the same seed start from the same states and draw the same random
// numbers, so the paired difference is far less noisy than the difference of two means.
import type { BucketCounts, TrialCounts } from './trial-counts.ts';

/**
 * A change is measurable when it lies at least NOISE_MULTIPLIER standard errors of the paired
 * difference from zero (about a 95% interval): "no measurable difference" otherwise.
 */
export const NOISE_MULTIPLIER = 2;

export interface Change {
  /** Means over trials under the reference policy and under the other. */
  base: number;
  other: number;
  /** other - base, and the standard error of the mean of the per-trial differences (NaN with one trial). */
  diff: number;
  se: number;
  /** |diff| >= NOISE_MULTIPLIER x se and diff != 0; never with one trial (se NaN). */
  measurable: boolean;
}

export interface BucketComparison {
  label: string;
  arms: number;
  /** The bucket's share of the population's arms. */
  populationShare: number;
  /** Share of all calls (0..1). */
  callShare: Change;
  /** Calls to the bucket per step. */
  callsPerStep: Change;
  /** Engagement per beneficiary: the share of the bucket's arm-steps in the engaged state (0..1). */
  engagement: Change;
}

export interface GroupComparison {
  group: string;
  ordered: boolean;
  buckets: BucketComparison[];
}

export interface PolicyComparison {
  trials: number;
  horizon: number;
  /** Every per-trial count is the same: the two policies made the same calls in every trial. */
  identical: boolean;
  /** Engaged arm-steps per trial, all arms. */
  engagement: Change;
  /** The same as a relative change: diff and se divided by the reference's mean (0.01 = 1%). */
  engagementRelative: Change;
  groups: GroupComparison[];
}

/** The paired change of per-trial values `other` against `base` (same trials, same order). */
export function pairedChange(base: readonly number[], other: readonly number[]): Change {
  const K = base.length;
  if (K === 0 || other.length !== K)
    throw new RangeError(`paired values need the same positive number of trials, got ${K} and ${other.length}`);
  let b = 0,
    o = 0,
    d = 0;
  for (let k = 0; k < K; k++) {
    b += base[k];
    o += other[k];
    d += other[k] - base[k];
  }
  const mean = d / K;
  let ss = 0;
  for (let k = 0; k < K; k++) ss += (other[k] - base[k] - mean) ** 2;
  const se = K > 1 ? Math.sqrt(ss / (K - 1) / K) : NaN;
  return { base: b / K, other: o / K, diff: mean, se, measurable: isMeasurable(mean, se) };
}

export function isMeasurable(diff: number, se: number): boolean {
  return diff !== 0 && Number.isFinite(se) && Math.abs(diff) >= NOISE_MULTIPLIER * se;
}

/** `other` against `reference`; both must come from simulations of the same population, trials and seed. */
export function comparePolicies(reference: TrialCounts, other: TrialCounts): PolicyComparison {
  if (reference.trials !== other.trials || reference.horizon !== other.horizon) {
    throw new RangeError(
      `the two simulations differ in trials or horizon (${reference.trials} x ${reference.horizon} against ` +
        `${other.trials} x ${other.horizon}); compare policies simulated with the same settings`,
    );
  }
  const T = reference.horizon;
  const totalArms = reference.all.arms;
  const shares = (counts: TrialCounts, b: BucketCounts) =>
    b.calls.map((c, k) => (counts.all.calls[k] > 0 ? c / counts.all.calls[k] : 0));
  const perStep = (b: BucketCounts) => b.calls.map((c) => c / T);
  const engagedShare = (b: BucketCounts) => b.engaged.map((e) => (b.arms > 0 ? e / (b.arms * T) : 0));
  let identical = sameSeries(reference.all, other.all);
  const groups = reference.groups.map((g, gi) => {
    const o = other.groups[gi];
    if (!o || o.group !== g.group || o.buckets.length !== g.buckets.length)
      throw new RangeError(
        `the two simulations have different feature groups ("${g.group}"); compare policies on the same population`,
      );
    return {
      group: g.group,
      ordered: g.ordered,
      buckets: g.buckets.map((b, bi) => {
        const ob = o.buckets[bi];
        identical &&= sameSeries(b, ob);
        return {
          label: b.label,
          arms: b.arms,
          populationShare: totalArms > 0 ? b.arms / totalArms : 0,
          callShare: pairedChange(shares(reference, b), shares(other, ob)),
          callsPerStep: pairedChange(perStep(b), perStep(ob)),
          engagement: pairedChange(engagedShare(b), engagedShare(ob)),
        };
      }),
    };
  });
  const engagement = pairedChange(reference.all.engaged, other.all.engaged);
  const scale = engagement.base !== 0 ? 1 / engagement.base : NaN;
  const relative = {
    ...engagement,
    base: 1,
    other: engagement.other * scale,
    diff: engagement.diff * scale,
    se: engagement.se * scale,
  };
  return { trials: reference.trials, horizon: T, identical, engagement, engagementRelative: relative, groups };
}

function sameSeries(a: BucketCounts, b: BucketCounts): boolean {
  return a.calls.every((x, k) => x === b.calls[k]) && a.engaged.every((x, k) => x === b.engaged[k]);
}
