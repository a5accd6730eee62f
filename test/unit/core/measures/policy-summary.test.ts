import { describe, expect, test } from 'vitest';
import { summarizePolicy, utilityPerArm } from '../../../../src/core/measures/policy-summary.ts';
import { policyValue } from '../../../../src/core/measures/policy-value.ts';
import { features, occupancy, schema } from './occupancy-fixture.ts';

// Arms: young/Low, old/Mid, old/High (occupancy-fixture.ts).
const instance = { schema, features };
const ownReward = Float64Array.from([0, 2, 0, 1, 0, 1]);

describe('summarizePolicy', () => {
  test('an empty bucket has no utility per arm (null), not a zero', () => {
    const summary = summarizePolicy(occupancy, instance, ownReward, []);
    expect(utilityPerArm(summary, 1)).toEqual([2, 1, 4]);
    const twoYoung = { schema, features: Float64Array.from([1, 0, 1, 1, 0, 2, 1, 0, 3]) };
    expect(utilityPerArm(summarizePolicy(occupancy, twoYoung, ownReward, []), 0)).toEqual([7 / 3, null]);
  });

  test('engagement is the discounted value under the default reward state, bit for bit', () => {
    const summary = summarizePolicy(occupancy, instance, ownReward, []);
    expect(summary.totalUtility).toBe(
      policyValue(occupancy, Float64Array.from([0, 1, 0, 1, 0, 1]), { discounted: true }),
    );
    expect(summary.totalUtility).toBe(7);
    expect(summary.ownValue).toBe(2 * 2 + 1 + 4);
  });

  test('utility per bucket is discounted, the distribution undiscounted (the reflection reads Alg. 2)', () => {
    const summary = summarizePolicy(occupancy, instance, ownReward, []);
    expect(summary.groups).toEqual({ Age: [2, 5], Income: [2, 1, 4] });
    expect(summary.distribution[0].shares).toEqual([3 / 10, 7 / 10]);
    expect(utilityPerArm(summary, 0)).toEqual([2, 2.5]);
  });

  test('marks as intended the groups of the features the reward reads', () => {
    const summary = summarizePolicy(occupancy, instance, ownReward, [2]);
    expect(summary.fairness.map((g) => [g.name, g.intended])).toEqual([
      ['Age', false],
      ['Income', true],
    ]);
    expect(summary.engagedPerStep).toEqual([]);
  });
});
