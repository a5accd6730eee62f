import { describe, expect, test } from 'vitest';
import { adjudicate, CLASSIC_WELFARE } from '../../../../src/core/adjudicate/adjudicate.ts';
import { llmScoreColumn } from '../../../../src/core/adjudicate/llm-score-column.ts';
import { clauseIndex, scoreMatrix } from '../../../../src/core/adjudicate/score-matrix.ts';
import { shiftScoreColumn } from '../../../../src/core/adjudicate/shift-score-column.ts';
import { simulatorScoreColumn } from '../../../../src/core/adjudicate/simulator-score-column.ts';
import { utilityScoreColumn } from '../../../../src/core/adjudicate/utility-score-column.ts';
import { emd } from '../../../../src/core/measures/emd.ts';
import { policyValue } from '../../../../src/core/measures/policy-value.ts';
import { occupancyOf } from '../measures/occupancy-fixture.ts';

describe('simulatorScoreColumn', () => {
  test("divides each candidate's value by the default's", () => {
    expect(simulatorScoreColumn('c', [12, 8, 0], 8)).toEqual({
      name: 'c',
      kind: 'simulator',
      values: Float64Array.of(1.5, 1, 0),
      rule: 'ratio',
    });
  });

  test("min-max normalizes instead, and says why, when the default's value is 0 or negative", () => {
    const zero = simulatorScoreColumn('c', [3, 1, 2], 0);
    expect(zero).toMatchObject({ values: Float64Array.of(1, 0, 0.5), rule: 'range' });
    expect(zero.note).toContain(
      "the default policy's value under this clause's reward is 0, so a ratio to it is undefined",
    );
    // A negative default would reverse the order (-3 / -1 = 3 > -1 / -1): the best candidate still scores 1.
    const negative = simulatorScoreColumn('c', [-1, -3], -1);
    expect(negative).toMatchObject({ values: Float64Array.of(1, 0), rule: 'range' });
    expect(negative.note).toContain('order-reversing');
  });

  test(
    "min-max normalizes when a candidate's value is negative, and gives a one-candidate or " + 'all-equal column 1',
    () => {
      expect(simulatorScoreColumn('c', [-2, 2], 4)).toMatchObject({
        values: Float64Array.of(0, 1),
        rule: 'range',
        note: expect.stringContaining('candidate 1 has the negative value -2'),
      });
      expect(simulatorScoreColumn('c', [5, 5], 0)).toMatchObject({ values: Float64Array.of(1, 1), rule: 'all-equal' });
      expect(simulatorScoreColumn('c', [-5], 0)).toMatchObject({ values: Float64Array.of(1), rule: 'single' });
    },
  );

  test('refuses non-finite values and an empty pool', () => {
    expect(() => simulatorScoreColumn('c', [1, NaN], 1)).toThrow('clause "c": the value of candidate 2 is NaN');
    expect(() => simulatorScoreColumn('c', [1], Infinity)).toThrow("the default policy's value is Infinity");
    expect(() => simulatorScoreColumn('c', [], 1)).toThrow('no candidates');
  });

  test("takes the values from occupancies as discounted dot products with the clause's reward table", () => {
    // Two arms x two states; the clause rewards arm 0 in state 1 only.
    const reward = Float64Array.of(0, 1, 0, 0);
    const def = occupancyOf(
      [
        [
          [6, 4],
          [5, 5],
        ],
      ],
      [
        [
          [3, 2],
          [3, 3],
        ],
      ],
    );
    const candidate = occupancyOf(
      [
        [
          [2, 8],
          [9, 1],
        ],
      ],
      [
        [
          [1, 3],
          [4, 1],
        ],
      ],
    );
    const value = (o: typeof def) => policyValue(o, reward, { discounted: true }); // as pool-score-matrix.ts takes them
    const column = simulatorScoreColumn('old', [candidate, def].map(value), value(def));
    expect(Array.from(column.values)).toEqual([1.5, 1]);
  });
});

describe('llmScoreColumn', () => {
  test('keeps 1-5 ratings as they are and refuses anything else', () => {
    expect(llmScoreColumn('c', [1, 5, 3])).toEqual({
      name: 'c',
      kind: 'llm',
      values: Float64Array.of(1, 5, 3),
      rule: 'rating',
    });
    expect(() => llmScoreColumn('c', [1, 6])).toThrow('candidate 2 is rated 6, not a whole number from 1 to 5');
    expect(() => llmScoreColumn('c', [2.5])).toThrow('candidate 1 is rated 2.5');
    expect(() => llmScoreColumn('c', [0])).toThrow('rated 0');
  });
});

describe('shiftScoreColumn', () => {
  test('scores the smallest EMD to the default 1 and the largest 0', () => {
    const base = [30, 40, 30];
    const candidates = [
      [30, 40, 30],
      [60, 40, 0],
      [45, 40, 15],
    ];
    const column = shiftScoreColumn('education', candidates, base);
    expect(Array.from(column.emd)).toEqual(candidates.map((c) => emd(base, c)));
    expect(column.values[0]).toBe(1);
    expect(column.values[1]).toBe(0);
    expect(column.values[2]).toBeCloseTo(0.5, 12);
    expect(column).toMatchObject({ kind: 'shift', rule: 'range' });
  });

  test('gives every candidate 1 when none shifts the distribution (a scaled one is no shift)', () => {
    expect(
      shiftScoreColumn(
        'g',
        [
          [1, 2],
          [2, 4],
        ],
        [3, 6],
      ),
    ).toMatchObject({ values: Float64Array.of(1, 1), rule: 'all-equal' });
  });

  test('names the candidate whose distribution is unusable', () => {
    expect(() =>
      shiftScoreColumn(
        'g',
        [
          [1, 2],
          [0, 0],
        ],
        [1, 1],
      ),
    ).toThrow('clause "g", candidate 2: the second distribution has no mass');
  });
});

describe('utilityScoreColumn', () => {
  test('min-max normalizes the total utility, higher is better', () => {
    expect(utilityScoreColumn('total', [90, 100, 95])).toMatchObject({
      kind: 'utility',
      values: Float64Array.of(0, 1, 0.5),
      rule: 'range',
    });
  });
});

describe('scoreMatrix', () => {
  const a = llmScoreColumn('a', [1, 2]);
  const b = utilityScoreColumn('b', [3, 1]);

  test('lays the columns out candidates x clauses, row-major, with their names and kinds', () => {
    const m = scoreMatrix([a, b]);
    expect(m.numCandidates).toBe(2);
    expect(Array.from(m.scores)).toEqual([1, 1, 2, 0]);
    expect(m.clauses).toEqual([
      { name: 'a', kind: 'llm', rule: 'rating' },
      { name: 'b', kind: 'utility', rule: 'range' },
    ]);
    expect(clauseIndex(m, 'b')).toBe(1);
    expect(() => clauseIndex(m, 'c')).toThrow('no clause is named "c"; the clauses are "a", "b"');
  });

  test('refuses ragged columns, repeated names and negative scores', () => {
    expect(() => scoreMatrix([])).toThrow('no clauses');
    expect(() => scoreMatrix([a, llmScoreColumn('c', [1])])).toThrow('clause "c" scores 1 candidates, clause "a" 2');
    expect(() => scoreMatrix([a, a])).toThrow('two clauses are named "a"');
    expect(() => scoreMatrix([{ name: 'g', kind: 'given', rule: 'given', values: Float64Array.of(1, -1) }])).toThrow(
      'clause "g": candidate 2 scores -1',
    );
  });
});

describe('adjudicate', () => {
  // A lopsided candidate with the best sum, a balanced one, and a dominated one.
  const matrix = scoreMatrix([
    { name: 'x', kind: 'given', rule: 'given', values: Float64Array.of(1.6, 1.0, 0.9) },
    { name: 'y', kind: 'given', rule: 'given', values: Float64Array.of(0.6, 1.0, 0.9) },
  ]);

  test('selects under utilitarian, Nash and egalitarian side by side, with the regret bound', () => {
    const { outcomes, regret } = adjudicate(matrix);
    expect(outcomes.map((o) => [o.label, o.index])).toEqual([
      ['utilitarian', 0],
      ['nash', 1],
      ['egalitarian', 1],
    ]);
    expect(regret).toEqual({ epsilon: 0.1, bound: 0.2 / 1.1 });
    expect(outcomes[0].welfare).toEqual([1.1, 1, 0.9]);
    expect(outcomes[0].runnerUp).toBe(1);
    expect(outcomes[0].robustTo).toBeCloseTo(0.1 / 2.1, 15);
    expect(outcomes[0].explanation).toBe(
      'candidate 1 has the highest welfare, 1.1, ahead of 1; multiplicative score noise below 4.762% cannot change ' +
        'this choice.',
    );
  });

  test(
    'the noise margin is exact: just below it the choice survives every perturbation, just above it a ' +
      'perturbation flips it',
    () => {
      const { outcomes } = adjudicate(matrix, [CLASSIC_WELFARE[0]]);
      const eps = outcomes[0].robustTo!;
      const perturb = (e: number) =>
        Float64Array.from(matrix.scores, (s, i) => (i < 2 ? s * (1 - e) : i < 4 ? s * (1 + e) : s));
      const pick = (e: number) => adjudicate({ ...matrix, scores: perturb(e) }, [CLASSIC_WELFARE[0]]).outcomes[0].index;
      expect(pick(eps * 0.999)).toBe(0);
      expect(pick(eps * 1.001)).toBe(1);
    },
  );

  test('names candidates by the given names in explanations', () => {
    const { outcomes } = adjudicate(matrix, [CLASSIC_WELFARE[2]], 0.1, ['r0/c0', 'r0/c1', 'r1/c0']);
    expect(outcomes[0].explanation).toMatch(/^r0\/c1 has the highest welfare, 1, ahead of 0.9;/);
    expect(() => adjudicate(matrix, CLASSIC_WELFARE, 0.1, ['a'])).toThrow('1 names for 3 candidates');
  });

  test('uses the given weights and any p', () => {
    const { outcomes } = adjudicate(matrix, [
      { label: 'x only', p: -Infinity, weights: [1, 0] },
      { label: 'p = -2', p: -2 },
    ]);
    expect(outcomes.map((o) => o.index)).toEqual([0, 1]);
  });

  test('explains a one-candidate pool', () => {
    const one = scoreMatrix([llmScoreColumn('a', [3]), llmScoreColumn('b', [4])]);
    const { outcomes } = adjudicate(one);
    expect(outcomes.every((o) => o.index === 0 && o.robustTo === null && o.runnerUp === null)).toBe(true);
    expect(outcomes[1].explanation).toBe(
      'The pool has one candidate: it is selected under every welfare function (welfare 3.464).',
    );
  });

  test('explains an all-equal pool and a tie', () => {
    const equal = scoreMatrix([llmScoreColumn('a', [3, 3, 3])]);
    const o = adjudicate(equal).outcomes[0];
    expect(o).toMatchObject({ index: 0, tied: [0, 1, 2], robustTo: 0 });
    expect(o.explanation).toBe(
      'All 3 candidates have the same welfare 3, because every clause scores them alike: nothing tells them apart, ' +
        'so the earliest generated, candidate 1, is selected.',
    );
    const mirrored = scoreMatrix([llmScoreColumn('a', [2, 4, 1]), llmScoreColumn('b', [4, 2, 1])]);
    const tie = adjudicate(mirrored).outcomes[0];
    expect(tie.tied).toEqual([0, 1]);
    expect(tie.explanation).toBe(
      'candidate 1, candidate 2 tie at welfare 3; the earliest generated, candidate 1, is selected. Any score ' +
        'noise could change this choice.',
    );
    const sameWelfare = scoreMatrix([llmScoreColumn('a', [2, 4]), llmScoreColumn('b', [4, 2])]);
    expect(adjudicate(sameWelfare).outcomes[0].explanation).toBe(
      'All 2 candidates have the same welfare 3: nothing tells them apart, so the earliest generated, candidate 1, ' +
        'is selected.',
    );
  });

  test('names the welfare function whose weights are wrong', () => {
    expect(() => adjudicate(matrix, [{ label: 'nash', p: 0, weights: [0.5, 0.6] }])).toThrow(
      'nash: the weights sum to 1.1',
    );
  });
});
