// The language study's state as plain JSON: its configuration, the prompts it ran (copied, so a
// stored study explains itself), every translation with its source, and one cell per
// alpha x language x prompt x run holding that cell's rewriting step, DLM run and outcome. A
// study resumed from any checkpoint repeats no LLM call that was answered.
import type { PromptCondition } from '../../core/fairness/prompt-condition.ts';
import type { RelevanceLevel } from '../../core/fairness/acceptable-reward.ts';
import type { ConditionSuccess, UniformBaseline } from '../../core/fairness/task-success.ts';
import type { UnfairnessFlags } from '../../core/fairness/unfairness-flags.ts';
import { DEFAULT_DP_THRESHOLDS } from '../../core/fairness/unfairness-flags.ts';
import type { AllocationMeasure } from '../../core/measures/allocation-per-arm.ts';
import { MULTILINGUAL_PROMPTS } from '../../core/tasks/multilingual-prompts.ts';
import type { DlmConfig, DlmRunState } from '../dlm/dlm-run-state.ts';
import type { Attempt } from '../ask-until-parsed.ts';
import type { RewriteState } from '../rewrite/rewrite-state.ts';

export interface StudyConfig {
  /** ISO 639 codes; 'en' uses the English prompts as they are. */
  languages: string[];
  runs: number;
  alphas: number[];
  dlm: Partial<DlmConfig>;
  /** 'auto': rewrite the prompts that are not English (the language guess decides). */
  rewrite: 'auto' | 'on' | 'off';
  relevance: RelevanceLevel;
  baseline: UniformBaseline;
  measure: AllocationMeasure;
  thresholds: number[];
}

export const DEFAULT_STUDY_CONFIG: StudyConfig = {
  languages: ['en', 'hi', 'ta', 'tcy'],
  runs: 20,
  alphas: [0.2, 0.8],
  dlm: { mode: 'reflection' },
  rewrite: 'off',
  relevance: 'features',
  baseline: 'values',
  measure: 'arm-steps',
  thresholds: [...DEFAULT_DP_THRESHOLDS],
};

export interface StudyPrompt {
  number: number;
  /** English text. */
  text: string;
  conditions: PromptCondition[];
}

export interface Translation {
  text: string;
  source: 'english' | 'file' | 'llm';
  /** For source 'llm': every reply, with why it could not be read (text stays '' if none could: no reward then). */
  attempts?: Attempt[];
}

export type CellOutcome =
  | { valid: false; reason: string }
  | {
      valid: true;
      expression: string;
      featuresUsed: number[];
      acceptable: boolean;
      /** Acceptability at the other relevance level, for comparison. */
      acceptableOtherLevel: boolean;
      missing: number[];
      spurious: number[];
      success: boolean;
      conditions: ConditionSuccess[];
      groups: { name: string; dpVariance: number | null; intended: boolean; probability: (number | null)[] }[];
      flags: UnfairnessFlags;
    };

export interface StudyCell {
  alpha: number;
  language: string;
  prompt: number;
  run: number;
  /** The goal given to DLM (the rewrite when rewriting was on and done, else the translation). */
  goal?: string;
  rewrite?: RewriteState;
  dlm?: DlmRunState;
  outcome?: CellOutcome;
}

export interface StudyState {
  version: 1;
  config: StudyConfig;
  prompts: StudyPrompt[];
  /** translations[language][prompt number]. */
  translations: Record<string, Record<string, Translation>>;
  /** In the order they run: alpha, then language, then prompt, then run. */
  cells: StudyCell[];
  status: 'running' | 'paused' | 'done';
  pausedBecause?: string;
}

/**
 * A fresh study. `prompts` defaults to the paper's 8; `translations` (language -> prompt number ->
 * text) are the user's, used before asking the LLM. Throws on a configuration that cannot run.
 */
export function createStudy(
  config: Partial<StudyConfig> = {},
  options: { prompts?: StudyPrompt[]; translations?: Record<string, Record<string, string>> } = {},
): StudyState {
  const c: StudyConfig = structuredClone({ ...DEFAULT_STUDY_CONFIG, ...config });
  if (!Number.isInteger(c.runs) || c.runs < 1) throw new RangeError(`runs must be a positive integer, got ${c.runs}`);
  if (c.languages.length === 0) throw new RangeError('the study needs at least one language');
  if (new Set(c.languages).size !== c.languages.length)
    throw new RangeError(`a language is listed twice: ${c.languages.join(',')}`);
  if (c.alphas.length === 0 || c.alphas.some((a) => !(a >= 0 && a <= 1)))
    throw new RangeError(`alphas must be numbers in [0, 1], got ${c.alphas.join(',')}`);
  const prompts =
    options.prompts ?? MULTILINGUAL_PROMPTS.map(({ number, text, conditions }) => ({ number, text, conditions }));
  const translations: StudyState['translations'] = {};
  for (const language of c.languages) {
    translations[language] = {};
    for (const p of prompts) {
      const given = options.translations?.[language]?.[p.number];
      if (language === 'en')
        translations[language][p.number] = { text: given ?? p.text, source: given ? 'file' : 'english' };
      else if (given) translations[language][p.number] = { text: given, source: 'file' };
    }
  }
  const cells: StudyCell[] = [];
  for (const alpha of c.alphas)
    for (const language of c.languages)
      for (const p of prompts)
        for (let run = 0; run < c.runs; run++) cells.push({ alpha, language, prompt: p.number, run });
  return { version: 1, config: c, prompts, translations, cells, status: 'running' };
}
