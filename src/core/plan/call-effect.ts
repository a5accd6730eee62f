// The prior of a beneficiary's called rows: her own not-called rate plus the effect of a call
// predicted from her features, with a strength fitted to the register (empirical Bayes).
//
// Why not the group's pooled called rate: a beneficiary is called a few times in half a year, so her
// called row is mostly prior, and a prior mean shared by a group ignores what her many not-called weeks
// say. Planning depends on the call's effect q(s, 1) - q(s, 0); a shared called mean makes the effect
// look large for those who rarely engage on their own and small for the others, whatever calls do.
// So, per state s, the prior mean of her called row is
//
//     m_i = clip(qbar_i(s, 0) + theta_0 + sum_g theta_{g, b_g(i)}, 0.005, 0.995)
//
// with qbar_i(s, 0) her not-called posterior mean and b_g(i) her bucket in feature group g: an additive
// effect over the buckets of every group. theta minimises the weighted least squares
//
//     sum_i n_i (k_i / n_i - qbar_i(s, 0) - theta_0 - sum_g theta_{g, b_g(i)})^2 + RIDGE * sum theta_{g,b}^2
//
// over beneficiaries with n_i > 0 called weeks from s (k_i of them ending engaged): the ridge term
// (RIDGE pseudo-calls pulling each bucket's effect to 0) keeps buckets with few calls near the mean
// effect theta_0 and makes the one-hot design solvable.
//
// The prior's spread: her called rate differs from m_i by the error of her not-called mean (its
// posterior variance u_i, known) and by what the features do not explain (tau^2, the same for all).
// With a call or two per beneficiary a likelihood fit of the strength is nearly flat and runs off to
// "no spread" (intervals far too narrow), so tau^2 is the method-of-moments estimate: for binomial
// counts with a random rate, E[(k - n m)^2 - n m (1 - m)] = n (n - 1) E[(q - m)^2], hence
//
//     V = sum_i [(k_i - n_i m_i)^2 - n_i m_i (1 - m_i)] / sum_i n_i (n_i - 1),   tau^2 = max(TAU2_MIN, V - mean u_i),
//
// (the mean of u_i weighted by n_i (n_i - 1), as V is). Her prior variance is v_i = u_i + tau^2 and its
// strength c_i = m_i (1 - m_i) / v_i - 1 (kept in [2, C_MAX]: at least the weight of a uniform prior). Without beneficiaries of two or more
// called weeks, tau = TAU_DEFAULT.

/** Pseudo-calls pulling each bucket effect toward the overall effect (allot's choice). */
export const RIDGE = 10;
/** The least spread of called rates around the prediction, and the spread when nothing tells (allot's choices). */
export const TAU2_MIN = 0.05 ** 2;
export const TAU_DEFAULT = 0.1;

export interface CallEffectFit {
  state: number;
  /** theta_0: the effect of a call common to everyone. */
  intercept: number;
  /** theta per bucket, group after group in schema order. */
  bucketEffects: Float64Array;
  /** tau^2: the spread of called rates the features do not explain. */
  tau2: number;
  /** Mean prior strength c_i over the register (pseudo-weeks). */
  strength: number;
  /** Beneficiaries with a called week from this state, and called weeks. */
  arms: number;
  calls: number;
}

/**
 * Prior means of the called rows (numArms x 2, state-major per arm: mean[arm * 2 + s]) and the fits.
 * n, k: numArms x 2 x 2 counts (countTransitions); passive: numArms x 2, qbar_i(s, 0);
 * buckets: per feature group, the bucket of each arm (-1: none) with its bucket count.
 */
export function fitCallEffects(
  n: Uint16Array, k: Uint16Array, passive: Float64Array, passiveVariance: Float64Array, buckets: { bucket: Int32Array; count: number }[], numArms: number, [cMin, cMax]: [number, number],
): { mean: Float64Array; strength: Float64Array; fits: CallEffectFit[] } {
  const N = numArms;
  const offsets: number[] = [];
  let p = 1;
  for (const g of buckets) {
    offsets.push(p);
    p += g.count;
  }
  const mean = new Float64Array(N * 2), strength = new Float64Array(N * 2);
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
    const A = new Float64Array(p * p), b = new Float64Array(p);
    let arms = 0, calls = 0;
    for (let arm = 0; arm < N; arm++) {
      const cell = arm * 4 + s * 2 + 1;
      const nn = n[cell];
      if (nn === 0) continue;
      arms++;
      calls += nn;
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
    const theta = arms > 0 ? solveSymmetric(A, b, p) : new Float64Array(p);
    for (let arm = 0; arm < N; arm++) {
      let effect = theta[0];
      for (let x = 1; x < width; x++) {
        const c = design[arm * width + x];
        if (c >= 0) effect += theta[c];
      }
      const m = passive[arm * 2 + s] + effect;
      mean[arm * 2 + s] = m < 0.005 ? 0.005 : m > 0.995 ? 0.995 : m;
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
    let total = 0;
    for (let arm = 0; arm < N; arm++) {
      const m = mean[arm * 2 + s], v = passiveVariance[arm * 2 + s] + tau2;
      const c = (m * (1 - m)) / v - 1;
      total += strength[arm * 2 + s] = c < Math.max(2, cMin) ? Math.max(2, cMin) : c > cMax ? cMax : c;
    }
    fits.push({ state: s, intercept: theta[0], bucketEffects: theta.slice(1), tau2, strength: total / N, arms, calls });
  }
  return { mean, strength, fits };
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
