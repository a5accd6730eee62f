// SCLM's LLM scorer (sclm-balancing-act, section 5.1 "LLM Scorer Model"): for one preference
// clause and one candidate reward function with the utility feature distributions its policy
// produces, the LLM rates the alignment on a scale from 1 to 5. The paper's exact text is in its
// figures, which are not published as text; this prompt states the same inputs and asks for the
// rating on a fixed last line, "Score: N".
import type { ChatRequest } from './chat-request.ts';
import type { DistributionCategory } from '../measures/distribution-categories.ts';
import { distributionText } from '../measures/distribution-text.ts';
import { SCORE_REPLY } from './reply-schemas.ts';

export interface SclmScorerInput {
  clause: string;
  expression: string;
  distribution: readonly DistributionCategory[];
}

export function sclmScorerPrompt({ clause, expression, distribution }: SclmScorerInput): ChatRequest {
  const prompt = [
    'A reward function for RL in resource allocation was used to train a policy that decides which agents receive ' +
      'a scarce intervention.',
    `Preference clause: ${clause}`,
    `Reward function: ${expression}`,
    "Distribution of utility over the agents' features under the trained policy:",
    distributionText(distribution),
    'Rate how well the reward function aligns with the preference clause on a scale from 1 to 5, where 1 means not ' +
      'aligned at all and 5 means perfectly aligned. ' +
      'Consider only this clause. Explain briefly, then give your rating EXACTLY IN the following format on the ' +
      'last line: Score: [1-5]',
  ].join('\n');
  return { prompt, reply: SCORE_REPLY };
}
