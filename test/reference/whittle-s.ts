// Slow, obviously correct twin of the S-state Whittle index: the optimal value at each subsidy is the
// componentwise maximum over all 2^S deterministic policies, each evaluated exactly.

/** transitions of one arm: S x 2 x S, P(next | s, a); rewards: S. */
export interface ArmS {
  transitions: Float64Array;
  rewards: Float64Array;
}

/** Solves A x = b (Gaussian elimination with partial pivoting); A is n x n row-major. */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let i = c + 1; i < n; i++) if (Math.abs(M[i][c]) > Math.abs(M[p][c])) p = i;
    [M[c], M[p]] = [M[p], M[c]];
    for (let i = c + 1; i < n; i++) {
      const f = M[i][c] / M[c][c];
      for (let j = c; j <= n; j++) M[i][j] -= f * M[c][j];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let acc = M[i][n];
    for (let j = i + 1; j < n; j++) acc -= M[i][j] * x[j];
    x[i] = acc / M[i][i];
  }
  return x;
}

/** V of the policy `actions` at subsidy lambda: (I - beta P_a) V = r + lambda (1 - a). */
export function policyValue(arm: ArmS, S: number, beta: number, lambda: number, actions: number[]): number[] {
  const A = actions.map((a, s) =>
    Array.from({ length: S }, (_, j) => (s === j ? 1 : 0) - beta * arm.transitions[(s * 2 + a) * S + j]),
  );
  return solve(
    A,
    actions.map((a, s) => arm.rewards[s] + (a === 0 ? lambda : 0)),
  );
}

/** The optimal values: the componentwise maximum over every deterministic policy. */
export function optimalValue(arm: ArmS, S: number, beta: number, lambda: number): number[] {
  const best = new Array<number>(S).fill(-Infinity);
  for (let code = 0; code < 1 << S; code++) {
    const v = policyValue(
      arm,
      S,
      beta,
      lambda,
      Array.from({ length: S }, (_, s) => (code >> s) & 1),
    );
    for (let s = 0; s < S; s++) best[s] = Math.max(best[s], v[s]);
  }
  return best;
}

/** Q(s, active) - Q(s, passive) at subsidy lambda. */
export function activeAdvantage(arm: ArmS, S: number, beta: number, lambda: number, s: number): number {
  const v = optimalValue(arm, S, beta, lambda);
  let ea = 0,
    ep = 0;
  for (let j = 0; j < S; j++) {
    ea += arm.transitions[(s * 2 + 1) * S + j] * v[j];
    ep += arm.transitions[s * 2 * S + j] * v[j];
  }
  return beta * ea - (lambda + beta * ep);
}

/** W(s) for every state by bisection on a bracket scaled to the rewards, to 1e-13 relative. */
export function bisectionWhittleS(arm: ArmS, S: number, beta: number): number[] {
  const r = Array.from(arm.rewards);
  const span = (Math.max(...r) - Math.min(...r)) / (1 - beta) + 1;
  return Array.from({ length: S }, (_, s) => {
    let lo = -span,
      hi = span;
    while (hi - lo > 1e-13 * Math.max(1, Math.abs(lo), Math.abs(hi))) {
      const mid = (lo + hi) / 2;
      if (activeAdvantage(arm, S, beta, mid, s) > 0) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  });
}

/** Whether the active set only shrinks as lambda grows, scanned on a grid over [-span, span]. */
export function monotoneOnGrid(arm: ArmS, S: number, beta: number, points = 801): boolean {
  const r = Array.from(arm.rewards);
  const span = (2 * beta * (Math.max(...r) - Math.min(...r))) / (1 - beta) + 1e-9;
  let prev: boolean[] | undefined;
  for (let p = 0; p < points; p++) {
    const lambda = -span + (2 * span * p) / (points - 1);
    const active = Array.from({ length: S }, (_, s) => activeAdvantage(arm, S, beta, lambda, s) > 1e-12 * span);
    if (prev && active.some((a, s) => a && !prev![s])) return false;
    prev = active;
  }
  return true;
}

/** The optimal values at subsidy lambda by policy iteration from all-active (exact evaluation of each policy). */
export function optimalValueByPolicyIteration(arm: ArmS, S: number, beta: number, lambda: number): number[] {
  let actions = new Array<number>(S).fill(1);
  for (let iter = 0; iter < 100; iter++) {
    const v = policyValue(arm, S, beta, lambda, actions);
    const next = actions.map((a, s) => {
      let d = -lambda;
      for (let j = 0; j < S; j++)
        d += beta * (arm.transitions[(s * 2 + 1) * S + j] - arm.transitions[s * 2 * S + j]) * v[j];
      // switch only on a strict improvement, so that ties cannot make the iteration cycle
      const tol = 1e-13 * (Math.abs(lambda) + Math.abs(v[s]) + 1e-300);
      return a === 1 && d < -tol ? 0 : a === 0 && d > tol ? 1 : a;
    });
    if (next.every((a, s) => a === actions[s])) return v;
    actions = next;
  }
  throw new Error('policy iteration did not converge');
}

/** W(s) for every state by bisection to 1e-13 relative, with policy iteration at each probe (any S). */
export function bisectionWhittleSByPolicyIteration(arm: ArmS, S: number, beta: number): number[] {
  const r = Array.from(arm.rewards);
  const span = (Math.max(...r) - Math.min(...r)) / (1 - beta) + 1;
  return Array.from({ length: S }, (_, s) => {
    let lo = -span,
      hi = span;
    while (hi - lo > 1e-13 * Math.max(1, Math.abs(lo), Math.abs(hi))) {
      const mid = (lo + hi) / 2;
      const v = optimalValueByPolicyIteration(arm, S, beta, mid);
      let d = -mid;
      for (let j = 0; j < S; j++)
        d += beta * (arm.transitions[(s * 2 + 1) * S + j] - arm.transitions[s * 2 * S + j]) * v[j];
      if (d > 0) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  });
}
