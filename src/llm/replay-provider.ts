// Answers from a recorded transcript by request hash, so a run can be repeated offline and
// bit-for-bit. A request that was never recorded (or that failed when recorded) is an error,
// never a made-up answer.
import type { ChatRequest } from '../core/prompts/chat-request.ts';
import { requestHash } from '../core/prompts/request-hash.ts';
import type { ChatReply, LlmProvider } from './llm-provider.ts';
import { LlmError } from './llm-error.ts';
import type { TranscriptEntry } from './transcript.ts';

export class ReplayProvider implements LlmProvider {
  /** Replies per hash in recorded order: a request asked twice gets its two recorded replies in turn. */
  private readonly replies = new Map<string, TranscriptEntry[]>();
  private readonly used = new Map<string, number>();

  constructor(
    readonly kind: string,
    readonly model: string,
    entries: readonly TranscriptEntry[],
  ) {
    for (const e of entries) {
      if (e.reply === null || e.provider !== kind || e.model !== model) continue;
      this.replies.set(e.hash, [...(this.replies.get(e.hash) ?? []), e]);
    }
  }

  async complete(request: ChatRequest, { signal }: { signal?: AbortSignal } = {}): Promise<ChatReply> {
    signal?.throwIfAborted();
    const hash = requestHash(this.kind, this.model, request);
    const recorded = this.replies.get(hash);
    if (!recorded) throw new LlmError('replay-miss', `The transcript has no reply from ${this.kind} ${this.model} to this request (hash ${hash.slice(0, 12)}): the run asked something the recorded run did not.`);
    const n = this.used.get(hash) ?? 0;
    this.used.set(hash, n + 1);
    const entry = recorded[Math.min(n, recorded.length - 1)];
    return { text: entry.reply!, usage: entry.usage, hash, truncated: false, attempts: 0, durationMs: 0 };
  }
}
