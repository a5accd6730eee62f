import { describe, expect, test } from 'vitest';
import {
  bandImport,
  columnUseWords,
  ImportBander,
  parseCutPoints,
  quantileWords,
} from '../../../../src/core/datasets/band-import.ts';
import { parsePopulationCsv } from '../../../../src/core/datasets/population-csv.ts';
import { bucketOfArms } from '../../../../src/core/measures/bucket-of-arms.ts';
import { bandNumericFeatures } from '../../../../src/core/plan/band-numeric.ts';

const csv = (header: string, rows: string[]) =>
  `id,q00,q01,q10,q11,${header}\n${rows.map((r, i) => `m${i},0.1,0.3,0.6,0.9,${r}`).join('\n')}\n`;

describe('parseCutPoints', () => {
  test('refuses no cut point, a word, and cut points that do not increase, naming the column as written', () => {
    expect(() => parseCutPoints(' , ', 'Age (years)')).toThrow('type at least one cut point for "Age (years)"');
    expect(() => parseCutPoints('20, thirty', 'Age (years)')).toThrow(
      '"thirty" in the cut points of "Age (years)" is not a number',
    );
    expect(() => parseCutPoints('20 20', 'Age')).toThrow('must increase: 20 then 20');
  });
  test('reads commas, semicolons and spaces', () => {
    expect(parseCutPoints('20, 30.5;40  50', 'x')).toEqual([20, 30.5, 40, 50]);
  });
});

describe('bandImport', () => {
  test('a file with no features has nothing to band', () => {
    expect(bandImport({ columns: [], groups: [] }, new Float64Array(0), 3)).toEqual({
      schema: { columns: [], groups: [] },
      uses: [],
      problems: [],
    });
  });

  test('every feature column ends up in exactly one group, and each arm in the bucket of its value', () => {
    const instance = parsePopulationCsv(
      csv('lang_a,lang_b,Distance km,Low income', [
        '1,0,0.5,1',
        '0,1,2.5,0',
        '1,0,7,0',
        '0,1,12,1',
        '1,0,3,0',
        '0,1,1,1',
      ]),
      { fileName: 'f.csv' },
    );
    const { schema, uses, problems } = bandImport(instance.schema, instance.features, instance.numArms);
    expect(problems).toEqual([]);
    expect(uses.map((u) => [u.column, u.kind, u.group])).toEqual([
      ['lang_a', 'one-hot', 'lang'],
      ['lang_b', 'one-hot', 'lang'],
      ['Distance km', 'numeric', 'Distance km'],
      ['Low income', 'binary', 'Low income'],
    ]);
    const inGroups = schema.groups.flatMap((g) => g.columns).sort();
    expect(inGroups).toEqual([0, 1, 2, 3]);
    const distance = schema.groups.find((g) => g.name === 'Distance km')!;
    const bucket = Array.from(bucketOfArms(instance.features, instance.numArms, 4, distance));
    // Values 0.5 2.5 7 12 3 1 against the quartile cuts
    expect(distance.edges).toEqual([1, 2.5, 7]);
    expect(bucket).toEqual([0, 1, 2, 3, 2, 0]);
    expect(
      Array.from(
        bucketOfArms(
          instance.features,
          instance.numArms,
          4,
          schema.groups.find((g) => g.name === 'Low income')!,
        ),
      ),
    ).toEqual([1, 0, 0, 1, 0, 1]);
    // the input schema is not changed
    expect(instance.schema.groups.map((g) => g.name)).toEqual(['lang']);
  });

  test('typed cut points replace the quantiles; bad ones are reported and the column falls back to quantiles', () => {
    const instance = parsePopulationCsv(csv('age', ['18', '25', '33', '41', '52']), { fileName: 'f.csv' });
    const name = instance.schema.columns[0].name;
    const typed = bandImport(instance.schema, instance.features, 5, { [name]: { by: 'cuts', text: '30' } });
    expect(typed.schema.groups[0]).toMatchObject({ buckets: ['<= 30', '> 30'], edges: [30] });
    expect(typed.uses[0]).toMatchObject({ by: 'cuts', cuts: [30], min: 18, max: 52 });
    const halves = bandImport(instance.schema, instance.features, 5, { [name]: { by: 'quantiles', bands: 2 } });
    expect(halves.schema.groups[0].edges).toEqual([33]);
    const bad = bandImport(instance.schema, instance.features, 5, { [name]: { by: 'cuts', text: 'old' } });
    expect(bad.problems).toEqual([{ column: 'age', message: '"old" in the cut points of "age" is not a number' }]);
    expect(bad.uses[0].by).toBe('quantiles');
  });

  test('a group the schema file bands is kept as the file says', () => {
    const instance = parsePopulationCsv(csv('age', ['18', '25', '33']), {
      fileName: 'f.csv',
      schema: {
        groups: [
          { name: 'Age', kind: 'bucketed', columns: ['age'], ordered: true, buckets: ['young', 'old'], edges: [21] },
        ],
      },
    });
    const { schema, uses } = bandImport(instance.schema, instance.features, 3, { age: { by: 'cuts', text: '30' } });
    expect(schema.groups).toEqual(instance.schema.groups);
    expect(uses[0]).toMatchObject({ kind: 'numeric', group: 'Age', by: 'cuts', cuts: [21] });
  });
});

describe('ImportBander', () => {
  // Three numeric columns and a 0/1 one, 200 rows.
  const rows = Array.from({ length: 200 }, (_, i) => `${18 + (i % 47)},${(i * 7) % 13},${(i * 0.37) % 5},${i % 2}`);
  const instance = parsePopulationCsv(csv('age,children,distance,poor', rows), { fileName: 'f.csv' });
  const [age, children] = instance.schema.columns.map((c) => c.name);

  test(
    "a keystroke in one column's cut points bands that column alone and reads no rows; the result is the same " +
      'as banding afresh',
    () => {
      const bander = new ImportBander(instance.schema, instance.features, instance.numArms);
      // band-numeric is given no rows (every column comes with its cuts or is known to be 0/1): the same
      // schema as band-numeric reading every row itself (quartiles by default, "no" / "yes" for 0/1)
      expect(bander.band().schema).toEqual(bandNumericFeatures(instance.schema, instance.features, instance.numArms));
      expect(bander.band({ [age]: { by: 'cuts', text: '30, 50' } }).schema).toEqual(
        bandNumericFeatures(instance.schema, instance.features, instance.numArms, { cuts: { [age]: [30, 50] } }),
      );
      expect(bander.bandings).toBe(4); // the three numeric columns, then age again; the 0/1 one is yes/no
      const read = bander.reads;
      const choices: Record<string, { by: 'cuts'; text: string } | { by: 'quantiles'; bands: number }> = {};
      let before = bander.bandings;
      for (const text of ['2', '20', '20,', '20, x', '20, 3', '20, 30']) {
        choices[age] = { by: 'cuts', text };
        const banded = bander.band(choices);
        expect(bander.bandings - before).toBe(1);
        before = bander.bandings;
        expect(banded).toEqual(bandImport(instance.schema, instance.features, instance.numArms, choices));
        // the bad entry is said, and the column is meanwhile at its quartiles
        if (text === '20, x')
          expect(banded.problems).toEqual([
            { column: 'age', message: '"x" in the cut points of "age" is not a number' },
          ]);
      }
      expect(bander.reads).toBe(read);
      // the same choices again: nothing is banded
      bander.band(choices);
      expect(bander.bandings).toBe(before);
      // new quantiles read that column once; back to quartiles reads nothing
      choices[children] = { by: 'quantiles', bands: 2 };
      expect(bander.band(choices)).toEqual(bandImport(instance.schema, instance.features, instance.numArms, choices));
      expect([bander.bandings - before, bander.reads - read]).toEqual([1, 1]);
      choices[children] = { by: 'quantiles', bands: 4 };
      expect(bander.band(choices).schema.groups[1].edges).toEqual(
        bandImport(instance.schema, instance.features, instance.numArms).schema.groups[1].edges,
      );
      expect([bander.bandings - before, bander.reads - read]).toEqual([2, 1]);
    },
  );
});

describe('columnUseWords', () => {
  test('says what happens to each kind of column', () => {
    expect(
      columnUseWords({ column: 'lang_a', index: 0, kind: 'one-hot', group: 'lang', buckets: ['lang_a', 'lang_b'] }),
    ).toBe('one bucket of the group “lang” (buckets: lang_a · lang_b)');
    expect(
      columnUseWords({ column: 'Low income', index: 1, kind: 'binary', group: 'Low income', buckets: ['no', 'yes'] }),
    ).toBe('yes/no: the group “Low income” with two buckets, no · yes');
    expect(
      columnUseWords({
        column: 'age',
        index: 2,
        kind: 'numeric',
        group: 'age',
        buckets: ['<= 30', '> 30'],
        by: 'cuts',
        cuts: [30],
        min: 18,
        max: 52,
      }),
    ).toBe('numbers from 18 to 52, banded at your cut points into the group “age” with 2 buckets: <= 30 · > 30');
    expect(
      columnUseWords({
        column: 'k',
        index: 3,
        kind: 'numeric',
        group: 'k',
        buckets: ['all'],
        by: 'quantiles',
        cuts: [],
        min: 2,
        max: 2,
      }),
    ).toMatch(/too few distinct values to band/);
    expect(quantileWords(4)).toBe('quarters (quartiles)');
    expect(quantileWords(7)).toBe('7 bands of about equal size');
  });
});
