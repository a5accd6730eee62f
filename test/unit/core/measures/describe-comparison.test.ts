import { describe, expect, test } from 'vitest';
import { comparePolicies, type PolicyComparison } from '../../../../src/core/measures/compare-policies.ts';
import { describeComparison, percentText, pointsText } from '../../../../src/core/measures/describe-comparison.ts';
import type { TrialCounts } from '../../../../src/core/measures/trial-counts.ts';

function counts(
  young: { calls: number[]; engaged: number[] },
  old: { calls: number[]; engaged: number[] },
): TrialCounts {
  const add = (a: number[], b: number[]) => a.map((x, k) => x + b[k]);
  return {
    trials: young.calls.length,
    horizon: 10,
    all: { label: 'everyone', arms: 10, calls: add(young.calls, old.calls), engaged: add(young.engaged, old.engaged) },
    groups: [
      {
        group: 'Ages',
        ordered: true,
        buckets: [
          { label: 'Ages 10-50', arms: 9, ...young },
          { label: 'Ages 51-60', arms: 1, ...old },
        ],
      },
    ],
  };
}
const names = { policy: 'The selected policy', reference: 'the default' };
const base = counts(
  { calls: [91, 90, 92, 91], engaged: [400, 420, 380, 410] },
  { calls: [9, 10, 8, 9], engaged: [40, 41, 39, 40] },
);

describe('describeComparison', () => {
  test('a policy that makes the same calls in every trial is said to be the default in effect', () => {
    const text = describeComparison(comparePolicies(base, base), names);
    expect(text.verdict).toMatch(/exactly the same calls as the default/);
    expect(text.lines).toEqual([]);
  });

  test('changes within the noise are "no measurable difference", with the interval', () => {
    const other = counts(
      { calls: [90, 91, 91, 91], engaged: [401, 418, 381, 409] },
      { calls: [10, 9, 9, 9], engaged: [40, 41, 40, 40] },
    );
    const text = describeComparison(comparePolicies(base, other), names);
    expect(text.verdict).toMatch(/indistinguishable from the default/);
    expect(text.lines[0]).toMatch(/^Engagement overall: no measurable difference \([+-]?\d+\.\d% ± \d+\.\d%\)\.$/);
    expect(text.rule).toMatch(/4 simulated trials/);
  });

  test('a measurable shift of calls is named with the shares, the points and the population share', () => {
    const other = counts(
      { calls: [77, 76, 78, 77], engaged: [398, 417, 379, 405] },
      { calls: [23, 24, 22, 23], engaged: [52, 54, 51, 53] },
    );
    const text = describeComparison(comparePolicies(base, other), names);
    expect(text.verdict).toMatch(/^The selected policy moves calls toward Ages 51-60 \(23% of calls instead of 9%\)/);
    const line = text.lines.find((l) => l.startsWith('Ages 51-60 get'));
    expect(line).toMatch(
      new RegExp(
        String.raw`^Ages 51-60 get 23% of calls instead of 9% \(\+14 points ± \d+(\.\d)?; 2\.30 ` +
          String.raw`calls per step instead of 0\.90\); they are 10% of the population\.$`,
      ),
    );
    expect(text.lines.some((l) => l.startsWith('Engagement of Ages 51-60:'))).toBe(true);
  });

  test('with one trial nothing is called measurable and the rule says why', () => {
    const one = (c: TrialCounts) => ({
      ...c,
      trials: 1,
      all: { ...c.all, calls: c.all.calls.slice(0, 1), engaged: c.all.engaged.slice(0, 1) },
      groups: c.groups.map((g) => ({
        ...g,
        buckets: g.buckets.map((b) => ({ ...b, calls: b.calls.slice(0, 1), engaged: b.engaged.slice(0, 1) })),
      })),
    });
    const other = counts(
      { calls: [50, 50, 50, 50], engaged: [1, 1, 1, 1] },
      { calls: [50, 50, 50, 50], engaged: [1, 1, 1, 1] },
    );
    const text = describeComparison(comparePolicies(one(base), one(other)), names);
    expect(text.verdict).toMatch(/indistinguishable/);
    expect(text.rule).toMatch(/cannot be estimated/);
  });
});

describe('formatting', () => {
  test('points and percents are printed at the precision of their interval', () => {
    const c = {
      base: 0.09,
      other: 0.23,
      diff: 0.14,
      se: 0.01,
      measurable: true,
    } satisfies PolicyComparison['engagement'];
    expect(pointsText(c)).toEqual({ other: '23%', base: '9%', change: '+14 points ± 2' });
    expect(percentText({ base: 1, other: 0.997, diff: -0.003, se: 0.0025, measurable: false })).toBe('-0.3% ± 0.5%');
  });
});

describe('the verdict on engagement', () => {
  test('a fall is said as a fall of a positive amount, with its interval', () => {
    const base = counts(
      { calls: [91, 90, 92, 91], engaged: [400, 420, 380, 410] },
      { calls: [9, 10, 8, 9], engaged: [40, 41, 39, 40] },
    );
    const other = counts(
      { calls: [77, 76, 78, 77], engaged: [380, 399, 361, 389] },
      { calls: [23, 24, 22, 23], engaged: [40, 41, 39, 40] },
    );
    const text = describeComparison(comparePolicies(base, other), names);
    expect(text.verdict).toMatch(/engagement overall falls by \d+\.\d% ± \d+\.\d%\.$/);
  });
});

describe('the groups her priority names lead', () => {
  // Ages moves a little (9% -> 15%), Income a lot (50% -> 80%): the largest shift is Income's.
  function two(old: number[], low: number[]): TrialCounts {
    const young = old.map((x) => 100 - x),
      high = low.map((x) => 100 - x);
    const flat = [400, 401, 399, 400];
    return {
      trials: 4,
      horizon: 10,
      all: { label: 'everyone', arms: 10, calls: old.map(() => 100), engaged: flat.map((x) => 2 * x) },
      groups: [
        {
          group: 'Ages',
          ordered: true,
          buckets: [
            { label: 'Ages 10-50', arms: 9, calls: young, engaged: flat },
            { label: 'Ages 51-60', arms: 1, calls: old, engaged: flat },
          ],
        },
        {
          group: 'Income',
          ordered: true,
          buckets: [
            { label: 'high', arms: 5, calls: high, engaged: flat },
            { label: 'low', arms: 5, calls: low, engaged: flat },
          ],
        },
      ],
    };
  }
  const base2 = two([9, 10, 8, 9], [50, 51, 49, 50]);
  const other2 = two([15, 16, 14, 15], [80, 81, 79, 80]);

  test('without named groups the largest shift leads', () => {
    const text = describeComparison(comparePolicies(base2, other2), names);
    expect(text.verdict).toMatch(/toward Income: low/);
    expect(text.sideEffects).toEqual([]);
  });

  test('"older" names Ages: Ages leads, Income is a side effect', () => {
    const text = describeComparison(comparePolicies(base2, other2), { ...names, named: ['Ages'] });
    expect(text.verdict).toMatch(/^The selected policy moves calls toward Ages 51-60 \(15% of calls instead of 9%\)/);
    expect(text.lines.some((l) => l.includes('Income'))).toBe(false);
    expect(text.sideEffects[0]).toMatch(/^Income: low get 80% of calls instead of 50%/);
  });

  test('a named group that does not move is said so, and the moves are side effects', () => {
    const other3 = two([9, 10, 8, 9], [80, 81, 79, 80]);
    const text = describeComparison(comparePolicies(base2, other3), { ...names, named: ['Ages'] });
    expect(text.verdict).toMatch(
      /no measurable change in the calls to Ages, the group the priority names;.*side effects/,
    );
    expect(text.lines).toContain('Calls by Ages: no measurable difference.');
    expect(text.sideEffects[0]).toMatch(/^Income: low get/);
  });
});
