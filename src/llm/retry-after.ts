// The wait a server asks for before a retry: `retry-after-ms` (OpenAI), `retry-after` in seconds
// or as an HTTP date (RFC 9110 section 10.2.3; OpenAI, Anthropic), or a google.rpc.RetryInfo
// `retryDelay` such as "43s" in a Gemini error body. Null when none is given.

export function retryAfterMs(headers: Headers, body: unknown, now: number): number | null {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const after = headers.get('retry-after');
  if (after !== null && after.trim() !== '') {
    if (/^\s*\d+(\.\d+)?\s*$/.test(after)) return Number(after) * 1000;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return geminiRetryDelayMs(body);
}

/** `error.details[].retryDelay` of the type.googleapis.com/google.rpc.RetryInfo entry ("43s", "0.5s"). */
export function geminiRetryDelayMs(body: unknown): number | null {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return null;
  for (const d of details) {
    if (
      d &&
      typeof d === 'object' &&
      String((d as Record<string, unknown>)['@type']).endsWith('google.rpc.RetryInfo')
    ) {
      const m = /^(\d+(?:\.\d+)?)s$/.exec(String((d as Record<string, unknown>).retryDelay ?? ''));
      if (m) return Number(m[1]) * 1000;
    }
  }
  return null;
}

/**
 * Exponential backoff with full jitter: a uniform wait in [0, min(cap, base * 2^attempt)], and
 * never less than what the server asked for. `random` is in [0, 1).
 */
export function backoffMs(
  attempt: number,
  serverAsked: number | null,
  random: number,
  baseMs = 500,
  capMs = 30_000,
): number {
  const jittered = random * Math.min(capMs, baseMs * 2 ** attempt);
  return serverAsked === null ? jittered : Math.max(serverAsked, jittered);
}
