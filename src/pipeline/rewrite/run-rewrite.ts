// Runs (or resumes) the rewriting step: asks the LLM to restate the prompt as explicit English
// clauses over the population's features through the one ask step (an unreadable reply is fed
// back and recorded; after the allowed attempts the step is 'failed' and the original prompt is
// used), and pauses, keeping every reply, when the provider fails or the run is cancelled.
import type { FeatureSchema } from '../../core/instance/types.ts';
import { schemaNames } from '../../core/prompts/feature-list.ts';
import { parseClausesReply } from '../../core/prompts/parse-reply.ts';
import { rewritePrompt } from '../../core/prompts/rewrite-prompt.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { askLlm, askUntilParsed, DEFAULT_MAX_ATTEMPTS, parsedBy } from '../ask-until-parsed.ts';
import { pauseOn } from '../resumable.ts';
import { joinClauses, type RewriteState } from './rewrite-state.ts';

export interface RewriteOptions {
  /** LLM calls before the step is recorded as failed (the first included; the run's attempts per reply). */
  maxAttempts?: number;
  /** Receives a copy of the state after every reply. */
  checkpoint?: (state: RewriteState) => void;
  signal?: AbortSignal;
}

export async function runRewrite(
  initial: RewriteState,
  llm: Pick<LlmProvider, 'complete'>,
  schema: FeatureSchema,
  options: RewriteOptions = {},
): Promise<RewriteState> {
  const state = structuredClone(initial);
  if (!state.enabled || (state.status !== 'pending' && state.status !== 'paused')) return state;
  state.status = 'pending';
  delete state.pausedBecause;
  const save = () => options.checkpoint?.(structuredClone(state));
  const ask = askLlm(llm, options.signal);
  try {
    const asked = await askUntilParsed({
      attempts: state.attempts,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      send: (failures) => ask(rewritePrompt(state.original, schema), failures),
      parse: parsedBy((text: string) => parseClausesReply(text, schemaNames(schema))),
      refused: save,
      signal: options.signal,
    });
    if (asked.ok) Object.assign(state, { clauses: asked.value, rewrite: joinClauses(asked.value), status: 'done' });
    else state.status = 'failed';
  } catch (error) {
    pauseOn(error, state, save);
    return state;
  }
  save();
  return state;
}
