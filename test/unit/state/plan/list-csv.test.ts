import { describe, expect, test } from 'vitest';
import type { WeeklyList } from '../../../../src/core/plan/weekly-list.ts';
import { csvField } from '../../../../src/core/datasets/csv-field.ts';
import { listCsv } from '../../../../src/state/plan/list-csv.ts';
import { parseCsv } from '../../../../src/core/datasets/csv.ts';

describe('the list as CSV', () => {
  test('quotes fields holding commas, quotes or line breaks, and leaves others bare', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(NaN)).toBe('');
  });

  test('writes one line per call in rank order, and reads back through the CSV reader', () => {
    const list = { arms: Int32Array.from([4, 1]), index: Float64Array.from([0.5, 0.25]), defaultRank: Int32Array.from([3, 1]), via: ['minimum of Ages = 51-60', ''], reasons: ['older, "low" income', 'same as default'] } as unknown as WeeklyList;
    const text = listCsv(list, { ids: ['e', 'b,2'], buckets: ['Ages 51-60', 'Ages 21-30'] });
    const table = parseCsv(text);
    expect(table.header).toEqual(['id', 'rank', 'index', 'default_rank', 'reason', 'features']);
    expect(table.rows.map((r) => r.fields)).toEqual([
      ['e', '1', '0.5', '3', 'minimum of Ages = 51-60; older, "low" income', 'Ages 51-60'],
      ['b,2', '2', '0.25', '1', 'same as default', 'Ages 21-30'],
    ]);
  });
});
