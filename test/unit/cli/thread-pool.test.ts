// The command line's thread pool: thread 0 takes the input chunk by chunk and prepares the simulation, the
// other threads adopt it; the result is the in-thread engine's, bit for bit, and a failure reaches every job.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ThreadPool } from '../../../src/cli/thread-pool.ts';
import type { Engine } from '../../../src/engine/engine.ts';
import { loadEngineNode } from '../../../src/engine/load-node.ts';
import type { SimulationInput } from '../../../src/engine/simulation.ts';
import { randomDistributions } from '../../reference/random-distributions.ts';
import { seededRandom } from '../../reference/seeded-random.ts';

let engine: Engine;
let pool: ThreadPool;
beforeAll(async () => {
  engine = await loadEngineNode();
  pool = await ThreadPool.start(3);
});
afterAll(async () => {
  await pool?.close();
});

/** 40,000 arms: the input crosses to thread 0 in three chunks. */
function input(extra: Partial<SimulationInput> = {}): SimulationInput {
  const N = 40_000,
    u = seededRandom(5),
    G = 3;
  return {
    numArms: N,
    numStates: 2,
    transitions: randomDistributions(u, N * 4, 2),
    rewards: Float64Array.from({ length: N * 2 }, () => u()),
    initial: randomDistributions(u, N, 2),
    discount: 0.9,
    budget: 4000,
    horizon: 6,
    trials: 7,
    seed: 3,
    policy: 'whittle',
    ties: 'random',
    perStep: true,
    tally: { cells: Int8Array.from({ length: N }, (_, i) => (i % 4) - 1), groupings: 1, numCells: 3 },
    groups: {
      ofArm: Int32Array.from({ length: N }, (_, i) => i % G),
      min: Int32Array.of(100, 0, 0),
      max: Int32Array.of(4000, 4000, 2000),
    },
    ...extra,
  };
}

describe('the thread pool', () => {
  test(
    'on 3 threads, thread 0 preparing for all, and whole on one thread, gives the in-thread bits',
    { timeout: 120_000 },
    async () => {
      const data = input();
      const mine = engine.simulate(data);
      expect(await pool.simulate(data)).toEqual(mine);
      expect(await pool.simulateWhole(data)).toEqual(mine);
    },
  );

  test('a bad arm fails every job with its message, and the pool keeps working', { timeout: 120_000 }, async () => {
    const data = input({ tally: undefined, groups: undefined });
    const bad = { ...data, transitions: data.transitions.slice() };
    bad.transitions[35_000 * 8] = 1.5;
    await expect(pool.simulate(bad)).rejects.toThrow(
      /^simulate: transitions: arm 35000, state 0, action 0, next state 0: 1.5 is not a probability/,
    );
    expect((await pool.simulate(data)).engagedSum).toBe(engine.simulate(data).engagedSum);
  });
});
