// The lines' intervals (line-intervals.ts), which copy the last call's intervals of lines whose arm and
// Beta parameters are the same, against their twin, credibleInterval line by line: over calls whose lines
// overlap, with the level, her state or the posterior's parameters (in place) changed between calls.
import { describe, expect, test } from 'vitest';
import { credibleInterval, type TransitionPosterior } from '../../../../src/core/plan/estimate-transitions.ts';
import { lineIntervals } from '../../../../src/core/plan/line-intervals.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

function slowIntervals(posterior: TransitionPosterior, state: Uint8Array, arms: Int32Array, level: number) {
  return Float64Array.from(
    Array.from(arms).flatMap((arm) => [
      ...credibleInterval(posterior, arm, state[arm], 1, level),
      ...credibleInterval(posterior, arm, state[arm], 0, level),
    ]),
  );
}

describe('lineIntervals', () => {
  test('the twin line by line, over calls that share lines and change what the intervals read', () => {
    const r = seededRandom(5);
    const N = 300;
    const alpha = Float64Array.from({ length: N * 4 }, () => 0.2 + 40 * r.next()),
      beta = Float64Array.from({ length: N * 4 }, () => 0.2 + 40 * r.next());
    const posterior = { numArms: N, alpha, beta } as TransitionPosterior;
    const state = Uint8Array.from({ length: N }, () => r.int(2));
    let level = 0.9;
    for (let call = 0; call < 40; call++) {
      const change = call % 5;
      if (change === 1) level = [0.9, 0.8, 0.95][r.int(3)];
      if (change === 2) for (let k = 0; k < 20; k++) alpha[r.int(N * 4)] = 0.2 + 40 * r.next();
      if (change === 3) for (let k = 0; k < 20; k++) state[r.int(N)] ^= 1;
      const arms = Int32Array.from({ length: r.int(120) }, () => r.int(N));
      const fast = lineIntervals(posterior, state, arms, level);
      expect(Array.from(fast)).toEqual(Array.from(slowIntervals(posterior, state, arms, level)));
      fast.fill(-1); // the list's array is the caller's: the next call does not read it
    }
  });
});
