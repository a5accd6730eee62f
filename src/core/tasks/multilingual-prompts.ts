// The multilingual DLM study's 8 goal prompts (Table 2), in English, each with the schema
// conditions it states: the intended feature groups (Table 2's "Features" column) and the buckets
// it targets, on the study's 34 one-hot features (Table 5). The buckets are allot's reading of the
// words, shown with every prompt; the paper publishes only the groups.
// Conditions name the groups and bucket indices of the `multilingual` population's schema
// (multilingualSchema in src/core/datasets/generators/multilingual.ts, Table 5 order). The English
// texts live in multilingual-prompts.en.json, shipped in the format of `allot study language
// --prompts FILE` ({"en": {"<number>": "<text>"}}), so the file is both the source and an example.
import type { PromptCondition } from '../fairness/prompt-condition.ts';
import shipped from './multilingual-prompts.en.json' with { type: 'json' };

/** The shipped English prompts as a --prompts file: {"en": {"1": "...", ..., "8": "..."}}. */
export const SHIPPED_PROMPTS: { en: Record<string, string> } = shipped;
const EN = SHIPPED_PROMPTS.en;

export interface MultilingualPrompt {
  /** 1-8, Table 2's No. */
  number: number;
  /** The goal prompt, word for word as Table 2 prints it. */
  text: string;
  /** Table 2's "Features" column, as printed. */
  features: string;
  /** The prompt this one rephrases (7 rephrases 1, 8 rephrases 2). */
  rephrases?: number;
  /** Schema conditions; their groups are the prompt's intended groups. */
  conditions: PromptCondition[];
  /** Why the buckets are these. */
  reading: string;
}

export const MULTILINGUAL_PROMPTS: readonly MultilingualPrompt[] = [
  {
    number: 1,
    text: EN['1'],
    features: 'Age',
    conditions: [{ group: 'Age', buckets: [0, 1] }],
    reading:
      'low age = Ages 10-20 and 21-30 (Table 5\'s example maps "low Age" to features 0 and 1; Figure 1 sums these ' +
      'two buckets)',
  },
  {
    number: 2,
    text: EN['2'],
    features: 'Age, Income',
    conditions: [
      { group: 'Age', buckets: [2, 3] },
      { group: 'Income', buckets: [0, 1, 2, 3] },
    ],
    reading:
      'middle-aged = Ages 31-40 and 41-50 (Figure 3 sums these); less than 15000 = income brackets 1-4 (Figure 5)',
  },
  {
    number: 3,
    text: EN['3'],
    features: 'Times_To_Be_Called',
    conditions: [{ group: 'Times to be called', buckets: [4, 5] }],
    reading: 'busy in mornings and afternoons = to be called in the evening: 5:30-7:30 pm and 7:30-9:30 pm',
  },
  {
    number: 4,
    text: EN['4'],
    features: 'Times_To_Be_Called, Phone_Ownership',
    conditions: [
      { group: 'Times to be called', buckets: [2] },
      { group: 'Phone ownership', buckets: [0] },
    ],
    reading: 'the 12:30-3:30 pm slot; the woman takes the call when she owns the phone (Phone owner 0)',
  },
  {
    number: 5,
    text: EN['5'],
    features: 'Language_Spoken, Education_Level',
    conditions: [
      { group: 'Language', buckets: [3, 4] },
      { group: 'Education', buckets: [0, 1], tolerated: [2] },
    ],
    reading:
      'South Indian = speaks Kannada or Tamil; poor education = illiterate or 1-5th grade (6-9th grade tolerated)',
  },
  {
    number: 6,
    text: EN['6'],
    features: 'Age, Income, Language_Spoken',
    conditions: [
      { group: 'Age', buckets: [3, 4] },
      { group: 'Income', buckets: [0, 1], tolerated: [2, 3] },
      { group: 'Language', buckets: [3] },
    ],
    reading:
      'older = Ages 41-50 and 51-60; lower incomes = brackets 1-2 (3-4, up to 15000, tolerated); Kannadiga = ' +
      'speaks Kannada',
  },
  {
    number: 7,
    text: EN['7'],
    features: 'Rephrasing Prompt 1',
    rephrases: 1,
    conditions: [{ group: 'Age', buckets: [0, 1] }],
    reading: 'as prompt 1',
  },
  {
    number: 8,
    text: EN['8'],
    features: 'Rephrasing Prompt 2',
    rephrases: 2,
    conditions: [
      { group: 'Age', buckets: [2, 3] },
      { group: 'Income', buckets: [0, 1, 2, 3] },
    ],
    reading: 'as prompt 2: 30s or 40s = Ages 31-40 and 41-50; 500 a day = about 15000 a month, brackets 1-4',
  },
];

/** Intended groups of a prompt: the groups its conditions name, in order, without repeats. */
export const intendedGroups = (prompt: Pick<MultilingualPrompt, 'conditions'>): string[] => [
  ...new Set(prompt.conditions.map((c) => c.group)),
];
