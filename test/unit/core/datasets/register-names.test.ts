// Registers under her own column names and value spellings, read by the history reader and the table reader.
import { planeBytes } from '../../../../src/core/plan/bit-plane.ts';
import { describe, expect, test } from 'vitest';
import { parseHistoryCsv, parseRegisterCsv, registerKind } from '../../../../src/core/datasets/register-csv.ts';
import { unpackIds } from '../../../../src/core/plan/packed-ids.ts';
import { currentState, MISSING } from '../../../../src/core/plan/register.ts';
import { stateAt, weekBytes } from '../../../../src/core/plan/week-states.ts';

const HISTORY = [
  'Beneficiary ID;Week No;Listened;Called?',
  'b1;1;yes;no',
  'b2;1;no;yes',
  'b3;1;;no',
  'b1;2;Yes;No',
  'b2;2;YES;no',
  'b3;2;No;Yes',
].join('\r\n');
const FEATURES =
  'Beneficiary ID\tName\tphone_number\tAge\tstate\nb1\tAsha ' +
  'Devi\t98200\t23\t1\nb2\tSunita\t98201\t31\t0\nb3\tमीरा\t98202\t27\t1\n';

describe('a register under her own names', () => {
  test('a history separated by semicolons with yes/no values and a features file separated by tabs', () => {
    const r = parseHistoryCsv(HISTORY, FEATURES, { fileName: 'h.csv', featuresFileName: 'f.tsv' });
    expect(unpackIds(r.ids)).toEqual(['b1', 'b2', 'b3']);
    expect(r.history.states.map((s) => Array.from(weekBytes(s)))).toEqual([
      [1, 0, MISSING],
      [1, 1, 0],
    ]);
    expect(r.history.called.map((s) => Array.from(planeBytes(s)))).toEqual([
      [0, 1, 0],
      [0, 0, 0],
    ]);
    expect(r.warnings.join('\n')).toContain(
      'h.csv: 1 blank state (the first on line 4) read as weeks whose state was not observed',
    );
    expect(r.schema.columns.map((c) => c.label)).toEqual(['Age']);
    expect(r.carry!.map((c) => [c.name, unpackIds(c.values)])).toEqual([
      ['Name', ['Asha Devi', 'Sunita', 'मीरा']],
      ['phone_number', ['98200', '98201', '98202']],
    ]);
    expect(
      r.columns!.map((c) => `${c.file}/${c.name}:${c.use}${c.guessed ? '?' : ''}${c.group ? `=${c.group}` : ''}`),
    ).toEqual([
      'h.csv/Beneficiary ID:id?',
      'h.csv/Week No:week?',
      'h.csv/Listened:state?',
      'h.csv/Called?:called?',
      'f.tsv/Beneficiary ID:id?',
      'f.tsv/Name:carry?',
      'f.tsv/phone_number:carry?',
      'f.tsv/Age:feature=Age',
      'f.tsv/state:ignored?',
    ]);
    expect(r.columns!.find((c) => c.name === 'Age')!.buckets).toEqual(['<= 23', '24-27', '> 27']);
    expect(r.mapping).toEqual({ id: 'Beneficiary ID', week: 'Week No', state: 'Listened', called: 'Called?' });
  });

  test('her two labels, named once; unread labels are one line with what to say', () => {
    const calls =
      'Beneficiary ID;Week ' +
      'No;Listened;Called?\nb1;1;oui;0\nb2;1;non;1\nb3;1;non;0\nb1;2;oui;0\nb2;2;oui;0\nb3;2;non;0\n';
    expect(() => parseHistoryCsv(calls, FEATURES, { fileName: 'h.csv' })).toThrow(
      new RegExp(
        String.raw`h\.csv, column 3 \("Listened"\): 6 values are not read as engaged ` +
          String.raw`or not, e\.g\. "oui" \(line 2\) and "non" \(line 3\)`,
      ),
    );
    const r = parseHistoryCsv(calls, FEATURES, { fileName: 'h.csv', mapping: { stateValues: ['oui', 'non'] } });
    expect(Array.from(currentState(r))).toEqual([1, 1, 0]);
  });

  test('a history alone: ids in order of first appearance, no groups, said so', () => {
    const r = parseHistoryCsv(HISTORY, null, { fileName: 'h.csv' });
    expect(unpackIds(r.ids)).toEqual(['b1', 'b2', 'b3']);
    expect(r.schema.groups).toEqual([]);
    expect(r.warnings.join('\n')).toContain('h.csv came without a features file');
  });

  test(
    "many beneficiaries without a features file grow the weeks' columns (ids out of order, weeks " + 'interleaved)',
    () => {
      const rows = ['id,week,state,called'];
      for (let w = 1; w <= 3; w++)
        for (let i = 2999; i >= 0; i--)
          rows.push(`m${(i * 7) % 3000},${w},${(i + w) % 2},${(i + w) % 5 === 0 ? 1 : 0}`);
      const r = parseHistoryCsv(rows.join('\n'), null, { fileName: 'big.csv' });
      expect(r.numArms).toBe(3000);
      const arm = unpackIds(r.ids).indexOf('m7');
      expect(r.history.states.map((s) => stateAt(s, arm))).toEqual([0, 1, 0]);
    },
  );

  test('a wide register with its id and state under other names, a named id column and carried columns', () => {
    const r = parseRegisterCsv('case_id,owner_name,engaged,district_code\nc1,ASHA 1,true,4\nc2,ASHA 2,false,7\n', {
      fileName: 'cc.csv',
    });
    expect(unpackIds(r.ids)).toEqual(['c1', 'c2']);
    expect(Array.from(currentState(r))).toEqual([1, 0]);
    expect(r.carry!.map((c) => c.name)).toEqual(['owner_name']);
    expect(r.schema.columns.map((c) => c.label)).toEqual(['district_code']);
    const named = parseRegisterCsv('Mother,Status,x\nm1,Y,1\nm2,N,2\n', {
      fileName: 'm.csv',
      mapping: { id: 'Mother', state: 'Status', carry: [] },
    });
    expect(Array.from(currentState(named))).toEqual([1, 0]);
    expect(() => parseRegisterCsv('x,state\n1,0\n', { fileName: 'm.csv' })).toThrow(
      'm.csv, line 1: no column was found for the beneficiaries\' ids (such as "id", "beneficiary_id" or ' +
        '"case_id"); name it (--id-column, or in the mapping step)',
    );
  });

  test('a register is a history when it has week and called columns, by guess or by her names', () => {
    expect(registerKind(['Beneficiary ID', 'Week No', 'Listened', 'Called?'])).toBe('history');
    expect(registerKind(['id', 'wk', 'state', 'calls'])).toBe('wide');
    expect(registerKind(['id', 'wk', 'state', 'calls'], { week: 'wk', called: 'calls' })).toBe('history');
  });
});
