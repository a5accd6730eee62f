// Each line's credible intervals of P(engaged next week), called and not (weekly-list.ts keeps them for
// the first INTERVAL_LINES lines). Four Beta quantiles a line cost 3-4 ms a list at 10^6 (the continued
// fraction of each step, incomplete-beta.ts), so the last list's lines are kept with the Beta
// parameters they came from: the next list (a replan of the week, its other settings) copies the
// interval of every line whose arm and parameters are the same (a quantile is a function of them and
// the level alone: the same bits) and computes the others, each pair's two quantiles sharing log B(a, b)
// (betaInterval: the bits of credibleInterval's).
import type { TransitionPosterior } from './estimate-transitions.ts';
import { betaInterval } from './incomplete-beta.ts';

/** Lines whose credible intervals come with the list (the rest on request, with lineIntervals). */
export const INTERVAL_LINES = 1000;

/** The last call's lines: the line of each arm, per line its Beta parameters (called a, b, not a, b) and intervals. */
let kept: { level: number; line: Map<number, number>; params: Float64Array; out: Float64Array } | null = null;

/**
 * arms.length x 4: the credible interval of P(engaged next week) if called (lo, hi) and if not called (lo, hi), from
 * her current state.
 */
export function lineIntervals(
  posterior: TransitionPosterior,
  state: Uint8Array,
  arms: Int32Array,
  level: number,
): Float64Array {
  const { alpha, beta } = posterior;
  const out = new Float64Array(arms.length * 4),
    params = new Float64Array(arms.length * 4),
    line = new Map<number, number>();
  const before = kept?.level === level ? kept : null;
  for (let j = 0; j < arms.length; j++) {
    const arm = arms[j];
    // the cells credibleInterval reads: arm * 4 + state * 2 + action
    const called = arm * 4 + state[arm] * 2 + 1,
      not = called - 1;
    const p = 4 * j;
    params[p] = alpha[called];
    params[p + 1] = beta[called];
    params[p + 2] = alpha[not];
    params[p + 3] = beta[not];
    line.set(arm, j);
    const i = before?.line.get(arm);
    if (i !== undefined && sameParams(before!.params, 4 * i, params, p)) {
      out.set(before!.out.subarray(4 * i, 4 * i + 4), p);
      continue;
    }
    [out[p], out[p + 1]] = betaInterval(params[p], params[p + 1], level);
    [out[p + 2], out[p + 3]] = betaInterval(params[p + 2], params[p + 3], level);
  }
  // a copy: the list's array is the caller's
  kept = { level, line, params, out: out.slice() };
  return out;
}

function sameParams(x: Float64Array, i: number, y: Float64Array, j: number): boolean {
  return x[i] === y[j] && x[i + 1] === y[j + 1] && x[i + 2] === y[j + 2] && x[i + 3] === y[j + 3];
}
