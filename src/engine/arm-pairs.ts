// The layout the 2-state index kernel reads (assembly/whittle.ts), for callers that fill it directly
// and index through Engine.whittle2Pairs: 48 bytes per arm, the closed form's inputs alone, so that
// the engine copies them in with one pass instead of packing 80 bytes of rows per arm.
//
// Arms 2k and 2k + 1 share a block of 12 f64, each value of the two side by side: q00, q01, q10, q11
// (q_sa = P(next = 1 | s, a)), r0, r1. When the count is odd, the last block's second lane is not read
// into any index.

/** f64 values of the pair layout of numArms arms (12 per two arms). */
export const armPairsLength = (numArms: number): number => ((numArms + 1) >> 1) * 12;

/** Arm `arm`'s inputs at their places in `pairs`. */
export function setArmPair(
  pairs: Float64Array,
  arm: number,
  q00: number,
  q01: number,
  q10: number,
  q11: number,
  r0: number,
  r1: number,
): void {
  const b = (arm >> 1) * 12 + (arm & 1);
  pairs[b] = q00;
  pairs[b + 2] = q01;
  pairs[b + 4] = q10;
  pairs[b + 6] = q11;
  pairs[b + 8] = r0;
  pairs[b + 10] = r1;
}

/** The pair layout of arms given as the engine's rows (transitions N x 2 x 2 x 2, rewards N x 2). */
export function armPairsFromRows(transitions: Float64Array, rewards: Float64Array): Float64Array {
  const N = rewards.length / 2,
    pairs = new Float64Array(armPairsLength(N));
  for (let arm = 0; arm < N; arm++) {
    const t = arm * 8;
    const [q00, q01, q10, q11] = [transitions[t + 1], transitions[t + 3], transitions[t + 5], transitions[t + 7]];
    setArmPair(pairs, arm, q00, q01, q10, q11, rewards[arm * 2], rewards[arm * 2 + 1]);
  }
  return pairs;
}
