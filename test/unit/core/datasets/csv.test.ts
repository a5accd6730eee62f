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
    expect(table.rows).toEqual([
      { line: 3, fields: ['a', '0.5'] },
      { line: 4, fields: ['b', '0.25'] },
    ]);
  });

  test('keeps delimiters, doubled quotes and newlines inside quoted fields', () => {
    const table = parseCsv('id,note\n"a,1","say ""hi""\nthere"\nb,x');
    expect(table.rows[0].fields).toEqual(['a,1', 'say "hi"\nthere']);
    expect(table.rows[1]).toEqual({ line: 4, fields: ['b', 'x'] });
  });

  test('names the line of a ragged row', () => {
    expect(() => parseCsv('id,q00,q01\na,1,2\nb,1', 'arms.csv')).toThrow(
      'arms.csv, line 3: expected 3 fields as in the header, found 2',
    );
  });

  test(
    'reads a file separated by semicolons or tabs (sniffed from the first lines), with decimal commas after ' +
      'semicolons',
    () => {
      const semi = parseCsv('id;q00;note\na;0,5;"x;y"\nb;1;z');
      expect(semi.header).toEqual(['id', 'q00', 'note']);
      expect(semi.rows.map((r) => r.fields)).toEqual([
        ['a', '0,5', 'x;y'],
        ['b', '1', 'z'],
      ]);
      expect(numberField(semi, semi.rows[0], 1)).toBe(0.5);
      expect(parseCsv('id\tage, years\na\t3\n').header).toEqual(['id', 'age, years']);
      // commas inside a header name do not outvote the separator every line agrees on
      expect(parseCsv('id;age, years;x, y\na;1;2\nb;3;4').rows[1].fields).toEqual(['b', '3', '4']);
      expect(() => parseCsv('id,q00\na,0,5', 'arms.csv')).toThrow(
        'arms.csv, line 2: expected 2 fields as in the header, found 3; check for a missing or extra comma',
      );
    },
  );

  test("reads a lone CR as a line end, quotes only at a field's start, and text in any script", () => {
    expect(parseCsv('id,h\ra,5\'3"\rb," q"').rows.map((r) => r.fields)).toEqual([
      ['a', '5\'3"'],
      ['b', ' q'],
    ]);
    expect(parseCsv('id,district\nb1,पालघर\nb2,"ठाणे, west"\n').rows.map((r) => r.fields[1])).toEqual([
      'पालघर',
      'ठाणे, west',
    ]);
    expect(() => parseCsv('id,x\na,\0b', 'f.csv')).toThrow('f.csv, line 2, column 2: the file holds a NUL character');
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
