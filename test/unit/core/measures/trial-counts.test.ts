import { beforeAll, describe, expect, test } from 'vitest';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import { resolveParameters } from '../../../../src/core/datasets/generators/population-generator.ts';
import type { Instance } from '../../../../src/core/instance/types.ts';
import { bucketCells, trialCounts } from '../../../../src/core/measures/trial-counts.ts';
import type { Engine } from '../../../../src/engine/engine.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';
import { toSimulationInput } from '../../../../src/engine/simulation-input.ts';

let engine: Engine;
let instance: Instance;
beforeAll(async () => {
  engine = await loadEngineNode('release');
  const generator = findGenerator('sclm')!;
  instance = generator.generate(resolveParameters(generator, {}), 3);
});

const stateTable = (inst: Instance) =>
  Float64Array.from({ length: inst.numArms * inst.numStates }, (_, k) => k % inst.numStates);

describe('trialCounts', () => {
  test('an occupancy without a tally is refused with what to ask for', () => {
    const occupancy = engine.simulate(
      toSimulationInput({ instance, rewards: stateTable(instance), policy: 'whittle', trials: 3, seed: 1 }),
    );
    expect(() => trialCounts(occupancy, instance)).toThrow(/tally: bucketCells/);
  });

  test('bucketCells gives every arm one cell per group, after the all-arms cell', () => {
    const map = bucketCells(instance);
    expect(map.groupings).toBe(1 + instance.schema.groups.length);
    expect(map.numCells).toBe(1 + instance.schema.groups.reduce((n, g) => n + g.buckets.length, 0));
    expect(Array.from(map.cells.subarray(0, instance.numArms)).every((c) => c === 0)).toBe(true);
  });

  test('the buckets of every group add up to everyone, trial by trial, and the arms to the population', () => {
    const occupancy = engine.simulate(
      toSimulationInput({
        instance,
        rewards: stateTable(instance),
        policy: 'whittle',
        trials: 5,
        seed: 2,
        tally: bucketCells(instance),
      }),
    );
    const counts = trialCounts(occupancy, instance);
    expect(counts.trials).toBe(5);
    expect(counts.all.arms).toBe(instance.numArms);
    for (const g of counts.groups) {
      expect(g.buckets.reduce((n, b) => n + b.arms, 0)).toBe(instance.numArms);
      for (let k = 0; k < 5; k++) {
        expect(g.buckets.reduce((n, b) => n + b.calls[k], 0)).toBe(counts.all.calls[k]);
        expect(g.buckets.reduce((n, b) => n + b.engaged[k], 0)).toBe(counts.all.engaged[k]);
      }
    }
    expect(counts.all.calls.every((c) => c === instance.budget * instance.horizon)).toBe(true);
  });
});
