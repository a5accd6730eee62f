// Splitting a composite preference prompt into single-objective clauses (SCLM section 3: "a
// preference prompt is a set of preference clauses; each specifies a single optimization goal").
// The user can edit the result; the original prompt is always kept by the caller.
import type { ChatRequest } from './chat-request.ts';
import { CLAUSES_REPLY } from './reply-schemas.ts';

export function clauseSplitPrompt(preference: string): ChatRequest {
  const prompt = [
    'A preference prompt for allocating a scarce intervention among agents may combine several goals. ' +
      'Split it into preference clauses, each stating exactly one goal (for example: give priority to agents with ' +
      'certain feature values; ' +
      'do not shift the distribution of some feature; maximize the total benefit to all agents).',
    'Keep the wording and the language of the prompt; do not add goals it does not state. A prompt with one goal ' +
      'is one clause.',
    `Preference prompt: ${preference}`,
    'Answer with one clause per line, each line starting with "Clause N: " (N = 1, 2, ...), and nothing else.',
  ].join('\n');
  return { prompt, reply: CLAUSES_REPLY };
}
