// DLM's reflection/selection prompt, as printed in DLM appendix L: the goal, the feature list,
// each candidate by index with its reward function and its state-feature distribution by
// category, and the fixed answer sentence "The best reward function is at index: [INDEX]".
import type { FeatureSchema } from '../instance/types.ts';
import type { DistributionCategory } from '../measures/distribution-categories.ts';
import { distributionText } from '../measures/distribution-text.ts';
import type { ChatRequest } from './chat-request.ts';
import { featureList } from './feature-list.ts';
import { INDEX_REPLY } from './reply-schemas.ts';

export interface ReflectionCandidate {
  expression: string;
  distribution: DistributionCategory[];
}

export interface DlmReflectionInput {
  goal: string;
  schema: FeatureSchema;
  hidden?: readonly number[];
  candidates: readonly ReflectionCandidate[];
}

export const INDEX_SENTENCE = 'The best reward function is at index: [INDEX]';

export function dlmReflectionPrompt({ goal, schema, hidden = [], candidates }: DlmReflectionInput): ChatRequest {
  if (candidates.length === 0) throw new RangeError('the reflection prompt needs at least one candidate');
  const prompt = [
    `My goal was to create a Python reward function for RL in resource allocation, with the objective of: ${goal} ` +
      'I tried several reward functions for this task. Below, I have the given reward function, and the ' +
      'corresponding distribution of reward ' +
      `achieved across ${schema.columns.length} agent features. A description of the features is as follows:`,
    featureList(schema, hidden),
    'Below are the reward functions I used and their corresponding reward distributions:',
    ...candidates.map((c, i) =>
      [`Index ${i}:`, `Reward Function: ${c.expression}`, `Reflection: '`, distributionText(c.distribution) + "'"].join(
        '\n',
      ),
    ),
    `Based on the above reward distributions and the given goal: ${goal}, please identify the index of the most ` +
      `effective reward function. ` +
      `Provide your answer EXACTLY IN the following format: '${INDEX_SENTENCE}'.`,
  ].join('\n');
  return { prompt, reply: INDEX_REPLY };
}
