// A provider for a resumed run: a request that the run's earlier transcript already answered is
// answered from it (the n-th ask of a request by its n-th recorded reply), and only the rest goes
// to the live provider. A run killed after a paid call but before its checkpoint does not pay for
// that call again when it resumes.
import type { ChatRequest } from '../core/prompts/chat-request.ts';
import { requestHash } from '../core/prompts/request-hash.ts';
import type { ChatReply, LlmProvider } from './llm-provider.ts';
import type { TranscriptEntry } from './transcript.ts';

export class ResumeProvider implements LlmProvider {
  readonly kind: string;
  readonly model: string;
  private readonly answered = new Map<string, TranscriptEntry[]>();
  private readonly used = new Map<string, number>();

  constructor(
    private readonly live: LlmProvider,
    earlier: readonly TranscriptEntry[],
  ) {
    this.kind = live.kind;
    this.model = live.model;
    for (const e of earlier) {
      if (!e || e.reply === null || e.provider !== live.kind || e.model !== live.model) continue;
      this.answered.set(e.hash, [...(this.answered.get(e.hash) ?? []), e]);
    }
  }

  /** Calls answered from the earlier transcript so far. */
  reused = 0;

  async complete(request: ChatRequest, options: { signal?: AbortSignal } = {}): Promise<ChatReply> {
    options.signal?.throwIfAborted();
    const hash = requestHash(this.kind, this.model, request);
    const n = this.used.get(hash) ?? 0;
    const entry = this.answered.get(hash)?.[n];
    if (!entry) return this.live.complete(request, options);
    this.used.set(hash, n + 1);
    this.reused++;
    return { text: entry.reply!, usage: entry.usage, hash, truncated: false, attempts: 0, durationMs: 0 };
  }
}
