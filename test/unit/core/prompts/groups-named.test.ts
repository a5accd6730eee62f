import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import { groupsNamed } from '../../../../src/core/prompts/groups-named.ts';

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
