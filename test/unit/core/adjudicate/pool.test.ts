import { describe, expect, test } from 'vitest';
import { evaluatePolicy } from '../../../../src/core/adjudicate/evaluate-policy.ts';
import { parsePool } from '../../../../src/core/adjudicate/parse-pool.ts';
import type { Pool } from '../../../../src/core/adjudicate/pool.ts';
import { poolScoreMatrix } from '../../../../src/core/adjudicate/pool-score-matrix.ts';
import { emd } from '../../../../src/core/measures/emd.ts';

/** Two prioritization clauses, a shift clause, a utility clause and an LLM clause over three candidates. */
const POOL: Pool = {
  clauses: [
    { name: 'low income', kind: 'simulator', target: { group: 'Income', end: 'bottom' } },
    { name: 'old', kind: 'simulator', target: { group: 'Age', end: 'top' } },
    { name: 'no education shift', kind: 'shift', group: 'Education' },
    { name: 'total', kind: 'utility' },
    { name: 'rated', kind: 'llm' },
  ],
  default: {
    values: { 'low income': 10, old: 20 },
    totalUtility: 100,
    groups: { Education: [30, 40, 30], Income: [20, 30, 50], Age: [25, 25, 25, 25] },
  },
  candidates: [
    {
      id: 'a',
      scores: { rated: 5 },
      values: { 'low income': 16, old: 21 },
      totalUtility: 95,
      groups: { Education: [40, 40, 20], Income: [32, 28, 35], Age: [24, 24, 23, 24] },
    },
    {
      id: 'b',
      scores: { rated: 3 },
      values: { 'low income': 13, old: 26 },
      totalUtility: 97,
      groups: { Education: [31, 40, 29], Income: [26, 30, 41], Age: [20, 22, 25, 30] },
    },
    {
      id: 'c',
      scores: { rated: 1 },
      values: { 'low income': 12, old: 22 },
      totalUtility: 90,
      groups: { Education: [30, 41, 29], Income: [24, 30, 36], Age: [22, 22, 22, 24] },
    },
  ],
};

describe('parsePool', () => {
  test('reads the pool format back unchanged, with simulator as the default kind and ids from positions', () => {
    expect(parsePool(JSON.stringify(POOL))).toEqual(POOL);
    expect(parsePool('{"clauses": [{"name": "x"}], "candidates": [{"scores": {"x": 1}}]}')).toEqual({
      clauses: [{ name: 'x', kind: 'simulator' }],
      candidates: [{ id: '1', scores: { x: 1 } }],
    });
  });

  test('names the file, line and column of a JSON syntax error', () => {
    expect(() => parsePool('{\n "clauses": [],\n "b" 2}', 'pool.json')).toThrow(
      /^pool\.json, line 3, column 6: not valid JSON near "2}"/,
    );
  });

  test('names the JSON path of every bad field', () => {
    const bad = (o: unknown) => () => parsePool(JSON.stringify(o), 'p.json');
    expect(bad([])).toThrow('p.json, line 1, column 1: the file must be an object');
    expect(bad({ clauses: [], candidates: [] })).toThrow('clauses is empty');
    expect(bad({ clauses: [{ name: 'x', kind: 'vote' }], candidates: [{}] })).toThrow(
      'clauses[0].kind must be one of simulator, llm, shift, utility, given, got "vote"',
    );
    expect(bad({ clauses: [{ name: 'x', kind: 'shift' }], candidates: [{}] })).toThrow(
      'clauses[0].group is required for a shift clause',
    );
    expect(bad({ clauses: [{ name: 'x' }, { name: 'x' }], candidates: [{}] })).toThrow(
      'clauses[1].name "x" is used twice',
    );
    expect(bad({ clauses: [{ name: 'x', target: { group: 'Age', end: 'middle' } }], candidates: [{}] })).toThrow(
      'clauses[0].target.end must be "top" or "bottom"',
    );
    expect(bad({ clauses: [{ name: 'x' }], candidates: [{ scores: { x: 'high' } }] })).toThrow(
      'candidates[0].scores["x"] must be a finite number, got "high"',
    );
    expect(bad({ clauses: [{ name: 'x' }], candidates: [{ scores: { y: 1 } }] })).toThrow(
      'candidates[0].scores names the clause "y", which is not in clauses',
    );
    expect(bad({ clauses: [{ name: 'x' }], candidates: [{ groups: { Age: [1, null] } }] })).toThrow(
      'candidates[0].groups["Age"][1] must be a finite number, got null',
    );
    expect(bad({ clauses: [{ name: 'x' }], candidates: [] })).toThrow('candidates is empty');
  });
});

describe('poolScoreMatrix', () => {
  test("computes each clause by its kind from the candidates' summaries, and takes LLM ratings as given", () => {
    const m = poolScoreMatrix(POOL);
    expect(m.clauses.map((c) => [c.name, c.kind, c.rule])).toEqual([
      ['low income', 'simulator', 'ratio'],
      ['old', 'simulator', 'ratio'],
      ['no education shift', 'shift', 'range'],
      ['total', 'utility', 'range'],
      ['rated', 'llm', 'rating'],
    ]);
    const row = (i: number) => Array.from(m.scores.subarray(i * 5, i * 5 + 5));
    const d = POOL.candidates.map((c) => emd(POOL.default!.groups!.Education, c.groups!.Education));
    const dMax = Math.max(...d);
    const dMin = Math.min(...d);
    expect(row(0)).toEqual([1.6, 21 / 20, 1 - (d[0] - dMin) / (dMax - dMin), 5 / 7, 5]);
    expect(row(1)[0]).toBe(1.3);
    expect(row(1)[3]).toBe(1);
    expect(row(2)[3]).toBe(0);
  });

  test('uses precomputed scores when every candidate has one, for any kind', () => {
    const pool: Pool = {
      ...POOL,
      candidates: POOL.candidates.map((c, i) => ({ ...c, scores: { ...c.scores, total: 10 + i } })),
    };
    const m = poolScoreMatrix(pool);
    expect(m.clauses[3]).toEqual({ name: 'total', kind: 'utility', rule: 'given' });
    expect([m.scores[3], m.scores[8], m.scores[13]]).toEqual([10, 11, 12]);
  });

  test('says which candidate lacks what a clause needs', () => {
    const half: Pool = { ...POOL, candidates: POOL.candidates.map((c, i) => (i === 1 ? { ...c, scores: {} } : c)) };
    expect(() => poolScoreMatrix(half)).toThrow(
      'clause "rated" (llm): candidate b has no score for it in "scores" (other candidates have one: give every ' +
        'candidate a score, or none)',
    );
    const noValue: Pool = { ...POOL, candidates: POOL.candidates.map((c, i) => (i === 2 ? { ...c, values: {} } : c)) };
    expect(() => poolScoreMatrix(noValue)).toThrow(
      'clause "low income" (simulator): candidate c has no value for it in "values"',
    );
    expect(() => poolScoreMatrix({ ...POOL, default: undefined })).toThrow(
      'the default policy has no value for it in default.values',
    );
    expect(() =>
      poolScoreMatrix({ ...POOL, candidates: POOL.candidates.map((c) => ({ ...c, totalUtility: undefined })) }),
    ).toThrow('clause "total" (utility): candidate a has no totalUtility');
  });
});

describe('evaluatePolicy', () => {
  test("computes SCLM's measures of a candidate against the default", () => {
    const e = evaluatePolicy(POOL, POOL.candidates[1]);
    // Income bottom 1: (26 - 20) / 20; 2: (56 - 50) / 50; 3: (97 - 100) / 100. Age top 1: (30 - 25) / 25.
    expect(e.clauses.map((c) => [c.name, c.end, c.change.map((x) => Number(x!.toFixed(10)))])).toEqual([
      ['low income', 'bottom', [30, 12, -3]],
      ['old', 'top', [20, 10, Number(((100 * (77 - 75)) / 75).toFixed(10))]],
    ]);
    expect(e.summary[0]).toEqual({ sum: 50, min: 20 });
    expect(e.unmentioned).toEqual(['Education']);
    expect(e.averageEmd).toBeCloseTo(emd([30, 40, 30], [31, 40, 29]), 15);
    expect(e.utilityDrop).toBeCloseTo(3, 12);
  });

  test('leaves a measure null when its inputs are missing or the default gives the buckets nothing', () => {
    const pool: Pool = {
      clauses: [{ name: 'x', kind: 'simulator', target: { group: 'Age', end: 'bottom' } }],
      default: { groups: { Age: [0, 5] } },
      candidates: [],
    };
    const e = evaluatePolicy(pool, { groups: { Age: [1, 4] } });
    expect(e.clauses[0].change).toEqual([null, 0, null]);
    expect(e.summary).toEqual([null, { sum: 0, min: 0 }, null]);
    expect(e.averageEmd).toBeNull();
    expect(e.utilityDrop).toBeNull();
  });
});
