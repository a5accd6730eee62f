import { describe, expect, test } from 'vitest';
import { guessKind, importPopulation } from '../../../../src/workers/import/import-population.ts';
import {
  featureSummary,
  formatCount,
  groupSummary,
  previewRows,
  summarizePopulation,
  transitionSummary,
} from '../../../../src/core/instance/population-summary.ts';

const CSV = 'id,q00,q01,q10,q11,age\na,0.1,0.3,0.6,0.9,23\nb,0.2,0.4,0.7,0.95,41\n';

describe('importing a population file', () => {
  test('guesses JSON from the name and trajectories from the header', () => {
    expect(guessKind('x.JSON', '{')).toBe('instance-json');
    expect(guessKind('t.csv', 'arm,step,state,action\n1,0,0,1\n')).toBe('trajectories');
    expect(guessKind('"p".csv', '"id","q00"\n')).toBe('population-csv');
  });

  test('returns a CSV error as data with its line, column and column name', () => {
    const outcome = importPopulation('population-csv', CSV.replace('0.4', '1.4'), 'f.csv');
    expect(outcome).toMatchObject({ ok: false, error: { line: 3, column: 3, columnName: 'q01' } });
    if (!outcome.ok)
      expect(outcome.error.message).toMatch(/^f\.csv, line 3, column 3 \("q01"\): 1\.4 is not a probability/);
  });

  test('returns a JSON error with no line when the file is not an instance', () => {
    const outcome = importPopulation('instance-json', '[1,2]', 'i.json');
    expect(outcome.ok).toBe(false);
  });

  test('estimates transitions from trajectories into an instance with no features', () => {
    const rows = ['arm,step,state,action'];
    for (const arm of ['x', 'y', 'z'])
      for (let t = 0; t < 6; t++) rows.push(`${arm},${t},${t % 2},${t % 3 === 0 ? 1 : 0}`);
    const outcome = importPopulation('trajectories', rows.join('\n'), 't.csv');
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.instance).toMatchObject({
      numArms: 3,
      numStates: 2,
      ids: ['x', 'y', 'z'],
      budget: 1,
      provenance: { format: 'allot-trajectories' },
    });
    expect(outcome.instance.schema.columns).toEqual([]);
  });

  test('summarises features, groups, transitions and the first rows', () => {
    const outcome = importPopulation('population-csv', CSV, 'f.csv');
    if (!outcome.ok) throw new Error(outcome.error.message);
    const { instance } = outcome;
    expect(featureSummary(instance)).toMatchObject([{ name: 'age', mean: 32, min: 23, max: 41 }]);
    expect(groupSummary(instance).every((g) => g.buckets.reduce((n, b) => n + b.arms, 0) + g.outside === 2)).toBe(true);
    const t = transitionSummary(instance);
    expect(t.map((r) => r.mean[1])).toEqual([0.15000000000000002, 0.35, 0.6499999999999999, 0.925]);
    expect(t.every((r) => Math.abs(r.mean[0] + r.mean[1] - 1) < 1e-12)).toBe(true);
    expect(previewRows(instance)).toEqual({
      headers: ['id', 'q00', 'q01', 'q10', 'q11', 'age'],
      rows: [
        ['a', 0.1, 0.3, 0.6, 0.9, 23],
        ['b', 0.2, 0.4, 0.7, 0.95, 41],
      ],
    });
    // The import computes the same tables (in its worker) for the preview.
    expect(outcome.summary).toEqual(summarizePopulation(instance));
    expect(outcome.summary.features).toEqual(featureSummary(instance));
  });
});

test('counts are written with thousands separators', () => {
  expect([0, 999, 1000, 48, 100_000, 1_234_567].map(formatCount)).toEqual([
    '0',
    '999',
    '1,000',
    '48',
    '100,000',
    '1,234,567',
  ]);
});
