// Languages by name, never by code: "Hindi or Marathi (Devanagari script)", as History and the prompts say it.
import type { LanguageGuess } from './guess-language.ts';

/** Names of the study's languages and a few more, by ISO 639 code; other codes are shown as given. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  hi: 'Hindi',
  ta: 'Tamil',
  tcy: 'Tulu',
  kn: 'Kannada',
  mr: 'Marathi',
  gu: 'Gujarati',
  bn: 'Bengali',
  te: 'Telugu',
  ml: 'Malayalam',
  pa: 'Punjabi',
  or: 'Odia',
  ur: 'Urdu',
  ne: 'Nepali',
  as: 'Assamese',
  ar: 'Arabic',
  fa: 'Persian',
  ru: 'Russian',
  uk: 'Ukrainian',
};

export const languageName = (code: string): string => LANGUAGE_NAMES[code] ?? code;

/** A guess in words; `unknown` names a script none of whose languages allot knows. */
export function guessInWords(guess: LanguageGuess, unknown = 'unknown'): string {
  if (guess.script === 'None') return 'no words to tell';
  if (guess.english) return 'English';
  const names = guess.candidates.map(languageName);
  return `${names.length ? names.join(' or ') : unknown} (${guess.script} script)`;
}
