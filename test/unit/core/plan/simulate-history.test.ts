// The simulated history's 2-state path (its draws written out for two weights) against the general
// categorical draw it replaces, on rows with zero weights, certainties and weights that do not sum to 1.
import { planeBytes } from '../../../../src/core/plan/bit-plane.ts';
import { describe, expect, test } from 'vitest';
import { effectArrays } from '../../../../src/core/datasets/generators/two-state.ts';
import { simulateEffectHistory, simulateHistory } from '../../../../src/core/plan/simulate-history.ts';
import { categoricalAt, categoricalOf, seededRandom, type Random } from '../../../../src/core/random/seeded-random.ts';
import { weekBytes } from '../../../../src/core/plan/week-states.ts';

/** The twin: the loop before its 2-state path, categoricalOf for every arm. */
function slowHistory(t: Float64Array, initial: Float64Array, N: number, weeks: number, calls: number, random: Random) {
  const states: Uint8Array[] = [],
    called: Uint8Array[] = [];
  let state = new Uint8Array(N);
  for (let arm = 0; arm < N; arm++) state[arm] = categoricalAt(random.next, initial, arm * 2, 2);
  const pool = new Int32Array(N),
    uniform = new Float64Array(4096);
  for (let w = 0; w < weeks; w++) {
    states.push(state);
    const act = new Uint8Array(N);
    if (w < weeks - 1) {
      for (let i = 0; i < N; i++) pool[i] = i;
      for (let i = 0; i < calls; i++) {
        const j = i + random.int(N - i);
        [pool[i], pool[j]] = [pool[j], pool[i]];
        act[pool[i]] = 1;
      }
      const after = new Uint8Array(N);
      for (let from = 0; from < N; from += 4096) {
        const to = Math.min(N, from + 4096);
        random.fill(uniform, 0, to - from);
        for (let arm = from; arm < to; arm++)
          after[arm] = categoricalOf(uniform[arm - from], t, ((arm * 2 + state[arm]) * 2 + act[arm]) * 2, 2);
      }
      state = after;
    }
    called.push(act);
  }
  return { states, called };
}

describe('simulated 2-state histories', () => {
  test('draw the states the general categorical draw gives, edge rows included', () => {
    const N = 5000,
      u = seededRandom(9);
    const rows = [
      [0, 0],
      [0, 1],
      [1, 0],
      [0.25, 0.5], // not summing to 1
      [1e-300, 0],
    ];
    const t = new Float64Array(N * 8),
      initial = new Float64Array(N * 2);
    for (let k = 0; k < N * 4; k++) {
      const row = k % 7 < rows.length ? rows[(k * 13) % rows.length] : [u.next(), 0];
      const q = row[1] === 0 && k % 7 >= rows.length ? row[0] : row[1];
      [t[2 * k], t[2 * k + 1]] = k % 7 >= rows.length ? [1 - q, q] : row;
    }
    for (let arm = 0; arm < N; arm++) [initial[2 * arm], initial[2 * arm + 1]] = [0.4, 0.6];
    const fast = simulateHistory(t, initial, N, 2, 6, 700, seededRandom(4));
    const slow = slowHistory(t, initial, N, 6, 700, seededRandom(4));
    expect(fast.states.map((s) => Array.from(weekBytes(s)))).toEqual(slow.states.map((s) => Array.from(weekBytes(s))));
    expect(fast.called.map((s) => Array.from(planeBytes(s)))).toEqual(slow.called.map((s) => Array.from(s)));
  });

  test('from effect draws, the states of the rows setEffectArm writes from them, clips and edges included', () => {
    const N = 5000,
      u = seededRandom(11);
    // q00, q10, effect: certainties, effects pushing past 1, a passive chain with no stationary point (q00 = 0,
    // q10 = 1: denominator 0), zero effects
    const edges = [
      [0, 1, 0.3],
      [1, 1, 0],
      [0, 0, 0],
      [0.9, 0.95, 0.2],
      [1e-300, 1, 1e-300],
    ];
    const draws = new Float64Array(N * 3);
    for (let arm = 0; arm < N; arm++) {
      const d = arm % 9 < edges.length ? edges[arm % 9] : [u.next(), u.next(), u.next() * 0.3];
      draws.set(d, arm * 3);
    }
    const { transitions, initial } = effectArrays(draws, N);
    const rows = simulateHistory(transitions, initial, N, 2, 6, 700, seededRandom(4));
    const fromDraws = simulateEffectHistory(draws, N, 6, 700, seededRandom(4));
    expect(fromDraws.states.map((s) => Array.from(weekBytes(s)))).toEqual(
      rows.states.map((s) => Array.from(weekBytes(s))),
    );
    expect(fromDraws.called.map((s) => Array.from(planeBytes(s)))).toEqual(
      rows.called.map((s) => Array.from(planeBytes(s))),
    );
  });
});
