import { describe, expect, test } from 'vitest';
import { CsvError, numberField, parseCsv } from '../../../../src/core/datasets/csv.ts';

describe('parseCsv', () => {
  test('refuses an empty file', () => {
    expect(() => parseCsv('', 'arms.csv')).toThrow('arms.csv is empty');
    expect(() => parseCsv('\n\n', 'arms.csv')).toThrow('arms.csv is empty');
  });

  test('reads a header and rows, remembering file lines across blank lines and CRLF', () => {
    const table = parseCsv('\uFEFFid,q00\r\n\r\na,0.5\r\nb,0.25\r\n');
    expect(table.header).toEqual(['id', 'q00']);
    expect(table.rows).toEqual([{ line: 3, fields: ['a', '0.5'] }, { line: 4, fields: ['b', '0.25'] }]);
  });

  test('keeps delimiters, doubled quotes and newlines inside quoted fields', () => {
    const table = parseCsv('id,note\n"a,1","say ""hi""\nthere"\nb,x');
    expect(table.rows[0].fields).toEqual(['a,1', 'say "hi"\nthere']);
    expect(table.rows[1]).toEqual({ line: 4, fields: ['b', 'x'] });
  });

  test('names the line of a ragged row', () => {
    expect(() => parseCsv('id,q00,q01\na,1,2\nb,1', 'arms.csv')).toThrow('arms.csv, line 3: expected 3 fields as in the header, found 2');
  });

  test('recognises a semicolon-separated file', () => {
    expect(() => parseCsv('id;q00;q01\na;1;2')).toThrow(/separated by semicolons/);
  });

  test('refuses duplicated and empty column names, and an unclosed quote', () => {
    expect(() => parseCsv('id,q00,q00\n')).toThrow('column "q00" appears twice in the header (columns 2 and 3)');
    expect(() => parseCsv('id,,q00\n')).toThrow('column 2: the header has an empty column name');
    expect(() => parseCsv('id,q\na,"0.5\n')).toThrow('line 2: a quoted field is never closed');
  });
});

describe('numberField', () => {
  const table = parseCsv('id,q00\na,0.5\nb,NaN\nc,\nd,1e-3\ne,0x10');
  test('reads decimal and exponent forms', () => {
    expect(numberField(table, table.rows[0], 1)).toBe(0.5);
    expect(numberField(table, table.rows[3], 1)).toBe(0.001);
  });
  test('names the line, column and value of a non-number', () => {
    const error = (() => {
      try {
        numberField(table, table.rows[1], 1, 'arms.csv');
      } catch (e) {
        return e as CsvError;
      }
    })();
    expect(error).toBeInstanceOf(CsvError);
    expect(error?.message).toBe('arms.csv, line 3, column 2 ("q00"): "NaN" is not a number');
    expect([error?.line, error?.column, error?.columnName]).toEqual([3, 2, 'q00']);
    expect(() => numberField(table, table.rows[2], 1)).toThrow('the value is empty');
    expect(() => numberField(table, table.rows[4], 1)).toThrow('"0x10" is not a number');
  });
});
