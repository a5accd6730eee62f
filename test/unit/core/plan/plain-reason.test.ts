// The plain reason of each kind of line, at most 100 characters, in the register's words; on a real
// list, every line's reason agrees with her rank, her default rank and the minimum that brought her in.
import { beforeAll, describe, expect, test } from 'vitest';
import { detailAt } from '../../../../src/core/plan/line-reasons.ts';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { meanTermWeights, rewardTerms } from '../../../../src/core/plan/explain-priority.ts';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { featureValue } from '../../../../src/core/plan/feature-value.ts';
import { asTable } from '../../../../src/core/instance/feature-table.ts';
import { featurePhrase, plainReason, REASON_CHARS } from '../../../../src/core/plan/plain-reason.ts';
import { currentWeek } from '../../../../src/core/plan/register.ts';
import { buildWeeklyList, type IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { engineWhittle, reasonsOf } from './plan-fixtures.ts';

const column = (name: string, type: 'binary' | 'integer', group: string | null, label = name) => ({
  name,
  label,
  description: '',
  type,
  group,
});
// age_years (numeric), income one-hot (3 columns), district one-hot (2), urban (a lone 0/1 column).
const schema: FeatureSchema = {
  columns: [
    column('age_years', 'integer', null),
    column('income_0_5000', 'binary', 'income', 'income_band_0-5000'),
    column('income_5001_10000', 'binary', 'income', 'income_band_5001-10000'),
    column('income_10001', 'binary', 'income', 'income_band_10001+'),
    column('district_Palghar', 'binary', 'district'),
    column('district_Thane', 'binary', 'district'),
    column('urban', 'binary', null),
  ],
  groups: [
    { name: 'income', kind: 'one-hot', columns: [1, 2, 3], ordered: true, buckets: ['0-5000', '5001-10000', '10001+'] },
    { name: 'district', kind: 'one-hot', columns: [4, 5], ordered: false, buckets: ['Palghar', 'Thane'] },
  ],
};
// Four beneficiaries: 36, income 5001-10000, Palghar, rural / 22, 0-5000, Thane, urban /
// 41, 10001+, Thane, rural / 30, 0-5000, Palghar, urban.
const features = Float64Array.from([
  36, 0, 1, 0, 1, 0, 0, 22, 1, 0, 0, 0, 1, 1, 41, 0, 0, 1, 0, 1, 0, 30, 1, 0, 0, 1, 0, 1,
]);
const population = { numArms: 4, numStates: 2, schema, features };
const REWARD = 'state * (1 + 0.5 * (agent_feats.age_years >= 30) + 0.5 * agent_feats.income_5001_10000)';

function reasonOf(reward: string, row: number, rank: number, defaultRank: number, broughtIn = '', s = schema): string {
  const terms = rewardTerms(reward, { ...population, schema: s });
  const means = meanTermWeights(terms, null);
  return plainReason({
    terms,
    means,
    row,
    schema: s,
    value: featureValue(asTable(features, 4, 7)),
    rank,
    defaultRank,
    broughtIn,
  });
}

describe('a plain reason', () => {
  // "age_years >= 30" is said as the band it draws, with her value, not her bare value or her quartile
  test("names the features that raised her, in the register's words, and how many places she moved", () => {
    expect(reasonOf(REWARD, 0, 3, 6)).toBe(
      'income 5001-10000 and age_years 30 or over (36): 3 places higher than the default',
    );
    expect(reasonOf(REWARD, 0, 4, 5)).toBe(
      'income 5001-10000 and age_years 30 or over (36): 1 place higher than the default',
    );
  });

  test('names the features that lowered her when she moved down', () => {
    expect(reasonOf(REWARD, 1, 9, 2)).toBe(
      'age_years under 30 (22) and not in income 5001-10000: 7 places lower than the default',
    );
    const urban = 'state * (1 - agent_feats.urban)';
    expect(reasonOf(urban, 1, 1200, 2)).toBe('urban: 1,198 places lower than the default');
    expect(reasonOf('state * (1 + agent_feats.urban)', 0, 9, 2)).toBe('not urban: 7 places lower than the default');
  });

  test("says when a minimum brought her in, and when her place is the default's", () => {
    expect(reasonOf(REWARD, 3, 40, 400, 'district: Palghar')).toBe('brought in by the district: Palghar minimum');
    expect(reasonOf(REWARD, 0, 5, 5)).toBe('same place as the default');
    expect(reasonOf('state', 0, 5, 5)).toBe('same place as the default');
  });

  test('when nothing of hers weighs differently, says that others moved', () => {
    expect(reasonOf('state', 0, 3, 5)).toBe(
      '2 places higher than the default, as others weigh less under this priority',
    );
    expect(reasonOf('2 * state', 2, 8, 5)).toBe(
      '3 places lower than the default, as others weigh more under this priority',
    );
  });

  test('stays within 100 characters whatever the register calls its columns', () => {
    const label = (c: FeatureSchema['columns'][number]) => `${c.label} ${'very long label '.repeat(6)}`;
    const long: FeatureSchema = { columns: schema.columns.map((c) => ({ ...c, label: label(c) })), groups: [] };
    const text = reasonOf(REWARD, 0, 1, 40, '', long);
    expect(text.length).toBeLessThanOrEqual(REASON_CHARS);
    expect(text).toMatch(/…: 39 places higher than the default$/);
    expect(reasonOf(REWARD, 0, 1, 1, 'x'.repeat(200)).length).toBe(REASON_CHARS);
  });

  test('says a feature as the register has it: a bucket of its group, a lone yes/no, a number', () => {
    expect([0, 1, 2, 4, 5, 6].map((f) => featurePhrase(schema, featureValue(asTable(features, 4, 7)), 0, f))).toEqual([
      'age_years 36',
      'not in income 0-5000',
      'income 5001-10000',
      'Palghar',
      'not in Thane',
      'not urban',
    ]);
    expect(featurePhrase(schema, featureValue(asTable(Float64Array.from([NaN, 0, 0, 0, 0, 0, 0]), 1, 7)), 0, 0)).toBe(
      'age_years unknown',
    );
  });
});

describe("a list's reasons", () => {
  let whittle: IndexFunction;
  beforeAll(async () => {
    whittle = await engineWhittle();
  });

  test('every line has a plain reason of at most 100 characters that agrees with her ranks, and its account', () => {
    const { register } = generatedRegister('dlm', { arms: 2000 }, 4, { weeks: 12 });
    const { history, schema: s, features: f, numArms } = register;
    const posterior = estimateTransitions(history, s, f, numArms, { groupBy: 'Ages' });
    const settings = {
      reward: 'state * (1 + 2 * agent_feats.age_51_60)',
      budget: 200,
      exclude: [],
      cooldown: 0,
      shares: [{ group: 'Languages', bucket: 'Speaks Hindi', min: 0.5 }],
      seed: 1,
      draws: 0,
      priorGroup: 'Ages',
      level: 0.9,
    };
    const list = buildWeeklyList(register, settings, currentWeek(history), { whittle, posterior });
    const kinds = new Set<string>();
    reasonsOf(list).forEach((reason, j) => {
      expect(reason.length).toBeLessThanOrEqual(REASON_CHARS);
      const rank = j + 1,
        d = list.defaultRank[j];
      if (list.via[j]) {
        expect(reason).toBe(`brought in by the ${list.via[j]} minimum`);
        expect(detailAt(list, j).startsWith(`brought in by the minimum of ${list.via[j]}; `)).toBe(true);
        kinds.add('brought in');
      } else if (rank === d) {
        expect(reason).toBe('same place as the default');
        kinds.add('same');
      } else {
        const n = Math.abs(d - rank);
        const places = `${n.toLocaleString('en')} place${n === 1 ? '' : 's'}`;
        expect(reason).toContain(`${places} ${rank < d ? 'higher' : 'lower'} than the default`);
        kinds.add(rank < d ? 'up' : 'down');
      }
      expect(detailAt(list, j)).toMatch(/(up from|down from|same as) default rank \d+/);
    });
    expect([...kinds].sort()).toEqual(['brought in', 'down', 'up']);
    expect(reasonsOf(list).filter((r) => r.startsWith('Ages 51-60: ')).length).toBeGreaterThan(50);
  });
});
