// The layout the 2-state index kernel reads (assembly/whittle.ts), here so that the core can fill it where
// it makes the transitions (the weekly plan's estimator) and the engine index it through
// Engine.whittle2Pairs: 48 bytes per arm, the closed form's inputs alone, copied into WASM with one pass
// instead of 80 bytes of rows per arm packed there.
//
// Arms 2k and 2k + 1 share a block of 12 f64, each value of the two side by side: q00, q01, q10, q11
// (q_sa = P(next = 1 | s, a)), r0, r1. When the count is odd, the last block's second lane is not read
// into any index.

/** f64 values of the pair layout of numArms arms (12 per two arms). */
export const armPairsLength = (numArms: number): number => ((numArms + 1) >> 1) * 12;

/** Where arm `arm`'s q00 is in the layout (q_sa at + (2 s + a) * 2, r_s at + 8 + 2 s). */
export const armPairAt = (arm: number): number => (arm >> 1) * 12 + (arm & 1);

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
  const b = armPairAt(arm);
  pairs[b] = q00;
  pairs[b + 2] = q01;
  pairs[b + 4] = q10;
  pairs[b + 6] = q11;
  pairs[b + 8] = r0;
  pairs[b + 10] = r1;
}

/** Every arm's rewards (numArms x 2) into their places, the q's left as they are. */
export function setPairRewards(pairs: Float64Array, rewards: Float64Array): void {
  const N = rewards.length >> 1;
  for (let arm = 0; arm < N; arm++) {
    const b = armPairAt(arm);
    pairs[b + 8] = rewards[arm * 2];
    pairs[b + 10] = rewards[arm * 2 + 1];
  }
}

/** The pair layout of arms given as the engine's rows (transitions N x 2 x 2 x 2, rewards N x 2). */
export function armPairsFromRows(transitions: Float64Array, rewards: Float64Array): Float64Array {
  const pairs = qPairsFromRows(transitions);
  setPairRewards(pairs, rewards);
  return pairs;
}

/**
 * The pair layout of the q's of 2-state rows (transitions N x 2 x 2 x 2), two arms a step, into `out` when given
 * (a caller's spent scratch: a fresh page costs more than this pass), else a new array; rewards left as they are
 * (the indexer sets them), an odd count's unused lane 0.
 */
export function qPairsFromRows(
  transitions: Float64Array,
  out = new Float64Array(armPairsLength(transitions.length >> 3)),
): Float64Array {
  const N = transitions.length >> 3,
    pairs = out;
  if (pairs.length !== armPairsLength(N))
    throw new RangeError(`the pair layout of ${N} arms has ${armPairsLength(N)} values, not ${pairs.length}`);
  for (let arm = 0, b = 0; arm < N; arm += 2, b += 12) {
    const t = arm * 8,
      odd = arm + 1 === N;
    pairs[b] = transitions[t + 1];
    pairs[b + 2] = transitions[t + 3];
    pairs[b + 4] = transitions[t + 5];
    pairs[b + 6] = transitions[t + 7];
    pairs[b + 1] = odd ? 0 : transitions[t + 9];
    pairs[b + 3] = odd ? 0 : transitions[t + 11];
    pairs[b + 5] = odd ? 0 : transitions[t + 13];
    pairs[b + 7] = odd ? 0 : transitions[t + 15];
    if (odd) pairs[b + 9] = pairs[b + 11] = 0;
  }
  return pairs;
}

/**
 * The pair layout kept beside 2-state transitions (N x 2 x 2 x 2) by the code that made them (their q's equal,
 * rewards filled by whoever indexes), found by the transitions array (never changed in place once made).
 */
const twins = new WeakMap<Float64Array, Float64Array>();

export function keepPairTwin(transitions: Float64Array, pairs: Float64Array): void {
  const N = transitions.length / 8;
  if (pairs.length !== armPairsLength(N))
    throw new RangeError(`the pair layout of ${N} arms has ${armPairsLength(N)} values, not ${pairs.length}`);
  twins.set(transitions, pairs);
}

export const pairTwin = (transitions: Float64Array): Float64Array | undefined => twins.get(transitions);
