import { describe, expect, test } from 'vitest';
import { compareRuns, sameBits, type RunOutcome } from '../../../../src/state/runs/compare-runs.ts';

describe('bit-for-bit equality', () => {
  test('tells -0 from 0, takes NaN as equal to itself and compares typed arrays by element and type', () => {
    expect(sameBits(-0, 0)).toBe(false);
    expect(sameBits(NaN, NaN)).toBe(true);
    expect(sameBits(0.1 + 0.2, 0.3)).toBe(false);
    expect(sameBits(Float64Array.of(1, NaN), Float64Array.of(1, NaN))).toBe(true);
    expect(sameBits(Float64Array.of(1, 2), Float32Array.of(1, 2))).toBe(false);
    expect(sameBits(Float64Array.of(1, 2), [1, 2])).toBe(false);
  });

  test('needs the same keys, an absent key differing from one that is undefined', () => {
    expect(sameBits({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameBits({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameBits([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameBits(null, {})).toBe(false);
  });
});

describe('comparing a rerun with its original', () => {
  const outcome = (): RunOutcome => ({
    result: { candidate: 'r1/c0', expression: 'state * 2', normalized: '(state * 2)', pickedBy: 'reflection' },
    candidates: [
      {
        index: 0,
        origin: 'dlm/r0/c0',
        expression: 'state * 2',
        summary: { totalUtility: 1.5, groups: { Age: [0.25, 0.75] } },
      },
      { index: 1, origin: 'dlm/r0/c1', expression: 'x', summary: null },
    ],
    summaries: { state: { totalUtility: 1 }, '(state * 2)': { totalUtility: 1.5 } },
  });

  test('finds a rerun with the same selection and summaries identical', () => {
    expect(compareRuns(outcome(), outcome())).toEqual({ identical: true, differences: [] });
  });

  test('names each difference: the selection, a candidate, a summary one ulp off, a missing policy', () => {
    const rerun = outcome();
    rerun.result = { ...(rerun.result as object), candidate: 'r1/c1' };
    (rerun.candidates[0].summary as { groups: Record<string, number[]> }).groups.Age[1] = 0.7500000000000001;
    rerun.candidates = [rerun.candidates[0], { ...rerun.candidates[1], expression: 'y' }];
    delete rerun.summaries.state;
    expect(compareRuns(outcome(), rerun).differences).toEqual([
      'the selected candidate',
      "candidate dlm/r0/c0's summary",
      'candidate 2 (dlm/r0/c1: x)',
      'the summary of the policy for state',
    ]);
  });

  test('counts a missing candidate', () => {
    const rerun = outcome();
    rerun.candidates = rerun.candidates.slice(0, 1);
    expect(compareRuns(outcome(), rerun)).toEqual({
      identical: false,
      differences: ['the number of candidates (2 then 1)'],
    });
  });
});
