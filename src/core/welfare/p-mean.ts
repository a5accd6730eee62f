// The generalized p-mean, the welfare family of SCLM and of the portfolio paper:
//   M_p(x; w) = (sum_i w_i x_i^p)^(1/p), weights w_i >= 0 summing to 1 (uniform when omitted),
//   M_1 = weighted arithmetic mean (utilitarian), M_0 = prod_i x_i^w_i (Nash, the exact limit),
//   M_-inf = min over clauses with positive weight (egalitarian, the exact limit).
//
// Zero and negative scores. Both papers define M_p on strictly positive vectors. Scores of exactly
// 0 occur in practice (min-max normalization gives the worst candidate a 0; a bucket can receive no
// utility), so a zero is accepted and M_p takes its limit from the right: for p <= 0 one zero with a
// positive weight makes M_p = 0 (as the portfolio paper's code does), for 0 < p <= 1 it simply adds
// nothing to the sum. Negative (or non-finite) scores are refused with a RangeError naming the
// index: the p-mean of a negative number is undefined for most p, and silently shifting or clipping
// would change which candidate wins. Callers make scores non-negative first (divide by the default
// policy's value, or min-max normalize). Clauses with weight 0 are ignored entirely.
//
// Numerics: p = 1 is the plain weighted sum (exact to rounding). Otherwise the sum is evaluated
// relative to the extreme entry c (the maximum for p > 0, the minimum for p < 0) in log space,
// M_p = c * exp(log1p(sum_i w_i expm1(p log(x_i / c))) / p), so every term lies in [-1, 0]: no
// overflow for scores near 1e308 or p = -1e6, no underflow to 0 for tiny scores, and no
// cancellation as p -> 0 (the expression tends to the geometric mean continuously).

/** The welfare of one score vector. `p` may be any number in [-Infinity, 1]. */
export function pMean(scores: ArrayLike<number>, p: number, weights?: ArrayLike<number>): number {
  const n = scores.length;
  if (n === 0) throw new RangeError('the p-mean needs at least one score');
  if (Number.isNaN(p) || p > 1) throw new RangeError(`p must be a number in [-inf, 1], got ${p}`);
  const w = checkedWeights(n, weights);
  let min = Infinity;
  let max = 0;
  for (let i = 0; i < n; i++) {
    const x = scores[i];
    if (!(x >= 0) || x === Infinity) {
      throw new RangeError(
        `score ${i + 1} is ${x}: the p-mean needs finite scores >= 0 (divide by the default's value or min-max ` +
          `normalize first)`,
      );
    }
    if (w[i] === 0) continue;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  if (max === 0) return 0;
  if (p === -Infinity) return min;
  if (p <= 0 && min === 0) return 0;
  if (p === 1) {
    let mean = 0;
    for (let i = 0; i < n; i++) mean += w[i] * scores[i];
    return mean;
  }
  if (p === 0) {
    const logMax = Math.log(max);
    let logSum = 0;
    for (let i = 0; i < n; i++) if (w[i] > 0) logSum += w[i] * (Math.log(scores[i]) - logMax);
    return max * Math.exp(logSum);
  }
  const c = p > 0 ? max : min;
  const logC = Math.log(c);
  let s = 0;
  for (let i = 0; i < n; i++) if (w[i] > 0) s += w[i] * Math.expm1(p * (Math.log(scores[i]) - logC));
  return c * Math.exp(Math.log1p(s) / p);
}

/** Uniform weights when none are given; otherwise checks them and rescales away rounding so they sum to exactly 1. */
function checkedWeights(n: number, weights?: ArrayLike<number>): Float64Array {
  const w = new Float64Array(n);
  if (weights === undefined) return w.fill(1 / n);
  if (weights.length !== n)
    throw new RangeError(`${weights.length} weights for ${n} scores: give one weight per score`);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = weights[i];
    if (!(v >= 0) || v === Infinity) throw new RangeError(`weight ${i + 1} is ${v}: weights must be finite and >= 0`);
    sum += v;
  }
  if (Math.abs(sum - 1) > 1e-9) throw new RangeError(`the weights sum to ${sum}, not 1`);
  for (let i = 0; i < n; i++) w[i] = weights[i] / sum;
  return w;
}
