// The kernels' warm-up before a large simulation (kernel-warm-up.ts): run once per engine, only for a simulation whose
// first kernel call is long, and without effect on any result (the same bits as a fresh engine's).
import { describe, expect, test, vi } from 'vitest';
import { loadEngineNode } from '../../../src/engine/load-node.ts';
import { warmsUp, warmUp } from '../../../src/engine/kernel-warm-up.ts';
import type { SimulationInput } from '../../../src/engine/simulation.ts';
import { randomDistributions } from '../../reference/random-distributions.ts';
import { seededRandom as rng } from '../../reference/seeded-random.ts';

const large = { numArms: 1_000_000, horizon: 50, trials: 10 };

function randomInput(N: number, seed: number): SimulationInput {
  const u = rng(seed);
  return {
    numArms: N,
    numStates: 2,
    transitions: randomDistributions(u, N * 4, 2, 0.01),
    rewards: Float64Array.from({ length: N * 2 }, () => 6 * u() - 2),
    initial: randomDistributions(u, N, 2, 0.01),
    discount: 0.9,
    budget: Math.floor(N / 5),
    horizon: 12,
    trials: 3,
    seed: 5,
    policy: 'whittle',
    ties: 'lowest-id',
  };
}

describe('kernel warm-up', () => {
  test('is for simulations whose first kernel call is long, not for small or short ones', () => {
    expect(warmsUp(large)).toBe(true);
    expect(warmsUp({ numArms: 200_000, horizon: 50, trials: 10 })).toBe(true);
    expect(warmsUp({ numArms: 1_000_000, horizon: 50, trials: 0 })).toBe(false);
    expect(warmsUp({ numArms: 7_668, horizon: 50, trials: 100 })).toBe(false);
    expect(warmsUp({ numArms: 1_000, horizon: 9, trials: 9 })).toBe(false);
  });

  test('runs a small simulation once per engine, and none for a small shape', async () => {
    const engine = await loadEngineNode();
    const spy = vi.spyOn(engine, 'simulate');
    warmUp(engine, { numArms: 1_000, horizon: 9, trials: 9 });
    expect(spy).not.toHaveBeenCalled();
    warmUp(engine, large);
    warmUp(engine, large);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0][0].numArms).toBeLessThan(10_000);
  });

  test('leaves later results as a fresh engine gives them (with the presort by the kernel too)', async () => {
    const warmed = await loadEngineNode(),
      fresh = await loadEngineNode();
    warmUp(warmed, large);
    for (const [N, seed] of [
      [50, 1],
      [3_000, 2],
    ]) {
      const input = randomInput(N, seed);
      expect(warmed.simulate(input)).toEqual(fresh.simulate(input));
    }
  });
});
