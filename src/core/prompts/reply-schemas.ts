// JSON schemas for the providers' structured-output modes. Each mirrors the text format its prompt
// asks for, and the parsers in parse-reply.ts accept either form.
import type { ReplySchema } from './chat-request.ts';

const object = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

export const REWARD_REPLY: ReplySchema = {
  name: 'reward_function',
  schema: object({ reward: { type: 'string' }, explanation: { type: 'string' } }, ['reward', 'explanation']),
};

export const INDEX_REPLY: ReplySchema = {
  name: 'best_index',
  schema: object({ analysis: { type: 'string' }, best_index: { type: 'integer' } }, ['analysis', 'best_index']),
};

export const SCORE_REPLY: ReplySchema = {
  name: 'alignment_score',
  schema: object({ reasoning: { type: 'string' }, score: { type: 'integer' } }, ['reasoning', 'score']),
};

export const CLAUSES_REPLY: ReplySchema = {
  name: 'clauses',
  schema: object({ clauses: { type: 'array', items: { type: 'string' } } }, ['clauses']),
};
