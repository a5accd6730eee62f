import { beforeAll, describe, expect, test } from 'vitest';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import type { Instance } from '../../../../src/core/instance/types.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import type { Simulate, SimulateRequest } from '../../../../src/core/simulation/simulate-port.ts';
import { minimaxBaseline, quotaBaseline, waterFill, waterUnit } from '../../../../src/core/tradeoff/baselines.ts';
import { callsByGroup, engagementByBucket, namedGroup } from '../../../../src/core/tradeoff/calls-by-group.ts';
import { DialSweep } from '../../../../src/core/tradeoff/sweep-dial.ts';
import { createNodeSimulator } from '../../../../src/cli/node-simulate.ts';

let simulate: Simulate;
let population: Instance;
beforeAll(async () => {
  simulate = (await createNodeSimulator(1)).simulate;
  population = findGenerator('multilingual')!.generate({ arms: 90, budget: 12, horizon: 10 }, 5);
});

const table = (expression: string) => {
  const c = compileReward(expression, population);
  if (!c.ok) throw new Error(c.error.message);
  return c;
};

describe('waterFill', () => {
  test('raises the lowest level first, one unit at a time, up to the budget and each bucket’s size', async () => {
    // level = calls / size: the buckets end up with calls in proportion to their size
    const sizes = [10, 20, 30];
    expect(await waterFill(sizes, 12, 1, (g, b) => b / sizes[g])).toEqual([2, 4, 6]);
    // a bucket with 1 arm fills up and the rest goes on
    expect(await waterFill([1, 5], 4, 1, (_g, b) => b)).toEqual([1, 3]);
    // a budget above every arm calls every arm
    expect(await waterFill([2, 3], 9, 1, () => 0)).toEqual([2, 3]);
  });

  test('maximizes the minimum on small instances (brute force over every split)', async () => {
    const curves = [
      [0.1, 0.3, 0.35, 0.36],
      [0.2, 0.22, 0.5, 0.6],
      [0.05, 0.4, 0.41, 0.9],
    ];
    for (let B = 0; B <= 9; B++) {
      const b = await waterFill([3, 3, 3], B, 1, (g, x) => curves[g][x]);
      let best = -Infinity;
      for (let x = 0; x <= 3; x++)
        for (let y = 0; y <= 3; y++)
          for (let z = 0; z <= 3; z++) {
            if (x + y + z === B) best = Math.max(best, Math.min(curves[0][x], curves[1][y], curves[2][z]));
          }
      expect(Math.min(...b.map((x, g) => curves[g][x]))).toBe(best);
    }
  });

  test('uses units of ceil(B / 64) calls', () => {
    expect(waterUnit(16)).toBe(1);
    expect(waterUnit(10_000)).toBe(157);
  });
});

describe('the baselines', () => {
  test(
    'quotas hold at every step of every trial, checked against an independent simulation of the ' + 'same seeds',
    async () => {
      const sweep = new DialSweep({
        population,
        reward: table('state * (1 + 4 * agent_feats[3])').table,
        seeds: [0, 1],
        trials: 15,
      });
      const group = namedGroup(population.schema, [3])!;
      const buckets = population.schema.groups.find((g) => g.name === group)!.buckets.length;
      const shares = Array.from({ length: buckets }, (_, b) => (b === 0 ? 0.5 : 0));
      const requests: SimulateRequest[] = [];
      const recording: Simulate = (request, options) => {
        requests.push(request);
        return simulate(request, options);
      };
      const quota = await quotaBaseline(sweep, group, shares, recording);
      expect(quota.outcome.boundsHeld).toBe(true);
      for (const r of requests) {
        const o = await simulate(r);
        const { min } = r.groups!;
        for (let t = 0; t < population.horizon; t++)
          for (let g = 0; g < buckets; g++)
            expect(o.groupCallsRange![(t * buckets + g) * 2]).toBeGreaterThanOrEqual(min[g]);
        expect(min[0]).toBe(6); // half of 12 calls, every step
      }
      expect(
        quota.callsByGroup[group][population.schema.groups.find((g) => g.name === group)!.buckets[0]],
      ).toBeGreaterThanOrEqual(0.5);
    },
  );

  test('the minimax baseline’s worst group is no worse than under the default', async () => {
    for (const seed of [0, 1, 2]) {
      const sweep = new DialSweep({ population, reward: table('state').table, seeds: [seed], trials: 40 });
      for (const group of population.schema.groups.map((g) => g.name)) {
        const minimax = await minimaxBaseline(sweep, group, simulate);
        const base = await sweep.measure(table('state').table, simulate);
        expect(minimax.outcome.boundsHeld).toBe(true);
        const worst = (xs: (number | null)[]) => Math.min(...xs.filter((x): x is number => x !== null));
        expect(worst(engagementByBucket(minimax.outcome, population, group))).toBeGreaterThanOrEqual(
          worst(engagementByBucket(base, population, group)),
        );
        expect(minimax.perSeedCalls[0].reduce((a, b) => a + b, 0)).toBe(population.budget);
      }
    }
  });

  test('calls by group are shares of all calls per bucket', () => {
    const calls = new Float64Array(population.numArms).fill(1);
    const shares = callsByGroup(calls, population, [population.schema.groups[0].name]);
    const values = Object.values(shares[population.schema.groups[0].name]);
    expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
});

describe('callsDpVariance', () => {
  test('equals dpVariance of the simulation itself when every arm was simulated', async () => {
    const { dpVariance } = await import('../../../../src/core/measures/dp-variance.ts');
    const { callsDpVariance } = await import('../../../../src/core/tradeoff/calls-by-group.ts');
    const sweep = new DialSweep({
      population,
      reward: table('state * (1 + 4 * agent_feats[3])').table,
      seeds: [2],
      trials: 10,
    });
    const measured = await sweep.measure(table('state * (1 + 4 * agent_feats[3])').table, simulate);
    const occupancy = await simulate({
      instance: population,
      rewards: table('state * (1 + 4 * agent_feats[3])').table,
      policy: 'whittle',
      trials: 10,
      seed: 2,
      ties: 'random',
    });
    for (const g of dpVariance(occupancy, population))
      expect(callsDpVariance(measured, population, g.name)).toBeCloseTo(g.dpVariance!, 15);
  });
});
