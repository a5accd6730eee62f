import { describe, expect, test } from 'vitest';
import { guessLanguage } from '../../../../src/core/language/guess-language.ts';
import { parseTranslationReply, translatePrompt } from '../../../../src/core/prompts/translate-prompt.ts';
import { MULTILINGUAL_PROMPTS } from '../../../../src/core/tasks/multilingual-prompts.ts';

describe('guessLanguage', () => {
  test('says nothing about text without letters and does not rewrite it', () => {
    expect(guessLanguage('')).toEqual({ script: 'None', english: false, candidates: [], rewriteByDefault: false });
    expect(guessLanguage('12:30 - 3:30 !!')).toMatchObject({ script: 'None', rewriteByDefault: false });
  });

  test("reads every one of the paper's English prompts as English, with rewriting off", () => {
    for (const p of MULTILINGUAL_PROMPTS)
      expect(guessLanguage(p.text), p.text).toEqual({
        script: 'Latin',
        english: true,
        candidates: ['en'],
        rewriteByDefault: false,
      });
  });

  test('takes short plain ASCII without function words as English', () => {
    expect(guessLanguage('young mothers').english).toBe(true);
  });

  test('counts English function words when accents keep a text from being plain ASCII', () => {
    const guess = guessLanguage('Prioritize the mothers who are in the café district, not the others');
    expect(guess).toMatchObject({ english: true, candidates: ['en'], rewriteByDefault: false });
  });

  test('turns rewriting on for romanized Hindi and other Latin-script languages', () => {
    expect(guessLanguage('sabhi ko prathamikta dete hue, kam umr wali maaon ko thoda zyada dhyan dein')).toMatchObject({
      script: 'Latin',
      english: false,
      candidates: ['hi'],
      rewriteByDefault: true,
    });
    expect(guessLanguage('Priorizar ligeramente a las madres jóvenes').english).toBe(false);
  });

  test('names the script and its languages for Indian scripts, with Tulu among Kannada-script languages', () => {
    expect(guessLanguage('सभी को प्राथमिकता देते हुए, कम उम्र की माताओं पर थोड़ा ध्यान दें।')).toEqual({
      script: 'Devanagari',
      english: false,
      candidates: ['hi', 'mr', 'ne'],
      rewriteByDefault: true,
    });
    expect(
      guessLanguage('எல்லோருக்கும் முன்னுரிமை அளித்து, இளம் ' + 'தாய்மார்களுக்கு ' + 'சற்று கவனம் ' + 'செலுத்துங்கள்'),
    ).toMatchObject({
      script: 'Tamil',
      candidates: ['ta'],
    });
    expect(guessLanguage('ಎಲ್ಲರಿಗೂ ಆದ್ಯತೆ ನೀಡುತ್ತಾ, ಯುವ ತಾಯಂದಿರ ಮೇಲೆ ಸ್ವಲ್ಪ ಹೆಚ್ಚು ಗಮನ ನೀಡಿ')).toMatchObject({
      script: 'Kannada',
      candidates: ['kn', 'tcy'],
      rewriteByDefault: true,
    });
  });

  test('uses marker words to order languages that share a script', () => {
    const marathi = 'सर्वांना प्राधान्य देताना, ' + 'तरुण मातांवर ' + 'थोडे लक्ष ' + 'केंद्रित करा आणि';
    expect(guessLanguage(marathi).candidates[0]).toBe('mr');
    const tulu = 'ಮಾತೆರೆಗ್ಲಾ ಆದ್ಯತೆ ಕೊರೊಂದು, ' + 'ಎಲ್ಯ ಪ್ರಾಯದ ' + 'ಅಪ್ಪೆಲೆಗ್ ಇಂಚೆ ಗಮನ ' + 'ಕೊರ್ಲೆ ಬೊಕ್ಕ';
    expect(guessLanguage(tulu).candidates[0]).toBe('tcy');
  });

  test('goes by the majority script when a prompt mixes scripts', () => {
    expect(guessLanguage('कम उम्र की माताओं (age 10-20) को प्राथमिकता दें').script).toBe('Devanagari');
  });
});

describe('translatePrompt and parseTranslationReply', () => {
  test('names the language and its usual script, and an unknown code as given', () => {
    expect(translatePrompt('Focus on young mothers.', 'ta').prompt).toContain(
      'into Tamil, as a native speaker would write it, in the Tamil script.',
    );
    expect(translatePrompt('Focus on young mothers.', 'xx').prompt).toContain(
      'into xx, as a native speaker would write it.',
    );
  });
  test('reads the JSON form and the "Translation:" line, and refuses a reply without one', () => {
    expect(parseTranslationReply('{"translation": " இளம் தாய்மார்கள் "}')).toBe('இளம் தாய்மார்கள்');
    expect(parseTranslationReply('Sure!\nTranslation: युवा माताएँ')).toBe('युवा माताएँ');
    expect(() => parseTranslationReply('I cannot translate this.')).toThrow('no "Translation: ..." line');
  });
});

describe('short English priorities', () => {
  test("the README's own example is English, so rewriting stays off", () => {
    expect(guessLanguage('slightly prioritize older, low-income mothers')).toEqual({
      script: 'Latin',
      english: true,
      candidates: ['en'],
      rewriteByDefault: false,
    });
    expect(guessLanguage('Prioritize older mothers with low income').english).toBe(true);
  });

  test('ASCII Spanish, French and Swahili are not taken for English', () => {
    expect(guessLanguage('Priorizar a las madres mayores de bajos ingresos')).toMatchObject({
      english: false,
      candidates: ['es'],
    });
    expect(guessLanguage('Prioriser les meres les plus agees')).toMatchObject({ english: false, candidates: ['fr'] });
    expect(guessLanguage('Wape kipaumbele mama wazee wenye kipato kidogo').english).toBe(false);
  });
});
