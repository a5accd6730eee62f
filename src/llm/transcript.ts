// The audit trail of a run's LLM traffic: every request and reply with timing and usage. It holds
// the ChatRequest (messages and sampling), never headers or keys, so it can be stored and exported.
import type { ChatRequest, TokenUsage } from '../core/prompts/chat-request.ts';
import type { FailureKind } from './llm-error.ts';

export interface TranscriptEntry {
  /** requestHash(provider, model, request): the key the replay provider answers by. */
  hash: string;
  provider: string;
  model: string;
  /** The URL called (no key is ever in a URL allot builds). */
  url: string;
  request: ChatRequest;
  /** The reply text, or null when the call failed. */
  reply: string | null;
  usage: TokenUsage;
  error: { kind: FailureKind; message: string } | null;
  attempts: number;
  /** ISO time the call started. */
  startedAt: string;
  durationMs: number;
}

export class Transcript {
  readonly entries: TranscriptEntry[] = [];

  /** `onAdd` hears each new entry as it is added (to write the transcript as the run goes). */
  constructor(
    entries: readonly TranscriptEntry[] = [],
    private readonly onAdd?: (entry: TranscriptEntry) => void,
  ) {
    this.entries.push(...entries);
  }

  add(entry: TranscriptEntry): void {
    const copy = structuredClone(entry);
    this.entries.push(copy);
    this.onAdd?.(copy);
  }

  /** Input and output tokens summed over the calls that reported them. */
  totalUsage(): { inputTokens: number; outputTokens: number } {
    let inputTokens = 0;
    let outputTokens = 0;
    for (const e of this.entries) {
      inputTokens += e.usage.inputTokens ?? 0;
      outputTokens += e.usage.outputTokens ?? 0;
    }
    return { inputTokens, outputTokens };
  }

  toJSON(): TranscriptEntry[] {
    return this.entries;
  }
}
