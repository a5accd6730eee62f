import { describe, expect, test } from 'vitest';
import { comparePolicies, isMeasurable, pairedChange } from '../../../../src/core/measures/compare-policies.ts';
import type { TrialCounts } from '../../../../src/core/measures/trial-counts.ts';

/** Two buckets (young: 3 arms, old: 1 arm), horizon 10, per-trial calls and engaged steps. */
function counts(
  young: { calls: number[]; engaged: number[] },
  old: { calls: number[]; engaged: number[] },
): TrialCounts {
  const add = (a: number[], b: number[]) => a.map((x, k) => x + b[k]);
  return {
    trials: young.calls.length,
    horizon: 10,
    all: { label: 'everyone', arms: 4, calls: add(young.calls, old.calls), engaged: add(young.engaged, old.engaged) },
    groups: [
      {
        group: 'Ages',
        ordered: true,
        buckets: [
          { label: 'young', arms: 3, ...young },
          { label: 'old', arms: 1, ...old },
        ],
      },
    ],
  };
}

describe('pairedChange', () => {
  test('one trial has no standard error and is never measurable', () => {
    const c = pairedChange([1], [5]);
    expect(c.diff).toBe(4);
    expect(c.se).toBeNaN();
    expect(c.measurable).toBe(false);
  });

  test('a constant shift has no noise and is measurable; no shift is not', () => {
    expect(pairedChange([1, 2, 3], [2, 3, 4])).toEqual({ base: 2, other: 3, diff: 1, se: 0, measurable: true });
    expect(pairedChange([1, 2, 3], [1, 2, 3]).measurable).toBe(false);
  });

  test('the standard error is that of the per-trial differences, not of the two means', () => {
    // the levels vary a lot between trials, the difference little: pairing sees the change
    const base = [10, 50, 90, 30],
      other = [11, 51.5, 90.5, 31];
    const c = pairedChange(base, other);
    const d = [1, 1.5, 0.5, 1];
    const mean = 1;
    const sd = Math.sqrt(d.reduce((s, x) => s + (x - mean) ** 2, 0) / 3);
    expect(c.diff).toBeCloseTo(1, 12);
    expect(c.se).toBeCloseTo(sd / 2, 12);
    expect(c.measurable).toBe(true);
  });

  test('a change within two standard errors is no measurable difference', () => {
    expect(isMeasurable(0.9, 0.5)).toBe(false);
    expect(isMeasurable(1, 0.5)).toBe(true);
    expect(isMeasurable(-1.2, 0.5)).toBe(true);
  });
});

describe('comparePolicies', () => {
  const base = counts({ calls: [8, 8, 8], engaged: [12, 14, 13] }, { calls: [2, 2, 2], engaged: [3, 3, 4] });
  test('a policy compared with itself is identical and changes nothing', () => {
    const c = comparePolicies(base, base);
    expect(c.identical).toBe(true);
    expect(c.engagement.measurable).toBe(false);
    expect(c.groups[0].buckets.every((b) => !b.callShare.measurable)).toBe(true);
  });

  test('shares of calls, calls per step and engagement per beneficiary come out per bucket', () => {
    const other = counts({ calls: [5, 5, 6], engaged: [11, 13, 12] }, { calls: [5, 5, 4], engaged: [5, 6, 6] });
    const c = comparePolicies(base, other);
    const old = c.groups[0].buckets[1];
    expect(old.populationShare).toBe(0.25);
    expect(old.callShare.base).toBeCloseTo(0.2, 12);
    expect(old.callShare.other).toBeCloseTo(14 / 30, 12);
    expect(old.callShare.measurable).toBe(true);
    expect(old.callsPerStep.other).toBeCloseTo(14 / 30, 12);
    expect(old.engagement.base).toBeCloseTo(10 / 30, 12);
    expect(old.engagement.other).toBeCloseTo(17 / 30, 12);
    expect(c.identical).toBe(false);
    expect(c.engagementRelative.diff).toBeCloseTo((53 + 0 - 49) / 3 / (49 / 3), 12);
  });

  test('simulations with different trials or groups are refused', () => {
    const short = counts({ calls: [8, 8], engaged: [1, 1] }, { calls: [2, 2], engaged: [1, 1] });
    expect(() => comparePolicies(base, short)).toThrow(/differ in trials/);
    const renamed = { ...base, groups: [{ ...base.groups[0], group: 'Income' }] };
    expect(() => comparePolicies(base, renamed)).toThrow(/different feature groups/);
  });
});
