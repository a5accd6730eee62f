// A provider that tells its caller when each call starts and ends (a page's call counter and
// "waiting for the LLM" line), and otherwise is the provider it wraps.
import type { LlmProvider } from './llm-provider.ts';

export function observedProvider(llm: LlmProvider, on: { start(): void; end(): void }): LlmProvider {
  const complete: LlmProvider['complete'] = async (request, options) => {
    on.start();
    try {
      return await llm.complete(request, options);
    } finally {
      on.end();
    }
  };
  return { kind: llm.kind, model: llm.model, complete };
}
