// Exhaustive subsidy scan, the slow twin of the indexability verdict of assembly/whittle-s.ts.
//
// Under a fixed policy the advantage of acting in state i is affine in the subsidy lambda:
// delta_i(lambda) = z_i - lambda (1 - y_i). The optimal policy can only change where some policy's advantage
// crosses 0, so the zeros of all 2^S x S lines contain every switching point; between two consecutive zeros
// the optimal action of every state is constant. The scan probes one subsidy inside each such interval (and
// beyond both ends) and reads the optimal actions from the exact optimal values (all 2^S policies), so a flip
// of any width between two indices is seen.
import { optimalValue, policyValue, type ArmS } from './whittle-s.ts';

/** z_i and y_i of the advantage lines of one deterministic policy (actions[s] = 1 active). */
export function advantageLines(arm: ArmS, S: number, beta: number, actions: number[]): { z: number[]; y: number[] } {
  const at0 = policyValue(arm, S, beta, 0, actions); // V at lambda = 0: (I - beta P) V = r
  const at1 = policyValue(arm, S, beta, 1, actions); // at lambda = 1, so V1 - V0 = (I - beta P)^-1 p
  const diff = (s: number, v: number[]) => {
    let d = 0;
    for (let j = 0; j < S; j++)
      d += beta * (arm.transitions[(s * 2 + 1) * S + j] - arm.transitions[s * 2 * S + j]) * v[j];
    return d;
  };
  const w = at1.map((x, j) => x - at0[j]);
  return { z: at0.map((_, s) => diff(s, at0)), y: at0.map((_, s) => diff(s, w)) };
}

export interface ScanResult {
  indexable: boolean;
  /** Indexable and, under every optimal policy of the scan, every advantage strictly decreasing (y < 1). */
  stronglyIndexable: boolean;
  /** Per state, how often its optimal action changes as the subsidy grows (1 for an indexable arm). */
  switches: number[];
  /** Per state, the probes bracketing the index of an indexable arm: [last subsidy active, first passive]. */
  brackets: [number, number][];
}

/** The optimal action of every state at every probe subsidy (1 active, 0 passive, -1 indifferent within tol). */
export function scanIndexability(arm: ArmS, S: number, beta: number): ScanResult {
  const r = Array.from(arm.rewards);
  const scale = (beta * (Math.max(...r) - Math.min(...r))) / (1 - beta) + 1e-300;
  const zeros: number[] = [];
  for (let code = 0; code < 1 << S; code++) {
    const actions = Array.from({ length: S }, (_, s) => (code >> s) & 1);
    const { z, y } = advantageLines(arm, S, beta, actions);
    for (let i = 0; i < S; i++) if (Math.abs(1 - y[i]) > 1e-13) zeros.push(z[i] / (1 - y[i]));
  }
  zeros.sort((a, b) => a - b);
  const distinct = zeros.filter((x, k) => k === 0 || x - zeros[k - 1] > 1e-12 * scale);
  const probes = [distinct[0] - scale - 1];
  for (let k = 0; k + 1 < distinct.length; k++) probes.push((distinct[k] + distinct[k + 1]) / 2);
  probes.push(distinct[distinct.length - 1] + scale + 1);
  const switches = new Array<number>(S).fill(0);
  const last = new Array<number>(S).fill(-1);
  const brackets: [number, number][] = Array.from({ length: S }, () => [-Infinity, Infinity]);
  let increasing = true;
  for (const lambda of probes) {
    const v = optimalValue(arm, S, beta, lambda);
    const actions: number[] = [];
    for (let s = 0; s < S; s++) {
      let ea = 0,
        ep = 0;
      for (let j = 0; j < S; j++) {
        ea += arm.transitions[(s * 2 + 1) * S + j] * v[j];
        ep += arm.transitions[s * 2 * S + j] * v[j];
      }
      const d = beta * ea - (lambda + beta * ep);
      const a = Math.abs(d) <= 1e-11 * scale ? -1 : d > 0 ? 1 : 0;
      actions.push(a);
      if (a < 0) continue;
      if (last[s] >= 0 && a !== last[s]) switches[s]++;
      last[s] = a;
      if (a === 1) brackets[s][0] = Math.max(brackets[s][0], lambda);
      else brackets[s][1] = Math.min(brackets[s][1], lambda);
    }
    if (actions.every((a) => a >= 0)) {
      const { y } = advantageLines(arm, S, beta, actions);
      if (y.some((x) => x >= 1)) increasing = false;
    }
  }
  const indexable = switches.every((n) => n <= 1) && brackets.every(([lo, hi]) => lo < hi);
  return { indexable, stronglyIndexable: indexable && increasing, switches, brackets };
}
