// SCLM's guarantee under noisy scores (Proposition 1, Appendix D). If every observed score is within
// a multiplicative factor of the truth, (1 - eps) s <= s_hat <= (1 + eps) s entrywise with
// 0 <= eps < 1, then monotonicity and positive homogeneity of M_p give
//   (1 - eps) M_p(s) <= M_p(s_hat) <= (1 + eps) M_p(s)
// for every candidate, so the candidate R_hat chosen on the noisy scores and the true best R* satisfy
//   M_p(s(R*)) <= M_p(s_hat(R*)) / (1 - eps) <= M_p(s_hat(R_hat)) / (1 - eps) <= (1 + eps) / (1 - eps) M_p(s(R_hat)),
// i.e. the relative regret 1 - M_p(s(R_hat)) / M_p(s(R*)) is at most 1 - (1 - eps)/(1 + eps) = 2 eps / (1 + eps),
// for every p and any weights. The bound is attained (see the tests).
//
// The paper's text as extracted (papers/sclm-balancing-act.txt) has lost every formula: Proposition 1
// reads "The relative regret is bounded by ." and Appendix D's proof keeps only its equation numbers.
// Those fit this derivation step for step: (8) monotonicity, (9)-(10) homogeneity, (11) the two-sided
// bound, (12)-(14) applied to R* and R_hat with R_hat's maximality, (15) combined, (16)-(18) the regret
// 1 - M(s(R_hat))/M(s(R*)) <= 1 - (1 - eps)/(1 + eps) = 2 eps / (1 + eps). No other form is stated.

/** The largest relative regret that multiplicative score noise of size `epsilon` in [0, 1) can cause. */
export function relativeRegretBound(epsilon: number): number {
  if (!(epsilon >= 0 && epsilon < 1)) throw new RangeError(`the noise level must be in [0, 1), got ${epsilon}`);
  return (2 * epsilon) / (1 + epsilon);
}
