// The call-effect model's fit (call-effect.ts's header gives the model): theta of one state by ridge
// least squares over the called, refitted without those the previous theta caps, and the Cholesky solve.
// Apart from call-effect.ts (each beneficiary's prior from the fit), which was past 300 lines with it.
import type { CallDesign } from './call-design.ts';

/** Pseudo-calls pulling each bucket effect toward the overall effect (allot's choice). */
export const RIDGE = 10;
/**
 * The called rows' prior mean is kept in [M_MIN, M_MAX] (a mean of 0 or 1 with the floor strength gives degenerate
 * intervals).
 */
export const M_MIN = 0.005,
  M_MAX = 0.995;
/** Fits of the effect, each without the beneficiaries the previous one caps. */
export const CLIP_PASSES = 4;

/** Working arrays of fitEffect, numArms long, lent from one state's fit to the next (fresh pages cost here). */
export interface FitScratch {
  on: Int32Array;
  weight: Uint16Array;
  capped: Uint8Array;
}

export const fitScratch = (numArms: number): FitScratch => ({
  on: new Int32Array(numArms),
  weight: new Uint16Array(numArms),
  capped: new Uint8Array(numArms),
});

/**
 * theta of one state: the ridge-regularised least squares of the header over the beneficiaries called from
 * s, refitted without those the previous theta caps (CLIP_PASSES fits at most). The normal matrix of all
 * the called is built once; a pass takes the capped ones' rows out of it (exact: sums of call counts).
 */
export function fitEffect(
  design: CallDesign,
  n: Uint16Array,
  k: Uint16Array,
  passive: Float64Array,
  s: number,
  N: number,
  scratch: FitScratch = fitScratch(N),
): { theta: Float64Array; arms: number; calls: number } {
  const p = design.p;
  let arms = 0,
    calls = 0;
  for (let arm = 0; arm < N; arm++) {
    const nn = n[arm * 4 + s * 2 + 1];
    if (nn === 0) continue;
    arms++;
    calls += nn;
  }
  let theta: Float64Array = new Float64Array(p);
  if (arms === 0) return { theta, arms, calls };
  const on = scratch.on,
    weight = scratch.weight;
  for (let arm = 0, i = 0; arm < N; arm++) {
    const nn = n[arm * 4 + s * 2 + 1];
    if (nn === 0) continue;
    on[i] = arm;
    weight[i++] = nn;
  }
  const all = design.normalMatrix(on, weight, arms);
  // A rate cannot pass 1, so a call adds min(effect, 1 - her rate): the fit runs again on the
  // beneficiaries whose predicted rate stays below the cap (Gauss-Newton on the clipped model; a
  // capped beneficiary's called rate does not depend on theta), CLIP_PASSES times in all.
  const capped = scratch.capped.fill(0, 0, arms);
  let cappedArms = new Int32Array(0),
    cappedWeight = new Uint16Array(0);
  for (let pass = 0; pass < CLIP_PASSES; pass++) {
    const A = all.slice();
    if (cappedArms.length > 0) {
      const out = design.normalMatrix(cappedArms, cappedWeight, cappedArms.length);
      for (let i = 0; i < A.length; i++) A[i] -= out[i];
    }
    for (let j = 1; j < p; j++) A[j * p + j] += RIDGE;
    const b = new Float64Array(p);
    for (let i = 0; i < arms; i++) {
      if (capped[i]) continue;
      const arm = on[i],
        nn = weight[i];
      design.addRow(b, arm, nn * (k[arm * 4 + s * 2 + 1] / nn - passive[arm * 2 + s]));
    }
    theta = solveSymmetric(A, b, p);
    if (pass === CLIP_PASSES - 1) break;
    // Only beneficiaries with calls enter the fit; the next pass is the same fit if none changes side.
    // Whoever stays below the cap with the largest effect is not capped (rounding is monotone).
    let changed = false,
      numCapped = 0;
    const top = design.maxEffect(theta);
    for (let i = 0; i < arms; i++) {
      const q = passive[on[i] * 2 + s];
      const cap = q + top >= M_MAX && q + design.effect(theta, on[i]) >= M_MAX ? 1 : 0;
      numCapped += cap;
      if (cap === capped[i]) continue;
      capped[i] = cap;
      changed = true;
    }
    if (!changed) break;
    cappedArms = new Int32Array(numCapped);
    cappedWeight = new Uint16Array(numCapped);
    for (let i = 0, j = 0; i < arms; i++) {
      if (!capped[i]) continue;
      cappedArms[j] = on[i];
      cappedWeight[j++] = weight[i];
    }
  }
  return { theta, arms, calls };
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
  const y = new Float64Array(p),
    x = new Float64Array(p);
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
