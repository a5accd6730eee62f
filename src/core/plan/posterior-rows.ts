// The estimator's first and last passes over the beneficiaries (estimate-transitions.ts's header gives the
// formulas): her not-called posterior means and variances, then her four rows as Beta parameters and posterior
// means. Apart from estimate-transitions.ts, which had reached 300 lines.
//
// The working columns (the not-called means and variances, the call prior's base means: 2 numbers per
// beneficiary each) live in the upper parts of the output arrays (alpha, beta: 4 numbers each; transitions: 8),
// because a fresh page costs about 20 us here and those 48 MB at 10^6 were a tenth of the estimate's time. The
// last pass reads everything of beneficiary i before it writes her rows, and her rows only overwrite working
// values of beneficiaries up to i: alpha's row i is [4i, 4i + 4), and the means of j at 2N + 2j, 2N + 2j + 1
// meet it only when 2j = 4i - 2N + (0..3), so j <= 2i - N + 1 <= i; transitions' row [8i, 8i + 8) meets the base
// means of j at 6N + 2j.. only for j <= 4i - 3N + 3 <= i (with i <= N - 1: j <= i).
import type { CellArray } from '../instance/occupancy.ts';
import type { CallEffects } from './call-effect.ts';

/** A not-called mean moved by her called weeks stays this far inside (0, 1). */
export const Q_EDGE = 1e-3;

export interface PosteriorArrays {
  /** numArms x 2 x 2 (arm, state, action): Beta parameters; numArms x 2 x 2 x 2 posterior means. */
  alpha: Float64Array;
  beta: Float64Array;
  transitions: Float64Array;
  /** numArms x 2 each, working columns within the arrays above (overwritten by posteriorRows). */
  passive: Float64Array;
  passiveVariance: Float64Array;
  callBase: Float64Array;
}

/** The output arrays with the working columns laid in their upper parts (see the header). */
export function posteriorArrays(N: number): PosteriorArrays {
  const alpha = new Float64Array(N * 4),
    beta = new Float64Array(N * 4),
    transitions = new Float64Array(N * 8);
  return {
    alpha,
    beta,
    transitions,
    passive: alpha.subarray(N * 2),
    passiveVariance: beta.subarray(N * 2),
    callBase: transitions.subarray(N * 6),
  };
}

/**
 * Her not-called posterior mean and variance per state (before her called weeks move the mean), from her
 * group's prior pseudo-counts pa, pb ((G + 1) x 2 x 2: the register's last) and her counts n, k.
 */
export function passivePosteriors(
  out: PosteriorArrays,
  n: Uint16Array,
  k: Uint16Array,
  pa: Float64Array,
  pb: Float64Array,
  group: CellArray,
  G: number,
  N: number,
): void {
  const { passive, passiveVariance } = out;
  for (let arm = 0; arm < N; arm++) {
    const base = (group[arm] >= 0 ? group[arm] : G) * 4;
    for (let s = 0; s < 2; s++) {
      const cell = arm * 4 + s * 2;
      const a = pa[base + s * 2] + k[cell],
        b = pb[base + s * 2] + n[cell] - k[cell];
      passive[arm * 2 + s] = a / (a + b);
      passiveVariance[arm * 2 + s] = (a * b) / ((a + b) * (a + b) * (a + b + 1));
    }
  }
}

/**
 * Every row once: the called row from her prior (`prior.at`; from a state never called from, her not-called
 * mean with `noCallStrength`), then the not-called row, moved by her called weeks or as it is. Returns per state
 * the sums of the called rows' prior means and of their strengths c (in arm order).
 */
export function posteriorRows(
  out: PosteriorArrays,
  prior: CallEffects,
  n: Uint16Array,
  k: Uint16Array,
  pa: Float64Array,
  pb: Float64Array,
  group: CellArray,
  G: number,
  N: number,
  noCallsFrom: boolean[],
  noCallStrength: number[],
): { means: number[]; strengths: number[] } {
  const { alpha, beta, transitions, passive, passiveVariance } = out;
  const means = [0, 0],
    strengths = [0, 0];
  const m = [0, 0],
    v = [0, 0],
    c = [0, 0],
    q = [0, 0],
    u = [0, 0];
  for (let arm = 0; arm < N; arm++) {
    // everything of hers read first: her rows overwrite her working values
    for (let s = 0; s < 2; s++) {
      prior.at(arm, s);
      m[s] = prior.m;
      v[s] = prior.v;
      c[s] = prior.c;
      q[s] = passive[arm * 2 + s];
      u[s] = passiveVariance[arm * 2 + s];
    }
    const base = (group[arm] >= 0 ? group[arm] : G) * 4;
    for (let s = 0; s < 2; s++) {
      const cell = arm * 4 + s * 2 + 1,
        none = noCallsFrom[s];
      const mean = none ? q[s] : m[s];
      const strength = none ? noCallStrength[s] : c[s];
      means[s] += mean;
      strengths[s] += c[s];
      const a1 = mean * strength + k[cell],
        b1 = (1 - mean) * strength + n[cell] - k[cell],
        q1 = a1 / (a1 + b1);
      alpha[cell] = a1;
      beta[cell] = b1;
      transitions[cell * 2] = 1 - q1;
      transitions[cell * 2 + 1] = q1;
      let a0 = pa[base + s * 2] + k[cell - 1],
        b0 = pb[base + s * 2] + n[cell - 1] - k[cell - 1];
      if (!none && n[cell] > 0) {
        const share = Math.min(1, u[s] / v[s]);
        const q0 = Math.min(1 - Q_EDGE, Math.max(Q_EDGE, q[s] + share * (q1 - mean)));
        const weight = a0 + b0;
        a0 = q0 * weight;
        b0 = (1 - q0) * weight;
      }
      const q0 = a0 / (a0 + b0);
      alpha[cell - 1] = a0;
      beta[cell - 1] = b0;
      transitions[cell * 2 - 2] = 1 - q0;
      transitions[cell * 2 - 1] = q0;
    }
  }
  return { means, strengths };
}
