// The replies of a recorded transcript, handed out by request hash in recorded order: the k-th ask
// of a request gets the k-th recorded reply to it, never the first one again (two candidates or two
// seeds asking the same prompt keep their own replies). Shared by the replay provider (a rerun, or
// `--replay`) and the resume provider (a resumed run answering its paid calls from its transcript).
//
// A resumed run does not ask again what its checkpoint already holds, so the replies it holds are
// taken off first, in recorded order; otherwise the resumed run's first ask of a prompt would get the
// reply its checkpoint already used, and the reply it never saw would be lost.
//
// A request recorded in an older wording of the retry feedback is filed under the hash of the
// request sent today (legacy-feedback.ts), so that transcripts recorded before still replay.
import { requestHash } from '../core/prompts/request-hash.ts';
import { asSentToday } from './legacy-feedback.ts';
import type { TranscriptEntry } from './transcript.ts';

export interface AlreadyUsed {
  /** Reply texts a resumed checkpoint holds (from any request): the earliest recorded entry with each text is used. */
  replies?: readonly string[];
  /** Entries already replayed, by hash (a rerun's own transcript): that many of each hash's replies are used. */
  entries?: readonly Pick<TranscriptEntry, 'hash' | 'reply'>[];
}

export class RecordedReplies {
  private readonly byHash = new Map<string, TranscriptEntry[]>();
  private readonly used = new Map<string, number>();

  /** `entries` of other providers or models, and failed calls (reply null), are left out. */
  constructor(kind: string, model: string, entries: readonly TranscriptEntry[], already: AlreadyUsed = {}) {
    const held = new Map<string, number>();
    for (const text of already.replies ?? []) held.set(text, (held.get(text) ?? 0) + 1);
    for (const e of entries) {
      if (!e || e.reply === null || e.provider !== kind || e.model !== model) continue;
      const n = held.get(e.reply) ?? 0;
      if (n > 0) {
        held.set(e.reply, n - 1);
        continue;
      }
      const today = asSentToday(e.request);
      const hash = today === e.request ? e.hash : requestHash(kind, model, today);
      this.byHash.set(hash, [...(this.byHash.get(hash) ?? []), e]);
    }
    for (const e of already.entries ?? [])
      if (e.reply !== null) this.used.set(e.hash, (this.used.get(e.hash) ?? 0) + 1);
  }

  /** How many replies to `hash` were recorded, and how many of them were handed out. */
  count(hash: string): { recorded: number; used: number } {
    return { recorded: this.byHash.get(hash)?.length ?? 0, used: this.used.get(hash) ?? 0 };
  }

  /** The next unused recorded reply to `hash` (and marks it used), or undefined when none is left. */
  take(hash: string): TranscriptEntry | undefined {
    const n = this.used.get(hash) ?? 0;
    const entry = this.byHash.get(hash)?.[n];
    if (entry) this.used.set(hash, n + 1);
    return entry;
  }
}
