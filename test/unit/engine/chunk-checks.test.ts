// The loader checks a chunk's distributions as samplingThresholds converts them (assembly/simulate.ts), and checks
// them in JS only when the kernel finds a row that is not one: on inputs with bad values of every kind (NaN, out of
// [0, 1], sums just inside and just outside 1e-9 of 1, bad rewards after bad rows), in chunks of any size, it refuses
// exactly what validateChunk refuses, with the same message, and accepts the rest.
import { beforeAll, describe, expect, test } from 'vitest';
import { armChunk, shapeOf, validateChunk } from '../../../src/engine/arm-chunks.ts';
import type { Engine } from '../../../src/engine/engine.ts';
import { loadEngineNode } from '../../../src/engine/load-node.ts';
import type { SimulationInput } from '../../../src/engine/simulation.ts';
import { randomDistributions } from '../../reference/random-distributions.ts';
import { seededRandom } from '../../reference/seeded-random.ts';

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode('debug');
});

const BAD = [NaN, -1e-300, 1 + 2 ** -52, 1.5, Infinity, -Infinity, -0];
const SHIFTS = [0.9e-9, 1e-9, 1.1e-9, 2e-9, -1.1e-9, -0.9e-9];

/** A random input of N arms of S states, with `flaws` values spoilt (a value, a row's sum, or a reward). */
function spoilt(N: number, S: number, flaws: number, u: () => number): SimulationInput {
  const transitions = randomDistributions(u, N * S * 2, S),
    initial = randomDistributions(u, N, S),
    rewards = Float64Array.from({ length: N * S }, () => u());
  for (let f = 0; f < flaws; f++) {
    const table = u() < 0.7 ? transitions : initial,
      row = Math.floor(u() * (table.length / S)),
      kind = u();
    if (kind < 0.4) table[row * S + Math.floor(u() * S)] = BAD[Math.floor(u() * BAD.length)];
    else if (kind < 0.9) {
      // the sum moved by about 1e-9, every value kept in [0, 1]
      const j = table[row * S] > 0.5 ? 0 : S - 1;
      table[row * S + j] = Math.min(1, table[row * S + j] + SHIFTS[Math.floor(u() * SHIFTS.length)]);
    } else rewards[Math.floor(u() * rewards.length)] = NaN;
  }
  return {
    numArms: N,
    numStates: S,
    transitions,
    rewards,
    initial,
    discount: 0.9,
    budget: Math.max(1, N >> 1),
    horizon: 2,
    trials: 1,
    seed: 1,
    // S-state indices are computed before the loader (Engine.prepare); 2-state ones by it
    policy: S === 2 && u() < 0.5 ? 'whittle' : 'none',
    ties: 'lowest-id',
  };
}

/** The error of a run of f, or undefined. */
function errorOf(f: () => unknown): string | undefined {
  try {
    f();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Loads `input` in chunks of `size` arms (both passes), as a worker does: the loader's first error. */
function load(input: SimulationInput, size: number): string | undefined {
  return errorOf(() => {
    const loader = engine.load(shapeOf(input));
    for (let start = 0; start < input.numArms; start += size)
      loader.add(armChunk(input, start, Math.min(input.numArms, start + size)));
    loader.addRewards(0, input.rewards);
    loader.finish().dispose();
  });
}

describe('the loader checks distributions in WASM', () => {
  test('refuses what validateChunk refuses, first flaw first, with its message; accepts the rest', () => {
    const u = seededRandom(17);
    let refused = 0,
      accepted = 0;
    for (let n = 0; n < 400; n++) {
      const S = n % 3 === 0 ? 3 : 2,
        N = 1 + Math.floor(u() * 40),
        input = spoilt(N, S, Math.floor(u() * 3), u),
        size = 1 + Math.floor(u() * N);
      // what the chunks' own checks say, chunk by chunk in order, then the rewards (the loader's second pass)
      const expected = errorOf(() => {
        for (let start = 0; start < N; start += size)
          validateChunk(shapeOf(input), armChunk(input, start, Math.min(N, start + size)));
      });
      const got = load(input, size);
      expect(got, `input ${n}: ${N} arms of ${S} states in chunks of ${size}`).toBe(expected);
      if (got) refused++;
      else accepted++;
    }
    expect(refused).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(100);
  });
});
