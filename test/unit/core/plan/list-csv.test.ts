// The week's list as CSV, the one file of the app's download and `allot plan --out`: columns, the
// plain reason and its full account, chance and borderline mark, buckets in words and raw feature
// values per line, quoting, read back by the CSV reader; the file as Excel opens it (BOM, no formulas).
import { describe, expect, test } from 'vitest';
import { csvField } from '../../../../src/core/datasets/csv-field.ts';
import { parseCsv } from '../../../../src/core/datasets/csv.ts';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { BOM, listCsv, listCsvChunks, listLines, reasonDetail } from '../../../../src/core/plan/list-csv.ts';
import { bucketText } from '../../../../src/core/words/bucket-name.ts';
import type { Register } from '../../../../src/core/plan/register.ts';
import { packIds } from '../../../../src/core/plan/packed-ids.ts';
import { asTable } from '../../../../src/core/instance/feature-table.ts';
import type { WeeklyList } from '../../../../src/core/plan/weekly-list.ts';
import type { LineReasons } from '../../../../src/core/plan/line-reasons.ts';

const column = (name: string, label: string, group: string | null) => ({
  name,
  label,
  description: '',
  type: 'integer' as const,
  group,
});
// Ages one-hot (2 columns), income bucketed on one column, and a stand-alone column whose label has a comma.
const schema: FeatureSchema = {
  columns: [
    column('age_21_30', 'Ages 21-30', 'Ages'),
    column('age_51_60', 'Ages 51-60', 'Ages'),
    column('income', '', 'income'),
    column('km', 'distance, km', null),
  ],
  groups: [
    { name: 'Ages', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['Ages 21-30', 'Ages 51-60'] },
    { name: 'income', kind: 'bucketed', columns: [2], ordered: true, buckets: ['<= 100', '> 100'], edges: [100] },
  ],
};
// 5 beneficiaries, 4 columns each; arm 4 has no age bucket and no distance.
const features = Float64Array.from([1, 0, 50, 3, 0, 1, 150, 2.5, 1, 0, 100, 0, 0, 1, 90, 7, 0, 0, 120, NaN]);
const register = {
  numArms: 5,
  ids: packIds(['a', 'b,2', 'c', 'd', 'e']),
  schema,
  features: asTable(features, 5, 4),
} as unknown as Register;
// The reasons' numbers (line-reasons.ts): one term weighing everyone alike, so that line 1 moved only as
// others did; line 0 was brought in by a minimum.
const same = (lines: number, schemaOf = schema, values = new Float64Array(0), columns: number[] = []): LineReasons => ({
  schema: schemaOf,
  terms: [{ text: 'state', weight: new Float64Array(lines).fill(1), featuresUsed: columns }],
  means: Float64Array.of(1),
  columns: Int32Array.from(columns),
  values,
  lines,
  holdout: null,
});
const list = {
  arms: Int32Array.from([4, 1]),
  index: Float64Array.from([0.5, 0.1 + 0.2]),
  defaultRank: Int32Array.from([3, 1]),
  via: ['Ages 51-60', ''],
  why: same(2),
  membership: Float64Array.from([NaN, NaN]),
} as unknown as WeeklyList;
const LOWER = '1 place lower than the default, as others weigh more under this priority';
const DETAIL =
  "down from default rank 1; the reward weighs her like the average beneficiary (weight 1), so her call's " +
  'expected effect decides, as under the default';

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

  test(
    'writes one line per call in rank order, plain reason first and full account last, read back by the ' +
      'CSV reader',
    () => {
      const csv = listCsv(list, listLines(register, list.arms));
      expect(csv.startsWith(BOM)).toBe(true);
      const table = parseCsv(csv.slice(1));
      expect(table.header).toEqual([
        'id',
        'rank',
        'reason',
        'chance',
        'borderline',
        'index',
        'default_rank',
        'features',
        'Ages 21-30',
        'Ages 51-60',
        'income',
        'distance, km',
        'reason_detail',
        'index_full',
      ]);
      expect(table.rows.map((r) => r.fields)).toEqual([
        [
          'e',
          '1',
          'brought in by the Ages 51-60 minimum',
          '',
          '',
          '0.5',
          '3',
          'Ages ? · income > 100',
          '0',
          '0',
          '120',
          '',
          'brought in by the minimum of Ages 51-60; up from default rank 3; the reward weighs her like the average ' +
            "beneficiary (weight 1), so her call's expected effect decides, as under the default",
          '0.5',
        ],
        [
          'b,2',
          '2',
          LOWER,
          '',
          '',
          '0.3',
          '1',
          'Ages 51-60 · income > 100',
          '0',
          '1',
          '150',
          '2.5',
          DETAIL,
          '0.30000000000000004',
        ],
      ]);
    },
  );

  test('gives her chance and the borderline mark once the draws are counted, with the list or after it', () => {
    expect(reasonDetail(list, 1)).toBe(DETAIL);
    const counted = Float64Array.from([1, 0.35]);
    expect(reasonDetail(list, 1, counted)).toBe(`${DETAIL}; on the list in 35% of posterior draws`);
    const withDraws = { ...list, membership: counted };
    const rows = parseCsv(listCsv(withDraws, listLines(register, list.arms)).slice(1)).rows.map((r) => r.fields);
    expect(rows.map((r) => [r[3], r[4]])).toEqual([
      ['1', 'no'],
      ['0.35', 'yes'],
    ]);
    expect(listCsv(list, listLines(register, list.arms), counted)).toBe(
      listCsv(withDraws, listLines(register, list.arms)),
    );
  });

  test(
    'is safe to open in Excel: text a spreadsheet would take for a formula is made inert, numbers ' + 'stay numbers',
    () => {
      const ids = ['=HYPERLINK("http://x","y")', '-2', '+1', '@SUM(A1)', '\tx'];
      const hostile = { ...register, ids: packIds(ids) } as unknown as Register;
      // a yes/no column whose label is a formula, weighing line 0 above the average: her reason starts with it
      const formula = {
        ...schema,
        columns: [...schema.columns, { ...schema.columns[3], label: '=1+1', type: 'binary' as const }],
      };
      const why = { ...same(4, formula, Float64Array.of(1, 0, 0, 0), [4]), means: Float64Array.of(1.5) };
      why.terms[0].weight.set([2, 1, 1, 1]);
      const evil = {
        ...list,
        arms: Int32Array.from([0, 1, 2, 3]),
        index: Float64Array.from([-0.25, 1, 2, 3]),
        defaultRank: Int32Array.from([2, 2, 3, 4]),
        via: ['', '', '', ''],
        why,
        membership: Float64Array.from([NaN, NaN, NaN, NaN]),
      } as unknown as WeeklyList;
      const schemaEvil = {
        ...schema,
        columns: schema.columns.map((c, i) => (i === 3 ? { ...c, label: '=cmd|calc' } : c)),
      };
      const csv = listCsv(evil, listLines({ ...hostile, schema: schemaEvil } as Register, evil.arms));
      const table = parseCsv(csv.slice(1));
      expect(table.header[11]).toBe("'=cmd|calc");
      const cells = [table.header, ...table.rows.map((r) => r.fields)].flat();
      // Excel's rule: a cell beginning with one of these is a formula unless it is a number.
      for (const c of cells) if (/^[=+\-@\t\r]/.test(c)) expect(Number.isFinite(Number(c)), c).toBe(true);
      expect(table.rows.map((r) => r.fields[0])).toEqual(['\'=HYPERLINK("http://x","y")', '-2', '+1', "'@SUM(A1)"]);
      expect(table.rows[0].fields.slice(2, 3)).toEqual(["'=1+1: 1 place higher than the default"]);
      expect(table.rows[0].fields[5]).toBe('-0.25');
    },
  );

  test('as pieces of bytes (allot plan --out) is the text in UTF-8, byte for byte, lines longer than a piece', () => {
    // Each piece copied as it comes (the next reuses its array), in pieces of 4 kB and of the default 1 MB.
    const sameBytes = (chunks: Iterable<Uint8Array>, text: string) => {
      const parts: Buffer[] = [];
      for (const c of chunks) parts.push(Buffer.from(c));
      return Buffer.concat(parts).equals(Buffer.from(text, 'utf8'));
    };
    const lines = listLines(register, list.arms);
    expect(sameBytes(listCsvChunks(list, lines), listCsv(list, lines))).toBe(true);
    // 3,000 lines whose ids grow longer: accents, an emoji, a lone surrogate (U+FFFD in both), quotes and commas.
    const L = 3000,
      arms = Int32Array.from({ length: L }, (_, j) => j % 5);
    const ids = ['Zoë "Z"', 'b,2', '👩 c', 'd\ud800', '=e'];
    const many = {
      ...list,
      arms,
      index: Float64Array.from(arms, (a) => a / 7),
      defaultRank: Int32Array.from(arms, (_, j) => L - j),
      via: Array.from(arms, () => ''),
      why: same(L),
      membership: Float64Array.from(arms, (a) => (a === 4 ? NaN : a / 4)),
    } as unknown as WeeklyList;
    const base = listLines(register, arms);
    // whole numbers written digit by digit beside others: -0, 2^31 - 1, 2^31, 1e21, negatives, fractions
    const odd = [-0, 2 ** 31 - 1, 2 ** 31, 1e21, -3, 0.5, 10, 1e-7];
    const features = base.features.map((x, i) => (i % 3 === 0 ? odd[(i / 3) % odd.length] : x));
    const grown = { ...base, features, ids: Array.from(arms, (a, j) => ids[a] + 'é'.repeat(j < 64 ? 0 : j / 10)) };
    const text = listCsv(many, grown);
    expect(text.split('\n').length).toBe(L + 2);
    expect(sameBytes(listCsvChunks(many, grown), text)).toBe(true);
    expect(sameBytes(listCsvChunks(many, grown, many.membership, 4096), text)).toBe(true);
  });
});
