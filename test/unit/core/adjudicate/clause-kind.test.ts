import { describe, expect, test } from 'vitest';
import { guessClauseKind } from '../../../../src/core/adjudicate/clause-kind.ts';

describe('guessClauseKind: the first value of a proposed clause’s kind', () => {
  test.each([
    'Do not hurt overall engagement.',
    "Don't reduce total engagement too much",
    'Keep the overall listenership of the program.',
    'Maintain engagement of the whole population',
    'without sacrificing the total reward',
  ])('a guard of overall engagement is a utility clause: %s', (text) => {
    expect(guessClauseKind(text)).toBe('utility');
  });

  test.each([
    'Prioritize older mothers.',
    'Focus on low-income beneficiaries',
    'Raise the overall engagement of mothers over 30', // raising, not guarding
    'Do not call the youngest mothers first', // a guard, but not of overall engagement
    'सबसे बुजुर्ग माताओं को प्राथमिकता दें',
  ])('anything else stays a prioritization clause: %s', (text) => {
    expect(guessClauseKind(text)).toBe('prioritize');
  });
});
