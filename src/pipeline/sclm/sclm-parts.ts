// SCLM's parts over the user's LLM and the one DLM adapter: its own questions (the clause split,
// the ratings) go to the LLM with a refused reply fed back in the one wording (askLlm), its inner
// DLM runs and the user's expressions go through the adapter, its simulations to the caller.
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { askLlm } from '../ask-until-parsed.ts';
import type { DlmAdapter } from '../dlm/dlm-adapter.ts';
import type { SclmParts } from './run-sclm.ts';

export interface SclmPartsInput {
  llm: Pick<LlmProvider, 'complete'>;
  adapter: Pick<DlmAdapter, 'propose' | 'reflect' | 'compile' | 'simulate' | 'compileExpression'>;
  simulate: SclmParts['simulate'];
  instance: SclmParts['instance'];
  signal?: AbortSignal;
}

export function createSclmParts({ llm, adapter, simulate, instance, signal }: SclmPartsInput): SclmParts {
  const ask = askLlm(llm, signal);
  return {
    ask: (request) => ask(request.chat, request.failures),
    dlm: () => adapter,
    compileExpression: adapter.compileExpression,
    simulate,
    instance,
  };
}
