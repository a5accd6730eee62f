import { describe, expect, test } from 'vitest';
import { shown, tiedAsShown, tieSentence } from '../../../../src/core/words/tie.ts';

describe('a tie to the shown precision', () => {
  test('values printed alike are tied; values printed apart are not', () => {
    expect(shown(0.99986)).toBe('1');
    expect(tiedAsShown(1, 0.99986)).toBe(true);
    expect(tiedAsShown(1, 0.998)).toBe(false);
  });

  test('the sentence says how the tie was broken: a tiny margin, or the earliest generated', () => {
    expect(tieSentence('c1', 'c4', 1, 0.00014)).toBe(
      'c1 and c4 tie on welfare (1 each, to three digits); the tie went to c1 by a margin of 0.00014, too small ' +
        'for the scores to be trusted with: treat the two as equally good',
    );
    expect(tieSentence('c1', 'c4', 0.5, 0)).toMatch(/the tie went to c1, the earliest generated/);
  });
});
