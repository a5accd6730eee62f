import { describe, expect, test } from 'vitest';
import { CsvError } from '../../../../src/core/datasets/csv.ts';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import { checkImportSize, MAX_IMPORT_BYTES } from '../../../../src/core/datasets/import-limits.ts';
import { parsePopulationCsv } from '../../../../src/core/datasets/population-csv.ts';
import { populationToCsv } from '../../../../src/core/datasets/population-export.ts';
import { inferSchema, parseSchemaFile, type SchemaFile } from '../../../../src/core/datasets/population-schema.ts';

const GOOD = [
  'id,q00,q01,q10,q11,age_young,age_old,children',
  'a,0.1,0.4,0.7,0.9,1,0,2',
  'b,0.2,0.5,0.6,0.8,0,1,0',
  'c,0.05,0.3,0.8,0.95,1,0,1',
].join('\n');
const parse = (text: string, schema?: SchemaFile) => parsePopulationCsv(text, { fileName: 'arms.csv', schema });
/** The CsvError thrown while parsing. */
const csvError = (text: string, schema?: SchemaFile) => {
  try {
    parse(text, schema);
  } catch (e) {
    if (e instanceof CsvError) return e;
    throw e;
  }
  throw new Error('expected a CsvError');
};
const replaceLine = (line: number, content: string) =>
  GOOD.split('\n')
    .map((l, i) => (i === line - 1 ? content : l))
    .join('\n');

describe('population CSV: bad input', () => {
  test('an empty file', () => {
    expect(csvError('').message).toBe('arms.csv is empty: expected a header row and one row per arm');
  });

  test('a header and no arms', () => {
    expect(csvError('id,q00,q01,q10,q11\n').message).toBe(
      'arms.csv, line 1: the file has a header but no arms; add one row per arm below the header',
    );
  });

  test('a file separated by semicolons reads as its comma twin', () => {
    expect(parsePopulationCsv(GOOD.replaceAll(',', ';'), { fileName: 'arms.csv' }).transitions).toEqual(
      parsePopulationCsv(GOOD, { fileName: 'arms.csv' }).transitions,
    );
  });

  test('a missing header (the first row is data)', () => {
    expect(csvError(GOOD.split('\n').slice(1).join('\n')).message).toMatch(
      /^arms\.csv, line 1: the header has no "id" column; add a column named id/,
    );
  });

  test('a missing transition column, and no transition columns at all', () => {
    expect(csvError(GOOD.replace('q11', 'q12')).message).toContain(
      'line 1: the header has no "q11" column; 2-state arms need q00, q01, q10 and q11',
    );
    expect(csvError('id,x\na,1').message).toContain('the header has no transition columns; add q00,q01,q10,q11');
  });

  test('a ragged row', () => {
    const e = csvError(replaceLine(3, 'b,0.2,0.5,0.6,0.8,0,1'));
    expect(e.message).toBe(
      'arms.csv, line 3: expected 8 fields as in the header, found 7; check for a missing or extra comma',
    );
    expect(e.line).toBe(3);
  });

  test('non-numeric, NaN and empty values, naming line and column', () => {
    const e = csvError(replaceLine(3, 'b,0.2,high,0.6,0.8,0,1,0'));
    expect(e.message).toBe('arms.csv, line 3, column 3 ("q01"): "high" is not a number');
    expect([e.line, e.column, e.columnName]).toEqual([3, 3, 'q01']);
    expect(csvError(replaceLine(2, 'a,0.1,0.4,0.7,0.9,1,0,NaN')).message).toMatch(
      new RegExp(
        String.raw`^arms\.csv, column 8 \("children"\) holds numbers but for 1 cell ` +
          String.raw`that is not a number: line 2 "NaN"; write it as numbers`,
      ),
    );
    expect(csvError(replaceLine(4, 'c,,0.3,0.8,0.95,1,0,1')).message).toBe(
      'arms.csv, line 4, column 2 ("q00"): the value is empty',
    );
  });

  test('a probability outside [0, 1]', () => {
    const e = csvError(replaceLine(4, 'c,0.05,0.3,1.2,0.95,1,0,1'));
    expect(e.message).toBe(
      'arms.csv, line 4, column 4 ("q10"): 1.2 is not a probability; probabilities must be in [0, 1]',
    );
    expect(csvError(replaceLine(2, 'a,-0.1,0.4,0.7,0.9,1,0,2')).message).toContain(
      'line 2, column 2 ("q00"): -0.1 is not a probability',
    );
  });

  test('duplicated and empty ids, naming both lines', () => {
    expect(csvError(replaceLine(4, 'a,0.05,0.3,0.8,0.95,1,0,1')).message).toBe(
      'arms.csv, line 4, column 1 ("id"): id "a" is already used on line 2; ids must be distinct',
    );
    expect(csvError(replaceLine(3, ',0.2,0.5,0.6,0.8,0,1,0')).message).toContain(
      'line 3, column 1 ("id"): the id is empty',
    );
  });

  test('a group that is not one-hot, declared in the schema file', () => {
    const schema: SchemaFile = {
      groups: [{ name: 'Age', kind: 'one-hot', columns: ['age_young', 'age_old'], ordered: true }],
    };
    const e = csvError(replaceLine(3, 'b,0.2,0.5,0.6,0.8,1,1,0'), schema);
    expect(e.message).toBe(
      'arms.csv, line 3: arm "b", group "Age" (columns age_young, age_old): 2 columns are 1; exactly one must be 1',
    );
    expect(e.line).toBe(3);
  });

  test('a value that breaks the declared type, naming line and column', () => {
    const schema: SchemaFile = { columns: [{ column: 'children', type: 'binary' }] };
    const e = csvError(GOOD, schema);
    expect(e.message).toBe(
      'arms.csv, line 2, column 8 ("children"): arm "a", column "children": 2 is not 0 or 1 (the column is binary)',
    );
    expect([e.line, e.column]).toEqual([2, 8]);
  });

  test('S-state rows that do not sum to 1, naming the line and the row', () => {
    const header = ['id'];
    for (let s = 0; s < 3; s++) for (let a = 0; a < 2; a++) for (let t = 0; t < 3; t++) header.push(`p_${s}_${a}_${t}`);
    const row = (id: string, first: number) => [id, first, ...new Array(17).fill(1 / 3)].join(',');
    const text = [header.join(','), row('a', 1 / 3), row('b', 0.5)].join('\n');
    expect(csvError(text).message).toMatch(
      new RegExp(
        String.raw`^arms\.csv, line 3: arm "b", columns "p_0_0_\*": the probabilities ` +
          String.raw`of the next state after state 0 and action 0 sum to 1\.16`,
      ),
    );
    expect(
      csvError(
        header.slice(0, -1).join(',') +
          '\n' +
          row('a', 1 / 3)
            .split(',')
            .slice(0, -1)
            .join(','),
      ).message,
    ).toContain('the header has no "p_2_1_2" column');
  });

  test('a file far too large for the tab is refused before it is read', () => {
    expect(() => checkImportSize(MAX_IMPORT_BYTES + 1, 'huge.csv')).toThrow(
      new RegExp(
        String.raw`^huge\.csv is too big to import: 268 MB \(268,435,457 bytes\), ` +
          String.raw`more than the 256 MiB a browser tab can hold; split it`,
      ),
    );
    expect(() => checkImportSize(MAX_IMPORT_BYTES, 'ok.csv')).not.toThrow();
  });

  test('a schema file that names a column the CSV does not have, or is not JSON', () => {
    expect(() => parse(GOOD, { columns: [{ column: 'agee' }] })).toThrow(
      'the schema for arms.csv, columns[0].column: "agee" is not a feature column of arms.csv',
    );
    expect(() => parseSchemaFile('{"columns": 3}', 's.json')).toThrow(
      's.json, line 1, column 13 (columns): must be an array, not 3',
    );
    expect(() => parseSchemaFile('{', 's.json')).toThrow(/^s\.json, line 1, column 2: not valid JSON/);
  });
});

describe('population CSV: reading', () => {
  test(
    "reads ids, q columns as P(next state 1 | state, action), features, and allot's defaults for budget, " +
      'horizon and discount',
    () => {
      const instance = parse(GOOD);
      expect(instance.ids).toEqual(['a', 'b', 'c']);
      expect(Array.from(instance.transitions.subarray(0, 8))).toEqual([0.9, 0.1, 0.6, 0.4, 1 - 0.7, 0.7, 1 - 0.9, 0.9]);
      expect(Array.from(instance.features)).toEqual([1, 0, 2, 0, 1, 0, 1, 0, 1]);
      expect([instance.budget, instance.horizon, instance.discount]).toEqual([1, 10, 0.9]);
      expect(instance.provenance).toMatchObject({ kind: 'file', fileName: 'arms.csv', format: 'allot-population-csv' });
      expect(instance.provenance.kind === 'file' && instance.provenance.contentHash).toMatch(/^cyrb53:[0-9a-f]{14}$/);
    },
  );

  test('infers types and one-hot groups from column names and values', () => {
    const { schema } = parse(GOOD);
    expect(schema.columns.map((c) => [c.name, c.type, c.group])).toEqual([
      ['age_young', 'binary', 'age'],
      ['age_old', 'binary', 'age'],
      ['children', 'integer', null],
    ]);
    expect(schema.groups).toEqual([
      { name: 'age', kind: 'one-hot', columns: [0, 1], ordered: false, buckets: ['age_young', 'age_old'] },
    ]);
  });

  test("names an inferred group by the headers' own prefix, as written", () => {
    const schema = inferSchema(['Age group_young', 'Age group_old', 'Age-x'], Float64Array.from([1, 0, 3, 0, 1, 4]), 2);
    expect(schema.groups).toEqual([
      {
        name: 'Age group',
        kind: 'one-hot',
        columns: [0, 1],
        ordered: false,
        buckets: ['Age group_young', 'Age group_old'],
      },
    ]);
    expect(schema.columns.map((c) => c.label)).toEqual(['Age group_young', 'Age group_old', 'Age-x']);
  });

  test('infers no group when the prefix columns are not one-hot, and names headers as identifiers', () => {
    const schema = inferSchema(['Age Group', 'x_1', 'x_2', '3rd'], Float64Array.from([0.5, 1, 1, 0, 2, 0, 0, 3]), 2);
    expect(schema.columns.map((c) => [c.name, c.label, c.type])).toEqual([
      ['Age_Group', 'Age Group', 'continuous'],
      ['x_1', 'x_1', 'binary'],
      ['x_2', 'x_2', 'binary'],
      ['f_3rd', '3rd', 'integer'],
    ]);
    expect(schema.groups).toEqual([]);
  });

  test('takes labels, types, ordered groups, budget, horizon and discount from a schema file', () => {
    const schema: SchemaFile = {
      columns: [{ column: 'children', label: 'Children', description: 'Number of children' }],
      groups: [
        { name: 'Age', kind: 'one-hot', columns: ['age_young', 'age_old'], ordered: true, buckets: ['Young', 'Old'] },
      ],
      budget: 2,
      horizon: 5,
      discount: 0.95,
    };
    const instance = parse(GOOD, schema);
    expect(instance.schema.groups).toEqual([
      { name: 'Age', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['Young', 'Old'] },
    ]);
    expect(instance.schema.columns[2]).toEqual({
      name: 'children',
      label: 'Children',
      description: 'Number of children',
      type: 'integer',
      group: null,
    });
    expect([instance.budget, instance.horizon, instance.discount]).toEqual([2, 5, 0.95]);
  });

  test('reads S-state p_s_a_t columns and init columns', () => {
    const header = ['id', 'init_0', 'init_1', 'init_2'];
    for (let s = 0; s < 3; s++) for (let a = 0; a < 2; a++) for (let t = 0; t < 3; t++) header.push(`p_${s}_${a}_${t}`);
    const row = ['a', 0.2, 0.3, 0.5, ...Array.from({ length: 6 }, () => [0.5, 0.25, 0.25]).flat()];
    const instance = parse(`${header.join(',')}\n${row.join(',')}`);
    expect(instance.numStates).toBe(3);
    expect(Array.from(instance.initial)).toEqual([0.2, 0.3, 0.5]);
    expect(instance.transitions).toHaveLength(18);
  });

  test(
    'a generated population written as CSV reads back with the same ids, transitions, initial distributions and ' +
      'features, its columns named as the generator labels them',
    () => {
      const instance = findGenerator('dlm')!.generate({ arms: 300 }, 3);
      const back = parse(populationToCsv(instance));
      expect(back.ids).toEqual(instance.ids);
      expect(back.transitions).toEqual(instance.transitions);
      expect(back.initial).toEqual(instance.initial);
      expect(back.features).toEqual(instance.features);
      expect(back.schema.columns.map((c) => c.label)).toEqual(instance.schema.columns.map((c) => c.label));
    },
  );

  test('quotes ids that hold commas or quotes', () => {
    const instance = parse('id,q00,q01,q10,q11\n"x, ""1""",0.1,0.2,0.3,0.4');
    expect(instance.ids).toEqual(['x, "1"']);
    expect(parse(populationToCsv(instance)).ids).toEqual(['x, "1"']);
  });
});
