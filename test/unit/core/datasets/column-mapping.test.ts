import { describe, expect, test } from 'vitest';
import { binaryValue, BinaryColumn } from '../../../../src/core/datasets/binary-values.ts';
import { guessRole, mapColumns, mappingLines, normalName } from '../../../../src/core/datasets/column-mapping.ts';
import { longColumns, pivotLongTable } from '../../../../src/core/datasets/long-table.ts';
import { parseCsv } from '../../../../src/core/datasets/csv.ts';

const place = { fileName: 'r.csv', headerLine: 1 };

describe('her column names', () => {
  test('names compare without case, spaces, punctuation or camelCase, in any script', () => {
    expect(normalName('Beneficiary ID')).toBe('beneficiary_id');
    expect(normalName('trackedEntity')).toBe('tracked_entity');
    expect(normalName(' Contact UUID ')).toBe('contact_uuid');
    expect(normalName('ज़िला')).toBe('ज़िला'.normalize('NFKC'));
  });

  test("the id is guessed from the names programs export, and never from a worker's or a place's id", () => {
    for (const [header, id] of [
      [['beneficiary_id', 'district', 'state'], 'beneficiary_id'],
      [['Beneficiary ID', 'Age'], 'Beneficiary ID'],
      [['caseid', 'owner_name', 'name'], 'caseid'],
      [['case_id', 'owner_id'], 'case_id'],
      [['trackedEntity', 'orgUnit'], 'trackedEntity'],
      [['Contact UUID', 'Name'], 'Contact UUID'],
      [['asha_id', 'mother_code_id'], 'mother_code_id'],
    ] as const)
      expect(header[guessRole(header, 'id')]).toBe(id);
    expect(guessRole(['owner_id', 'district_id'], 'id')).toBe(-1);
  });

  test(
    'a mapping: her names first, guesses for the rest, name and phone carried, bookkeeping left out, the ' +
      'rest features',
    () => {
      const header = [
        'Mother',
        'Week No',
        'Listened',
        'Called?',
        'name',
        'phone_number',
        'Village',
        'createdAt',
        'age',
      ];
      const m = mapColumns(header, { id: 'mother' }, ['id', 'week', 'state', 'called'], place);
      expect([m.id, m.week, m.state, m.called]).toEqual([0, 1, 2, 3]);
      expect(m.carry).toEqual([4, 5]);
      expect(m.features).toEqual([6, 8]);
      expect(m.columns.map((c) => `${c.name}:${c.use}${c.guessed ? '?' : ''}`)).toEqual([
        'Mother:id',
        'Week No:week?',
        'Listened:state?',
        'Called?:called?',
        'name:carry?',
        'phone_number:carry?',
        'Village:feature',
        'createdAt:ignored?',
        'age:feature',
      ]);
      expect(mappingLines(m.columns, ['id', 'state'], 'h.csv')).toEqual([
        'h.csv: id: Mother',
        'h.csv: state: Listened (guessed)',
        'h.csv: carry: name (guessed), phone_number (guessed)',
        'h.csv: left out: createdAt',
      ]);
      // carry named by her adds to the guess, a feature named by her is kept; a features file leaves a history's
      // columns out
      const f = mapColumns(
        ['id', 'state', 'village', 'name', 'phone'],
        { carry: ['village'], feature: ['phone'] },
        ['id'],
        place,
      );
      expect(f.columns.map((c) => c.use)).toEqual(['id', 'ignored', 'carry', 'carry', 'feature']);
    },
  );

  test('a name she gives that the file lacks, or one column for two jobs, is said with the columns it has', () => {
    expect(() => mapColumns(['a', 'b'], { id: 'case' }, ['id'], place)).toThrow(
      'r.csv, line 1: there is no column "case" (the id column); the columns are "a", "b"',
    );
    expect(() => mapColumns(['a', 'b'], { id: 'a', state: 'A' }, ['id', 'state'], place)).toThrow(
      'column "a" is given for two jobs',
    );
    expect(() => mapColumns(['a', 'b'], { id: 'a', carry: ['a'] }, ['id'], place)).toThrow(
      'column "a" is the id column; it cannot be carried too',
    );
  });
});

describe('yes/no values as programs write them', () => {
  test('0/1, yes/no, y/n, true/false, engaged/not engaged in any case, or her two labels', () => {
    expect(['1', 'Yes', 'Y', 'TRUE', 'Engaged', '1.0'].map((v) => binaryValue(v, 'state'))).toEqual([1, 1, 1, 1, 1, 1]);
    expect(['0', 'no', 'n', 'False', 'NOT ENGAGED', 'not_engaged'].map((v) => binaryValue(v, 'state'))).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
    expect(binaryValue('called', 'called')).toBe(1);
    expect(binaryValue('called', 'state')).toBe(-1);
    expect(binaryValue(' Oui ', 'state', ['oui', 'non'])).toBe(1);
    expect(binaryValue('Non', 'state', ['oui', 'non'])).toBe(0);
  });

  test('a column of unreadable values is one line: how many, two examples with their lines, what to write', () => {
    const c = new BinaryColumn('state', { fileName: 'h.csv', column: 2, name: 'Listened' });
    for (let line = 2; line < 2002; line++) c.read(line % 2 ? 'Oui' : 'Non', line);
    expect(c.read('', 3000)).toBe(2);
    expect(c.problem()).toBe(
      'h.csv, column 3 ("Listened"): 2,000 values are not read as engaged or not, e.g. "Non" (line 2) and "Oui" ' +
        '(line 3); write 1/0, yes/no or true/false, ' +
        'or name the program\'s two values, engaged first (--state-values ENGAGED,NOT_ENGAGED; here "Non" and "Oui")',
    );
    expect(c.blankCount()).toEqual({ count: 1, line: 3000 });
    expect(new BinaryColumn('called', { fileName: 'h.csv', column: 0, name: 'c' }).problem()).toBeNull();
  });
});

describe('a long attribute table (DHIS2)', () => {
  const dhis2 = [
    'trackedEntity,trackedEntityType,orgUnit,attrCreatedAt,attribute,displayName,value,valueType',
    'T1,person,OU1,2026-01-01,a1,District,पालघर,TEXT',
    'T1,person,OU1,2026-01-01,a2,Age,23,NUMBER',
    'T2,person,OU2,2026-01-02,a1,District,ठाणे,TEXT',
    'T2,person,OU2,2026-01-02,a3,Phone,555,TEXT',
    'T1,person,OU1,2026-01-01,a3,Phone,556,TEXT',
  ].join('\n');

  test('becomes one row per beneficiary, a column per attribute by its display name, blanks where she has none', () => {
    const table = parseCsv(dhis2, 'te.csv');
    const cols = longColumns(table.header)!;
    expect(cols).toMatchObject({ id: 0, attribute: 5, value: 6 });
    const wide = pivotLongTable(table, cols, 'te.csv');
    expect(wide.header).toEqual(['trackedEntity', 'trackedEntityType', 'orgUnit', 'District', 'Age', 'Phone']);
    expect(wide.rows).toEqual([
      { line: 2, fields: ['T1', 'person', 'OU1', 'पालघर', '23', '556'] },
      { line: 4, fields: ['T2', 'person', 'OU2', 'ठाणे', '', '555'] },
    ]);
    expect(longColumns(['id', 'age', 'state'])).toBeNull();
  });

  test('an attribute given two values for one beneficiary names both lines', () => {
    const table = parseCsv(dhis2 + '\nT1,person,OU1,2026-01-03,a2,Age,24,NUMBER', 'te.csv');
    expect(() => pivotLongTable(table, longColumns(table.header)!, 'te.csv')).toThrow(
      'te.csv, line 7, column 7 ("value"): "Age" of "T1" is "24" here but "23" on line 3; give each ' +
        'attribute one value',
    );
  });

  test('a health worker column is carried by the guess, as `allot plan --worker-column` carries it', () => {
    const header = ['case_id', 'state', 'ASHA Name', 'health_worker', 'age'];
    const m = mapColumns(header, {}, ['id', 'state'], place);
    expect(m.columns.map((c) => c.use)).toEqual(['id', 'state', 'carry', 'carry', 'feature']);
  });
});
