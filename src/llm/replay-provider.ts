// Answers from a recorded transcript by request hash, so a run can be repeated offline and
// bit-for-bit. A request that was never recorded (or that failed when recorded) is an error,
// never a made-up answer. Given a transcript to record into, each replayed call is added to it,
// as a real provider records its calls (an app rerun keeps its own transcript).
import type { ChatRequest } from '../core/prompts/chat-request.ts';
import { requestHash } from '../core/prompts/request-hash.ts';
import type { ChatReply, LlmProvider } from './llm-provider.ts';
import { LlmError } from './llm-error.ts';
import type { Transcript, TranscriptEntry } from './transcript.ts';

export interface ReplayRecording {
  transcript: Transcript;
  /** What the recorded entries name as their URL, e.g. "replay of run-abc". */
  source: string;
}

export class ReplayProvider implements LlmProvider {
  /** Replies per hash in recorded order: a request asked twice gets its two recorded replies in turn. */
  private readonly replies = new Map<string, TranscriptEntry[]>();
  private readonly used = new Map<string, number>();

  constructor(
    readonly kind: string,
    readonly model: string,
    entries: readonly TranscriptEntry[],
    private readonly recording?: ReplayRecording,
  ) {
    for (const e of entries) {
      if (e.reply === null || e.provider !== kind || e.model !== model) continue;
      this.replies.set(e.hash, [...(this.replies.get(e.hash) ?? []), e]);
    }
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
    const recorded = this.replies.get(hash);
    if (!recorded) throw new LlmError('replay-miss', `The transcript has no reply from ${this.kind} ${this.model} to this request (hash ${hash.slice(0, 12)}): the run asked something the recorded run did not.`);
    const n = this.used.get(hash) ?? 0;
    this.used.set(hash, n + 1);
    const entry = recorded[Math.min(n, recorded.length - 1)];
    this.recording?.transcript.add({ hash, provider: this.kind, model: this.model, url: this.recording.source, request, reply: entry.reply, usage: entry.usage, error: null, attempts: 0, startedAt, durationMs: 0 });
    return { text: entry.reply!, usage: entry.usage, hash, truncated: false, attempts: 0, durationMs: 0 };
  }
}
