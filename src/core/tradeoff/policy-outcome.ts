// What one policy does, over every evaluation seed, in the terms of the dial: overall engagement
// and the priority's own outcome, each with its standard error, plus the raw per-trial series the
// loss against lambda 0 is paired on (common random numbers: every policy sees the same draws).
import type { Occupancy } from '../instance/occupancy.ts';
import { rateWithError } from '../fairness/rate-with-error.ts';

/** One seed's simulation and which of its arms the priority favours (1 per favoured arm). */
export interface SeedOutcome {
  occupancy: Occupancy;
  favoured: Uint8Array;
}

export interface PolicyOutcome {
  /** Share of arm-steps spent in the top state ("engaged"), mean over every trial of every seed. */
  engagement: number;
  /** Its standard error over those trials (null below 2 trials). */
  engagementSe: number | null;
  /** Per trial, seed-major: that trial's share of engaged arm-steps (the loss is paired on it). */
  engagementPerTrial: Float64Array;
  /** Share of the favoured arms' arm-steps engaged, pooled over seeds (null when none is favoured). */
  priority: number | null;
  /**
   * Its standard error: over seeds when there are several, else over trials when per-trial occupancy was kept; else
   * null.
   */
  prioritySe: number | null;
  /** Share of all calls that went to favoured arms (null when none is favoured). */
  favouredCalls: number | null;
}

/**
 * Engagement counts arm-steps in state numStates - 1 (engaged, for 2-state arms) over the horizon,
 * undiscounted, divided by arms x horizon: 0.42 means 42 % of beneficiary-weeks engaged.
 */
export function policyOutcome(seeds: readonly SeedOutcome[]): PolicyOutcome {
  if (seeds.length === 0) throw new RangeError('policyOutcome needs at least one seed');
  const perTrial: number[] = [];
  const perSeedPriority: number[] = [];
  let favouredEngaged = 0,
    favouredArmSteps = 0,
    favouredPulls = 0,
    pulls = 0;
  let trialPriority: number[] | null = null;
  for (const { occupancy: o, favoured } of seeds) {
    const { numArms: N, numStates: S, horizon: T, numTrials: K } = o;
    if (!o.engagedPerTrial) throw new Error('the simulation did not return engaged arm-steps per trial');
    for (let k = 0; k < K; k++) perTrial.push(o.engagedPerTrial[k] / (N * T));
    let fe = 0,
      fn = 0;
    for (let i = 0; i < N; i++) {
      pulls += o.pulls[i];
      if (!favoured[i]) continue;
      fe += o.undiscounted[i * S + S - 1];
      fn++;
      favouredPulls += o.pulls[i];
    }
    favouredEngaged += fe;
    favouredArmSteps += fn * T;
    if (fn > 0) perSeedPriority.push(fe / (fn * T));
    if (seeds.length === 1 && fn > 0 && o.perTrialUndiscounted) {
      trialPriority = [];
      for (let k = 0; k < K; k++) {
        let e = 0;
        for (let i = 0; i < N; i++) if (favoured[i]) e += o.perTrialUndiscounted[(k * N + i) * S + S - 1];
        trialPriority.push(e / (fn * T));
      }
    }
  }
  const engagement = rateWithError(perTrial);
  const prioritySe =
    perSeedPriority.length >= 2
      ? rateWithError(perSeedPriority).standardError
      : trialPriority
        ? rateWithError(trialPriority).standardError
        : null;
  return {
    engagement: engagement.mean,
    engagementSe: engagement.standardError,
    engagementPerTrial: Float64Array.from(perTrial),
    priority: favouredArmSteps > 0 ? favouredEngaged / favouredArmSteps : null,
    prioritySe: favouredArmSteps > 0 ? prioritySe : null,
    favouredCalls: favouredArmSteps > 0 && pulls > 0 ? favouredPulls / pulls : null,
  };
}

/**
 * The relative engagement loss of `policy` against `reference` (1 - E / E_ref; 0.02 = 2 %) and its
 * standard error, paired trial by trial (both simulated with the same seeds, so the draws cancel).
 */
export function engagementLoss(
  policy: PolicyOutcome,
  reference: PolicyOutcome,
): { loss: number; lossSe: number | null } {
  const a = policy.engagementPerTrial,
    b = reference.engagementPerTrial;
  if (a.length !== b.length)
    throw new RangeError(
      `the two policies have ${a.length} and ${b.length} trials; they were not simulated on the same seeds`,
    );
  const e0 = reference.engagement;
  if (!(e0 > 0)) return { loss: 0, lossSe: null };
  const d = Array.from(a, (x, k) => (b[k] - x) / e0);
  const { standardError } = rateWithError(d);
  return { loss: 1 - policy.engagement / e0, lossSe: standardError };
}
