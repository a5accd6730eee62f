// The one "ask the LLM until the reply parses" step of every pipeline: DLM's proposals and
// reflections, SCLM's clause split and ratings, the rewrite and the study's translations. Each
// reply is recorded in the caller's `attempts` (a refused one with its error, which goes back to
// the LLM in one wording, core/prompts/with-feedback.ts); after `maxAttempts` replies the ask
// fails in one way; a provider failure or an abort pauses (Pause) with nothing recorded, and
// asking again with the same record resumes: an accepted reply is read again, never re-asked.
import type { ChatRequest } from '../core/prompts/chat-request.ts';
import { ReplyParseError } from '../core/prompts/parse-reply.ts';
import { withFeedback } from '../core/prompts/with-feedback.ts';
import type { LlmProvider } from '../llm/llm-provider.ts';
import { pausingIo } from './resumable.ts';

/** One LLM reply, and why it was refused (absent when it was accepted: then it is the last). */
export interface Attempt {
  reply: string;
  error?: string;
}

/** LLM calls allowed per question, the first included (DLM's, SCLM's and the app's default). */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** A reply read: its value, or the error to feed back. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** What the step ends with: the accepted reply's value, or the one failure, in words. */
export type Asked<T> = { ok: true; value: T } | { ok: false; failure: string };

export interface AskUntilParsed<T> {
  /** The record of this question (mutated: each reply is appended as it comes). */
  attempts: Attempt[];
  maxAttempts: number;
  /** Sends the question with the replies so far, all refused (the last one's error is fed back). */
  send(failures: Attempt[]): Promise<string>;
  /** Reads a reply; errors as data. Must be deterministic: a resumed ask reads its accepted reply again. */
  parse(reply: string): Parsed<T>;
  /** Hears each refused reply once it is recorded (to checkpoint it); the caller checkpoints after an accepted one. */
  refused?(attempt: Attempt): void;
  signal?: AbortSignal;
}

/**
 * Asks until a reply parses or `maxAttempts` replies were refused. Throws Pause when the provider
 * fails or `signal` aborts (nothing is recorded for that call); exceptions from `parse` propagate.
 */
export async function askUntilParsed<T>(ask: AskUntilParsed<T>): Promise<Asked<T>> {
  const { attempts } = ask;
  const last = attempts.at(-1);
  if (last && last.error === undefined) {
    const again = ask.parse(last.reply);
    if (!again.ok) throw new Error(`parse is not deterministic: an accepted reply no longer parses (${again.error})`);
    return again;
  }
  const io = pausingIo(ask.signal);
  while (attempts.length < ask.maxAttempts) {
    const reply = await io(() => ask.send(attempts.map((a) => ({ ...a }))));
    const parsed = ask.parse(reply);
    if (parsed.ok) {
      attempts.push({ reply });
      return parsed;
    }
    const attempt = { reply, error: parsed.error };
    attempts.push(attempt);
    ask.refused?.({ ...attempt });
  }
  return { ok: false, failure: askFailure(attempts) };
}

/** The one failure: how many replies were refused, and why the last one was. */
export function askFailure(attempts: readonly Attempt[]): string {
  const n = attempts.length;
  const why = attempts.at(-1)?.error ?? 'none was asked for';
  return `no usable reply in ${n} ${n === 1 ? 'attempt' : 'attempts'}: ${why}`;
}

/** A parser that throws ReplyParseError (core/prompts) as a `parse`: its feedback is the error fed back. */
export function parsedBy<T>(parser: (reply: string) => T): (reply: string) => Parsed<T> {
  return (reply) => {
    try {
      return { ok: true, value: parser(reply) };
    } catch (error) {
      if (error instanceof ReplyParseError) return { ok: false, error: error.feedback };
      throw error;
    }
  };
}

/** A `send` over the user's LLM: `chat` with the last refused reply's error fed back. */
export function askLlm(llm: Pick<LlmProvider, 'complete'>, signal?: AbortSignal) {
  return async (chat: ChatRequest, failures: readonly Attempt[]): Promise<string> =>
    (await llm.complete(withFeedback(chat, failures), { signal })).text;
}
