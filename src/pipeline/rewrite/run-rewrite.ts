// Runs (or resumes) the rewriting step: asks the LLM to restate the prompt as explicit English
// clauses over the population's features, retries an unreadable reply with the parser's feedback,
// and pauses (keeping every reply) when the provider fails.
import type { FeatureSchema } from '../../core/instance/types.ts';
import { parseClausesReply, ReplyParseError } from '../../core/prompts/parse-reply.ts';
import { rewritePrompt } from '../../core/prompts/rewrite-prompt.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { joinClauses, type RewriteState } from './rewrite-state.ts';

export interface RewriteOptions {
  /** LLM calls before the step is recorded as failed (the first included; default 3). */
  maxAttempts?: number;
  /** Receives a copy of the state after every reply. */
  checkpoint?: (state: RewriteState) => void;
  signal?: AbortSignal;
}

export async function runRewrite(initial: RewriteState, llm: Pick<LlmProvider, 'complete'>, schema: FeatureSchema, options: RewriteOptions = {}): Promise<RewriteState> {
  const state = structuredClone(initial);
  if (!state.enabled || state.status === 'done' || state.status === 'failed' || state.status === 'off') return state;
  const maxAttempts = options.maxAttempts ?? 3;
  state.status = 'pending';
  delete state.pausedBecause;
  const save = () => options.checkpoint?.(structuredClone(state));
  while (state.status === 'pending') {
    if (state.attempts.length >= maxAttempts) {
      state.status = 'failed';
      break;
    }
    const request = rewritePrompt(state.original, schema);
    const last = state.attempts.at(-1);
    if (last?.error) request.prompt += `\n${last.error}`;
    let reply: string;
    try {
      options.signal?.throwIfAborted();
      reply = (await llm.complete(request, { signal: options.signal })).text;
    } catch (error) {
      state.status = 'paused';
      state.pausedBecause = error instanceof Error ? error.message : String(error);
      break;
    }
    try {
      const clauses = parseClausesReply(reply);
      state.attempts.push({ reply });
      state.clauses = clauses;
      state.rewrite = joinClauses(clauses);
      state.status = 'done';
    } catch (error) {
      if (!(error instanceof ReplyParseError)) throw error;
      state.attempts.push({ reply, error: error.feedback });
    }
    save();
  }
  save();
  return state;
}
