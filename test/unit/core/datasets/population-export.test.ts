// populationToCsv heads the feature columns with the names as the user (or the generator) wrote them,
// and the CSV with its schema JSON reads back as the same population.
import { describe, expect, test } from 'vitest';
import { GENERATORS } from '../../../../src/core/datasets/generators.ts';
import { parsePopulationCsv } from '../../../../src/core/datasets/population-csv.ts';
import {
  featureHeaders,
  populationSchemaFile,
  populationToCsv,
} from '../../../../src/core/datasets/population-export.ts';
import { parseSchemaFile } from '../../../../src/core/datasets/population-schema.ts';
import type { Instance } from '../../../../src/core/instance/types.ts';

const parse = (text: string, schemaJson?: string) =>
  parsePopulationCsv(text, {
    fileName: 'out.csv',
    schema: schemaJson === undefined ? undefined : parseSchemaFile(schemaJson, 'out.schema.json'),
  });
/** Everything but where it came from. */
const population = (i: Instance) => ({
  ids: i.ids,
  numStates: i.numStates,
  transitions: i.transitions,
  initial: i.initial,
  features: i.features,
  schema: i.schema,
  budget: i.budget,
  horizon: i.horizon,
  discount: i.discount,
});
const roundTrip = (i: Instance) => parse(populationToCsv(i), JSON.stringify(populationSchemaFile(i)));

// Her spelling: spaces, brackets, a comma, a quote and a one-hot group whose prefix she wrote with a space.
const HERS = [
  'id,q00,q01,q10,q11,Age (years),"Income, monthly","Owns a ""smart"" phone",Lang group_hindi,Lang group_marathi',
  'a,0.1,0.4,0.7,0.9,23,1200,1,1,0',
  'b,0.2,0.5,0.6,0.8,41,800.5,0,0,1',
  'c,0.05,0.3,0.8,0.95,35,0,1,1,0',
].join('\n');

describe('population CSV export', () => {
  test(
    'an imported file is written back with her column names, not the identifiers made from them, and reads ' +
      'back the same',
    () => {
      const imported = parse(HERS);
      expect(imported.schema.columns.map((c) => c.name)).toEqual([
        'Age_years',
        'Income_monthly',
        'Owns_a_smart_phone',
        'Lang_group_hindi',
        'Lang_group_marathi',
      ]);
      const csv = populationToCsv(imported);
      expect(csv.split('\n')[0]).toBe(
        'id,q00,q01,q10,q11,init_0,init_1,Age (years),"Income, monthly","Owns a ""smart"" phone",Lang ' +
          'group_hindi,Lang group_marathi',
      );
      // Alone, the CSV reads back as the same population: names, labels, the inferred group, every number.
      expect(population(parse(csv))).toEqual(population(imported));
      expect(population(roundTrip(imported))).toEqual(population(imported));
    },
  );

  test(
    'every generated population reads back the same from its CSV and schema JSON; the CSV alone keeps the ' +
      'numbers and the names the app shows',
    () => {
      for (const g of GENERATORS) {
        const instance = g.generate({ arms: 60 }, 7);
        expect(population(roundTrip(instance)), g.name).toEqual(population(instance));
        const alone = parse(populationToCsv(instance));
        expect(
          alone.schema.columns.map((c) => c.label),
          g.name,
        ).toEqual(instance.schema.columns.map((c) => c.label));
        expect([alone.transitions, alone.initial, alone.features], g.name).toEqual([
          instance.transitions,
          instance.initial,
          instance.features,
        ]);
      }
      // The identifiers reward expressions use come back from the schema JSON.
      const ml = GENERATORS.find((g) => g.name === 'multilingual')!.generate({ arms: 20 }, 1);
      expect(populationToCsv(ml).split('\n')[0]).toContain(',Ages 10-20,Ages 21-30,');
      expect(roundTrip(ml).schema.columns[0]).toMatchObject({ name: 'age_10_20', label: 'Ages 10-20' });
    },
  );

  test('a label that would not read back as its own feature is written as its identifier', () => {
    const columns = [
      { name: 'f_id', label: 'id', description: '', type: 'binary' as const, group: null },
      { name: 'a_b', label: 'a b', description: '', type: 'binary' as const, group: null },
      { name: 'a_b_2', label: 'a_b', description: '', type: 'binary' as const, group: null },
      { name: 'start', label: 'init_0', description: '', type: 'binary' as const, group: null },
      { name: 'blank', label: '  ', description: '', type: 'binary' as const, group: null },
    ];
    expect(featureHeaders({ columns, groups: [] })).toEqual(['f_id', 'a b', 'a_b_2', 'start', 'blank']);
  });
});
