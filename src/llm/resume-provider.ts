// A provider for a resumed run: a request that the run's earlier transcript already answered is
// answered from it (the k-th ask of a request by its k-th recorded reply not yet used by the
// resumed checkpoint), and only the rest goes to the live provider. A run killed after a paid call
// but before its checkpoint does not pay for that call again when it resumes.
import type { ChatRequest } from '../core/prompts/chat-request.ts';
import { requestHash } from '../core/prompts/request-hash.ts';
import type { ChatReply, LlmProvider } from './llm-provider.ts';
import { RecordedReplies } from './recorded-replies.ts';
import type { TranscriptEntry } from './transcript.ts';

export class ResumeProvider implements LlmProvider {
  readonly kind: string;
  readonly model: string;
  private readonly answered: RecordedReplies;

  /** `held`: the replies the resumed checkpoint already holds (they are not handed out again). */
  constructor(
    private readonly live: LlmProvider,
    earlier: readonly TranscriptEntry[],
    held: readonly string[] = [],
  ) {
    this.kind = live.kind;
    this.model = live.model;
    this.answered = new RecordedReplies(live.kind, live.model, earlier, { replies: held });
  }

  /** Calls answered from the earlier transcript so far. */
  reused = 0;

  async complete(request: ChatRequest, options: { signal?: AbortSignal } = {}): Promise<ChatReply> {
    options.signal?.throwIfAborted();
    const hash = requestHash(this.kind, this.model, request);
    const entry = this.answered.take(hash);
    if (!entry) return this.live.complete(request, options);
    this.reused++;
    return { text: entry.reply!, usage: entry.usage, hash, truncated: false, attempts: 0, durationMs: 0 };
  }
}
