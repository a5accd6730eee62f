import { describe, expect, test } from 'vitest';
import { guessLanguage } from '../../../../src/core/language/guess-language.ts';
import { guessInWords, languageName } from '../../../../src/core/language/language-names.ts';

describe('languages in words', () => {
  test('a guess names languages, never codes', () => {
    const hindi = guessLanguage('बुजुर्ग माताओं को प्राथमिकता दें');
    expect(guessInWords(hindi)).toMatch(/^Hindi( or \w+)* \(Devanagari script\)$/);
    expect(guessInWords(guessLanguage('Prioritize older mothers'))).toBe('English');
    expect(guessInWords(guessLanguage('1234'))).toBe('no words to tell');
    expect(languageName('xx')).toBe('xx');
  });
});
