// The list's make-up in words leads with what the priority asked: the groups its reward reads or its
// share rules name come first, changed or not, and the other groups follow, labelled as side effects.
import { describe, expect, test } from 'vitest';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { groupBuckets } from '../../../../src/core/measures/group-buckets.ts';
import {
  askedGroups,
  listMakeUp,
  makeUpSentences,
  priorityGroups,
  type GroupShare,
} from '../../../../src/core/plan/list-make-up.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

const column = (name: string, group: string | null) => ({
  name,
  label: name,
  description: '',
  type: 'binary' as const,
  group,
});
const schema: FeatureSchema = {
  columns: [
    column('age_old', 'Ages'),
    column('age_young', 'Ages'),
    column('income_low', 'Income'),
    column('income_high', 'Income'),
    column('weeks_since', 'Weeks'),
  ],
  groups: [
    { name: 'Ages', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['old', 'young'] },
    { name: 'Income', kind: 'one-hot', columns: [2, 3], ordered: true, buckets: ['low', 'high'] },
    { name: 'Weeks', kind: 'bucketed', columns: [4], ordered: true, buckets: ['no', 'yes'], edges: [0] },
  ],
};
const row = (group: string, bucket: string, calls: number, defaultCalls: number): GroupShare => ({
  group,
  bucket,
  calls,
  defaultCalls,
  population: 10,
  shareCalls: 0,
  shareDefault: 0,
  sharePopulation: 0,
});
// Weeks moves the most calls, Ages a few, Income none.
const shares = [
  row('Ages', 'old', 14, 10),
  row('Ages', 'young', 6, 10),
  row('Income', 'low', 8, 8),
  row('Income', 'high', 12, 12),
  row('Weeks', 'no', 2, 12),
  row('Weeks', 'yes', 18, 8),
];

describe('the make-up in words', () => {
  test('names the groups the reward reads and the share rules name, in schema order', () => {
    const reward = 'state * (1 + agent_feats.age_old + 0.5 * agent_feats.income_low)';
    expect(priorityGroups(schema, { reward, shares: [] })).toEqual([0, 1]);
    const shares = [{ group: 'Weeks', bucket: 'yes', min: 0.2 }];
    expect(priorityGroups(schema, { reward: 'state', shares })).toEqual([2]);
    expect(priorityGroups(schema, { reward: 'state', shares: [] })).toEqual([]);
  });

  test('leads with the groups the priority names, even when another moves more; the rest are side effects', () => {
    expect(makeUpSentences(shares, 20, ['Ages', 'Income'])).toEqual([
      'this priority moves 4 of 20 calls to Ages: old, mostly from Ages: young',
      'this priority calls each bucket of Income as often as the default list',
      'side effect: this priority moves 10 of 20 calls to Weeks: yes, mostly from Weeks: no',
    ]);
  });

  test('without named groups, the largest moves first and no label', () => {
    expect(makeUpSentences(shares, 20)).toEqual([
      'this priority moves 10 of 20 calls to Weeks: yes, mostly from Weeks: no',
      'this priority moves 4 of 20 calls to Ages: old, mostly from Ages: young',
    ]);
  });

  test('writes counts of a thousand or more with thousands separators, as the rest of the screen does', () => {
    const large = [
      row('Ages', 'old', 3_400, 2_100),
      row('Ages', 'mid', 1_500, 1_000),
      row('Ages', 'young', 100, 1_900),
    ];
    expect(makeUpSentences(large, 5_000)).toEqual([
      'this priority moves 1,300 of 5,000 calls to Ages: old, mostly from Ages: young (1,800 calls change Ages in all)',
    ]);
  });

  test(
    'her words name groups too: "older, low-income" leads with Ages and Income though the reward reads ' + 'Ages alone',
    () => {
      const settings = { reward: 'state * (1 + agent_feats.age_old)', shares: [] };
      expect(askedGroups(schema, settings)).toEqual(['Ages']);
      const named = askedGroups(schema, settings, 'older, low-income mothers');
      expect(named).toEqual(['Ages', 'Income']);
      expect(makeUpSentences(shares, 20, named)[1]).toBe(
        'this priority calls each bucket of Income as often as the default list',
      );
    },
  );
});

/** listMakeUp's twin: each group's calls counted arm by arm, bucket by bucket. */
function slowMakeUp(schema: FeatureSchema, features: Float64Array[], N: number, arms: Int32Array, other: Int32Array) {
  const all = groupBuckets(schema, { numArms: N, columns: features }, N);
  return schema.groups.flatMap((g, gi) =>
    g.buckets.map((bucket, b) => {
      const count = (list: Int32Array) => list.filter((arm) => all[gi][arm] === b).length;
      const [calls, defaultCalls, population] = [
        count(arms),
        count(other),
        count(Int32Array.from({ length: N }, (_, a) => a)),
      ];
      const share = (x: number, total: number) => (total > 0 ? x / total : 0);
      return {
        group: g.name,
        bucket,
        calls,
        defaultCalls,
        population,
        shareCalls: share(calls, arms.length),
        shareDefault: share(defaultCalls, other.length),
        sharePopulation: share(population, N),
      };
    }),
  );
}

describe('listMakeUp', () => {
  test('the counts of an arm-by-arm twin: groups counted together, a group of 300 buckets, arms in no bucket', () => {
    // one-hot groups of 2-9 buckets (some arms in none), then a bucketed column of 300 buckets, then small ones
    const r = seededRandom(3);
    for (const N of [1, 7, 64, 901]) {
      const sizes = [5, 4, 7, 3, 300, 2, 9, 8, 1, 4];
      const columns: Float64Array[] = [];
      const groups: FeatureSchema['groups'] = sizes.map((K, g) => {
        if (K === 300) {
          columns.push(Float64Array.from({ length: N }, () => (r.next() < 0.05 ? NaN : r.int(320))));
          const edges = Array.from({ length: K - 1 }, (_, i) => i);
          return {
            name: `g${g}`,
            kind: 'bucketed',
            columns: [columns.length - 1],
            ordered: true,
            buckets: [...edges.map(String), 'more'],
            edges,
          };
        }
        const first = columns.length;
        for (let b = 0; b < K; b++) columns.push(new Float64Array(N));
        for (let arm = 0; arm < N; arm++) if (r.next() < 0.9) columns[first + r.int(K)][arm] = 1;
        const cols = Array.from({ length: K }, (_, b) => first + b);
        return { name: `g${g}`, kind: 'one-hot', columns: cols, ordered: false, buckets: cols.map(String) };
      });
      const schema: FeatureSchema = {
        columns: columns.map((_, f) => ({
          name: `c${f}`,
          label: `c${f}`,
          description: '',
          type: 'binary' as const,
          group: null,
        })),
        groups,
      };
      for (const [a, b] of [
        [0, 0],
        [N, N],
        [Math.ceil(N / 3), Math.ceil(N / 2)],
      ]) {
        const pick = (k: number) =>
          Int32Array.from({ length: N }, (_, i) => i)
            .sort(() => r.next() - 0.5)
            .subarray(0, k);
        const arms = pick(a),
          other = pick(b);
        const features = { numArms: N, columns };
        expect(listMakeUp(schema, features, N, arms, other)).toEqual(slowMakeUp(schema, columns, N, arms, other));
      }
    }
  });
});
