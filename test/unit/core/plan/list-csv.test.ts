// The week's list as CSV, the one file of the app's download and `allot plan --out`: columns, the
// reason in full, buckets in words and raw feature values per line, quoting, read back by the CSV reader.
import { describe, expect, test } from 'vitest';
import { csvField } from '../../../../src/core/datasets/csv-field.ts';
import { parseCsv } from '../../../../src/core/datasets/csv.ts';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { bucketText, fullReason, listCsv, listLines } from '../../../../src/core/plan/list-csv.ts';
import type { Register } from '../../../../src/core/plan/register.ts';
import type { WeeklyList } from '../../../../src/core/plan/weekly-list.ts';

const column = (name: string, label: string, group: string | null) => ({ name, label, description: '', type: 'integer' as const, group });
// Ages one-hot (2 columns), income bucketed on one column, and a stand-alone column whose label has a comma.
const schema: FeatureSchema = {
  columns: [column('age_21_30', 'Ages 21-30', 'Ages'), column('age_51_60', 'Ages 51-60', 'Ages'), column('income', '', 'income'), column('km', 'distance, km', null)],
  groups: [
    { name: 'Ages', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['Ages 21-30', 'Ages 51-60'] },
    { name: 'income', kind: 'bucketed', columns: [2], ordered: true, buckets: ['<= 100', '> 100'], edges: [100] },
  ],
};
// 5 beneficiaries, 4 columns each; arm 4 has no age bucket and no distance.
const features = Float64Array.from([1, 0, 50, 3, 0, 1, 150, 2.5, 1, 0, 100, 0, 0, 1, 90, 7, 0, 0, 120, NaN]);
const register = { numArms: 5, ids: ['a', 'b,2', 'c', 'd', 'e'], schema, features } as unknown as Register;
const list = {
  arms: Int32Array.from([4, 1]), index: Float64Array.from([0.5, 0.1 + 0.2]), defaultRank: Int32Array.from([3, 1]),
  via: ['minimum of Ages = 51-60', ''], reasons: ['older, "low" income', 'same as default'], membership: Float64Array.from([NaN, NaN]),
} as unknown as WeeklyList;

describe('the list as CSV', () => {
  test('quotes fields holding commas, quotes or line breaks, and leaves others bare', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(NaN)).toBe('');
  });

  test('names a bucket alone when it says enough, with its group when it is only a range', () => {
    expect(bucketText('Language', 'Speaks Hindi')).toBe('Speaks Hindi');
    expect(bucketText('age', '<= 25')).toBe('age <= 25');
    expect(bucketText('phone', 'yes')).toBe('phone yes');
  });

  test('lines carry ids, buckets in words and raw values of the listed arms in rank order', () => {
    const lines = listLines(register, list.arms);
    expect(lines.ids).toEqual(['e', 'b,2']);
    expect(lines.buckets).toEqual(['Ages ? · income > 100', 'Ages 51-60 · income > 100']);
    expect(lines.columns).toEqual(['Ages 21-30', 'Ages 51-60', 'income', 'distance, km']);
    expect(Array.from(lines.features)).toEqual([0, 0, 120, NaN, 0, 1, 150, 2.5]);
  });

  test('writes one line per call in rank order with the reason in full, and reads back through the CSV reader', () => {
    const table = parseCsv(listCsv(list, listLines(register, list.arms)));
    expect(table.header).toEqual(['id', 'rank', 'index', 'default_rank', 'reason', 'features', 'Ages 21-30', 'Ages 51-60', 'income', 'distance, km']);
    expect(table.rows.map((r) => r.fields)).toEqual([
      ['e', '1', '0.5', '3', 'older, "low" income; called for the minimum of Ages = 51-60', 'Ages ? · income > 100', '0', '0', '120', ''],
      ['b,2', '2', '0.30000000000000004', '1', 'same as default', 'Ages 51-60 · income > 100', '0', '1', '150', '2.5'],
    ]);
  });

  test('says how sure a place is once the draws are counted, from the list or from membership counted after it', () => {
    expect(fullReason(list, 1)).toBe('same as default');
    const counted = Float64Array.from([1, 0.35]);
    expect(fullReason(list, 1, counted)).toBe('same as default; uncertain: on the list in 35 % of posterior draws');
    expect(fullReason(list, 0, counted)).toBe('older, "low" income; called for the minimum of Ages = 51-60');
    const withDraws = { ...list, membership: counted };
    expect(parseCsv(listCsv(withDraws, listLines(register, list.arms))).rows[1].fields[4]).toBe('same as default; uncertain: on the list in 35 % of posterior draws');
    expect(listCsv(list, listLines(register, list.arms), counted)).toBe(listCsv(withDraws, listLines(register, list.arms)));
  });
});
