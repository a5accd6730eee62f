// The real providers over plain fetch: timeouts per attempt, an AbortSignal throughout, retries
// with exponential backoff and full jitter for rate limits, overload, 5xx and network errors
// (honoring the server's requested wait), none for auth, not-found, bad requests or exhausted
// quota. Every call, successful or not, goes to the transcript when one is given.
import type { ChatRequest } from '../core/prompts/chat-request.ts';
import { requestHash } from '../core/prompts/request-hash.ts';
import { classifyHttpFailure, classifyNetworkFailure, redact } from './classify-failure.ts';
import type { ChatReply, LlmProvider } from './llm-provider.ts';
import { LlmError } from './llm-error.ts';
import { PROVIDERS, type ProviderConfig } from './provider-config.ts';
import { backoffMs } from './retry-after.ts';
import type { Transcript } from './transcript.ts';
import {
  chatWireRequest,
  emptyReply,
  modelsWireRequest,
  readChatReply,
  readModelList,
  type WireRequest,
} from './wire-formats.ts';

export interface HttpProviderOptions {
  fetch?: typeof fetch;
  transcript?: Transcript;
  /** The page's origin in a browser (for CORS explanations); null in Node. */
  pageOrigin?: string | null;
  /** Retries after the first attempt (default 4). */
  maxRetries?: number;
  /** First backoff step (default 500 ms), doubled per retry up to maxDelayMs (default 30 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A server asking for a longer wait than this (default 120 s) is reported instead of waited for. */
  maxRetryAfterMs?: number;
  random?: () => number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const DEFAULT_TIMEOUT_MS = 120_000;
/**
 * The largest answer allot reads, in characters: a reward reply is under 2,000 and a reflection a
 * few thousand. A larger one (a runaway model, a proxy's error page) is refused before it is parsed
 * or stored, so it never sits in the transcript and again in the run's checkpoint.
 */
export const MAX_REPLY_CHARS = 1_000_000;

export class HttpProvider implements LlmProvider {
  readonly kind: string;
  readonly model: string;
  private readonly fetch: typeof fetch;

  constructor(
    private readonly config: ProviderConfig,
    private readonly options: HttpProviderOptions = {},
  ) {
    this.kind = config.kind;
    this.model = config.model;
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  async complete(request: ChatRequest, { signal }: { signal?: AbortSignal } = {}): Promise<ChatReply> {
    const now = this.options.now ?? Date.now;
    const started = now();
    const hash = requestHash(this.config.kind, this.config.model, request);
    let attempts = 0;
    let wire: WireRequest | null = null;
    const record = (reply: ChatReply | null, error: LlmError | null) =>
      this.options.transcript?.add({
        hash,
        provider: this.config.kind,
        model: this.config.model,
        url: wire?.url ?? '',
        request,
        reply: reply?.text ?? null,
        usage: reply?.usage ?? { inputTokens: null, outputTokens: null },
        error: error && { kind: error.kind, message: error.message },
        attempts,
        startedAt: new Date(started).toISOString(),
        durationMs: now() - started,
      });
    try {
      wire = chatWireRequest(this.config, request);
      const value = await this.send(
        wire,
        signal,
        (body) => readChatReply(this.config.kind, body),
        (n) => (attempts = n),
      );
      const reply: ChatReply = { ...value, hash, attempts, durationMs: now() - started };
      record(reply, null);
      return reply;
    } catch (error) {
      // A cancelled call is recorded too: the provider may have billed it.
      if (error instanceof LlmError) record(null, error);
      else if (signal?.aborted) record(null, new LlmError('aborted', 'The call was cancelled.'));
      throw error;
    }
  }

  /** The model ids the key can use, from the provider's model-list endpoint. */
  async listModels({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
    return this.send(
      modelsWireRequest(this.config),
      signal,
      (body) => readModelList(this.config.kind, body),
      () => {},
    );
  }

  /** The exchange with retries; `onAttempt` hears the number of each attempt as it starts. */
  private async send<T>(
    wire: WireRequest,
    signal: AbortSignal | undefined,
    read: (body: unknown) => T,
    onAttempt: (n: number) => void,
  ): Promise<T> {
    const {
      maxRetries = 4,
      baseDelayMs = 500,
      maxDelayMs = 30_000,
      maxRetryAfterMs = 120_000,
      random = Math.random,
    } = this.options;
    const sleep = this.options.sleep ?? abortableSleep;
    for (let attempt = 0; ; attempt++) {
      onAttempt(attempt + 1);
      signal?.throwIfAborted();
      let error: LlmError;
      try {
        return await this.attempt(wire, signal, read);
      } catch (e) {
        if (!(e instanceof LlmError)) throw e;
        error = e;
      }
      const wait = error.retryAfterMs;
      if (!error.retryable || attempt >= maxRetries) throw error;
      if (wait !== null && wait > maxRetryAfterMs) {
        throw new LlmError(
          error.kind,
          `${error.message} That is longer than allot waits on its own (${Math.round(maxRetryAfterMs / 1000)} s): ` +
            `try again later.`,
          { ...error.details, retryable: false },
        );
      }
      await sleep(backoffMs(attempt, wait, random(), baseDelayMs, maxDelayMs), signal);
    }
  }

  /** One HTTP exchange, bounded by the timeout and the caller's signal. */
  private async attempt<T>(wire: WireRequest, signal: AbortSignal | undefined, read: (body: unknown) => T): Promise<T> {
    const timeoutMs = this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const label = PROVIDERS[this.config.kind].label;
    const pageOrigin = this.options.pageOrigin ?? null;
    try {
      const response = await this.fetch(wire.url, {
        method: wire.method,
        headers: wire.headers,
        body: wire.body,
        signal: combined,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
      // A server that echoes the key (a misconfigured proxy, a model told to repeat its headers) must
      // not put it in the reply, the transcript, a checkpoint or an export: it is replaced at the door.
      const raw = await response.text();
      if (raw.length > MAX_REPLY_CHARS) {
        throw new LlmError(
          'malformed-reply',
          `${label} sent an answer of ${raw.length.toLocaleString('en')} characters, more than the ` +
            `${MAX_REPLY_CHARS.toLocaleString('en')} allot reads; it was not kept. Lower the token limit or try ` +
            `another model.`,
          { status: response.status },
        );
      }
      const text = redact(raw, this.config.apiKey);
      if (!response.ok)
        throw classifyHttpFailure(
          this.config,
          { status: response.status, headers: response.headers, bodyText: text },
          (this.options.now ?? Date.now)(),
        );
      if (text.trim() === '') throw emptyReply(this.config.kind, `HTTP ${response.status} with no body`, false);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new LlmError(
          'malformed-reply',
          `${label} sent an answer that is not JSON (HTTP ${response.status}, starting ` +
            `"${redact(text.slice(0, 80), this.config.apiKey)}").`,
          { status: response.status, retryable: true },
        );
      }
      return redactReply(read(body), this.config.apiKey);
    } catch (error) {
      if (error instanceof LlmError) throw error;
      if (signal?.aborted) throw signal.reason ?? new LlmError('aborted', 'The call was cancelled.');
      if (timeout.aborted)
        throw new LlmError(
          'timeout',
          `${label} did not answer within ${Math.round(timeoutMs / 1000)} s; allot retries with increasing waits.`,
          { retryable: true },
        );
      throw classifyNetworkFailure(this.config, error, pageOrigin);
    }
  }
}

/** The reply's text with the key replaced, also where the body spelled it with JSON escapes. */
function redactReply<T>(value: T, key: string | undefined): T {
  const v = value as { text?: unknown };
  return v && typeof v === 'object' && typeof v.text === 'string' ? { ...value, text: redact(v.text, key) } : value;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
