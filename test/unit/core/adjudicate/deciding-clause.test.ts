import { describe, expect, test } from 'vitest';
import { decidingClause, describeDecidingClause } from '../../../../src/core/adjudicate/deciding-clause.ts';
import { pMean } from '../../../../src/core/welfare/p-mean.ts';

const welfareOf = (scores: number[][], p: number) => scores.map((row) => pMean(row, p));

describe('decidingClause', () => {
  test('a one-candidate pool or a tie has no deciding clause', () => {
    expect(decidingClause([[1, 1]], [1], 0, 1)).toBeNull();
    expect(
      decidingClause(
        [
          [1, 2],
          [2, 1],
        ],
        welfareOf(
          [
            [1, 2],
            [2, 1],
          ],
          1,
        ),
        0,
        1,
      ),
    ).toBeNull();
  });

  test("under egalitarian welfare the clause that lifts the pick's minimum decides, and decisively", () => {
    const scores = [
      [0.9, 1.2, 1.0],
      [1.5, 0.7, 1.1],
    ];
    const welfare = welfareOf(scores, -Infinity);
    const d = decidingClause(scores, welfare, 0, -Infinity)!;
    expect(d.runnerUp).toBe(1);
    expect(d.clause).toBe(1);
    expect(d.decisive).toBe(true);
    expect(d.welfareAtStake).toBeCloseTo(0.9 - 0.7, 12);
  });

  test('under utilitarian welfare the largest lead decides; it is not decisive when the other leads add up', () => {
    const scores = [
      [1.3, 1.2, 1.0],
      [1.0, 1.0, 1.05],
    ];
    const welfare = welfareOf(scores, 1);
    const d = decidingClause(scores, welfare, 0, 1)!;
    expect(d.clause).toBe(0);
    expect(d.decisive).toBe(false);
    const text = describeDecidingClause(
      d,
      (i) => `c${i}`,
      (c) => ['older', 'poorer', 'utility'][c],
    );
    expect(text).toMatch(
      /^c0 beats the runner-up c1 on welfare 1\.17 against 1\.02\. "older" decided it: it scores 1\.3 there against 1/,
    );
    expect(text).toMatch(/other clauses add to it/);
  });
});

describe('a pick within the shown precision of the runner-up', () => {
  test('is said to be a tie, with how it was broken, not "beats the runner-up on welfare 1 against 1"', () => {
    const scores = [
      [1.0002, 1.0],
      [1.0, 1.0001],
    ];
    const welfare = welfareOf(scores, 1);
    const d = decidingClause(scores, welfare, 0, 1)!;
    const text = describeDecidingClause(
      d,
      (i) => `c${i}`,
      (c) => ['older', 'poorer'][c],
    );
    expect(text).not.toMatch(/beats/);
    expect(text).toMatch(
      /^c0 and the runner-up c1 tie on welfare \(1 each, to three digits\); the tie went to c0 by a margin of 0\.00005/,
    );
    expect(text).toMatch(
      new RegExp(
        String.raw`treat the two as equally good\. The margin came from the ` +
          String.raw`clause “older”, where the pick scores 0\.0002 higher\.$`,
      ),
    );
  });
});
