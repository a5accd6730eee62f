// The Whittle policy under per-group call bounds (the constrained top-B in the WASM kernel), against
// the TypeScript reference, which selects each step with core/plan's constrainedTopB itself.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Engine } from '../../../src/engine/engine.ts';
import { loadEngineNode } from '../../../src/engine/load-node.ts';
import { mergeParts, splitRange, type SimulationInput } from '../../../src/engine/simulation.ts';
import { referenceSimulatePart } from '../../reference/simulate.ts';
import { randomDistributions } from '../../reference/random-distributions.ts';
import { seededRandom as rng } from '../../reference/seeded-random.ts';

function randomInput(
  N: number,
  S: number,
  seed: number,
  G: number,
  over: Partial<SimulationInput> = {},
): SimulationInput {
  const u = rng(seed);
  const transitions = randomDistributions(u, N * S * 2, S, 0.01);
  const initial = randomDistributions(u, N, S, 0.01);
  const rewards = Float64Array.from({ length: N * S }, (_, k) => k % S);
  const budget = Math.max(1, Math.floor(N / 3));
  const ofArm = Int32Array.from({ length: N }, () => Math.floor(u() * (G + 1)) - 1);
  const size = Array.from({ length: G }, (_, g) => ofArm.filter((x) => x === g).length);
  const min = Int32Array.from(size, (s) => Math.min(s, Math.floor(u() * 3)));
  const max = Int32Array.from(size, (s, g) => min[g] + Math.floor(u() * (s + 1)));
  // keep the bounds feasible: enough room under the maxima
  let room =
    ofArm.filter((x) => x < 0).length + Array.from(max, (m, g) => Math.min(m, size[g])).reduce((a, b) => a + b, 0);
  for (let g = 0; room < budget && g < G; g++) {
    room += size[g] - Math.min(max[g], size[g]);
    max[g] = size[g];
  }
  let need = min.reduce((a, b) => a + b, 0);
  for (let g = 0; need > budget; g = (g + 1) % G) if (min[g] > 0) (min[g]--, need--);
  return {
    numArms: N,
    numStates: S,
    transitions,
    rewards,
    initial,
    discount: 0.9,
    budget,
    horizon: 9,
    trials: 5,
    seed: 3,
    policy: 'whittle',
    ties: 'random',
    groups: { ofArm, min, max },
    ...over,
  };
}

let engine: Engine;
let debugEngine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode('release');
  debugEngine = await loadEngineNode('debug');
});

const reference = (input: SimulationInput) =>
  mergeParts(input, [
    referenceSimulatePart(
      input,
      engine.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount).indices,
      0,
      input.trials,
    ),
  ]);

describe('group bounds in the simulation', () => {
  test.each([
    [30, 2, 'random', 3],
    [30, 2, 'lowest-id', 2],
    [17, 3, 'random', 4],
    [40, 4, 'lowest-id', 1],
    [64, 2, 'random', 5],
  ] as const)(
    '%i arms, %i states, ties %s, %i groups: the kernel matches the reference bit for bit',
    (N, S, ties, G) => {
      let binds = 0;
      for (let seed = 1; seed <= 4; seed++) {
        const input = randomInput(N, S, seed * 11 + N, G, { ties });
        const r = engine.simulate(input);
        expect(r).toEqual(reference(input));
        if (r.pulledIdSum !== engine.simulate({ ...input, groups: undefined }).pulledIdSum) binds++;
        expect(debugEngine.simulate({ ...input, perTrial: true, perStep: true })).toEqual(
          reference({ ...input, perTrial: true, perStep: true }),
        );
      }
      expect(binds).toBeGreaterThan(0); // the bounds changed the calls somewhere, so the test has teeth
    },
  );

  test('many equal indices (shuffled per step) still match the reference', () => {
    const input = randomInput(36, 2, 5, 3);
    // arms in four identical blocks: equal indices everywhere
    for (let i = 9; i < 36; i++) input.transitions.set(input.transitions.subarray((i % 9) * 8, (i % 9) * 8 + 8), i * 8);
    const r = engine.simulate(input);
    expect(r).toEqual(reference(input));
    const again = engine.simulate({ ...input, seed: 4 });
    expect(again).toEqual(reference({ ...input, seed: 4 }));
  });

  test('the bounds hold at every step of every trial, and splitting the trials merges to the same record', () => {
    const input = randomInput(50, 2, 9, 3, { trials: 12, horizon: 40 });
    const { min, max } = input.groups!;
    const whole = engine.simulate(input);
    const range = whole.groupCallsRange!;
    for (let t = 0; t < input.horizon; t++) {
      for (let g = 0; g < 3; g++) {
        expect(range[(t * 3 + g) * 2]).toBeGreaterThanOrEqual(min[g]);
        expect(range[(t * 3 + g) * 2 + 1]).toBeLessThanOrEqual(max[g]);
      }
    }
    const parts = splitRange(input.trials, 3).map(([a, b]) => engine.simulatePart(input, a, b));
    expect(mergeParts(input, parts)).toEqual(whole);
    // every step pulls the whole budget
    expect(whole.pulls.reduce((a, b) => a + b, 0)).toBe(input.budget * input.horizon);
  });

  test('bounds that never bind select exactly the plain top-B (ties to the lowest id)', () => {
    const input = randomInput(40, 2, 13, 2, { ties: 'lowest-id' });
    const loose = { ofArm: input.groups!.ofArm, min: new Int32Array(2), max: Int32Array.from([40, 40]) };
    const { groupCallsRange, ...bounded } = engine.simulate({ ...input, groups: loose });
    expect(groupCallsRange).toBeDefined();
    expect(bounded).toEqual(engine.simulate({ ...input, groups: undefined }));
  });

  test('bounds no step can meet are refused, naming the group', () => {
    const input = randomInput(20, 2, 2, 2);
    const ofArm = Int32Array.from({ length: 20 }, (_, i) => (i < 3 ? 0 : 1));
    expect(() =>
      engine.simulate({ ...input, groups: { ofArm, min: Int32Array.from([4, 0]), max: Int32Array.from([5, 20]) } }),
    ).toThrow('group 0 needs at least 4 calls per step but has 3 arms');
    expect(() =>
      engine.simulate({ ...input, groups: { ofArm, min: Int32Array.from([3, 5]), max: Int32Array.from([3, 20]) } }),
    ).toThrow('the minima add up to 8 calls per step, more than the budget of 6');
    expect(() =>
      engine.simulate({ ...input, groups: { ofArm, min: Int32Array.from([0, 0]), max: Int32Array.from([1, 2]) } }),
    ).toThrow('room for 3 calls per step, fewer than the budget of 6');
    expect(() =>
      engine.simulate({
        ...input,
        policy: 'random',
        groups: { ofArm, min: Int32Array.from([0, 0]), max: Int32Array.from([3, 20]) },
      }),
    ).toThrow('group bounds apply to the Whittle policy');
  });
});
