// A classified LLM failure: what went wrong, whether trying again can help, and a message the
// user can act on. Messages never contain a key (see redact in classify-failure.ts).

export type FailureKind =
  | 'config' // the settings cannot work (no key, a bad base URL)
  | 'auth' // the key was refused
  | 'permission' // the key may not use this model or endpoint
  | 'model-not-found'
  | 'quota' // credits, spend limit or daily quota exhausted: waiting a few seconds will not help
  | 'rate-limit'
  | 'overloaded'
  | 'server'
  | 'bad-request'
  | 'blocked' // the provider refused to answer this prompt
  | 'malformed-reply' // an answer that is not the provider's documented format
  | 'network'
  | 'cors' // in a browser: unreachable, or the server did not allow this page to read the answer
  | 'timeout'
  | 'aborted'
  | 'replay-miss';

export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly details: {
      status?: number | null;
      retryable?: boolean;
      /** The server's requested wait before a retry, when it sent one. */
      retryAfterMs?: number | null;
    } = {},
  ) {
    super(message);
  }

  get status(): number | null {
    return this.details.status ?? null;
  }
  get retryable(): boolean {
    return this.details.retryable ?? false;
  }
  get retryAfterMs(): number | null {
    return this.details.retryAfterMs ?? null;
  }
}
