// The estimator's counts (estimate-transitions.ts) from the history as it is kept: a week's calls as bits, its
// states as bits too when read from a plan file (week-states.ts), else a byte each. Apart from the estimator
// because it is the one reader of every week of the history, and the form of the weeks is known here.
import { MISSING, type History } from './register.ts';
import { weekBytes, type StatePlane } from './week-states.ts';

/** Observations per (arm, state, action): n (weeks) and k (of them ending engaged); numArms x 2 x 2 each. */
export function countTransitions(history: History, numArms: number): { n: Uint16Array; k: Uint16Array } {
  const n = new Uint16Array(numArms * 4),
    k = new Uint16Array(numArms * 4);
  const { states, called } = history;
  for (let w = 0; w + 1 < states.length; w++) {
    const a = states[w],
      b = states[w + 1],
      act = called[w].bits;
    if (!ArrayBuffer.isView(a) && !ArrayBuffer.isView(b)) {
      countPlanes(a, b, act, numArms, n, k);
      continue;
    }
    const from = weekBytes(a),
      to = weekBytes(b);
    // eight arms a byte of the week's calls (bit-plane.ts)
    for (let i = 0, arm = 0; arm < numArms; i++) {
      const calls = act[i],
        end = Math.min(arm + 8, numArms);
      for (let bit = 0; arm < end; arm++, bit++) {
        const s = from[arm],
          t = to[arm];
        if (s === MISSING || t === MISSING) continue;
        const cell = arm * 4 + s * 2 + ((calls >> bit) & 1);
        n[cell]++;
        k[cell] += t;
      }
    }
  }
  return { n, k };
}

/** One week's counts from planes: eight arms a byte of each (states, calls, and the unobserved of either). */
function countPlanes(
  from: StatePlane,
  to: StatePlane,
  act: Uint8Array,
  numArms: number,
  n: Uint16Array,
  k: Uint16Array,
): void {
  const f = from.bits,
    t = to.bits,
    mf = from.missing,
    mt = to.missing;
  for (let i = 0, arm = 0; arm < numArms; i++) {
    const s = f[i],
      e = t[i],
      calls = act[i],
      seen = ~((mf ? mf[i] : 0) | (mt ? mt[i] : 0)),
      end = Math.min(arm + 8, numArms);
    for (let bit = 0; arm < end; arm++, bit++) {
      if (!((seen >> bit) & 1)) continue;
      const cell = arm * 4 + ((s >> bit) & 1) * 2 + ((calls >> bit) & 1);
      n[cell]++;
      k[cell] += (e >> bit) & 1;
    }
  }
}
