import { describe, expect, test } from 'vitest';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import { sampleArms } from '../../../../src/core/instance/sample-arms.ts';

const population = findGenerator('dlm')!.generate({ arms: 500 }, 1);

describe('sampleArms', () => {
  test('refuses a sample smaller than the budget or larger than the population', () => {
    expect(() => sampleArms(population, 15, 0)).toThrow('the sample must hold between the budget 16 and all 500 arms');
    expect(() => sampleArms(population, 501, 0)).toThrow('cannot sample 501 arms');
  });

  test("takes DLM's 48 arms by default, keeps budget, horizon, discount and schema, and records the draw", () => {
    const sample = sampleArms(population, undefined, 7);
    expect(sample.numArms).toBe(48);
    expect([sample.budget, sample.horizon, sample.discount]).toEqual([16, 10, 0.9]);
    expect(sample.sampleSize).toBeUndefined();
    expect(sample.schema).toEqual(population.schema);
    expect(sample.provenance.sample).toMatchObject({ populationArms: 500, seed: 7 });
    expect(sample.provenance.sample!.indices).toHaveLength(48);
  });

  test('copies each sampled arm whole: id, transitions, features and initial distribution', () => {
    const sample = sampleArms(population, 48, 3);
    const F = population.schema.columns.length;
    sample.provenance.sample!.indices.forEach((arm, k) => {
      expect(sample.ids[k]).toBe(population.ids[arm]);
      expect(Array.from(sample.transitions.subarray(k * 8, k * 8 + 8))).toEqual(
        Array.from(population.transitions.subarray(arm * 8, arm * 8 + 8)),
      );
      expect(Array.from(sample.features.subarray(k * F, (k + 1) * F))).toEqual(
        Array.from(population.features.subarray(arm * F, (arm + 1) * F)),
      );
      expect(Array.from(sample.initial.subarray(k * 2, k * 2 + 2))).toEqual(
        Array.from(population.initial.subarray(arm * 2, arm * 2 + 2)),
      );
    });
  });

  test('draws distinct arms in population order, the same for a seed and different across seeds', () => {
    const a = sampleArms(population, 48, 3).provenance.sample!.indices;
    expect(new Set(a).size).toBe(48);
    expect([...a].sort((x, y) => x - y)).toEqual(a);
    expect(sampleArms(population, 48, 3).provenance.sample!.indices).toEqual(a);
    expect(sampleArms(population, 48, 4).provenance.sample!.indices).not.toEqual(a);
  });

  test('gives every arm the same chance of being drawn', () => {
    const hits = new Array(500).fill(0);
    for (let seed = 0; seed < 400; seed++)
      for (const arm of sampleArms(population, 50, seed).provenance.sample!.indices) hits[arm]++;
    // Each arm: Binomial(400, 0.1), mean 40, sd 6.
    expect(Math.min(...hits)).toBeGreaterThan(15);
    expect(Math.max(...hits)).toBeLessThan(65);
  });
});
