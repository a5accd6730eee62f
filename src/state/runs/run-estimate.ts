// What a run will ask the LLM, before Start: the number of calls when every reply is usable, the
// most it can take when replies are retried, and a rough token count. SCLM's clause count is not
// known until the split: it is estimated from the priority's "and"s and commas, and said so.
import type { RunSettings } from './run-settings.ts';

/**
 * Rough tokens per call (prompt + reply) of each kind: estimates from the length of the DLM population's prompts at
 * about 4 characters a token, not measured against a tokenizer.
 */
export const TOKENS_PER_CALL = { proposal: 2_300, reflection: 2_600, split: 400, rating: 900, rewrite: 500 } as const;

export interface RunEstimate {
  /** Calls when every reply is usable at once, and when every reply needs every attempt. */
  calls: number;
  maxCalls: number;
  tokens: number;
  maxTokens: number;
  /** SCLM: the clause count assumed (the LLM splits the priority after Start). */
  clauses?: number;
  text: string;
}

/** Clauses a composite priority probably splits into: parts joined by "and", commas or semicolons. */
export function likelyClauses(prompt: string): number {
  return Math.max(
    1,
    prompt.split(/,|;|\band\b|\balso\b/i).filter((part) => part.trim().split(/\s+/).length >= 2).length,
  );
}

export function estimateRun(
  s: Pick<
    RunSettings,
    | 'kind'
    | 'prompt'
    | 'rewrite'
    | 'rounds'
    | 'candidates'
    | 'maxAttempts'
    | 'scorer'
    | 'clauseRounds'
    | 'clauseCandidates'
    | 'baselines'
    | 'shiftClauses'
    | 'utilityClause'
  >,
): RunEstimate {
  const T = TOKENS_PER_CALL;
  const dlm = (rounds: number, candidates: number) => ({
    calls: rounds * candidates + (candidates > 1 || rounds > 1 ? rounds : 0),
    tokens: rounds * candidates * T.proposal + (candidates > 1 || rounds > 1 ? rounds * T.reflection : 0),
  });
  let calls = 0,
    tokens = 0,
    clauses: number | undefined;
  const add = (x: { calls: number; tokens: number }) => ((calls += x.calls), (tokens += x.tokens));
  if (s.rewrite) add({ calls: 1, tokens: T.rewrite });
  if (s.kind === 'dlm') add(dlm(s.rounds, s.candidates));
  else {
    clauses = likelyClauses(s.prompt);
    add({ calls: 1, tokens: T.split });
    if (s.scorer === 'simulator') for (let c = 0; c < clauses; c++) add(dlm(s.clauseRounds, s.clauseCandidates));
    add(dlm(s.rounds, s.candidates));
    if (s.scorer === 'llm')
      add({ calls: s.rounds * s.candidates * clauses, tokens: s.rounds * s.candidates * clauses * T.rating });
    if (s.baselines) {
      add({ calls: 1, tokens: T.proposal });
      if (s.shiftClauses || s.utilityClause) add(dlm(s.rounds, s.candidates));
    }
  }
  const k = Math.max(1, s.maxAttempts);
  const round = (x: number) =>
    x >= 10_000 ? `${Math.round(x / 1000)}k` : x >= 1000 ? `${(x / 1000).toFixed(1)}k` : String(x);
  const text =
    `About ${calls} LLM call${calls === 1 ? '' : 's'} (up to ${calls * k} if replies must be retried) ` +
    `and ${round(tokens)} tokens (up to ` +
    `${round(tokens * k)})${
      clauses !== undefined
        ? `, assuming the priority splits into ${clauses} ` + `clause${clauses === 1 ? '' : 's'}`
        : ''
    }.`;
  return { calls, maxCalls: calls * k, tokens, maxTokens: tokens * k, ...(clauses !== undefined && { clauses }), text };
}
