import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import { findGenerator, GENERATORS } from '../../../../src/core/datasets/generators.ts';
import { DLM_MARGINALS } from '../../../../src/core/datasets/generators/dlm.ts';
import type { Instance } from '../../../../src/core/instance/types.ts';

/** q[s][a] = P(next = 1 | s, a) of every arm, as plain arrays. */
const q = (instance: Instance, s: number, a: number) =>
  Array.from({ length: instance.numArms }, (_, arm) => instance.transitions[arm * 8 + (s * 2 + a) * 2 + 1]);
const column = (instance: Instance, f: number) => {
  const F = instance.schema.columns.length;
  return Array.from({ length: instance.numArms }, (_, arm) => instance.features[arm * F + f]);
};
/** Bucket index of each arm in a one-hot group. */
const bucket = (instance: Instance, group: string) => {
  const g = instance.schema.groups.find((x) => x.name === group)!;
  const F = instance.schema.columns.length;
  return Array.from({ length: instance.numArms }, (_, arm) =>
    g.columns.findIndex((c) => instance.features[arm * F + c] === 1),
  );
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const correlation = (xs: number[], ys: number[]) => {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0,
    sxx = 0,
    syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
};
const generate = (name: string, parameters: Record<string, number>, seed: number) =>
  findGenerator(name)!.generate(parameters, seed);

describe('every built-in generator', () => {
  test.each(GENERATORS.map((g) => g.name))('%s refuses unknown parameters and values out of range', (name) => {
    expect(() => generate(name, { nonsense: 1 }, 0)).toThrow(`generator "${name}" has no parameter "nonsense"`);
    expect(() => generate(name, { arms: 0 }, 0)).toThrow('arms must be a whole number from 1 to 10,000,000, not 0');
    expect(() => generate(name, { horizon: 20_000 }, 0)).toThrow(
      'horizon must be a whole number from 1 to 10,000, not 20000',
    );
    expect(() => generate(name, { arms: 10, budget: 11 }, 0)).toThrow(/the budget 11 is larger than the 10 arms/);
  });

  test.each(GENERATORS.map((g) => g.name))('%s is reproducible by seed and differs across seeds', (name) => {
    const a = generate(name, { arms: 300, budget: 10 }, 5);
    const b = generate(name, { arms: 300, budget: 10 }, 5);
    const c = generate(name, { arms: 300, budget: 10 }, 6);
    expect(b.transitions).toEqual(a.transitions);
    expect(b.features).toEqual(a.features);
    expect(b.initial).toEqual(a.initial);
    expect(c.transitions).not.toEqual(a.transitions);
    expect(a.provenance).toMatchObject({ kind: 'generator', generator: name, seed: 5 });
  });

  test.each(GENERATORS.map((g) => g.name))(
    "%s marks every default that no paper publishes as allot's own choice",
    (name) => {
      const g = findGenerator(name)!;
      for (const p of g.parameters) expect(p.ownChoice).toBe(p.source === 'allot');
      expect(g.parameters.find((p) => p.name === 'discount')!.ownChoice).toBe(true);
      expect(g.ownChoices.length).toBeGreaterThan(0);
    },
  );

  test.each(GENERATORS.map((g) => g.name))(
    '%s: a call never lowers engagement, and arms start in their passive stationary distribution',
    (name) => {
      const instance = generate(name, { arms: 2000, budget: 10 }, 1);
      const [q00, q01, q10, q11] = [q(instance, 0, 0), q(instance, 0, 1), q(instance, 1, 0), q(instance, 1, 1)];
      for (let arm = 0; arm < instance.numArms; arm++) {
        expect(q01[arm]).toBeGreaterThanOrEqual(q00[arm]);
        expect(q11[arm]).toBeGreaterThanOrEqual(q10[arm]);
        const engaged = instance.initial[arm * 2 + 1];
        // Stationary: P(engaged) = P(engaged) q10 + (1 - P(engaged)) q00.
        expect(engaged * q10[arm] + (1 - engaged) * q00[arm]).toBeCloseTo(engaged, 12);
      }
    },
  );
});

describe('dlm', () => {
  const population = generate('dlm', {}, 0);

  test(
    "has DLM's 7,668 beneficiaries in DLM's 43-feature schema and its evaluation setting (48 arms per seed, " +
      'budget 16, horizon 10, discount 0.9)',
    () => {
      expect(population.numArms).toBe(7668);
      expect(population.schema).toEqual(dlmSchema());
      expect(population.schema.columns[11].label).toBe('Ages 51-60');
      expect(population.schema.columns[36].label).toBe('Income bracket 1 (e.g., 0-5000)');
      expect([population.sampleSize, population.budget, population.horizon, population.discount]).toEqual([
        48, 16, 10, 0.9,
      ]);
    },
  );

  test('follows its documented one-hot marginals within 2 percentage points', () => {
    for (const group of population.schema.groups) {
      const buckets = bucket(population, group.name);
      DLM_MARGINALS[group.name].forEach((share, b) => {
        expect(Math.abs(buckets.filter((x) => x === b).length / population.numArms - share)).toBeLessThan(0.02);
      });
    }
  });

  test(
    'has plausible pregnancy-history integers (parity below gravidity, living children plus stillbirths ' +
      'equal parity)',
    () => {
      const [gravidity, parity, stillbirths, living] = [2, 3, 4, 5].map((f) => column(population, f));
      for (let arm = 0; arm < population.numArms; arm++) {
        expect(parity[arm]).toBeLessThanOrEqual(gravidity[arm]);
        expect(living[arm] + stillbirths[arm]).toBe(parity[arm]);
      }
    },
  );

  test('has sticky passive engagement', () => {
    expect(Math.min(...q(population, 1, 0))).toBeGreaterThanOrEqual(0.7);
    expect(Math.max(...q(population, 0, 0))).toBeLessThanOrEqual(0.2);
  });

  test(
    "gives a larger active effect to the feature directions of the multilingual paper's Table 1 (income, " +
      'education up; phone not owned by the woman down)',
    () => {
      const strong = generate('dlm', { effect: 0.4 }, 0); // a large effect makes the directions plain
      const passive = q(strong, 0, 0);
      const effect = q(strong, 0, 1).map((p, arm) => p - passive[arm]);
      const byBucket = (group: string, b: number) => {
        const buckets = bucket(strong, group);
        return mean(effect.filter((_, arm) => buckets[arm] === b));
      };
      expect(byBucket('Education', 4)).toBeGreaterThan(byBucket('Education', 0) + 0.05);
      expect(byBucket('Income', 3)).toBeGreaterThan(byBucket('Income', 1) + 0.02);
      expect(byBucket('Phone owner', 0)).toBeGreaterThan(byBucket('Phone owner', 2) + 0.05);
    },
  );
});

describe('sclm', () => {
  test('draws features A, B, C uniformly in [0, 1], bucketed at the quintiles', () => {
    const instance = generate('sclm', { arms: 20_000 }, 2);
    for (let f = 0; f < 3; f++) {
      const xs = column(instance, f);
      expect(Math.abs(mean(xs) - 0.5)).toBeLessThan(0.01);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...xs)).toBeLessThan(1);
    }
    expect(instance.schema.groups.map((g) => [g.name, g.kind, g.edges])).toEqual([
      ['Feature A', 'bucketed', [0.2, 0.4, 0.6, 0.8]],
      ['Feature B', 'bucketed', [0.2, 0.4, 0.6, 0.8]],
      ['Feature C', 'bucketed', [0.2, 0.4, 0.6, 0.8]],
    ]);
  });

  test("follows Table 2's weights: dataset 2's effect is driven by A, dataset 3's by C, and B always lowers it", () => {
    const effectCorrelations = (dataset: number) => {
      const instance = generate('sclm', { arms: 20_000, dataset }, 3);
      const passive = q(instance, 0, 0);
      const effect = q(instance, 0, 1).map((p, arm) => p - passive[arm]);
      return [0, 1, 2].map((f) => correlation(column(instance, f), effect));
    };
    const [a2, b2, c2] = effectCorrelations(2);
    const [a3, b3, c3] = effectCorrelations(3);
    expect(a2).toBeGreaterThan(3 * Math.abs(c2));
    expect(c3).toBeGreaterThan(3 * Math.abs(a3));
    expect(b2).toBeLessThan(0);
    expect(b3).toBeLessThan(0);
    const [a1, b1, c1] = effectCorrelations(1);
    expect(a1).toBeGreaterThan(0);
    expect(c1).toBeGreaterThan(0);
    expect(b1).toBeLessThan(-Math.max(a1, c1) * 0.9); // |w_B| = 1.5 is the largest in dataset 1
  });
});

describe('multilingual', () => {
  test("has the paper's 34 one-hot features in its Table 5 order", () => {
    const { schema } = generate('multilingual', { arms: 10 }, 0);
    expect(schema.columns).toHaveLength(34);
    expect([0, 5, 9, 10, 16, 17, 19, 20, 25, 26, 33].map((i) => schema.columns[i].label)).toEqual([
      'Ages 10-20',
      'Speaks Hindi',
      'Speaks Tamil',
      'Education level 1/7 – Illiterate',
      'Education level 7/7 – Post Graduate',
      'Phone owner 0 (e.g., woman)',
      'Phone owner 2 (e.g., family)',
      'To be called from 8:30 am - 10:30 am',
      'To be called from 7:30 pm - 9:30 pm',
      'Income bracket 1 (no income)',
      'Income bracket 8 (e.g., 30000-999999)',
    ]);
  });

  test('the age-income correlation grows with alpha, near its structural value', () => {
    const corr = (alpha: number) => {
      const instance = generate('multilingual', { arms: 30_000, alpha }, 4);
      return correlation(bucket(instance, 'Age'), bucket(instance, 'Income'));
    };
    const values = [0, 0.2, 0.5, 0.8, 1].map(corr);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    expect(Math.abs(values[0])).toBeLessThan(0.03);
    // Continuous values: corr = (alpha / 24) / sqrt((1 / 12) (alpha^2 / 24 + (1 - alpha)^2 / 12)); 0.123 at 0.2, 0.667
    // at 0.8.
    expect(Math.abs(values[1] - 0.123)).toBeLessThan(0.04);
    expect(Math.abs(values[3] - 0.667)).toBeLessThan(0.06);
  });

  test(
    'income lowers shared phone ownership, which moves call times later, only when alpha > 0; language is ' +
      'independent',
    () => {
      const instance = generate('multilingual', { arms: 30_000, alpha: 0.8 }, 5);
      expect(correlation(bucket(instance, 'Income'), bucket(instance, 'Phone ownership'))).toBeLessThan(-0.4);
      expect(correlation(bucket(instance, 'Phone ownership'), bucket(instance, 'Times to be called'))).toBeGreaterThan(
        0.3,
      );
      expect(Math.abs(correlation(bucket(instance, 'Language'), bucket(instance, 'Income')))).toBeLessThan(0.03);
      // Language ~ U[0, 1] into 5 equal buckets.
      for (let b = 0; b < 5; b++)
        expect(Math.abs(bucket(instance, 'Language').filter((x) => x === b).length / 30_000 - 0.2)).toBeLessThan(0.015);
    },
  );
});
