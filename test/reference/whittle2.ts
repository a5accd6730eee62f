// Slow, obviously correct twins of the 2-state Whittle index kernels, for tests only.
//
// Model: 2 states, 2 actions; at subsidy lambda the passive action earns r(s) + lambda, the active r(s).
// The Whittle index W(s) is the lambda at which both actions are optimal in s.

/** P(next = 1 | s, a) as q[s][a]. */
export type Q = [[number, number], [number, number]];

/** The closed form of shared/bench/README.md, in the same order of operations. */
export function closedFormWhittle2(q: Q, r: [number, number], beta: number): [number, number] {
  const dr = r[1] - r[0];
  const g0 = (q[0][1] - q[0][0]) * dr;
  const g1 = (q[1][1] - q[1][0]) * dr;
  const dp = 1 - beta * (q[1][0] - q[0][0]);
  const da = 1 - beta * (q[1][1] - q[0][1]);
  if (g0 >= g1) {
    const w0 = (beta * g0) / dp;
    return [w0, Math.min((beta * g1) / da, w0)];
  }
  const w1 = (beta * g1) / dp;
  return [Math.min((beta * g0) / da, w1), w1];
}

/** Value of the deterministic policy (a0, a1) at subsidy lambda: solves (I - beta P) V = r + lambda (1 - a). */
function policyValue(q: Q, r: [number, number], beta: number, lambda: number, a: [number, number]): [number, number] {
  const p0 = q[0][a[0]]; // P(0 -> 1)
  const p1 = q[1][a[1]]; // P(1 -> 1)
  const c0 = r[0] + (a[0] === 0 ? lambda : 0);
  const c1 = r[1] + (a[1] === 0 ? lambda : 0);
  // [1 - beta(1-p0), -beta p0; -beta(1-p1), 1 - beta p1] V = c
  const m00 = 1 - beta * (1 - p0),
    m01 = -beta * p0,
    m10 = -beta * (1 - p1),
    m11 = 1 - beta * p1;
  const det = m00 * m11 - m01 * m10;
  return [(c0 * m11 - m01 * c1) / det, (m00 * c1 - m10 * c0) / det];
}

/** Optimal value by enumerating all four deterministic policies (the optimum dominates them all). */
function optimalValue(q: Q, r: [number, number], beta: number, lambda: number): [number, number] {
  let best: [number, number] = [-Infinity, -Infinity];
  for (const a0 of [0, 1])
    for (const a1 of [0, 1]) {
      const v = policyValue(q, r, beta, lambda, [a0, a1]);
      best = [Math.max(best[0], v[0]), Math.max(best[1], v[1])];
    }
  return best;
}

/** Active minus passive Q-value in state s at subsidy lambda. */
export function activeAdvantage(q: Q, r: [number, number], beta: number, lambda: number, s: 0 | 1): number {
  const v = optimalValue(q, r, beta, lambda);
  const next = (a: 0 | 1) => q[s][a] * v[1] + (1 - q[s][a]) * v[0];
  return r[s] + beta * next(1) - (r[s] + lambda + beta * next(0));
}

/** W(s) by bisection on lambda with exact policy evaluation at each probe. */
export function bisectionWhittle2(q: Q, r: [number, number], beta: number, tol = 1e-13): [number, number] {
  const span = Math.abs(r[1] - r[0]) / (1 - beta) + 1;
  return [0, 1].map((s) => {
    let lo = -span,
      hi = span; // active is preferred below the index, passive above
    while (hi - lo > tol * Math.max(1, Math.abs(lo), Math.abs(hi))) {
      const mid = (lo + hi) / 2;
      if (activeAdvantage(q, r, beta, mid, s as 0 | 1) > 0) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  }) as [number, number];
}
