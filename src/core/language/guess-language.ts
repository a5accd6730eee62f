// A small, pure guess of a prompt's language: its writing system (by counting letters per
// Unicode block) and, for Latin text, whether it reads as English (a share of English function
// words). It only decides whether prompt rewriting is on by default; the user can always change it.

export type Script =
  | 'Latin'
  | 'Devanagari'
  | 'Bengali'
  | 'Gurmukhi'
  | 'Gujarati'
  | 'Odia'
  | 'Tamil'
  | 'Telugu'
  | 'Kannada'
  | 'Malayalam'
  | 'Arabic'
  | 'Cyrillic'
  | 'Other'
  | 'None';

export interface LanguageGuess {
  script: Script;
  /** Latin text whose words are mostly English, or with no sign of another language. */
  english: boolean;
  /** Likely languages (ISO 639 codes), most likely first; empty when nothing can be said. */
  candidates: string[];
  /** Rewrite the prompt into explicit English clauses by default: every prompt that is not English. */
  rewriteByDefault: boolean;
}

/** [script, first, last code point] of the Unicode blocks counted. */
const BLOCKS: [Script, number, number][] = [
  ['Devanagari', 0x0900, 0x097f],
  ['Bengali', 0x0980, 0x09ff],
  ['Gurmukhi', 0x0a00, 0x0a7f],
  ['Gujarati', 0x0a80, 0x0aff],
  ['Odia', 0x0b00, 0x0b7f],
  ['Tamil', 0x0b80, 0x0bff],
  ['Telugu', 0x0c00, 0x0c7f],
  ['Kannada', 0x0c80, 0x0cff],
  ['Malayalam', 0x0d00, 0x0d7f],
  ['Arabic', 0x0600, 0x06ff],
  ['Cyrillic', 0x0400, 0x04ff],
];

const SCRIPT_LANGUAGES: Partial<Record<Script, string[]>> = {
  Devanagari: ['hi', 'mr', 'ne'],
  Bengali: ['bn', 'as'],
  Gurmukhi: ['pa'],
  Gujarati: ['gu'],
  Odia: ['or'],
  Tamil: ['ta'],
  Telugu: ['te'],
  Kannada: ['kn', 'tcy'],
  Malayalam: ['ml'],
  Arabic: ['ur', 'ar', 'fa'],
  Cyrillic: ['ru', 'uk'],
};

const ENGLISH = new Set(
  (
    'a an the and or but of to in on at for with by from who whom whose which that this those these is are was were ' +
    'be been have has had do does not no all any more most less than their her his they them she he it its those ' +
    'while still also very slightly only who into over under between during'
  ).split(' '),
);

/** Function words of a few languages that share a script, for telling them apart (a guess, not a classifier). */
const MARKERS: Record<string, Set<string>> = {
  hi: new Set(['है', 'हैं', 'के', 'की', 'को', 'में', 'और', 'से', 'का', 'लिए', 'वाले', 'वाली', 'भी']),
  mr: new Set(['आहे', 'आणि', 'च्या', 'साठी', 'मध्ये', 'असलेल्या', 'करा', 'ज्या']),
  kn: new Set(['ಮತ್ತು', 'ಇದೆ', 'ಹೆಚ್ಚು', 'ಮಾಡಿ', 'ಇರುವ', 'ಅವರಿಗೆ', 'ಎಲ್ಲರಿಗೂ']),
  tcy: new Set(['ಬೊಕ್ಕ', 'ಉಂಡು', 'ಇಜ್ಜಿ', 'ಮಲ್ಪುಲೆ', 'ಮಲ್ಪು', 'ಆಯಿನ', 'ಮಾತೆರೆಗ್ಲಾ', 'ಎಂಕ್']),
  // Latin-script languages whose ASCII text would otherwise pass for English (no accents needed).
  es: new Set([
    'el',
    'los',
    'las',
    'una',
    'del',
    'y',
    'con',
    'para',
    'que',
    'por',
    'madres',
    'mayores',
    'bajos',
    'ingresos',
  ]),
  fr: new Set(['le', 'les', 'des', 'une', 'et', 'avec', 'pour', 'du', 'aux', 'mères', 'meres', 'plus']),
  pt: new Set(['os', 'as', 'uma', 'e', 'com', 'para', 'do', 'da', 'dos', 'das', 'mães', 'maes']),
  sw: new Set(['na', 'kwa', 'wa', 'ya', 'za', 'wenye', 'mama', 'wazee', 'kipato']),
  // Romanized Hindi, common in typed messages.
  'hi-Latn': new Set([
    'hai',
    'hain',
    'ko',
    'ki',
    'ka',
    'ke',
    'aur',
    'se',
    'mein',
    'wale',
    'wali',
    'liye',
    'bhi',
    'sabhi',
    'karo',
    'karein',
    'dein',
  ]),
};

export function guessLanguage(text: string): LanguageGuess {
  const counts = new Map<Script, number>();
  let letters = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!/\p{L}|\p{M}/u.test(ch)) continue;
    letters++;
    const block = BLOCKS.find(([, lo, hi]) => cp >= lo && cp <= hi);
    const script: Script = block ? block[0] : /\p{Script=Latin}/u.test(ch) ? 'Latin' : 'Other';
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  if (letters === 0) return { script: 'None', english: false, candidates: [], rewriteByDefault: false };
  const script = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{M}]+/u)
    .filter(Boolean);
  const hits = (set: Set<string>) => words.filter((w) => set.has(w)).length;
  if (script === 'Latin') {
    const english = hits(ENGLISH);
    const romanHindi = hits(MARKERS['hi-Latn']);
    // English when its function words make up a fifth of the words (a third when accented letters
    // point to another language), or when nothing points elsewhere and the text is plain ASCII.
    const ascii = /^[\x00-\x7f]*$/.test(text);
    const share = ascii ? 0.2 : 0.34;
    // Plain ASCII with no word of another language is English too: short priorities ("slightly
    // prioritize older, low-income mothers") carry too few function words for the share.
    const others = (['es', 'fr', 'pt', 'sw'] as const)
      .map((code) => [code, hits(MARKERS[code])] as const)
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
    const foreign = romanHindi + (others[0]?.[1] ?? 0);
    const isEnglish = english > foreign && english >= Math.max(1, share * words.length) ? true : ascii && foreign === 0;
    const candidates = isEnglish
      ? ['en']
      : romanHindi > 0 && romanHindi >= (others[0]?.[1] ?? 0)
        ? ['hi']
        : others.map(([code]) => code);
    return { script, english: isEnglish, candidates, rewriteByDefault: !isEnglish };
  }
  const candidates = [...(SCRIPT_LANGUAGES[script] ?? [])];
  // Reorder by marker words where the script is shared (Hindi/Marathi, Kannada/Tulu); a stable sort keeps the default
  // order on ties.
  candidates.sort((a, b) => (MARKERS[b] ? hits(MARKERS[b]) : 0) - (MARKERS[a] ? hits(MARKERS[a]) : 0));
  return { script, english: false, candidates, rewriteByDefault: true };
}
