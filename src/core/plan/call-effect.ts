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
//     sum_{i not capped} n_i (k_i / n_i - qbar_i(s, 0) - theta_0 - sum_g theta_{g, b_g(i)})^2 + RIDGE * sum theta_{g,b}^2
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
import type { CellArray } from '../instance/occupancy.ts';

/** Pseudo-calls pulling each bucket effect toward the overall effect (allot's choice). */
export const RIDGE = 10;
/** The least spread of called rates around the prediction, and the spread when nothing tells (allot's choices). */
export const TAU2_MIN = 0.05 ** 2;
export const TAU_DEFAULT = 0.1;
/** The called rows' prior mean is kept in [M_MIN, M_MAX] (a mean of 0 or 1 with the floor strength gives degenerate intervals). */
export const M_MIN = 0.005, M_MAX = 0.995;
/** The largest correlation allowed between her unexplained call effects in the two states. */
export const RHO_MAX = 0.9;
/** Fits of the effect, each without the beneficiaries the previous one caps. */
export const CLIP_PASSES = 4;

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
 * variances v_i (before the strength's bounds), and the fits.
 * n, k: numArms x 2 x 2 counts (countTransitions); passive: numArms x 2, qbar_i(s, 0);
 * buckets: per feature group, the bucket of each arm (-1: none) with its bucket count.
 */
export function fitCallEffects(
  n: Uint16Array, k: Uint16Array, passive: Float64Array, passiveVariance: Float64Array, buckets: { bucket: CellArray; count: number }[], numArms: number, [cMin, cMax]: [number, number],
): { mean: Float64Array; strength: Float64Array; variance: Float64Array; fits: CallEffectFit[] } {
  const N = numArms;
  const offsets: number[] = [];
  let p = 1;
  for (const g of buckets) {
    offsets.push(p);
    p += g.count;
  }
  const mean = new Float64Array(N * 2), strength = new Float64Array(N * 2), variance = new Float64Array(N * 2);
  const fits: CallEffectFit[] = [];
  // Each arm's design columns (intercept, then one bucket per group), -1 where she has no bucket.
  const G = buckets.length, width = G + 1;
  const design = new Int32Array(N * width);
  for (let arm = 0; arm < N; arm++) {
    design[arm * width] = 0;
    for (let gi = 0; gi < G; gi++) {
      const b = buckets[gi].bucket[arm];
      design[arm * width + 1 + gi] = b >= 0 ? offsets[gi] + b : -1;
    }
  }
  for (let s = 0; s < 2; s++) {
    let arms = 0, calls = 0;
    for (let arm = 0; arm < N; arm++) {
      const nn = n[arm * 4 + s * 2 + 1];
      if (nn === 0) continue;
      arms++;
      calls += nn;
    }
    // A rate cannot pass 1, so a call adds min(effect, 1 - her rate): the fit runs again on the
    // beneficiaries whose predicted rate stays below the cap (Gauss-Newton on the clipped model; a
    // capped beneficiary's called rate does not depend on theta), CLIP_PASSES times in all.
    let theta: Float64Array = new Float64Array(p);
    const capped = new Uint8Array(N);
    for (let pass = 0; pass < CLIP_PASSES && arms > 0; pass++) {
      const A = new Float64Array(p * p), b = new Float64Array(p);
      for (let arm = 0; arm < N; arm++) {
        const cell = arm * 4 + s * 2 + 1;
        const nn = n[cell];
        if (nn === 0 || capped[arm]) continue;
        const y = k[cell] / nn - passive[arm * 2 + s];
        const row = arm * width;
        for (let x = 0; x < width; x++) {
          const cx = design[row + x];
          if (cx < 0) continue;
          b[cx] += nn * y;
          // Columns increase along a row (intercept, then groups in order): fill the upper triangle.
          for (let z = x; z < width; z++) {
            const cz = design[row + z];
            if (cz >= 0) A[cx * p + cz] += nn;
          }
        }
      }
      for (let i = 0; i < p; i++) for (let j = 0; j < i; j++) A[i * p + j] = A[j * p + i];
      for (let j = 1; j < p; j++) A[j * p + j] += RIDGE;
      theta = solveSymmetric(A, b, p);
      if (pass === CLIP_PASSES - 1) break;
      // Only beneficiaries with calls enter the fit; the next pass is the same fit if none changes side.
      let changed = false;
      for (let arm = 0; arm < N; arm++) {
        if (n[arm * 4 + s * 2 + 1] === 0) continue;
        let effect = theta[0];
        for (let x = 1; x < width; x++) {
          const c = design[arm * width + x];
          if (c >= 0) effect += theta[c];
        }
        const cap = passive[arm * 2 + s] + effect >= M_MAX ? 1 : 0;
        if (cap !== capped[arm]) {
          capped[arm] = cap;
          changed = true;
        }
      }
      if (!changed) break;
    }
    for (let arm = 0; arm < N; arm++) {
      let effect = theta[0];
      for (let x = 1; x < width; x++) {
        const c = design[arm * width + x];
        if (c >= 0) effect += theta[c];
      }
      const m = passive[arm * 2 + s] + effect;
      mean[arm * 2 + s] = m < M_MIN ? M_MIN : m > M_MAX ? M_MAX : m;
    }
    // tau^2 by moments, over beneficiaries with two or more called weeks from s.
    let num = 0, den = 0, u = 0;
    for (let arm = 0; arm < N; arm++) {
      const cell = arm * 4 + s * 2 + 1, nn = n[cell];
      if (nn < 2) continue;
      const m = mean[arm * 2 + s], r = k[cell] - nn * m, w = nn * (nn - 1);
      num += r * r - nn * m * (1 - m);
      den += w;
      u += w * passiveVariance[arm * 2 + s];
    }
    const tau2 = den > 0 ? Math.max(TAU2_MIN, num / den - u / den) : TAU_DEFAULT ** 2;
    fits.push({ state: s, intercept: theta[0], bucketEffects: theta.slice(1), tau2, covariance: 0, strength: 0, arms, calls });
  }
  // Her calls from the other state: what the features do not explain of a call's effect may be hers in
  // both states. Their covariance by moments over beneficiaries called from both states (the two
  // states' calls are different weeks, so their binomial noises are independent):
  //     C = sum_i r_i(0) r_i(1) / sum_i n_i(0) n_i(1),   r_i(s) = k_i(s, 1) - n_i(s, 1) m_i(s),
  // kept to a correlation within +-RHO_MAX. Her prior in state s is then conditioned on her residual
  // rate in the other state o, e = k_i(o, 1) / n_i(o, 1) - m_i(o), of variance
  // w = v_i(o) + (m_i(o) (1 - m_i(o)) - v_i(o)) / n_i(o, 1):  m_i(s) += C e / w,  v_i(s) -= C^2 / w.
  let cross = 0, pairs = 0;
  for (let arm = 0; arm < N; arm++) {
    const n0 = n[arm * 4 + 1], n1 = n[arm * 4 + 3];
    if (n0 === 0 || n1 === 0) continue;
    cross += (k[arm * 4 + 1] - n0 * mean[arm * 2]) * (k[arm * 4 + 3] - n1 * mean[arm * 2 + 1]);
    pairs += n0 * n1;
  }
  const limit = RHO_MAX * Math.sqrt(fits[0].tau2 * fits[1].tau2);
  const C = pairs > 0 ? Math.max(-limit, Math.min(limit, cross / pairs)) : 0;
  fits[0].covariance = fits[1].covariance = C;
  const totals = [0, 0];
  for (let arm = 0; arm < N; arm++) {
    const m0 = mean[arm * 2], m1 = mean[arm * 2 + 1];
    const v0 = passiveVariance[arm * 2] + fits[0].tau2, v1 = passiveVariance[arm * 2 + 1] + fits[1].tau2;
    for (let s = 0; s < 2; s++) {
      const o = 1 - s, no = n[arm * 4 + o * 2 + 1];
      let m = s === 0 ? m0 : m1, v = s === 0 ? v0 : v1;
      if (no > 0 && C !== 0) {
        const mo = s === 0 ? m1 : m0, vo = s === 0 ? v1 : v0;
        const w = vo + (mo * (1 - mo) - vo) / no;
        m += (C * (k[arm * 4 + o * 2 + 1] / no - mo)) / w;
        v -= (C * C) / w;
        m = m < M_MIN ? M_MIN : m > M_MAX ? M_MAX : m;
      }
      mean[arm * 2 + s] = m;
      variance[arm * 2 + s] = v;
      const c = (m * (1 - m)) / v - 1;
      totals[s] += strength[arm * 2 + s] = c < Math.max(2, cMin) ? Math.max(2, cMin) : c > cMax ? cMax : c;
    }
  }
  fits[0].strength = totals[0] / N;
  fits[1].strength = totals[1] / N;
  return { mean, strength, variance, fits };
}

/** Solves A x = b for symmetric positive definite A (p x p, row-major) by Cholesky. */
function solveSymmetric(A: Float64Array, b: Float64Array, p: number): Float64Array {
  const L = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = A[i * p + j];
      for (let m = 0; m < j; m++) sum -= L[i * p + m] * L[j * p + m];
      // The intercept's diagonal has no ridge: an empty design leaves it 0, so guard the pivot.
      L[i * p + j] = i === j ? Math.sqrt(Math.max(sum, 1e-12)) : sum / L[j * p + j];
    }
  }
  const y = new Float64Array(p), x = new Float64Array(p);
  for (let i = 0; i < p; i++) {
    let sum = b[i];
    for (let m = 0; m < i; m++) sum -= L[i * p + m] * y[m];
    y[i] = sum / L[i * p + i];
  }
  for (let i = p - 1; i >= 0; i--) {
    let sum = y[i];
    for (let m = i + 1; m < p; m++) sum -= L[m * p + i] * x[m];
    x[i] = sum / L[i * p + i];
  }
  return x;
}
