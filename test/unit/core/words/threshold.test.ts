import { describe, expect, test } from 'vitest';
import { comparisonOf, thresholdPhrase } from '../../../../src/core/words/threshold.ts';

describe('a numeric comparison said as its band', () => {
  test('"age >= 30": 30 or over, or under 30, with her value', () => {
    expect(thresholdPhrase('age_years', '>=', 30, 36)).toBe('age_years 30 or over (36)');
    expect(thresholdPhrase('age_years', '>=', 30, 30)).toBe('age_years 30 or over (30)');
    expect(thresholdPhrase('age_years', '>=', 30, 24)).toBe('age_years under 30 (24)');
  });

  test('strict and upper bounds', () => {
    expect(thresholdPhrase('age', '>', 30, 31)).toBe('age over 30 (31)');
    expect(thresholdPhrase('age', '>', 30, 30)).toBe('age 30 or under (30)');
    expect(thresholdPhrase('income', '<=', 5000, 4000)).toBe('income 5000 or under (4000)');
    expect(thresholdPhrase('income', '<', 5000, 5000)).toBe('income 5000 or over (5000)');
  });

  test('read from a term, either way round', () => {
    expect(comparisonOf('0.5 * state * (agent_feats[0] >= 30)', 0)).toEqual({ op: '>=', limit: 30 });
    expect(comparisonOf('state * (30 <= agent_feats[2])', 2)).toEqual({ op: '>=', limit: 30 });
    expect(comparisonOf('state * agent_feats[0]', 0)).toBeNull();
  });
});
