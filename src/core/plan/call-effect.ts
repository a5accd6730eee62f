// The prior of a beneficiary's called rows: her own not-called rate plus the effect of a call
// predicted from her features, with a strength fitted to the register (empirical Bayes).
//
// Why not the group's pooled called rate: a beneficiary is called a few times in half a year, so her
// called row is mostly prior, and a prior mean shared by a group ignores what her many not-called weeks
// say. Planning depends on the call's effect q(s, 1) - q(s, 0); a shared called mean makes the effect
// look large for those who rarely engage on their own and small for the others, whatever calls do.
// So, per state s, the prior mean of her called row is
//
//     m_i = clip(qbar_i(s, 0) + theta_0 + sum_g theta_{g, b_g(i)}, M_MIN, M_MAX)
//
// with qbar_i(s, 0) her not-called posterior mean and b_g(i) her bucket in feature group g: an additive
// effect over the buckets of every group. theta minimises the weighted least squares
//
// sum_{i not capped} n_i (k_i / n_i - qbar_i(s, 0) - theta_0 - sum_g theta_{g, b_g(i)})^2 + RIDGE * sum theta_{g,b}^2
//
// over beneficiaries with n_i > 0 called weeks from s (k_i of them ending engaged): the ridge term
// (RIDGE pseudo-calls pulling each bucket's effect to 0) keeps buckets with few calls near the mean
// effect theta_0 and makes the one-hot design solvable. "Capped": a rate cannot pass 1, so a call adds
// min(effect, 1 - her rate); those whose predicted rate reaches M_MAX say nothing about theta (their
// called rate is the cap whatever theta is) and would drag the effect down for everyone else. The fit
// is run CLIP_PASSES times, each without the beneficiaries the previous theta caps (Gauss-Newton on the
// clipped model). Measured: 0.1-0.2 points of the planning gap on sclm and multilingual (rates near 1).
//
// The prior's spread: her called rate differs from m_i by the error of her not-called mean (its
// posterior variance u_i, known) and by what the features do not explain (tau^2, the same for all).
// With a call or two per beneficiary a likelihood fit of the strength is nearly flat and runs off to
// "no spread" (intervals far too narrow), so tau^2 is the method-of-moments estimate: for binomial
// counts with a random rate, E[(k - n m)^2 - n m (1 - m)] = n (n - 1) E[(q - m)^2], hence
//
//     V = sum_i [(k_i - n_i m_i)^2 - n_i m_i (1 - m_i)] / sum_i n_i (n_i - 1),   tau^2 = max(TAU2_MIN, V - mean u_i),
//
// (the mean of u_i weighted by n_i (n_i - 1), as V is). Without beneficiaries of two or more called
// weeks, tau = TAU_DEFAULT. Her prior variance is v_i = u_i + tau^2.
//
// Her calls from the other state: the part of a call's effect that her features do not explain may be
// hers in both states, so her calls from one state tell about the other (fitted, not assumed: C is 0
// when the register shows no such link). The covariance, by moments over beneficiaries with calls
// from both states (different weeks, so independent binomial noises; her two not-called errors are
// independent too):
//
//     C = sum_i r_i(0) r_i(1) / sum_i n_i(0) n_i(1),   r_i(s) = k_i(s) - n_i(s) m_i(s),
//
// kept within +-RHO_MAX sqrt(tau_0^2 tau_1^2). For state s and the other state o with n_i(o) > 0 calls,
// her prior is the best linear prediction given her residual called rate e_i(o) = k_i(o) / n_i(o) - m_i(o),
// whose variance is w_i = v_i(o) + (m_i(o) (1 - m_i(o)) - v_i(o)) / n_i(o):
//
//     m_i(s) <- clip(m_i(s) + C e_i(o) / w_i, M_MIN, M_MAX),   v_i(s) <- v_i(s) - C^2 / w_i.
//
// Its Beta strength is c_i = m_i (1 - m_i) / v_i - 1, kept in [2, C_MAX] (at least the weight of a
// uniform prior). Measured on the built-in populations: correlation 0.57 (sclm), 0.72 (dlm), 0.9 (multilingual,
// at the cap; a cap of 0.99 changes no gap by more than 0.05 points); 0-0.5 points of the planning gap.
import { CallDesign, type GroupBuckets } from './call-design.ts';
import { fitEffect, fitScratch, M_MAX, M_MIN } from './call-effect-fit.ts';

export { CLIP_PASSES, M_MAX, M_MIN, RIDGE } from './call-effect-fit.ts';

/** The least spread of called rates around the prediction, and the spread when nothing tells (allot's choices). */
export const TAU2_MIN = 0.05 ** 2;
export const TAU_DEFAULT = 0.1;
/** The largest correlation allowed between her unexplained call effects in the two states. */
export const RHO_MAX = 0.9;
export interface CallEffectFit {
  state: number;
  /** theta_0: the effect of a call common to everyone. */
  intercept: number;
  /** theta per bucket, group after group in schema order. */
  bucketEffects: Float64Array;
  /** tau^2: the spread of called rates the features do not explain. */
  tau2: number;
  /** C: the covariance of her unexplained call effects in the two states (the same in both fits). */
  covariance: number;
  /** Mean prior strength c_i over the register (pseudo-weeks). */
  strength: number;
  /** Beneficiaries with a called week from this state, and called weeks. */
  arms: number;
  calls: number;
}

/**
 * Prior means of the called rows (numArms x 2, state-major per arm: mean[arm * 2 + s]), their strengths and
 * variances v_i (before the strength's bounds), and the fits: CallEffects' priors of every arm, as arrays.
 * n, k: numArms x 2 x 2 counts (countTransitions); passive: numArms x 2, qbar_i(s, 0);
 * buckets: per feature group, the bucket of each arm (-1: none) with its bucket count.
 */
export function fitCallEffects(
  n: Uint16Array,
  k: Uint16Array,
  passive: Float64Array,
  passiveVariance: Float64Array,
  buckets: GroupBuckets[],
  numArms: number,
  bounds: [number, number],
): { mean: Float64Array; strength: Float64Array; variance: Float64Array; fits: CallEffectFit[] } {
  const prior = new CallEffects(n, k, passive, passiveVariance, buckets, numArms, bounds);
  const mean = new Float64Array(numArms * 2),
    strength = new Float64Array(numArms * 2),
    variance = new Float64Array(numArms * 2);
  const total = [0, 0];
  for (let cell = 0; cell < numArms * 2; cell++) {
    prior.at(cell >> 1, cell & 1);
    mean[cell] = prior.m;
    strength[cell] = prior.c;
    variance[cell] = prior.v;
    total[cell & 1] += prior.c;
  }
  prior.meanStrengths(total[0], total[1]);
  return { mean, strength, variance, fits: prior.fits };
}

/**
 * The fitted call-effect model (the header's formulas) and each beneficiary's prior from it: at(arm, s) sets
 * m, v (before the strength's bounds) and c of her called row from s, with nothing stored per beneficiary but
 * her means before the other state's calls. The fits' mean strengths are summed by the caller, who reads every
 * beneficiary's prior anyway (a pass of its own over 10^6 beneficiaries cost as much as the caller's), and given
 * to meanStrengths.
 */
export class CallEffects {
  readonly fits: CallEffectFit[];
  m = 0;
  v = 0;
  c = 0;
  /** numArms x 2: m_i(s) before the other state's calls (clipped). */
  private readonly base: Float64Array;
  private readonly floor: number;
  private readonly numArms: number;

  constructor(
    private readonly n: Uint16Array,
    private readonly k: Uint16Array,
    passive: Float64Array,
    private readonly passiveVariance: Float64Array,
    buckets: GroupBuckets[],
    numArms: number,
    private readonly bounds: [number, number],
    /** Where to keep her base means (numArms x 2; posterior-rows.ts lends one), else a new array. */
    base: Float64Array = new Float64Array(numArms * 2),
  ) {
    const N = numArms;
    const design = new CallDesign(buckets, N);
    const scratch = fitScratch(N);
    const thetas = [0, 1].map((s) => fitEffect(design, n, k, passive, s, N, scratch));
    // Her prior means, and tau^2 by moments over beneficiaries with two or more called weeks from s; then
    // the covariance of her unexplained effects in the two states, all in one pass:
    //     C = sum_i r_i(0) r_i(1) / sum_i n_i(0) n_i(1),   r_i(s) = k_i(s, 1) - n_i(s, 1) m_i(s),
    // over beneficiaries called from both (different weeks: independent binomial noises), kept to a
    // correlation within +-RHO_MAX.
    this.base = base;
    let num0 = 0,
      den0 = 0,
      u0 = 0,
      num1 = 0,
      den1 = 0,
      u1 = 0,
      cross = 0,
      pairs = 0;
    const [theta0, theta1] = thetas.map((t) => t.theta);
    for (let arm = 0; arm < N; arm++) {
      design.effects(theta0, theta1, arm);
      const e0 = passive[arm * 2] + design.effect0,
        e1 = passive[arm * 2 + 1] + design.effect1;
      const m0 = e0 < M_MIN ? M_MIN : e0 > M_MAX ? M_MAX : e0,
        m1 = e1 < M_MIN ? M_MIN : e1 > M_MAX ? M_MAX : e1;
      base[arm * 2] = m0;
      base[arm * 2 + 1] = m1;
      const n0 = n[arm * 4 + 1],
        n1 = n[arm * 4 + 3],
        r0 = k[arm * 4 + 1] - n0 * m0,
        r1 = k[arm * 4 + 3] - n1 * m1;
      if (n0 >= 2) {
        const w = n0 * (n0 - 1);
        num0 += r0 * r0 - n0 * m0 * (1 - m0);
        den0 += w;
        u0 += w * passiveVariance[arm * 2];
      }
      if (n1 >= 2) {
        const w = n1 * (n1 - 1);
        num1 += r1 * r1 - n1 * m1 * (1 - m1);
        den1 += w;
        u1 += w * passiveVariance[arm * 2 + 1];
      }
      if (n0 === 0 || n1 === 0) continue;
      cross += r0 * r1;
      pairs += n0 * n1;
    }
    const tau2 = (num: number, den: number, u: number) =>
      den > 0 ? Math.max(TAU2_MIN, num / den - u / den) : TAU_DEFAULT ** 2;
    this.fits = [tau2(num0, den0, u0), tau2(num1, den1, u1)].map((t, s) => {
      const { theta, arms, calls } = thetas[s];
      return {
        state: s,
        intercept: theta[0],
        bucketEffects: theta.slice(1),
        tau2: t,
        covariance: 0,
        strength: 0,
        arms,
        calls,
      };
    });
    const limit = RHO_MAX * Math.sqrt(this.fits[0].tau2 * this.fits[1].tau2);
    this.fits[0].covariance = this.fits[1].covariance =
      pairs > 0 ? Math.max(-limit, Math.min(limit, cross / pairs)) : 0;
    this.floor = Math.max(2, bounds[0]);
    this.numArms = N;
  }

  /** Sets each fit's mean strength from the sums of c over every arm (at(arm, s) in arm order), per state. */
  meanStrengths(total0: number, total1: number): void {
    this.fits[0].strength = total0 / this.numArms;
    this.fits[1].strength = total1 / this.numArms;
  }

  /**
   * Her prior in state s conditioned on her residual rate in the other state o, e = k_i(o, 1) / n_i(o, 1) - m_i(o),
   * of variance w = v_i(o) + (m_i(o) (1 - m_i(o)) - v_i(o)) / n_i(o, 1):  m_i(s) += C e / w,  v_i(s) -= C^2 / w.
   */
  at(arm: number, s: number): void {
    const { n, k, base, passiveVariance, fits } = this,
      C = fits[0].covariance;
    const o = 1 - s,
      no = n[arm * 4 + o * 2 + 1];
    let m = base[arm * 2 + s],
      v = passiveVariance[arm * 2 + s] + fits[s].tau2;
    if (no > 0 && C !== 0) {
      const mo = base[arm * 2 + o],
        vo = passiveVariance[arm * 2 + o] + fits[o].tau2;
      const w = vo + (mo * (1 - mo) - vo) / no;
      m += (C * (k[arm * 4 + o * 2 + 1] / no - mo)) / w;
      v -= (C * C) / w;
      m = m < M_MIN ? M_MIN : m > M_MAX ? M_MAX : m;
    }
    const c = (m * (1 - m)) / v - 1;
    this.m = m;
    this.v = v;
    this.c = c < this.floor ? this.floor : c > this.bounds[1] ? this.bounds[1] : c;
  }
}
