import { describe, expect, test } from 'vitest';
import { readByteTable } from '../../../../src/core/datasets/byte-table.ts';
import { CsvError } from '../../../../src/core/datasets/csv.ts';
import { utf8Bytes } from '../../../../src/core/datasets/utf8.ts';
import { instanceToJson, parseInstanceJson } from '../../../../src/core/datasets/instance-json.ts';
import { parsePopulationCsv } from '../../../../src/core/datasets/population-csv.ts';
import { parseHistoryCsv, parseRegisterCsv } from '../../../../src/core/datasets/register-csv.ts';
import {
  isTextColumn,
  MAX_TEXT_BUCKETS,
  readTextColumn,
  textGrouping,
} from '../../../../src/core/datasets/text-columns.ts';
import { groupBuckets } from '../../../../src/core/measures/group-buckets.ts';
import { rowMajor } from '../../../../src/core/instance/feature-table.ts';

/** A file's table as the features file's reader keeps it (bytes). */
const bytesTable = (text: string) => readByteTable(utf8Bytes(text), 'f');

/** A register CSV of `n` rows: column `name` takes `values[i % values.length]`, with a state column. */
function register(columns: Record<string, (i: number) => string>, n: number): string {
  const names = Object.keys(columns);
  return [
    ['id', ...names, 'state'].join(','),
    ...Array.from({ length: n }, (_, i) => [`b${i}`, ...names.map((c) => columns[c](i)), i % 2].join(',')),
  ].join('\n');
}
const cycle = (values: string[]) => (i: number) => values[i % values.length];
const refused = (read: () => unknown): CsvError => {
  try {
    read();
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
  throw new Error('expected a CsvError');
};

describe('a text column becomes a group with a bucket per value, named as written', () => {
  const text = register(
    {
      district: cycle(['पालघर', 'ठाणे', 'Mumbai Suburban', '']),
      language: cycle(['मराठी', 'ગુજરાતી', 'Hindi']),
      age_years: (i) => String(20 + (i % 17)),
    },
    120,
  );
  const r = parseRegisterCsv(text, { fileName: 'register.csv' });

  test(
    'Devanagari, Gujarati and Latin values are its buckets; blank cells are their own bucket, ' + '"not recorded"',
    () => {
      const district = r.schema.groups.find((g) => g.name === 'district')!;
      expect(district.buckets).toEqual(['पालघर', 'ठाणे', 'Mumbai Suburban', 'not recorded']);
      expect(district.text).toEqual({
        name: 'district',
        column: 'district',
        values: ['पालघर', 'ठाणे', 'Mumbai Suburban', ''],
      });
      expect(r.schema.groups.find((g) => g.name === 'language')!.buckets).toEqual(['मराठी', 'ગુજરાતી', 'Hindi']);
      const counts = groupBuckets(r.schema, r.features, r.numArms)[r.schema.groups.indexOf(district)];
      expect([0, 1, 2, 3].map((b) => counts.filter((x) => x === b).length)).toEqual([30, 30, 30, 30]);
    },
  );

  test("each bucket is a 0/1 column whose identifier keeps every letter, in the file's column order", () => {
    expect(r.schema.columns.map((c) => c.name)).toEqual([
      'district_पालघर',
      'district_ठाणे',
      'district_Mumbai_Suburban',
      'district_not_recorded',
      'language_मराठी',
      'language_ગુજરાતી',
      'language_Hindi',
      'age_years',
    ]);
    expect(r.schema.columns[1].label).toBe('district: ठाणे');
    // beneficiary b1: ठाणे, ગુજરાતી, 21
    expect([...rowMajor(r.features).subarray(8, 16)]).toEqual([0, 1, 0, 0, 0, 1, 0, 21]);
  });

  test('numeric columns keep their banding', () => {
    expect(r.schema.groups.find((g) => g.name === 'age_years')).toMatchObject({
      kind: 'bucketed',
      edges: expect.any(Array),
    });
  });

  test(
    '0/1 columns named in two scripts never collide: district_पालघर and district_ठाणे stay two features ' +
      'of one group',
    () => {
      const p = parsePopulationCsv(
        'id,q00,q01,q10,q11,district_पालघर,district_ठाणे\n' + 'a,0.1,0.2,0.3,0.4,1,0\n' + 'b,0.1,0.2,0.3,0.4,0,1',
        { fileName: 'pop.csv' },
      );
      expect(p.schema.columns.map((c) => c.name)).toEqual(['district_पालघर', 'district_ठाणे']);
      expect(p.schema.groups).toEqual([
        {
          name: 'district',
          kind: 'one-hot',
          columns: [0, 1],
          ordered: false,
          buckets: ['district_पालघर', 'district_ठाणे'],
        },
      ]);
    },
  );

  test(
    'headers that make the same identifier are told apart, never refused; a header in Devanagari keeps ' +
      'its letters',
    () => {
      const p = parsePopulationCsv(
        ['id,q00,q01,q10,q11,Age Group,Age_Group,ज़िला', 'a,0.1,0.2,0.3,0.4,1,2,पालघर'].join('\n'),
        { fileName: 'pop.csv' },
      );
      expect(p.schema.columns.map((c) => c.name)).toEqual(['Age_Group', 'Age_Group_2', 'ज़िला_पालघर']);
      expect(p.schema.groups.find((g) => g.text)!.text!.name).toBe('ज़िला');
    },
  );

  test('an instance JSON keeps the text group exactly', () => {
    const p = parsePopulationCsv(
      ['id,q00,q01,q10,q11,district', 'a,0.1,0.2,0.3,0.4,पालघर', 'b,0.1,0.2,0.3,0.4,'].join('\n'),
      { fileName: 'pop.csv' },
    );
    expect(parseInstanceJson(instanceToJson(p)).schema).toEqual(p.schema);
  });

  test("a history's features file reads text columns the same way", () => {
    const features = ['id,district', 'a,पालघर', 'b,ठाणे'].join('\n');
    const history = ['id,week,state,called', 'a,1,0,1', 'b,1,1,0', 'a,2,1,0', 'b,2,0,0'].join('\n');
    const h = parseHistoryCsv(history, features, { fileName: 'history.csv', featuresFileName: 'features.csv' });
    expect(h.schema.groups[0]).toMatchObject({ name: 'district', buckets: ['पालघर', 'ठाणे'] });
  });
});

describe('rare values can be merged into "other", as chosen', () => {
  // 14 districts: two seen 3 and 2 times, the rest 30 times each
  const names = Array.from({ length: 12 }, (_, k) => `D${k}`);
  const rows = [
    ...names.flatMap((d) => Array(30).fill(d)),
    'Ratnagiri',
    'Ratnagiri',
    'Ratnagiri',
    'Sindhudurg',
    'Sindhudurg',
    '',
  ];
  const text = register({ district: (i) => rows[i] }, rows.length);

  test('a column of more than 12 values has the values seen fewer than 20 times merged by default, listed', () => {
    const g = parseRegisterCsv(text, { fileName: 'r.csv' }).schema.groups.find((x) => x.name === 'district')!;
    expect(g.buckets).toEqual([...names, 'other', 'not recorded']);
    expect(g.text).toMatchObject({ values: [...names, null, ''], merged: ['Ratnagiri', 'Sindhudurg'], rareBelow: 20 });
  });

  test('she can keep each value, or change the threshold', () => {
    const kept = parseRegisterCsv(text, { fileName: 'r.csv', text: { merge: { district: false } } }).schema.groups.find(
      (x) => x.name === 'district',
    )!;
    expect(kept.buckets).toEqual([...names, 'Ratnagiri', 'Sindhudurg', 'not recorded']);
    expect(kept.text!.merged).toBeUndefined();
    const lower = parseRegisterCsv(text, {
      fileName: 'r.csv',
      text: { rareBelow: 3, merge: { district: true } },
    }).schema.groups.find((x) => x.name === 'district')!;
    expect(lower.text!.merged).toEqual(['Sindhudurg']);
  });

  test('a few values are kept by default, and a value already called "other" keeps its name', () => {
    const g = parseRegisterCsv(register({ d: (i) => ['a', 'b', 'other', 'c'][i % 4] }, 40), { fileName: 'r.csv' })
      .schema.groups[0];
    expect(g.buckets).toEqual(['a', 'b', 'other', 'c']); // each seen 10 times: rare, but 4 values are few
    const merged = textGrouping(
      readTextColumn(bytesTable('d\na\nother\na\nother\nb'), 0),
      { rareBelow: 2, merge: { d: true } },
      new Set(),
      new Set(),
    );
    expect(merged.group.buckets).toEqual(['a', 'other', 'other (merged)']);
  });

  test(`a column never has more than ${MAX_TEXT_BUCKETS} buckets: the rarest go to "other" even when kept`, () => {
    const g = textGrouping(
      readTextColumn(bytesTable(['phone', ...Array.from({ length: 500 }, (_, i) => `9${i}`)].join('\n')), 0),
      { merge: { phone: false } },
      new Set(),
      new Set(),
    ).group;
    expect(g.buckets.length).toBe(MAX_TEXT_BUCKETS);
    expect(g.text!.merged!.length).toBe(500 - (MAX_TEXT_BUCKETS - 1));
  });
});

describe('a column of numbers but for a few text cells is refused naming those cells, never guessed', () => {
  test('a few words among numbers: each cell with its line, and the column', () => {
    const age = (i: number) => (i === 6 ? 'thirty' : i === 30 ? 'n/a' : String(20 + i));
    const e = refused(() =>
      parseRegisterCsv(register({ district: cycle(['a', 'b']), age_years: age }, 40), { fileName: 'register.csv' }),
    );
    expect(e.message).toBe(
      'register.csv, column 3 ("age_years") holds numbers but for 2 cells that are not a number: line 8 "thirty", ' +
        'line 32 "n/a"; write them as numbers (a column is read as text, with a bucket per value, when more of its ' +
        'cells are words)',
    );
    expect([e.line, e.column, e.columnName]).toEqual([8, 3, 'age_years']);
  });

  test('empty cells among numbers are named too', () => {
    const e = refused(() =>
      parseRegisterCsv(register({ age_years: (i) => (i === 2 ? '' : '30') }, 10), { fileName: 'register.csv' }),
    );
    expect(e.message).toMatch(
      /^register\.csv, column 2 \("age_years"\) holds numbers but 1 cell is empty: line 4; fill it in/,
    );
  });

  test('a column mostly of words is text, its numerals values like any other', () => {
    const parity = (i: number) => ['0', '1', '2', '3+', '3+'][i % 5];
    expect(
      isTextColumn(bytesTable(['parity', ...Array.from({ length: 50 }, (_, i) => parity(i))].join('\n')), 0, 'f'),
    ).toBe(true);
    const g = parseRegisterCsv(register({ parity }, 50), { fileName: 'r.csv' }).schema.groups[0];
    expect(g.buckets).toEqual(['3+', '0', '1', '2']);
  });
});
