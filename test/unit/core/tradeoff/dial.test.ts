import { beforeAll, describe, expect, test } from 'vitest';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import type { Instance } from '../../../../src/core/instance/types.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import type { Simulate } from '../../../../src/core/simulation/simulate-port.ts';
import { chooseLambda, lossesOf } from '../../../../src/core/tradeoff/choose-lambda.ts';
import { dialExpression, dialTable } from '../../../../src/core/tradeoff/dial-expression.ts';
import { favouredArms } from '../../../../src/core/tradeoff/favoured-arms.ts';
import { lambdaGrid, refineGrid } from '../../../../src/core/tradeoff/lambda-grid.ts';
import { priceSentence } from '../../../../src/core/tradeoff/price-sentence.ts';
import { DialSweep } from '../../../../src/core/tradeoff/sweep-dial.ts';
import { createNodeSimulator } from '../../../../src/cli/node-simulate.ts';

let simulate: Simulate;
let population: Instance;
beforeAll(async () => {
  simulate = (await createNodeSimulator(1)).simulate;
  const generator = findGenerator('multilingual')!;
  population = generator.generate({ arms: 120, budget: 12 }, 3);
});

const compile = (expression: string, instance = population) => {
  const result = compileReward(expression, instance);
  if (!result.ok) throw new Error(result.error.message);
  return result;
};

describe('lambdaGrid and refineGrid', () => {
  test('run from 0 to the largest lambda in equal, exactly printable steps', () => {
    expect(lambdaGrid(5)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(lambdaGrid(25)[1]).toBe(0.041667);
    expect(lambdaGrid(3, 4)).toEqual([0, 2, 4]);
    expect(() => lambdaGrid(1)).toThrow('at least 2 points');
  });

  test('refining adds points strictly between two lambdas, sorted and without repeats', () => {
    expect(refineGrid([0, 0.5, 1], 0.5, 1, 3)).toEqual([0, 0.5, 0.625, 0.75, 0.875, 1]);
    expect(refineGrid([0, 0.5, 1], 1, 0.5, 1)).toEqual([0, 0.5, 0.75, 1]);
  });
});

describe('dialTable and dialExpression', () => {
  test('the expression compiles to exactly the table, for float and int rewards and any lambda', () => {
    const rewards = [
      'state * (1 + agent_feats[3])',
      '2 * state + agent_feats[0]',
      'state * 0.1 + 0.3 * agent_feats[5] * state',
      'state ** 2 - 1 if agent_feats[2] else state / 3',
    ];
    for (const r of rewards) {
      const table = compile(r).table;
      for (const lambda of [0, 0.041667, 0.35, 1, 2.5]) {
        const expression = dialExpression(r, lambda, population.schema);
        expect(compile(expression).table).toEqual(dialTable(table, population.numStates, lambda));
      }
    }
  });

  test('reads state at lambda 0, the reward itself at lambda 1, and a normalized blend between', () => {
    const r = 'state*(1+agent_feats[3])';
    expect(dialExpression(r, 0, population.schema)).toBe('state');
    expect(dialExpression(r, 1, population.schema)).toBe('state * (1 + agent_feats[3])');
    expect(dialExpression(r, 0.35, population.schema)).toBe('state + 0.35 * (state * (1 + agent_feats[3]) - state)');
  });
});

describe('favouredArms', () => {
  test('are the arms whose gain from engagement is above the mean gain', () => {
    // gains 1, 2, 1, 3 (mean 1.75): arms 1 and 3
    expect(Array.from(favouredArms(Float64Array.from([0, 1, 0, 2, 5, 6, 0, 3]), 2))).toEqual([0, 1, 0, 1]);
    // a reward that pays every arm alike favours none
    expect(Array.from(favouredArms(Float64Array.from([0, 1, 4, 5]), 2))).toEqual([0, 0]);
  });

  test('of a one-hot priority are exactly the arms of the named bucket', () => {
    const favoured = favouredArms(compile('state * (1 + agent_feats[3])').table, 2);
    for (let i = 0; i < population.numArms; i++)
      expect(favoured[i]).toBe(population.features[i * population.schema.columns.length + 3] ? 1 : 0);
  });
});

describe('the sweep', () => {
  test('lambda 0 reproduces the default policy bit for bit', async () => {
    const sweep = new DialSweep({
      population,
      reward: compile('state * (1 + 3 * agent_feats[3])').table,
      seeds: [4],
      trials: 20,
    });
    const [zero] = await sweep.run([0], simulate);
    const request = {
      instance: population,
      policy: 'whittle' as const,
      trials: 20,
      seed: 4,
      ties: 'random' as const,
      perTrial: true,
    };
    const viaDial = await simulate({
      ...request,
      rewards: dialTable(compile('state * (1 + 3 * agent_feats[3])').table, 2, 0),
    });
    const asDefault = await simulate({ ...request, rewards: compile('state').table });
    expect(viaDial).toEqual(asDefault);
    const direct = await sweep.measure(compile('state').table, simulate);
    expect(zero.engagementPerTrial).toEqual(direct.engagementPerTrial);
    expect(zero.priority).toBe(direct.priority);
  });

  test(
    'the chosen lambda meets the loss limit on the simulation it was chosen on, and no larger lambda of ' +
      'the grid does',
    async () => {
      const sweep = new DialSweep({
        population,
        reward: compile('state * (1 + 10 * agent_feats[3])').table,
        seeds: [0, 1, 2],
        trials: 30,
      });
      const points = await sweep.run(lambdaGrid(9), simulate);
      const losses = lossesOf(points);
      expect(losses[0].loss).toBe(0);
      for (const maxLoss of [0, 0.005, 0.01, 0.03, 0.5]) {
        const choice = chooseLambda(points, maxLoss);
        expect(choice.engagementLoss).toBeLessThanOrEqual(maxLoss);
        expect(choice.engagementLoss).toBe(losses[choice.index].loss);
        points.forEach((p, i) => {
          if (p.lambda > choice.lambda) expect(losses[i].loss).toBeGreaterThan(maxLoss);
        });
      }
      // the priority is served: its arms' engagement rises from lambda 0 to 1, and so does their share of calls
      expect(points.at(-1)!.priority!).toBeGreaterThan(points[0].priority!);
      expect(points.at(-1)!.favouredCalls!).toBeGreaterThan(points[0].favouredCalls!);
      const sentence = priceSentence(points, chooseLambda(points, 0.5), 0.5, 'Ages 51-60');
      expect(sentence).toMatch(/^Favouring Ages 51-60 (costs|costs no measurable)/);
    },
  );

  test('the engagement and its standard error agree with a direct computation from the trials', async () => {
    const sweep = new DialSweep({ population, reward: compile('state').table, seeds: [7], trials: 10 });
    const [p] = await sweep.run([0], simulate);
    const o = await simulate({
      instance: population,
      rewards: compile('state').table,
      policy: 'whittle',
      trials: 10,
      seed: 7,
      ties: 'random',
    });
    const shares = Array.from(o.engagedPerTrial!, (x) => x / (population.numArms * population.horizon));
    const mean = shares.reduce((a, b) => a + b, 0) / 10;
    expect(p.engagement).toBeCloseTo(mean, 14);
    expect(p.engagement).toBeCloseTo(o.engagedSum / (10 * population.numArms * population.horizon), 14);
    const sd = Math.sqrt(shares.reduce((a, x) => a + (x - mean) ** 2, 0) / 9);
    expect(p.engagementSe!).toBeCloseTo(sd / Math.sqrt(10), 14);
  });

  test('several points in flight give each point exactly what it gets on its own, in grid order', async () => {
    // a population that samples its arms per seed (as DLM's), so that run() keeps points in flight
    const sampled = { ...population, sampleSize: 40 };
    const reward = compile('state * (1 + 2 * agent_feats[3])').table;
    const sweep = new DialSweep({ population: sampled, reward, seeds: [0, 1, 2, 3], trials: 6 });
    const lambdas = [0, 0.25, 0.5, 0.75, 1];
    const progress: number[] = [];
    const together = await sweep.run(lambdas, simulate, { onProgress: (done, total) => progress.push(done / total) });
    expect(together.map((p) => p.lambda)).toEqual(lambdas);
    for (const [i, lambda] of lambdas.entries()) {
      const [alone] = await new DialSweep({ population: sampled, reward, seeds: [0, 1, 2, 3], trials: 6 }).run(
        [lambda],
        simulate,
      );
      expect(together[i]).toEqual(alone);
    }
    expect(progress).toHaveLength(20);
    expect(progress.at(-1)).toBe(1);
  });
});
