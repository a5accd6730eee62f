import { describe, expect, test } from 'vitest';
import { perTrialValues } from '../../../../src/core/measures/per-trial-values.ts';
import { policyValue } from '../../../../src/core/measures/policy-value.ts';
import { occupancyOf } from './occupancy-fixture.ts';

// Two trials, two arms, two states: [trial][arm][state] expected steps in each state.
const occupancy = occupancyOf(
  [
    [
      [4, 6],
      [10, 0],
    ],
    [
      [2, 8],
      [5, 5],
    ],
  ],
  [
    [
      [3, 2],
      [6, 0],
    ],
    [
      [1, 4],
      [3, 3],
    ],
  ],
);

describe('policyValue', () => {
  test('refuses a reward table of the wrong size', () => {
    expect(() => policyValue(occupancy, new Float64Array(3), { discounted: false })).toThrow(
      'expected 2 arms x 2 states = 4',
    );
  });

  test('is the occupancy-weighted sum of the reward table, undiscounted and discounted', () => {
    // reward: arm 0 earns 1 in state 1; arm 1 earns 2 in state 1 and 0.5 in state 0.
    const reward = Float64Array.from([0, 1, 0.5, 2]);
    // mean undiscounted occupancy: arm 0 [3, 7], arm 1 [7.5, 2.5] -> 7 + 0.5*7.5 + 2*2.5 = 15.75
    expect(policyValue(occupancy, reward, { discounted: false })).toBe(15.75);
    // mean discounted occupancy: arm 0 [2, 3], arm 1 [4.5, 1.5] -> 3 + 2.25 + 3 = 8.25
    expect(policyValue(occupancy, reward, { discounted: true })).toBe(8.25);
  });
});

describe('perTrialValues', () => {
  test('needs the per-trial arrays', () => {
    const { perTrialUndiscounted: _, ...rest } = occupancy;
    expect(() => perTrialValues(rest, new Float64Array(4), { discounted: false })).toThrow(
      'no per-trial undiscounted sums',
    );
  });

  test('scores every trial on its own, and their mean is the policy value', () => {
    const reward = Float64Array.from([0, 1, 0.5, 2]);
    // trial 0: 6 + 0.5*10 = 11; trial 1: 8 + 2.5 + 10 = 20.5
    expect([...perTrialValues(occupancy, reward, { discounted: false })]).toEqual([11, 20.5]);
    // trial 0: 2 + 3 = 5; trial 1: 4 + 1.5 + 6 = 11.5
    expect([...perTrialValues(occupancy, reward, { discounted: true })]).toEqual([5, 11.5]);
  });
});
