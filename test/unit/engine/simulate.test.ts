import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseArmsCsv } from '../../../src/core/datasets/arms-csv.ts';
import type { Engine } from '../../../src/engine/engine.ts';
import { loadEngineNode } from '../../../src/engine/load-node.ts';
import { mergeParts, splitRange, uniformInitial, type SimulationInput } from '../../../src/engine/simulation.ts';
import { referenceSimulatePart } from '../../reference/simulate.ts';
import { randomDistributions } from '../../reference/random-distributions.ts';
import { seededRandom as rng } from '../../reference/seeded-random.ts';

/** Random S-state arms: each transition row a random distribution, rewards of any sign. */
function randomInput(N: number, S: number, seed: number, over: Partial<SimulationInput> = {}): SimulationInput {
  const u = rng(seed);
  const transitions = randomDistributions(u, N * S * 2, S);
  const initial = randomDistributions(u, N, S);
  const rewards = Float64Array.from({ length: N * S }, () => 6 * u() - 2);
  return {
    numArms: N,
    numStates: S,
    transitions,
    rewards,
    initial,
    discount: 0.9,
    budget: Math.max(1, Math.floor(N / 4)),
    horizon: 7,
    trials: 6,
    seed: 5,
    policy: 'whittle',
    ties: 'random',
    ...over,
  };
}

let engine: Engine;
let debugEngine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode('release');
  debugEngine = await loadEngineNode('debug');
});

function reference(input: SimulationInput, e: Engine = engine) {
  const indices =
    input.policy === 'whittle'
      ? e.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount).indices
      : undefined;
  return mergeParts(input, [referenceSimulatePart(input, indices, 0, input.trials)]);
}

describe('edge cases', () => {
  test('a budget of 0 pulls no arm, under every policy', () => {
    for (const policy of ['whittle', 'random', 'none'] as const) {
      const r = engine.simulate(randomInput(9, 2, 1, { budget: 0, policy }));
      expect(r.pulls.every((x) => x === 0)).toBe(true);
      expect(r.pulledIdSum).toBe(0);
    }
  });

  test('a budget of at least N pulls every arm every step', () => {
    for (const policy of ['whittle', 'random'] as const) {
      const r = engine.simulate(randomInput(9, 3, 2, { budget: 12, policy }));
      expect(Array.from(r.pulls)).toEqual(new Array(9).fill(7));
      expect(Array.from(r.pulledAtLeastOnce)).toEqual(new Array(9).fill(1));
      expect(r.pulledIdSum).toBe(36 * 7 * 6);
    }
  });

  test('a single arm is simulated and matches the reference', () => {
    const input = randomInput(1, 2, 3, { budget: 1 });
    expect(engine.simulate(input)).toEqual(reference(input));
  });

  test('all-zero rewards give zero reward and still pull the budget', () => {
    const input = randomInput(20, 2, 4, { rewards: new Float64Array(40), budget: 5 });
    const r = engine.simulate(input);
    expect(r.rewardMean).toBe(0);
    expect(r.pulledIdSum).toBeGreaterThan(0);
    expect(r).toEqual(reference(input));
  });

  test('negative rewards, discount 0 and discount 0.999 match the reference bit for bit', () => {
    for (const discount of [0, 0.999]) {
      const input = randomInput(15, 2, 6, {
        discount,
        rewards: Float64Array.from({ length: 30 }, (_, k) => -1 - (k % 7)),
      });
      const r = engine.simulate(input);
      expect(r.rewardMean).toBeLessThan(0);
      expect(r).toEqual(reference(input));
    }
  });

  test('invalid inputs are refused before anything is computed', () => {
    expect(() => engine.simulate(randomInput(4, 2, 1, { budget: -1 }))).toThrow(
      /budget must be a non-negative integer/,
    );
    const bad = randomInput(4, 2, 1);
    bad.transitions[3] = 1.5;
    expect(() => engine.simulate(bad)).toThrow(/arm 0, state 0, action 1, next state 1: 1.5 is not a probability/);
    expect(() => engine.simulate(randomInput(4, 2, 1, { discount: 1 }))).toThrow(/discount must be in \[0, 1\)/);
    expect(() => engine.simulate(randomInput(4, 2, 1, { seed: -3 }))).toThrow(/seed must be an integer/);
  });
});

describe('the WASM simulator against the TypeScript reference', () => {
  test.each([
    ['whittle', 'random', 2],
    ['whittle', 'lowest-id', 2],
    ['whittle', 'random', 3],
    ['whittle', 'lowest-id', 4],
    ['random', 'random', 2],
    ['random', 'random', 3],
    ['none', 'random', 2],
    ['none', 'random', 5],
  ] as const)(
    'policy %s, ties %s, %i states: identical bits, per-trial and per-step outputs included',
    (policy, ties, S) => {
      const input = randomInput(23, S, 10 + S, { policy, ties, perStep: true, horizon: 70 });
      for (const e of [engine, debugEngine]) expect(e.simulate(input)).toEqual(reference(input));
    },
  );

  test.each([1, 15, 16, 17, 31, 32, 33, 64, 65])(
    'a horizon of %i steps (the 2-state path adds up its history every 16 steps) matches, with and without ' +
      'per-trial outputs',
    (T) => {
      for (const perTrial of [false, true]) {
        const input = randomInput(17, 2, T, { horizon: T, perTrial, perStep: true, budget: 5, ties: 'lowest-id' });
        expect(engine.simulate(input)).toEqual(reference(input));
      }
    },
  );

  test.each([1, 3, 4, 5, 15, 16, 17, 31, 33, 50, 1000])(
    '%i 2-state arms (bit planes, thresholds in blocks of 4, the walk prefix and its fallback) match under each ' +
      'policy and tie rule',
    (N) => {
      for (const [policy, ties] of [
        ['whittle', 'lowest-id'],
        ['whittle', 'random'],
        ['random', 'random'],
      ] as const) {
        const input = randomInput(N, 2, 40 + N, {
          policy,
          ties,
          perStep: true,
          horizon: 21,
          budget: Math.max(1, Math.floor(N / 3)),
        });
        expect(engine.simulate(input)).toEqual(reference(input));
      }
    },
  );

  test('a prepared 2-state simulation gives the same bits run after run (the blocked thresholds are restored)', () => {
    const input = randomInput(37, 2, 77, { horizon: 20, ties: 'lowest-id' });
    const prepared = engine.prepare(input);
    try {
      const first = prepared.run(5, 0, input.trials),
        again = prepared.run(5, 0, input.trials);
      expect(again).toEqual(first);
      expect(mergeParts(input, [first])).toEqual(reference(input));
      // a per-trial run reads the thresholds by rows
      const perTrial = { ...input, perTrial: true };
      expect(mergeParts(perTrial, [engine.prepare(perTrial).run(5, 0, input.trials)])).toEqual(reference(perTrial));
    } finally {
      prepared.dispose();
    }
  });

  test('random ties are exercised: rewards with many equal indices still match the reference', () => {
    // identical arms: every index ties, so every step's cut is drawn at random
    const one = randomInput(1, 2, 8);
    const N = 30;
    const input = randomInput(N, 2, 8, {
      transitions: Float64Array.from({ length: N * 8 }, (_, k) => one.transitions[k % 8]),
      rewards: Float64Array.from({ length: N * 2 }, (_, k) => one.rewards[k % 2]),
      budget: 7,
      ties: 'random',
    });
    const r = engine.simulate(input);
    expect(r).toEqual(reference(input));
    // lowest-id would always favour low ids; random ties spread the pulls
    const low = engine.simulate({ ...input, ties: 'lowest-id' });
    expect(r.pulls[N - 1]).toBeGreaterThan(0);
    expect(low.pulledIdSum).toBeLessThan(r.pulledIdSum);
  });
});

describe('reproducibility and splits', () => {
  test('the same seed gives the same output; another seed gives another', () => {
    const input = randomInput(40, 3, 12);
    expect(engine.simulate(input)).toEqual(engine.simulate(input));
    expect(engine.simulate({ ...input, seed: 6 }).discounted).not.toEqual(engine.simulate(input).discounted);
  });

  test('splitting the trials into 1, 2, 3 or 4 parts merges to identical bits', () => {
    const input = randomInput(31, 2, 13, { trials: 11, perStep: true, perTrial: true });
    const whole = engine.simulate(input);
    for (const parts of [2, 3, 4]) {
      const merged = mergeParts(
        input,
        splitRange(input.trials, parts)
          .map(([a, b]) => engine.simulatePart(input, a, b))
          .reverse(),
      );
      expect(merged).toEqual(whole);
    }
  });
});

describe('statistics', () => {
  test('a single arm occupies each state as the exact Markov chain predicts, within 5 standard errors', () => {
    // one arm, never pulled: P(next = 1 | s) = q[s]; the expected discounted steps in state 1 follow the chain
    const q = [0.2, 0.7],
      beta = 0.9,
      T = 20,
      K = 20_000,
      p0 = 0.3;
    const transitions = Float64Array.from([1 - q[0], q[0], 1 - q[0], q[0], 1 - q[1], q[1], 1 - q[1], q[1]]);
    const input: SimulationInput = {
      numArms: 1,
      numStates: 2,
      transitions,
      rewards: Float64Array.from([0, 1]),
      initial: uniformInitial(1, p0),
      discount: beta,
      budget: 0,
      horizon: T,
      trials: K,
      seed: 3,
      policy: 'none',
      ties: 'random',
      perTrial: true,
    };
    const r = engine.simulate(input);
    let p = p0,
      expected = 0,
      disc = 1;
    for (let t = 0; t < T; t++) {
      expected += disc * p;
      p = p * q[1] + (1 - p) * q[0];
      disc *= beta;
    }
    const perTrial = Array.from({ length: K }, (_, k) => r.perTrialDiscounted![k * 2 + 1]);
    const mean = perTrial.reduce((a, b) => a + b, 0) / K;
    const sd = Math.sqrt(perTrial.reduce((a, b) => a + (b - mean) ** 2, 0) / (K - 1));
    expect(Math.abs(r.discounted[1] - expected)).toBeLessThan((5 * sd) / Math.sqrt(K));
    expect(Math.abs(r.discounted[1] - mean)).toBeLessThan(1e-9);
    expect(r.discounted[0] + r.discounted[1]).toBeCloseTo((1 - beta ** T) / (1 - beta), 9);
  });

  test('the Random policy pulls every arm about equally often', () => {
    const r = engine.simulate(randomInput(10, 2, 14, { policy: 'random', budget: 3, horizon: 50, trials: 400 }));
    // each arm is pulled 3/10 of the 50 steps on average
    for (const x of r.pulls) expect(Math.abs(x - 15)).toBeLessThan(0.5);
  });
});

describe('the bench protocol', () => {
  test(
    'reproduces the bench checksums of 1,000 valid arms (seed 1, B 100, T 10, 5 trials, ties to the lowest id, ' +
      'P(state 1) = 0.5)',
    () => {
      // node shared/bench/whittle_ref.mjs --n 1000 --seed 1 --arms-csv F; --sim --T 10 --trials 5 --budget 100 --select
      // presorted
      // printed engaged_sum=20244 pulled_id_sum=2311762 reward_mean=4665.458970 disc_reward_mean=3750.309565
      const arms = parseArmsCsv(readFileSync(new URL('../../fixtures/bench-arms-1000.csv', import.meta.url), 'utf8'));
      const N = arms.ids.length;
      const r = engine.simulate({
        numArms: N,
        numStates: 2,
        transitions: arms.transitions,
        rewards: arms.rewards,
        initial: uniformInitial(N, 0.5),
        discount: 0.95,
        budget: 100,
        horizon: 10,
        trials: 5,
        seed: 1,
        policy: 'whittle',
        ties: 'lowest-id',
      });
      expect(r.engagedSum).toBe(20244);
      expect(r.pulledIdSum).toBe(2311762);
      expect(r.rewardMean.toFixed(6)).toBe('4665.458970');
      expect(r.discRewardMean.toFixed(6)).toBe('3750.309565');
    },
  );
});
