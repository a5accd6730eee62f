import { describe, expect, test } from 'vitest';
import { findGenerator } from '../../../src/core/datasets/generators.ts';
import { createNodeSimulator } from '../../../src/cli/node-simulate.ts';
import { summarizePolicy } from '../../../src/core/measures/policy-summary.ts';
import type { SimulateRequest } from '../../../src/core/simulation/simulate-port.ts';

const instance = findGenerator('sclm')!.generate({}, 3);
const rewards = new Float64Array(instance.numArms * 2).map((_, i) => i % 2);

describe('the Node simulation port', () => {
  test('gives the same occupancy in this thread and on the thread pool', { timeout: 60_000 }, async () => {
    // 100 arms x 12 steps x 5,000 trials is above the pool threshold.
    const request: SimulateRequest = { instance, rewards, policy: 'whittle', trials: 5000, seed: 7 };
    const inThread = await createNodeSimulator(1);
    const pooled = await createNodeSimulator(2);
    try {
      const a = await inThread.simulate(request);
      const b = await pooled.simulate(request);
      expect(b.engagedSum).toBe(a.engagedSum);
      expect(b.pulledIdSum).toBe(a.pulledIdSum);
      expect(b.discounted).toEqual(a.discounted);
      expect(b.pulls).toEqual(a.pulls);
    } finally {
      await inThread.close();
      await pooled.close();
    }
  });

  test('counts the arms that are not indexable, and the policy summary keeps the count', async () => {
    // arm 0 is the non-indexable 3-state arm of test/unit/cli/cli-engine.test.ts (reward = state, discount 0.9)
    const flip = [1, 0, 0, 0, 0, 1, 0, 1, 0, 0.3, 0.1, 0.6, 0.5555555556, 0, 0.4444444444, 0, 1, 0];
    const plain = [1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1];
    const three = {
      numArms: 2,
      numStates: 3,
      transitions: Float64Array.from([...flip, ...plain]),
      initial: Float64Array.from([1, 0, 0, 1, 0, 0]),
      budget: 1,
      horizon: 5,
      discount: 0.9,
    };
    const simulator = await createNodeSimulator(1);
    try {
      const rewards3 = Float64Array.from([0, 1, 2, 0, 1, 2]);
      const occupancy = await simulator.simulate({
        instance: three,
        rewards: rewards3,
        policy: 'whittle',
        trials: 3,
        seed: 1,
      });
      expect(occupancy.notIndexableArms).toBe(1);
      const summary = summarizePolicy(
        occupancy,
        { features: new Float64Array(0), schema: { columns: [], groups: [] } } as never,
        rewards3,
        [],
      );
      expect(summary.notIndexableArms).toBe(1);
      expect(
        (await simulator.simulate({ instance: three, rewards: rewards3, policy: 'random', trials: 3, seed: 1 }))
          .notIndexableArms,
      ).toBeUndefined();
      expect(
        (await simulator.simulate({ instance, rewards, policy: 'whittle', trials: 3, seed: 1 })).notIndexableArms,
      ).toBeUndefined();
    } finally {
      await simulator.close();
    }
  });

  test('reports progress and refuses an aborted signal', async () => {
    const simulator = await createNodeSimulator(1);
    const seen: number[] = [];
    await simulator.simulate(
      { instance, rewards, policy: 'random', trials: 20, seed: 1 },
      { onProgress: (done) => seen.push(done) },
    );
    expect(seen.at(-1)).toBe(20);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(
      simulator.simulate({ instance, rewards, policy: 'none', trials: 1, seed: 1 }, { signal: controller.signal }),
    ).rejects.toThrow('stop');
  });
});
