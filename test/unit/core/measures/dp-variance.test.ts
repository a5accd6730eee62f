// DP_variance and the unfairness flags against hand computations on tiny populations.
import { describe, expect, test } from 'vitest';
import type { Occupancy } from '../../../../src/core/instance/occupancy.ts';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { allocationPerArm } from '../../../../src/core/measures/allocation-per-arm.ts';
import { dpVariance, populationVariance } from '../../../../src/core/measures/dp-variance.ts';
import { unfairnessFlags } from '../../../../src/core/fairness/unfairness-flags.ts';

/** Two one-hot groups: Age (3 buckets, columns 0-2) and Phone (2 buckets, columns 3-4). */
const schema: FeatureSchema = {
  columns: ['a0', 'a1', 'a2', 'p0', 'p1'].map((name, i) => ({
    name,
    label: name,
    description: name,
    type: 'binary' as const,
    group: i < 3 ? 'Age' : 'Phone',
  })),
  groups: [
    { name: 'Age', kind: 'one-hot', columns: [0, 1, 2], ordered: true, buckets: ['young', 'middle', 'old'] },
    { name: 'Phone', kind: 'one-hot', columns: [3, 4], ordered: false, buckets: ['own', 'shared'] },
  ],
};

/** Arms given as [age bucket, phone bucket] (-1 = no column set). */
function features(arms: [number, number][]): Float64Array {
  const f = new Float64Array(arms.length * 5);
  arms.forEach(([a, p], i) => {
    if (a >= 0) f[i * 5 + a] = 1;
    if (p >= 0) f[i * 5 + 3 + p] = 1;
  });
  return f;
}

function occupancy(pulls: number[], atLeastOnce: number[] = pulls.map(() => 0), horizon = 10): Occupancy {
  const n = pulls.length;
  return {
    numArms: n,
    numStates: 2,
    numTrials: 4,
    horizon,
    discount: 0.9,
    discounted: new Float64Array(n * 2),
    undiscounted: new Float64Array(n * 2),
    pulls: Float64Array.from(pulls),
    pulledAtLeastOnce: Float64Array.from(atLeastOnce),
    engagedSum: 0,
    pulledIdSum: 0,
  };
}

describe('populationVariance', () => {
  test('is null for no values, 0 for one, and divides by k (not k - 1)', () => {
    expect(populationVariance([])).toBeNull();
    expect(populationVariance([null, null])).toBeNull();
    expect(populationVariance([0.3])).toBe(0);
    // mean 0.2; deviations -0.1, 0, 0.1 -> (0.01 + 0 + 0.01) / 3
    expect(populationVariance([0.1, 0.2, 0.3])).toBeCloseTo(0.02 / 3, 15);
  });
  test('leaves null (empty) buckets out of k', () => {
    expect(populationVariance([0.1, null, 0.3])).toBeCloseTo(0.01, 15);
  });
});

describe('allocationPerArm', () => {
  test('is pulls / horizon by default and the at-least-once share on request', () => {
    const occ = occupancy([2, 5], [0.5, 1], 10);
    expect([...allocationPerArm(occ)]).toEqual([0.2, 0.5]);
    expect([...allocationPerArm(occ, 'at-least-once')]).toEqual([0.5, 1]);
  });
  test('refuses a zero horizon', () => {
    expect(() => allocationPerArm(occupancy([1], [1], 0))).toThrow('horizon must be positive');
  });
});

describe('dpVariance', () => {
  // Arms: young/own pulled 4 of 10 steps, young/shared 2, middle/own 1, middle/shared 1, old/own 0.
  const instance = {
    schema,
    features: features([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
    ]),
  };
  const occ = occupancy([4, 2, 1, 1, 0], [1, 1, 0.5, 0.25, 0]);

  test('computes P(Y=1 | bucket) as the mean allocation of the bucket and the population variance over buckets', () => {
    const [age, phone] = dpVariance(occ, instance, { intended: ['Age'] });
    // Age: young (0.4 + 0.2)/2 = 0.3, middle (0.1 + 0.1)/2 = 0.1, old 0 -> mean 0.4/3
    expect(age.probability[0]).toBeCloseTo(0.3, 15);
    expect(age.probability[1]).toBeCloseTo(0.1, 15);
    expect(age.probability[2]).toBe(0);
    expect(age.arms).toEqual([2, 2, 1]);
    const m = 0.4 / 3;
    expect(age.dpVariance).toBeCloseTo(((0.3 - m) ** 2 + (0.1 - m) ** 2 + m ** 2) / 3, 15);
    expect(age.intended).toBe(true);
    // Phone: own (0.4 + 0.1 + 0)/3 = 0.5/3, shared (0.2 + 0.1)/2 = 0.15 -> variance ((0.5/3 - 0.15)/2)^2
    expect(phone.probability[0]).toBeCloseTo(0.5 / 3, 15);
    expect(phone.probability[1]).toBeCloseTo(0.15, 15);
    expect(phone.dpVariance).toBeCloseTo(((0.5 / 3 - 0.15) / 2) ** 2, 15);
    expect(phone.intended).toBe(false);
  });

  test('weights every bucket once, whatever its size (the mean is over buckets, not arms)', () => {
    // 3 arms in bucket young pulled fully, 1 arm in middle never: P = 1, 0 -> variance 0.25 (arm-weighted mean would
    // give 0.1875).
    const inst = {
      schema,
      features: features([
        [0, 0],
        [0, 0],
        [0, 0],
        [1, 0],
      ]),
    };
    const [age] = dpVariance(occupancy([10, 10, 10, 0]), inst);
    expect(age.probability).toEqual([1, 0, null]);
    expect(age.dpVariance).toBe(0.25);
  });

  test('uses pulled-at-least-once when asked', () => {
    const [age] = dpVariance(occ, instance, { measure: 'at-least-once' });
    // young (1 + 1)/2 = 1, middle (0.5 + 0.25)/2 = 0.375, old 0 -> mean 1.375/3
    const m = 1.375 / 3;
    expect(age.dpVariance).toBeCloseTo(((1 - m) ** 2 + (0.375 - m) ** 2 + m ** 2) / 3, 15);
  });

  test('leaves empty buckets and arms without a bucket out', () => {
    const inst = {
      schema,
      features: features([
        [0, 0],
        [-1, 1],
        [2, 1],
      ]),
    };
    const [age, phone] = dpVariance(occupancy([5, 9, 1]), inst);
    expect(age.arms).toEqual([1, 0, 1]);
    expect(age.probability).toEqual([0.5, null, 0.1]);
    expect(age.dpVariance).toBeCloseTo(0.04, 15);
    expect(phone.probability).toEqual([0.5, 0.5]);
    expect(phone.dpVariance).toBe(0);
  });

  test('gives exactly 0 under demographic parity and null for a group without arms', () => {
    const inst = {
      schema,
      features: features([
        [0, -1],
        [1, -1],
        [2, -1],
      ]),
    };
    const [age, phone] = dpVariance(occupancy([3, 3, 3]), inst);
    expect(age.dpVariance).toBe(0);
    expect(phone.dpVariance).toBeNull();
    expect(phone.probability).toEqual([null, null]);
  });

  test('refuses an intended group that the schema does not have, naming the known ones', () => {
    expect(() => dpVariance(occ, instance, { intended: ['Income'] })).toThrow(
      'intended group "Income" is not in the schema; its groups are Age, Phone',
    );
  });
});

describe('unfairnessFlags', () => {
  const group = (name: string, dpVariance: number | null, intended: boolean) => ({
    name,
    buckets: [],
    probability: [],
    arms: [],
    dpVariance,
    intended,
  });

  test('flags unintended groups above each threshold, strictly', () => {
    const flags = unfairnessFlags(
      [group('Age', 0.02, true), group('Income', 0.005, false), group('Phone', 0.001, false)],
      [0.001, 0.004, 0.01],
    );
    expect(flags.maxUnintended).toBe(0.005);
    expect(flags.maxIntended).toBe(0.02);
    expect(flags.unintendedGroupsAbove).toEqual([1, 1, 0]);
    expect(flags.unintendedAbove).toEqual([true, true, false]);
    expect(flags.unintendedAboveIntended).toBe(false);
  });

  test('compares the unintended groups with the largest intended one', () => {
    const flags = unfairnessFlags(
      [
        group('Age', 0.002, true),
        group('Income', 0.01, true),
        group('Education', 0.005, false),
        group('Phone', 0.02, false),
      ],
      [0],
    );
    expect(flags.unintendedAboveIntended).toBe(true);
    expect(flags.unintendedGroupsAboveIntended).toEqual(['Phone']);
  });

  test('never flags the relative count without an intended group, and skips groups without a value', () => {
    const flags = unfairnessFlags([group('Age', null, true), group('Phone', 0.3, false)], [0.1]);
    expect(flags.maxIntended).toBeNull();
    expect(flags.unintendedAboveIntended).toBe(false);
    expect(flags.unintendedAbove).toEqual([true]);
  });
});
