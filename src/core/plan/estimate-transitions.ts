// Transitions of 2-state beneficiaries from their engagement histories, with their uncertainty.
//
// Each beneficiary i has, per row (s, a) (state s, action a: 0 not called, 1 called), n_i observed
// weeks that started in s with action a, k_i of which ended engaged (state 1). Her probability
// q_i = P(engaged next week | s, a) gets a Beta posterior
//
//     q_i | data ~ Beta(m c + k_i, (1 - m) c + n_i - k_i),
//
// whose prior Beta(m c, (1 - m) c) (mean m, strength c pseudo-weeks) is fitted to the data
// (empirical Bayes). Not-called rows: per group g (the buckets of `groupBy`) and state, (m, c)
// maximise the beta-binomial marginal likelihood of the group's counts (beta-binomial-fit.ts).
//
// Called rows (few observations each: a call or two in half a year): the prior mean is her own
// not-called posterior mean plus the effect of a call predicted from her features (fitted on the
// model clipped at 1), its spread her not-called uncertainty plus tau^2 by moments, then conditioned
// on her calls from the other state through the fitted covariance of the two states' effects
// (call-effect.ts gives the formulas and says why).
//
// Her called weeks then also move her not-called row: her called rate is her own rate plus the call's
// effect, so a called week that ends engaged more often than the prior mean m_i says is partly her own
// rate. Of her called row's prior variance v_i, u_i (her not-called posterior variance) is her own rate's
// share; under the Gaussian approximation of both (Beta moments), with q1_i her called posterior mean,
//
//     q0_i <- clip(q0_i + min(1, u_i / v_i) (q1_i - m_i), Q_EDGE, 1 - Q_EDGE)
//
// (v_i may be under u_i + tau^2 after the other state's calls), keeping the not-called Beta's weight
// a + b. Without the shift the estimated effect q1 - q0 takes all of her surprise, her own rate's error
// included: measured, the effects' error then exceeded that of the prior alone. The weight is kept because
// the approximation's smaller variance, u_i (1 - (u_i / v_i) n_i / (c_i + n_i)), proved too narrow
// (not-called rows covered 0.85-0.87 at 90 % on sclm and multilingual; 0.90-0.94 with the weight kept).

// Fallbacks, each a warning (estimate-warnings.ts: its kind and fields, in technical and plain words):
// - a thin group (fewer than `minGroupArms` beneficiaries with an observation in the row, or none with
//   two, which alone tell how much beneficiaries differ) takes the whole register's fit of that row;
// - no call from a state in the whole register: the called row's prior mean is her not-called mean
//   (the prior assumes a call changes nothing, so every index is 0 and the list is the seeded tie draw
//   among eligible beneficiaries until outcomes of calls arrive), with the not-called row's strength;
// - a not-called row the register never observes takes Beta(1, 1) (uniform).
// Plans use the posterior means; credibleInterval gives equal-tailed intervals (incomplete-beta.ts).
import type { AnyFeatures } from '../instance/feature-table.ts';
import type { FeatureSchema } from '../instance/types.ts';
import { groupBuckets } from '../measures/group-buckets.ts';
import { priorGroups } from './prior-groups.ts';
import { C_MAX, C_MIN, fitBetaBinomial, histogramStats, rowHistograms } from './beta-binomial-fit.ts';
import { CallEffects, type CallEffectFit } from './call-effect.ts';
import { fewUncalledWeeks, noCalls, smallGroups, type EstimateWarning } from './estimate-warnings.ts';
import { betaQuantile } from './incomplete-beta.ts';
import { passivePosteriors, posteriorArrays, posteriorRows } from './posterior-rows.ts';
import type { History } from './register.ts';
import type { CellArray } from '../instance/occupancy.ts';
import { countTransitions } from './count-transitions.ts';

export { countTransitions } from './count-transitions.ts';

export { C_MAX, C_MIN, fitBetaBinomial } from './beta-binomial-fit.ts';
export { priorGroups } from './prior-groups.ts';

export { Q_EDGE } from './posterior-rows.ts';

export interface EstimateOptions {
  /** The feature group whose buckets are the prior groups; null: one prior for the whole register. */
  groupBy: string | null;
  /**
   * Fewer beneficiaries than this with an observation in a row, and the group takes the register's prior; default 20.
   */
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
  source: 'group' | 'register' | 'call effect' | 'not-called row' | 'uniform';
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
  group: CellArray;
  /** Group labels (bucket labels) in bucket order. */
  groupLabels: string[];
  /** groups x 2 x 2 fits, then the register's 2 x 2 at the end (called rows: the register's call-effect fit). */
  priors: PriorFit[];
  /** Per state, the call-effect model of the called rows' prior means. */
  effects: CallEffectFit[];
  /** What the history is too thin to tell, with the fallback taken (estimate-warnings.ts words them). */
  warnings: EstimateWarning[];
}

/** The Beta posterior of every beneficiary's transitions (2 states), empirical Bayes per group. */
export function estimateTransitions(
  history: History,
  schema: FeatureSchema,
  features: AnyFeatures,
  numArms: number,
  options: EstimateOptions,
): TransitionPosterior {
  const N = numArms;
  const minGroupArms = options.minGroupArms ?? 20;
  const { group, labels } = priorGroups(schema, features, N, options.groupBy);
  const G = labels.length;
  const { n, k } = countTransitions(history, N);
  const { hist, side } = rowHistograms(n, k, group, G, N);
  const warnings: EstimateWarning[] = [];
  const priors: PriorFit[] = new Array((G + 1) * 4);
  // Not-called rows: the register first (thin groups fall back to it), then the groups.
  for (const row of [0, 2]) {
    const s = row >> 1;
    const h = hist[G * 2 + s];
    const stats = histogramStats(h, side);
    if (stats.arms > 0 && stats.informative > 0) {
      priors[G * 4 + row] = {
        group: 'all',
        state: s,
        action: 0,
        ...fitBetaBinomial(h, side),
        source: 'group',
        arms: stats.arms,
        observations: stats.observations,
      };
    } else {
      priors[G * 4 + row] = {
        group: 'all',
        state: s,
        action: 0,
        mean: 0.5,
        strength: 2,
        source: 'uniform',
        arms: stats.arms,
        observations: stats.observations,
      };
      warnings.push(fewUncalledWeeks(s, stats.observations));
    }
    for (let g = 0; g < G; g++) {
      const hg = hist[g * 2 + s];
      const sg = histogramStats(hg, side);
      priors[g * 4 + row] =
        sg.arms >= minGroupArms && sg.informative > 0
          ? {
              group: labels[g],
              state: s,
              action: 0,
              ...fitBetaBinomial(hg, side),
              source: 'group',
              arms: sg.arms,
              observations: sg.observations,
            }
          : {
              ...priors[G * 4 + row],
              group: labels[g],
              source: 'register',
              arms: sg.arms,
              observations: sg.observations,
            };
    }
  }
  const thin = priors.filter((p, i) => i < G * 4 && p && p.source === 'register');
  if (thin.length > 0) {
    warnings.push(
      smallGroups(
        options.groupBy!,
        minGroupArms,
        G * 2,
        thin.map((p) => ({ bucket: p.group, state: p.state })),
      ),
    );
  }
  // Her not-called posterior mean and variance (before her called weeks move the mean).
  const out = posteriorArrays(N);
  const pa = Float64Array.from(priors, (p) => (p ? p.mean * p.strength : 0)),
    pb = Float64Array.from(priors, (p) => (p ? (1 - p.mean) * p.strength : 0));
  passivePosteriors(out, n, k, pa, pb, group, G, N);
  // Called rows: her not-called mean plus the call effect predicted from her features.
  const all = groupBuckets(schema, features, N);
  const buckets = schema.groups.map((g, gi) => ({ bucket: all[gi], count: g.buckets.length }));
  const { passive, passiveVariance, callBase } = out;
  const prior = new CallEffects(n, k, passive, passiveVariance, buckets, N, [C_MIN, C_MAX], callBase),
    fits = prior.fits;
  const noCallsFrom = fits.map((fit) => fit.arms === 0);
  const noCallStrength = [0, 1].map((s) => priors[G * 4 + s * 2].strength);
  noCallsFrom.forEach((none, s) => none && warnings.push(noCalls(s)));
  // Every row once: the called row from her prior, then the not-called row, moved by her called weeks
  // (see the header) or as it is.
  const sums = posteriorRows(out, prior, n, k, pa, pb, group, G, N, noCallsFrom, noCallStrength);
  const { alpha, beta, transitions } = out;
  prior.meanStrengths(sums.strengths[0], sums.strengths[1]);
  for (let s = 0; s < 2; s++) {
    const fit = fits[s],
      row = s * 2 + 1;
    const fitRow: PriorFit = {
      group: 'all',
      state: s,
      action: 1,
      mean: sums.means[s] / N,
      strength: noCallsFrom[s] ? noCallStrength[s] : fit.strength,
      source: noCallsFrom[s] ? 'not-called row' : 'call effect',
      arms: fit.arms,
      observations: fit.calls,
    };
    priors[G * 4 + row] = fitRow;
    for (let g = 0; g < G; g++) priors[g * 4 + row] = { ...fitRow, group: labels[g] };
  }
  return { numArms: N, alpha, beta, transitions, group, groupLabels: labels, priors, effects: fits, warnings };
}

/** The equal-tailed credible interval [lo, hi] of P(engaged next week | state, action) for one arm. */
export function credibleInterval(
  posterior: TransitionPosterior,
  arm: number,
  state: number,
  action: number,
  level = 0.9,
): [number, number] {
  const cell = arm * 4 + state * 2 + action;
  const a = posterior.alpha[cell],
    b = posterior.beta[cell];
  const tail = (1 - level) / 2;
  return [betaQuantile(tail, a, b), betaQuantile(1 - tail, a, b)];
}
