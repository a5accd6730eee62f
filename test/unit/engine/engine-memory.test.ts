import { describe, expect, test } from 'vitest';
import { Engine } from '../../../src/engine/engine.ts';
import type { Kernels } from '../../../src/engine/kernels.ts';
import { loadKernelsNode } from '../../../src/engine/load-node.ts';
import type { SimulationInput } from '../../../src/engine/simulation.ts';
import { seededRandom } from '../../reference/seeded-random.ts';

/** A fresh engine whose kernels record WASM memory's size after the first free (prepare's reservation). */
async function watchedEngine(): Promise<{ engine: Engine; memory: () => number; reserved: () => number }> {
  const k = await loadKernelsNode('release');
  let reserved = -1;
  const watched: Kernels = Object.create(null);
  for (const key of Object.keys(k) as (keyof Kernels)[]) {
    if (key !== 'free') Object.defineProperty(watched, key, { get: () => k[key] });
  }
  Object.defineProperty(watched, 'free', {
    value: (ptr: number) => {
      k.free(ptr);
      if (reserved < 0) reserved = k.memory.buffer.byteLength;
    },
  });
  return { engine: new Engine(watched), memory: () => k.memory.buffer.byteLength, reserved: () => reserved };
}

function input(N: number, S: number, u: () => number, extra: Partial<SimulationInput> = {}): SimulationInput {
  const row = () => {
    const x = Array.from({ length: S }, () => u()),
      sum = x.reduce((a, b) => a + b, 0);
    return x.map((v) => v / sum);
  };
  return {
    numArms: N,
    numStates: S,
    transitions: Float64Array.from(Array.from({ length: N * S * 2 }, row).flat()),
    rewards: Float64Array.from({ length: N * S }, (_, i) => i % S),
    initial: Float64Array.from(Array.from({ length: N }, row).flat()),
    discount: 0.9,
    budget: Math.floor(N / 10),
    horizon: 5,
    trials: 3,
    seed: 4,
    policy: 'whittle',
    ties: 'random',
    ...extra,
  };
}

describe('WASM memory of a simulation', () => {
  test(
    'one reservation at the start of prepare covers every block of prepare and run: memory grows ' + 'no further',
    async () => {
      const u = seededRandom(3),
        N = 3000;
      const G = 4,
        ofArm = Int32Array.from({ length: N }, (_, i) => (i % 5) - 1);
      const cases: [string, SimulationInput][] = [
        ['whittle, 2 states, indices computed, radix sort', input(200_000, 2, u)],
        [
          'whittle, 3 states, indices given',
          input(N, 3, u, { indices: Float64Array.from({ length: N * 3 }, () => u()) }),
        ],
        ['whittle, small sort', input(500, 2, u)],
        ['random, per step and per trial', input(N, 2, u, { policy: 'random', perStep: true, perTrial: true })],
        [
          'whittle, groups',
          input(N, 2, u, { groups: { ofArm, min: new Int32Array(G), max: Int32Array.from({ length: G }, () => N) } }),
        ],
      ];
      for (const [name, data] of cases) {
        const { engine, memory, reserved } = await watchedEngine();
        engine.simulate(data);
        expect(reserved(), name).toBeGreaterThan(0);
        expect(memory(), name).toBe(reserved());
      }
    },
  );

  test(
    '2-state What-if arms take under 85 bytes each of WASM memory (132 when blocks grew memory one by one, 97 ' +
      'with 64-bit counts and the rewards loaded before the sort)',
    async () => {
      const N = 200_000,
        { engine, memory } = await watchedEngine();
      engine.simulate(input(N, 2, seededRandom(8)));
      expect(memory() / N).toBeLessThan(85);
    },
  );
});
