// Transitions of 2-state beneficiaries from their engagement histories, with their uncertainty.
//
// Each beneficiary i has, per row (s, a) (state s, action a: 0 not called, 1 called), n_i observed
// weeks that started in s with action a, k_i of which ended engaged (state 1). Her probability
// q_i = P(engaged next week | s, a) gets a Beta posterior
//
//     q_i | data ~ Beta(m c + k_i, (1 - m) c + n_i - k_i),
//
// whose prior Beta(m c, (1 - m) c) (mean m, strength c pseudo-weeks) is fitted to her group
// (empirical Bayes). Per group g and row (s, a), (m, c) maximise the beta-binomial marginal likelihood
// of the group's counts:
//
//     L(m, c) = sum_i log [ B(m c + k_i, (1 - m) c + n_i - k_i) / B(m c, (1 - m) c) ] - log B(c, n_i)...
//
// which, up to terms free of (m, c), is exactly
//
//     l(m, c) = sum_i [ sum_{j<k_i} log(m c + j) + sum_{j<n_i-k_i} log((1 - m) c + j) - sum_{j<n_i} log(c + j) ]
//
// (G(x + k) / G(x) = x (x + 1) ... (x + k - 1)), so no log-gamma is needed. The counts enter only
// through the histogram of (n_i, k_i) pairs, at most (weeks + 1)^2 cells, so the fit costs the same for
// 10^2 or 10^6 beneficiaries. l is concave in m for fixed c: m is found by golden-section search inside
// a golden-section search over log c in [log C_MIN, log C_MAX] (the profile likelihood).
//
// Fallbacks, in words the plan shows (warnings):
// - a thin group (fewer than `minGroupArms` beneficiaries with an observation in the row, or none with
//   two, which alone tell how much beneficiaries differ) takes the whole register's fit of that row;
// - a row the register never observes: a called row (a = 1) takes the not-called row's prior of the
//   same state (the prior then assumes a call changes nothing, so every index is 0 and the list is the
//   seeded tie draw among eligible beneficiaries until outcomes of calls arrive); a not-called row
//   takes Beta(1, 1) (uniform).
// Plans use the posterior means; credibleInterval gives equal-tailed intervals (incomplete-beta.ts).
import type { FeatureSchema } from '../instance/types.ts';
import { bucketOfArms } from '../measures/bucket-of-arms.ts';
import { betaQuantile } from './incomplete-beta.ts';
import { MISSING, type History } from './register.ts';

/** Bounds of the fitted prior strength c (pseudo-weeks): 0.05 is nearly no prior, 10^4 full pooling. */
export const C_MIN = 0.05;
export const C_MAX = 1e4;

export interface EstimateOptions {
  /** The feature group whose buckets are the prior groups; null: one prior for the whole register. */
  groupBy: string | null;
  /** Fewer beneficiaries than this with an observation in a row, and the group takes the register's prior; default 20. */
  minGroupArms?: number;
}

/** The fitted prior of one (group, state, action) row. */
export interface PriorFit {
  /** The bucket label, or "all" for the register. */
  group: string;
  state: number;
  action: number;
  mean: number;
  strength: number;
  /** Where it comes from: fitted on the group, the register's fit (thin group), or a fallback rule. */
  source: 'group' | 'register' | 'not-called row' | 'uniform';
  /** Beneficiaries with at least one observation in the row, and observations in all. */
  arms: number;
  observations: number;
}

export interface TransitionPosterior {
  numArms: number;
  /** numArms x 2 x 2 (arm, state, action): Beta parameters of P(engaged next week | state, action). */
  alpha: Float64Array;
  beta: Float64Array;
  /** numArms x 2 x 2 x 2, P(next | state, action): the posterior means, the transitions to plan with. */
  transitions: Float64Array;
  /** numArms: the prior group (bucket index) of each beneficiary, -1 for the register-wide prior. */
  group: Int32Array;
  /** Group labels (bucket labels) in bucket order. */
  groupLabels: string[];
  /** groups x 2 x 2 fits, then the register's 2 x 2 at the end. */
  priors: PriorFit[];
  warnings: string[];
}

/** Observations per (arm, state, action): n (weeks) and k (of them ending engaged); numArms x 2 x 2 each. */
export function countTransitions(history: History, numArms: number): { n: Uint16Array; k: Uint16Array } {
  const n = new Uint16Array(numArms * 4), k = new Uint16Array(numArms * 4);
  const { states, called } = history;
  for (let w = 0; w + 1 < states.length; w++) {
    const from = states[w], to = states[w + 1], act = called[w];
    for (let arm = 0; arm < numArms; arm++) {
      const s = from[arm], t = to[arm];
      if (s === MISSING || t === MISSING) continue;
      const cell = arm * 4 + s * 2 + act[arm];
      n[cell]++;
      k[cell] += t;
    }
  }
  return { n, k };
}

/** The Beta posterior of every beneficiary's transitions (2 states), empirical Bayes per group. */
export function estimateTransitions(history: History, schema: FeatureSchema, features: Float64Array, numArms: number, options: EstimateOptions): TransitionPosterior {
  void history; void schema; void features; void numArms; void options;
  throw new Error('estimateTransitions: not implemented yet');
}

/** The equal-tailed credible interval [lo, hi] of P(engaged next week | state, action) for one arm. */
export function credibleInterval(posterior: TransitionPosterior, arm: number, state: number, action: number, level = 0.9): [number, number] {
  const cell = arm * 4 + state * 2 + action;
  const a = posterior.alpha[cell], b = posterior.beta[cell];
  const tail = (1 - level) / 2;
  return [betaQuantile(tail, a, b), betaQuantile(1 - tail, a, b)];
}

/** Bucket of every arm in the named group, with the labels; the register-wide prior when groupBy is null. */
export function priorGroups(schema: FeatureSchema, features: Float64Array, numArms: number, groupBy: string | null): { group: Int32Array; labels: string[] } {
  if (groupBy === null) return { group: new Int32Array(numArms).fill(-1), labels: [] };
  const g = schema.groups.find((x) => x.name === groupBy);
  if (!g) throw new Error(`there is no feature group "${groupBy}" to fit priors on; the groups are ${schema.groups.map((x) => `"${x.name}"`).join(', ') || '(none)'}`);
  return { group: bucketOfArms(features, numArms, schema.columns.length, g), labels: g.buckets };
}
