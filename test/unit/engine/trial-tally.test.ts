import { beforeAll, describe, expect, test } from 'vitest';
import type { Engine } from '../../../src/engine/engine.ts';
import { loadEngineNode } from '../../../src/engine/load-node.ts';
import { mergeParts, splitRange, type SimulationInput } from '../../../src/engine/simulation.ts';
import { randomDistributions } from '../../reference/random-distributions.ts';
import { seededRandom as rng } from '../../reference/seeded-random.ts';

function randomInput(N: number, S: number, seed: number, over: Partial<SimulationInput> = {}): SimulationInput {
  const u = rng(seed);
  const transitions = randomDistributions(u, N * S * 2, S, 0.01);
  const initial = randomDistributions(u, N, S, 0.01);
  const rewards = Float64Array.from({ length: N * S }, (_, k) => k % S);
  return {
    numArms: N,
    numStates: S,
    transitions,
    rewards,
    initial,
    discount: 0.9,
    budget: Math.max(1, Math.floor(N / 4)),
    horizon: 9,
    trials: 7,
    seed: 11,
    policy: 'whittle',
    ties: 'random',
    ...over,
  };
}

/** Two groupings: every arm in cell 0; arms by id parity in cells 1 and 2. */
function parityCells(N: number) {
  const cells = new Int32Array(2 * N);
  for (let i = 0; i < N; i++) cells[N + i] = 1 + (i % 2);
  return { cells, groupings: 2, numCells: 3 };
}

let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode('release');
});

describe('per-trial tallies of groups of arms', () => {
  test('a tally with a cell of -1 leaves that arm out', () => {
    const input = randomInput(6, 2, 1, {
      tally: { cells: Int32Array.from([0, 0, -1, 0, 0, 0]), groupings: 1, numCells: 1 },
    });
    const r = engine.simulate(input);
    const full = engine.simulate({ ...input, tally: { cells: new Int32Array(6), groupings: 1, numCells: 1 } });
    let pulls = 0,
      fullPulls = 0;
    for (let k = 0; k < input.trials; k++) {
      pulls += r.tallyPerTrial![2 * k];
      fullPulls += full.tallyPerTrial![2 * k];
    }
    expect(fullPulls - pulls).toBe(r.pulls[2] * input.trials);
  });

  test('a cell outside the map is refused with where it is', () => {
    expect(() =>
      engine.simulate(
        randomInput(4, 2, 1, { tally: { cells: Int32Array.from([0, 0, 3, 0]), groupings: 1, numCells: 2 } }),
      ),
    ).toThrow(/arm 2 of grouping 0 has cell 3/);
  });

  for (const S of [2, 3]) {
    test(`the tallies of ${S}-state arms add up to the merged pulls and occupancy, trial by trial`, () => {
      const N = 10;
      const input = randomInput(N, S, 2 + S, { tally: parityCells(N) });
      const r = engine.simulate(input);
      const K = input.trials,
        T = input.horizon;
      for (let k = 0; k < K; k++) {
        const row = r.tallyPerTrial!.subarray(k * 6, k * 6 + 6);
        expect(row[0]).toBe(input.budget * T);
        expect(row[2] + row[4]).toBe(row[0]);
        expect(row[3] + row[5]).toBe(row[1]);
      }
      let pulls = 0,
        engaged = 0;
      for (let k = 0; k < K; k++) {
        pulls += r.tallyPerTrial![k * 6];
        engaged += r.tallyPerTrial![k * 6 + 1];
      }
      let occ = 0;
      for (let i = 0; i < N; i++) for (let s = 1; s < S; s++) occ += s * r.undiscounted[i * S + s];
      expect(pulls / K).toBeCloseTo(
        r.pulls.reduce((a, b) => a + b, 0),
        9,
      );
      expect(engaged / K).toBeCloseTo(occ, 9);
    });
  }

  test('asking for a tally changes none of the simulation bits (checksums, occupancy)', () => {
    const input = randomInput(12, 2, 3);
    const plain = engine.simulate(input);
    const tallied = engine.simulate({ ...input, tally: parityCells(12) });
    const { tallyPerTrial, ...rest } = tallied;
    expect(tallyPerTrial).toBeDefined();
    expect(rest).toEqual(plain);
  });

  test('each trial tallies the same whether simulated alone or within any split', () => {
    const input = randomInput(10, 2, 4, { tally: parityCells(10) });
    const whole = engine.simulate(input).tallyPerTrial!;
    for (const parts of [2, 3, 7]) {
      const merged = mergeParts(
        input,
        splitRange(input.trials, parts).map(([a, b]) => engine.simulatePart(input, a, b)),
      );
      expect(Array.from(merged.tallyPerTrial!)).toEqual(Array.from(whole));
    }
    const alone = engine.simulatePart(input, 4, 5).tally!;
    expect(Array.from(alone)).toEqual(Array.from(whole.subarray(4 * 6, 5 * 6)));
  });
});
