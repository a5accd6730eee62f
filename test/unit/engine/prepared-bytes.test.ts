// One engine prepares a simulation, another adopts its bytes (Engine.share, Engine.adopt): the adopted simulation
// runs any range of trials to the bits of the one that prepared it, whatever the pieces its bytes come in.
import { beforeAll, describe, expect, test } from 'vitest';
import { shapeOf } from '../../../src/engine/arm-chunks.ts';
import { Engine } from '../../../src/engine/engine.ts';
import { loadEngineNode, loadKernelsNode } from '../../../src/engine/load-node.ts';
import type { SimulationInput } from '../../../src/engine/simulation.ts';
import { randomDistributions } from '../../reference/random-distributions.ts';
import { seededRandom } from '../../reference/seeded-random.ts';

let preparer: Engine;
beforeAll(async () => {
  preparer = await loadEngineNode('debug');
});

function input(N: number, S: number, seed: number, extra: Partial<SimulationInput> = {}): SimulationInput {
  const u = seededRandom(seed);
  return {
    numArms: N,
    numStates: S,
    transitions: randomDistributions(u, N * S * 2, S),
    rewards: Float64Array.from({ length: N * S }, () => u() * 3 - 1),
    initial: randomDistributions(u, N, S),
    discount: 0.9,
    budget: Math.floor(N / 10),
    horizon: 7,
    trials: 5,
    seed: 4,
    policy: 'whittle',
    ties: 'random',
    ...extra,
  };
}

/**
 * The bytes of `data` prepared by `preparer`, adopted by a fresh engine in pieces of `piece` bytes, last piece first.
 */
async function adopted(data: SimulationInput, piece: number) {
  const prepared = preparer.prepare(data);
  const bytes = preparer.share(prepared);
  const engine = new Engine(await loadKernelsNode('debug'));
  const adopter = engine.adopt(shapeOf(data));
  expect(adopter.byteLength).toBe(bytes.byteLength);
  const starts = Array.from({ length: Math.ceil(bytes.byteLength / piece) }, (_, j) => j * piece).reverse();
  for (const start of starts) {
    const into = new Uint8Array(Math.min(piece, bytes.byteLength - start));
    bytes.copy(start, into);
    adopter.add(start, into);
  }
  return { prepared, mine: adopter.finish(), engine };
}

describe('a prepared simulation shared as bytes', () => {
  const N = 600,
    G = 3;
  const ofArm = Int32Array.from({ length: N }, (_, i) => (i % 4) - 1);
  const wide = Int32Array.from({ length: 2 * N }, (_, i) => (i % 7) - 1); // cells given wider than needed
  const cases: [string, SimulationInput][] = [
    [
      'whittle, 2 states, indices computed, tally in a wide type, per step',
      input(N, 2, 1, { tally: { cells: wide, groupings: 2, numCells: 6 }, perStep: true }),
    ],
    [
      'whittle, 3 states, indices given, groups',
      input(N, 3, 2, {
        indices: Float64Array.from({ length: N * 3 }, (_, i) => (i * 7919) % 101),
        groups: { ofArm, min: new Int32Array(G), max: new Int32Array(G).fill(N) },
      }),
    ],
    ['whittle, ties to the lowest id, radix sort', input(5000, 2, 3, { ties: 'lowest-id' })],
    ['random policy, per-trial occupancy (no presort)', input(N, 2, 4, { policy: 'random', perTrial: true })],
    ['whittle with a budget of every arm (no presort)', input(50, 2, 5, { budget: 50 })],
  ];

  test.each(cases)('%s: the adopted simulation gives the bits of the prepared one', async (_, data) => {
    for (const piece of [1000, 1 << 20]) {
      const { prepared, mine } = await adopted(data, piece);
      try {
        expect(mine.run(data.seed, 1, data.trials)).toEqual(prepared.run(data.seed, 1, data.trials));
        expect(mine.run(9, 0, 2)).toEqual(prepared.run(9, 0, 2));
      } finally {
        prepared.dispose();
        mine.dispose();
      }
    }
  });

  test('the adopter reserves its memory at once: adopting and running grow it no further', async () => {
    const data = input(20_000, 2, 6);
    const engine = new Engine(await loadKernelsNode('release'));
    const adopter = engine.adopt(shapeOf(data));
    const reserved = engine.kernels.memory.buffer.byteLength;
    const prepared = preparer.prepare(data),
      bytes = preparer.share(prepared);
    const all = new Uint8Array(bytes.byteLength);
    bytes.copy(0, all);
    adopter.add(0, all);
    const mine = adopter.finish();
    mine.run(1, 0, data.trials);
    expect(engine.kernels.memory.buffer.byteLength).toBe(reserved);
    // and less than a loader's, which also holds the arms being loaded and the sort's blocks
    const loading = new Engine(await loadKernelsNode('release'));
    loading.simulate(data);
    expect(reserved).toBeLessThanOrEqual(loading.kernels.memory.buffer.byteLength);
    prepared.dispose();
    mine.dispose();
  });

  test('bytes missing or outside the layout are refused by their numbers', async () => {
    const data = input(100, 2, 7);
    const engine = new Engine(await loadKernelsNode('debug'));
    const adopter = engine.adopt(shapeOf(data));
    expect(() => adopter.add(adopter.byteLength - 2, new Uint8Array(4))).toThrow(
      `simulate: prepared bytes ${adopter.byteLength - 2}..${adopter.byteLength + 1} are outside the ` +
        `${adopter.byteLength} expected`,
    );
    adopter.add(0, new Uint8Array(10));
    expect(() => adopter.finish()).toThrow(`simulate: 10 bytes of prepared data came, ${adopter.byteLength} expected`);
  });
});
