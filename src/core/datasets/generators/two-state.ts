// Helpers shared by the built-in generators for 2-state arms (state 1 engaged, 0 not).
import type { Random } from '../../random/seeded-random.ts';

/** The zeroed arrays of `numArms` 2-state arms with `numFeatures` features each (layouts as in Instance). */
export function twoStateArrays(
  numArms: number,
  numFeatures: number,
): { features: Float64Array; transitions: Float64Array; initial: Float64Array } {
  return {
    features: new Float64Array(numArms * numFeatures),
    transitions: new Float64Array(numArms * 8),
    initial: new Float64Array(numArms * 2),
  };
}

/**
 * Writes one arm's transitions from q[s][a] = P(next = 1 | state s, action a).
 * Layout (as Instance.transitions): arm x state x action x next, 8 numbers per arm.
 */
export function setTwoState(
  transitions: Float64Array,
  arm: number,
  q00: number,
  q01: number,
  q10: number,
  q11: number,
): void {
  const o = arm * 8;
  transitions[o] = 1 - q00;
  transitions[o + 1] = q00;
  transitions[o + 2] = 1 - q01;
  transitions[o + 3] = q01;
  transitions[o + 4] = 1 - q10;
  transitions[o + 5] = q10;
  transitions[o + 6] = 1 - q11;
  transitions[o + 7] = q11;
}

/**
 * allot's choice for every generator: an arm starts in the stationary distribution of its passive
 * chain (the population as the program finds it without calls): P(engaged) = q00 / (q00 + 1 - q10).
 */
export function setPassiveStationary(initial: Float64Array, arm: number, q00: number, q10: number): void {
  const denominator = q00 + 1 - q10;
  const engaged = denominator > 1e-12 ? q00 / denominator : 0.5;
  initial[arm * 2] = 1 - engaged;
  initial[arm * 2 + 1] = engaged;
}

/**
 * The feature-driven intervention effect of SCLM appendix C.3 (steps 3-5): the weighted sum of
 * feature values x in [0, 1] is rescaled to [0, 1] over its possible range (allot's choice: SCLM
 * does not publish the mean), times `scale`; the effect is drawn from N(mean, sigma) and floored at
 * 0 (allot's choice: a call never lowers engagement).
 */
export function drawEffect(
  random: Random,
  weights: readonly number[],
  x: ArrayLike<number>,
  scale: number,
  sigma: number,
): number {
  return effectOf(weights, x, scale, sigma, random.normal());
}

/** drawEffect with its standard normal drawn beforehand (by a generator reading its uniforms from a block). */
export function effectOf(
  weights: readonly number[],
  x: ArrayLike<number>,
  scale: number,
  sigma: number,
  normal: number,
): number {
  let z = 0;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < weights.length; i++) {
    z += weights[i] * x[i];
    if (weights[i] < 0) lo += weights[i];
    else hi += weights[i];
  }
  const mean = hi > lo ? (scale * (z - lo)) / (hi - lo) : 0;
  return Math.max(0, mean + sigma * normal);
}

/**
 * One arm whose active action adds `effect` (from drawEffect) to both passive probabilities
 * q00 = P(engaged next | not engaged) and q10 = P(engaged next | engaged), clipped to [0, 1]; it
 * starts in the stationary distribution of its passive chain.
 */
export function setEffectArm(
  transitions: Float64Array,
  initial: Float64Array,
  arm: number,
  q00: number,
  q10: number,
  effect: number,
): void {
  setTwoState(transitions, arm, q00, clip01(q00 + effect), q10, clip01(q10 + effect));
  setPassiveStationary(initial, arm, q00, q10);
}

export const clip01 = (p: number) => (p < 0 ? 0 : p > 1 ? 1 : p);

/**
 * Effect arms as drawn, 3 values per arm: q00 and q10 (passive) and the call's effect, the arguments of
 * setEffectArm. A generated register's history is simulated from these (simulate-history.ts: the same
 * arithmetic, so the same states) instead of from 80 bytes of rows per arm made only to be read once.
 */
export const EFFECT_DRAW_VALUES = 3;

/** The instance arrays (transitions, initial) of effect draws: setEffectArm on each arm. */
export function effectArrays(
  draws: Float64Array,
  numArms: number,
): { transitions: Float64Array; initial: Float64Array } {
  const { transitions, initial } = twoStateArrays(numArms, 0);
  for (let arm = 0, d = 0; arm < numArms; arm++, d += EFFECT_DRAW_VALUES)
    setEffectArm(transitions, initial, arm, draws[d], draws[d + 1], draws[d + 2]);
  return { transitions, initial };
}
