// The prompt-rewriting step of a run (multilingual paper, section 6 "Prompt rewriting component")
// as plain JSON data: the user's original prompt (always kept), the language guess, whether
// rewriting is on, every LLM reply, the rewrite as explicit English clauses, and the user's edit.
import { guessLanguage, type LanguageGuess } from '../../core/language/guess-language.ts';
import type { Attempt } from '../ask-until-parsed.ts';

export interface RewriteState {
  version: 1;
  original: string;
  language: LanguageGuess;
  /** On by default for prompts that are not English (language.rewriteByDefault); the user decides. */
  enabled: boolean;
  status: 'pending' | 'done' | 'failed' | 'paused' | 'off';
  attempts: Attempt[];
  /** The LLM's clauses, in order. */
  clauses?: string[];
  /** The clauses as one goal text. */
  rewrite?: string;
  /** What the user changed the rewrite to (kept beside the rewrite, which stays as the LLM wrote it). */
  edited?: string;
  pausedBecause?: string;
}

/** A fresh rewriting step; `enabled` overrides the language guess's default. */
export function createRewrite(original: string, options: { enabled?: boolean } = {}): RewriteState {
  if (original.trim() === '') throw new Error('there is no prompt to rewrite');
  const language = guessLanguage(original);
  const enabled = options.enabled ?? language.rewriteByDefault;
  return { version: 1, original, language, enabled, status: enabled ? 'pending' : 'off', attempts: [] };
}

/**
 * The user's edit of the rewrite (an empty edit is refused: switching rewriting off is the way back to the original).
 */
export function editRewrite(state: RewriteState, text: string): RewriteState {
  if (text.trim() === '') throw new Error('the edited prompt is empty; turn rewriting off to use the original');
  return { ...structuredClone(state), edited: text };
}

/** The prompt the generator is given: the user's edit, else the rewrite when it is on and done, else the original. */
export function effectivePrompt(state: RewriteState): string {
  if (!state.enabled) return state.original;
  return state.edited ?? (state.status === 'done' ? state.rewrite! : state.original);
}

/** Clauses joined into one goal: each ends with a full stop unless it ends with punctuation already. */
export function joinClauses(clauses: readonly string[]): string {
  return clauses
    .map((c) => c.trim())
    .map((c) => (/[.!?।]$/.test(c) ? c : `${c}.`))
    .join(' ');
}
