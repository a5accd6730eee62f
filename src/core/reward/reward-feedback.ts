// The one way a reward error is written for the LLM (DLM's retry, SCLM's clause rewards, the
// study) and for the terminal: what is wrong at which character (1-based), the caret excerpt,
// and what to write instead.
import type { RewardError } from './reward-error.ts';

export function rewardFeedback(error: RewardError): string {
  return [
    `The reward function could not be used: ${error.message} (character ${error.position + 1}):`,
    error.excerpt,
    error.hint,
  ]
    .filter(Boolean)
    .join('\n');
}
