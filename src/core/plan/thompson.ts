// Learning while acting: plan the week on one posterior draw of every beneficiary's transitions
// (Thompson sampling) instead of the posterior means, so that a mother whose call effect is uncertain
// is sometimes called and learnt about. The draws are the ones the list's uncertainty marks already
// take (a Beta draw per (state, action) row by the engine's sampler, sample-beta.ts), from a stream of
// their own per week so that the week's tie draw and marks stay as they are. test/bench/thompson.ts
// measures both ways.
import type { TransitionPosterior } from './estimate-transitions.ts';
import { seededRandom, type Random } from '../random/seeded-random.ts';
import type { BetaSampler } from './sample-beta.ts';

/** How the week's list reads the posterior: its means, or one draw (Thompson sampling). */
export type Exploration = 'means' | 'thompson';

/**
 * One draw of every row: numArms x 2 x 2 x 2 transitions, P(next | state, action), into `out`, by `sample`
 * (the engine's, IndexFunction.sampleBeta) seeded by the next 32 bits of `random`, as posteriorDrawIndex.
 */
export function drawTransitions(
  posterior: TransitionPosterior,
  sample: BetaSampler,
  random: Random,
  out = new Float64Array(posterior.numArms * 8),
): Float64Array {
  sample(posterior.alpha, posterior.beta, random.int(2 ** 32), out);
  return out;
}

/** The seed of the week's Thompson draw from its tie seed (weekSeed(settings.seed, week)): not the ties' stream. */
export function thompsonSeed(tieSeed: number): number {
  let z = Math.imul((tieSeed ^ 0x5bd1e995) >>> 0, 0x9e3779b1) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The transitions the week's list is planned on: the posterior means, or the week's one draw. */
export function planningTransitions(
  posterior: TransitionPosterior,
  exploration: Exploration,
  tieSeed: number,
  sample: BetaSampler,
): Float64Array {
  if (exploration === 'means') return posterior.transitions;
  return drawTransitions(posterior, sample, seededRandom(thompsonSeed(tieSeed)));
}
