import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import { groupsAsked, groupsNamed } from '../../../../src/core/prompts/groups-named.ts';

const schema = dlmSchema();

describe('groupsNamed', () => {
  test('a priority about nothing in the schema names no group', () => {
    expect(groupsNamed('be fair to everyone', schema)).toEqual([]);
  });

  test('everyday words name their groups: older, low-income, educated', () => {
    expect(groupsNamed('slightly prioritize older, low-income mothers', schema)).toEqual(['Ages', 'Income']);
    expect(groupsNamed('favour the least educated', schema)).toEqual(['Education']);
  });

  test('group names, bucket labels and the features a reward reads name their groups', () => {
    expect(groupsNamed('Ages 51-60 first', schema)).toEqual(['Ages']);
    expect(groupsNamed('state * (1 + agent_feats[42])', schema)).toEqual(['Income']);
    expect(groupsNamed('state * (1 + agent_feats.education_1)', schema)).toEqual(['Education']);
  });
});

describe('groupsNamed on a register under its own column names', () => {
  const register = {
    columns: [
      { name: 'age_years', label: 'age_years', group: 'age_years' },
      { name: 'income_band', label: 'income_band', group: 'income_band' },
      { name: 'weeks_since_registration', label: 'weeks_since_registration', group: 'weeks_since_registration' },
    ],
    groups: [
      {
        name: 'weeks_since_registration',
        kind: 'bucketed' as const,
        columns: [2],
        buckets: ['0-4', '5-12'],
        ordered: true,
      },
      { name: 'age_years', kind: 'bucketed' as const, columns: [0], buckets: ['18-25', '26-45'], ordered: true },
      {
        name: 'income_band',
        kind: 'bucketed' as const,
        columns: [1],
        buckets: ['0-5000', '5001-10000'],
        ordered: true,
      },
    ],
  };

  test('"older, low-income" names age_years and income_band by the words of their names', () => {
    expect(groupsNamed('older, low-income mothers', register as never)).toEqual(['age_years', 'income_band']);
  });

  test('a priority about registration names that group alone', () => {
    expect(groupsNamed('the recently registered', register as never)).toEqual(['weeks_since_registration']);
  });
});

describe('groupsAsked: what an answer about an LLM reward leads with', () => {
  const reward = 'state * (1 + agent_feats[11] + agent_feats[36] + agent_feats[31])';
  test('her words first: a group only the reward reads (the call slot) is not asked for', () => {
    expect(groupsAsked('Prioritize older mothers with a low income', reward, dlmSchema())).toEqual(['Ages', 'Income']);
  });
  test('words that name no group: the groups the reward reads', () => {
    expect(groupsAsked('ಹಿರಿಯ ತಾಯಂದಿರಿಗೆ ಆದ್ಯತೆ', reward, dlmSchema())).toEqual(['Ages', 'Call slot', 'Income']);
  });
});
