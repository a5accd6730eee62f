// The LLM half of DLM's loop for the multilingual study: proposal requests become the paper's
// Table 5 prompt (over the population's schema, the best previous attempts included), reflection
// requests DLM's appendix L prompt; a refused reply's error is sent back with the next attempt.
import type { FeatureSchema } from '../../core/instance/types.ts';
import type { ChatRequest } from '../../core/prompts/chat-request.ts';
import { multilingualGenerationPrompt } from '../../core/prompts/dlm-generation-prompt.ts';
import { dlmReflectionPrompt, type DistributionCategory } from '../../core/prompts/dlm-reflection-prompt.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import type { Attempt } from '../dlm/dlm-run-state.ts';
import type { DlmParts } from '../dlm/run-dlm.ts';

/** Reads back the "Category: X / label: 12.34%" text that distributionText writes (our own text, not the LLM's). */
export function parseDistributionText(text: string): DistributionCategory[] {
  const categories: DistributionCategory[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('Category: ')) {
      categories.push({ category: line.slice('Category: '.length), buckets: [] });
      continue;
    }
    const at = line.lastIndexOf(': ');
    const current = categories.at(-1);
    if (!current || at < 0 || !line.endsWith('%')) throw new Error(`not a distribution line: "${line}"`);
    current.buckets.push({ label: line.slice(0, at), percent: Number(line.slice(at + 2, -1)) });
  }
  return categories;
}

/** The request with the last refused reply's error appended, so that the LLM can correct it. */
export function withFeedback(request: ChatRequest, failures: readonly Attempt[]): ChatRequest {
  const last = failures.at(-1);
  return last?.error ? { ...request, prompt: `${request.prompt}\nYour previous reply could not be used: ${last.error}` } : request;
}

export function multilingualDlmParts(llm: Pick<LlmProvider, 'complete'>, schema: FeatureSchema, signal?: AbortSignal): Pick<DlmParts, 'propose' | 'reflect'> {
  return {
    async propose(r) {
      const request = multilingualGenerationPrompt({ goal: r.task, schema, previousAttempts: r.previous.map((p) => p.expression) });
      return (await llm.complete(withFeedback(request, r.failures), { signal })).text;
    },
    async reflect(r) {
      const request = dlmReflectionPrompt({ goal: r.task, schema, candidates: r.candidates.map((c) => ({ expression: c.expression, distribution: parseDistributionText(c.distribution) })) });
      return (await llm.complete(withFeedback(request, r.failures), { signal })).text;
    },
  };
}
