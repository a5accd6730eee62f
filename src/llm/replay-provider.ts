// Answers from a recorded transcript by request hash, so a run can be repeated offline and
// bit-for-bit. A request that was never recorded (or that failed when recorded), or asked more often
// than the recorded run asked it, is an error, never a made-up answer. Given a transcript to record
// into, each replayed call is added to it, as a real provider records its calls (an app rerun keeps
// its own transcript; a resumed rerun counts the replies already in it as used).
import type { ChatRequest } from '../core/prompts/chat-request.ts';
import { requestHash } from '../core/prompts/request-hash.ts';
import type { ChatReply, LlmProvider } from './llm-provider.ts';
import { LlmError } from './llm-error.ts';
import { RecordedReplies, type AlreadyUsed } from './recorded-replies.ts';
import type { Transcript, TranscriptEntry } from './transcript.ts';

export interface ReplayRecording {
  transcript: Transcript;
  /** What the recorded entries name as their URL, e.g. "replay of run-abc". */
  source: string;
}

export class ReplayProvider implements LlmProvider {
  /** Replies per hash in recorded order: a request asked twice gets its two recorded replies in turn. */
  private readonly replies: RecordedReplies;

  constructor(
    readonly kind: string,
    readonly model: string,
    entries: readonly TranscriptEntry[],
    private readonly recording?: ReplayRecording,
    already: AlreadyUsed = { entries: recording?.transcript.entries.filter((e) => e.url === recording.source) },
  ) {
    this.replies = new RecordedReplies(kind, model, entries, already);
  }

  /** A replay of the provider and model of the transcript's first answered call (the recorded run's). */
  static of(entries: readonly TranscriptEntry[], recording?: ReplayRecording): ReplayProvider {
    const first = entries.find((e) => e && e.reply !== null);
    return new ReplayProvider(first?.provider ?? 'none', first?.model ?? 'none', entries, recording);
  }

  async complete(request: ChatRequest, { signal }: { signal?: AbortSignal } = {}): Promise<ChatReply> {
    signal?.throwIfAborted();
    const startedAt = new Date().toISOString();
    const hash = requestHash(this.kind, this.model, request);
    const entry = this.replies.take(hash);
    if (!entry) {
      const { recorded } = this.replies.count(hash);
      throw new LlmError(
        'replay-miss',
        recorded
          ? `The transcript has ${recorded} ${recorded === 1 ? 'reply' : 'replies'} from ${this.kind} ` +
              `${this.model} to this request (hash ${hash.slice(0, 12)}), all used: the run asked it more often ` +
              `than the recorded run did.`
          : `The transcript has no reply from ${this.kind} ${this.model} to this request (hash ` +
              `${hash.slice(0, 12)}): the run asked something the recorded run did not.`,
      );
    }
    this.recording?.transcript.add({
      hash,
      provider: this.kind,
      model: this.model,
      url: this.recording.source,
      request,
      reply: entry.reply,
      usage: entry.usage,
      error: null,
      attempts: 0,
      startedAt,
      durationMs: 0,
    });
    return { text: entry.reply!, usage: entry.usage, hash, truncated: false, attempts: 0, durationMs: 0 };
  }
}
