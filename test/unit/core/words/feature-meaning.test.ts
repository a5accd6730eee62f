import { describe, expect, test } from 'vitest';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { featureMeaningChange } from '../../../../src/core/words/feature-meaning.ts';

const schemaOf = (labels: [string, string][]): FeatureSchema => ({
  columns: labels.map(([group, label], i) => ({ name: `f${i}`, label, description: '', type: 'binary', group })),
  groups: [],
});
const before = schemaOf([
  ['Ages', 'Ages 10-20'],
  ['Income', '0-5000'],
  ['Income', '5001+'],
]);
const after = schemaOf([
  ['Ages', 'Ages 10-20'],
  ['Ages', 'Ages 41-50'],
]);

describe('featureMeaningChange', () => {
  test('a position that means another feature on the new population is said, in words', () => {
    expect(featureMeaningChange('state * (1 + agent_feats[1])', before, after)).toBe(
      'On this population the reward reads other features: agent_feats[1] meant “Income: 0-5000” and now means ' +
        '“Ages 41-50”. Check that it still says what you mean before you trust its results.',
    );
  });

  test('a position beyond the new features reads nothing; the same meaning or no feature is no change', () => {
    expect(featureMeaningChange('state * agent_feats[2]', before, after)).toMatch(
      /agent_feats\[2\] meant “Income: 5001\+” and reads nothing here \(this population has 2 features\)/,
    );
    expect(featureMeaningChange('state * (1 + agent_feats[0])', before, after)).toBeNull();
    expect(featureMeaningChange('state', before, after)).toBeNull();
  });
});
