// What the pipeline calls: one interface for the real providers and the replay provider.
import type { ChatRequest, TokenUsage } from '../core/prompts/chat-request.ts';

export interface ChatReply {
  text: string;
  usage: TokenUsage;
  /** requestHash of the request. */
  hash: string;
  /** The provider stopped at the token limit: the reply may be cut off. */
  truncated: boolean;
  /** HTTP attempts made (1 without retries; 0 for a replayed reply). */
  attempts: number;
  durationMs: number;
}

export interface LlmProvider {
  readonly kind: string;
  readonly model: string;
  /** Rejects with an LlmError (or the signal's reason when aborted). */
  complete(request: ChatRequest, options?: { signal?: AbortSignal }): Promise<ChatReply>;
}
