import { describe, expect, test } from 'vitest';
import { csvText } from '../../../src/charts/csv-text.ts';
import { parseCsv } from '../../../src/core/datasets/csv.ts';

describe('csvText', () => {
  test('an empty table is its header line', () => {
    expect(csvText(['a', 'b'], [])).toBe('a,b\r\n');
  });

  test('commas, quotes and line breaks are quoted, and the text reads back as the same cells', () => {
    const rows = [
      ['Income bracket 1 (e.g., 0-5000)', 0.125],
      ['say "hi"\nthen', null],
      ['x', Number.NaN],
    ];
    const text = csvText(['bucket', 'share'], rows);
    const table = parseCsv(text);
    expect(table.header).toEqual(['bucket', 'share']);
    expect(table.rows.map((r) => r.fields)).toEqual([
      ['Income bracket 1 (e.g., 0-5000)', '0.125'],
      ['say "hi"\nthen', ''],
      ['x', ''],
    ]);
  });

  test('numbers keep every digit', () => {
    expect(csvText(['v'], [[0.1 + 0.2]])).toBe('v\r\n0.30000000000000004\r\n');
  });
});
