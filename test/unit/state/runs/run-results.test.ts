import { describe, expect, test } from 'vitest';
import { pMean } from '../../../../src/core/welfare/p-mean.ts';
import { candidateRows, P_VALUES, paretoIndices, welfareCurve } from '../../../../src/state/runs/run-results.ts';
import { DEFAULT_RUN_SETTINGS, settingsProblems } from '../../../../src/state/runs/run-settings.ts';
import type { PolicySummary } from '../../../../src/core/measures/policy-summary.ts';
import type { CandidateDiagnostics, RunCandidateRecord } from '../../../../src/state/runs/run-candidates.ts';

describe('the welfare curve of a pool', () => {
  const scores = [
    [2, 0.5],
    [1, 1],
    [0.6, 1.8],
  ];

  test('gives at every p the best p-mean in the pool, and the portfolio never beats the pool', () => {
    const curve = welfareCurve(scores, undefined);
    expect(curve.p).toEqual(P_VALUES);
    P_VALUES.forEach((p, i) => {
      expect(curve.pool[i]).toBe(Math.max(...scores.map((s) => pMean(s, p))));
      expect(curve.portfolio[i]).toBeLessThanOrEqual(curve.pool[i]);
      expect(curve.portfolio[i]).toBeGreaterThanOrEqual(curve.alpha * curve.pool[i] - 1e-12);
    });
  });

  test('picks the balanced candidate at the egalitarian end and a lopsided one at the utilitarian end', () => {
    const curve = welfareCurve(scores, undefined);
    expect(curve.pool[0]).toBeCloseTo(pMean(scores[1], -20), 12);
    expect(curve.pool.at(-1)).toBe(1.25); // (2 + 0.5) / 2
  });

  test('uses the clause weights when there is one per clause', () => {
    const curve = welfareCurve(scores, [0.9, 0.1]);
    expect(curve.pool.at(-1)).toBeCloseTo(0.9 * 2 + 0.1 * 0.5, 12);
  });
});

test('the Pareto front of a pool on two clauses leaves out the dominated candidates', () => {
  expect(
    [
      ...paretoIndices(
        [
          [1, 1],
          [2, 2],
          [3, 0.5],
        ],
        0,
        1,
      ),
    ].sort(),
  ).toEqual([1, 2]);
});

describe('the candidate table', () => {
  const schema = {
    columns: [{ name: 'a', label: 'Age', description: '', type: 'continuous' as const, group: 'Ages' }],
    groups: [
      { name: 'Ages', kind: 'bucketed' as const, columns: [0], ordered: true, buckets: ['young', 'old'], edges: [0.5] },
    ],
  };
  const summary = (groups: number[]) => ({
    distribution: [],
    groups: { Ages: groups },
    totalUtility: groups[0] + groups[1],
    ownValue: 0,
    engagedPerStep: [],
    pullsPerStep: [],
    fairness: [],
  });
  const record = (index: number, diagnostics: CandidateDiagnostics, s: PolicySummary | null): RunCandidateRecord => ({
    runId: 'r',
    index,
    expression: `e${index}`,
    origin: `dlm/r0/c${index}`,
    round: 0,
    diagnostics,
    summary: s,
  });

  test(
    'shows a refused candidate with its error, and a valid one with its features, shift from the default ' +
      'and utility',
    () => {
      const rows = candidateRows(
        [
          record(0, { status: 'failed', attempts: 3, error: 'no $$$' }, null),
          record(
            1,
            {
              status: 'valid',
              attempts: 1,
              featuresUsed: [0],
              increasingInState: true,
              nonnegative: true,
              normalized: 'x',
            },
            summary([1, 3]),
          ),
        ],
        { state: summary([2, 2]) },
        'state',
        { schema },
      );
      expect(rows[0]).toMatchObject({ status: 'failed', error: 'no $$$', emd: null, utility: null, featuresUsed: [] });
      // Utility shares 0.5/0.5 against 0.25/0.75: EMD = |0.5 - 0.25| = 0.25.
      expect(rows[1]).toMatchObject({
        status: 'valid',
        featuresUsed: ['Age'],
        emd: 0.25,
        utility: 4,
        increasing: true,
      });
    },
  );
});

describe('the Start settings', () => {
  test('name every field that stops a run', () => {
    expect(settingsProblems(DEFAULT_RUN_SETTINGS)).toEqual([
      'Priority: write what the allocation should favour, in your own words.',
    ]);
    const problems = settingsProblems({
      ...DEFAULT_RUN_SETTINGS,
      prompt: 'older mothers',
      rounds: 0,
      trials: 1.5,
      population: { kind: 'generator', generator: 'dlm', parameters: { budget: 100 }, seed: 0 },
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^Rounds: a whole number from 1 to 20, not 0/);
    expect(problems[1]).toMatch(/^Trials/);
    expect(problems[2]).toMatch(/^Population: .*budget 100 is larger than the 48 arms/);
  });

  test('check the SCLM fields only for an SCLM run', () => {
    const s = { ...DEFAULT_RUN_SETTINGS, prompt: 'p', weights: [1, -1], epsilon: 1 };
    expect(settingsProblems(s)).toEqual([]);
    expect(settingsProblems({ ...s, kind: 'sclm' }).map((p) => p.split(':')[0])).toEqual([
      'Score noise',
      'Clause weights',
    ]);
  });
});
