// Turning an HTTP error or a failed fetch into an LlmError with a message the user can act on.
// Error bodies: OpenAI {error: {message, type, code}}; Anthropic {type: "error", error: {type,
// message}}; Gemini {error: {code, message, status, details: [ErrorInfo, QuotaFailure, RetryInfo]}};
// Ollama {error: "..."} or OpenAI's shape.
import { LlmError } from './llm-error.ts';
import { baseUrlOf, PROVIDERS, type ProviderConfig } from './provider-config.ts';
import { retryAfterMs } from './retry-after.ts';

/** OpenAI's 429 codes that mean money or quota ran out (retrying cannot help). */
const OPENAI_QUOTA_CODES = [
  'insufficient_quota',
  'credit_balance_exhausted',
  'organization_spend_limit_exceeded',
  'project_spend_limit_exceeded',
  'organization_usage_limit_exceeded',
];

export interface HttpFailure {
  status: number;
  headers: Headers;
  bodyText: string;
}

export function classifyHttpFailure(
  config: ProviderConfig,
  { status, headers, bodyText }: HttpFailure,
  now: number,
): LlmError {
  const label = PROVIDERS[config.kind].label;
  const body = parseJson(bodyText);
  const err = (body as any)?.error;
  const providerType: string = String(err?.type ?? err?.status ?? '');
  const providerCode: string = String(err?.code ?? '');
  const said = redact(String(typeof err === 'string' ? err : (err?.message ?? '')), config.apiKey).slice(0, 400);
  const suffix = said ? ` ${label} said: "${said}"` : '';
  const wait = retryAfterMs(headers, body, now);
  const reasons = JSON.stringify(err?.details ?? []);
  const base = baseUrlOf(config);

  if (status === 401 || (config.kind === 'gemini' && /API_KEY_INVALID/.test(reasons))) {
    return new LlmError(
      'auth',
      `${label} refused the key (HTTP ${status}): check that you pasted the whole key, that it is a ${label} key ` +
        `and that it has not been revoked.${suffix}`,
      { status },
    );
  }
  if (status === 403) {
    const local = config.kind === 'openai-compatible' && !said;
    return new LlmError(
      'permission',
      local
        ? `${base} refused this page (HTTP 403). Ollama answers 403 to pages whose origin it does not allow: start ` +
            `it with OLLAMA_ORIGINS set to this page's origin.`
        : `${label} refused the request (HTTP 403): the key may not use model "${config.model}" or this endpoint, ` +
            `or the account lacks access.${suffix}`,
      { status },
    );
  }
  if (status === 404) {
    return new LlmError(
      'model-not-found',
      `Model "${config.model}" was not found at ${base} (HTTP 404): check the model name (Load models lists the ` +
        `ones your key can use) and the base URL.${suffix}`,
      { status },
    );
  }
  if (status === 402 || isQuota(config, status, providerType, providerCode, bodyText, reasons)) {
    return new LlmError(
      'quota',
      `Your ${label} quota or spend limit is exhausted (HTTP ${status}): add credit, raise the limit or wait for ` +
        `it to reset; retrying now will not help.${suffix}`,
      { status },
    );
  }
  if (status === 429) {
    return new LlmError(
      'rate-limit',
      `${label} is rate limiting this key (HTTP ` +
        `429)${wait !== null ? `; it asks to wait ${Math.ceil(wait / 1000)} s` : ''}.${suffix}`,
      { status, retryable: true, retryAfterMs: wait },
    );
  }
  if (status === 529 || providerType === 'overloaded_error') {
    return new LlmError(
      'overloaded',
      `${label} is overloaded (HTTP ${status}); allot retries with increasing waits.${suffix}`,
      { status, retryable: true, retryAfterMs: wait },
    );
  }
  if (status === 408 || status >= 500) {
    return new LlmError(
      'server',
      `${label} had a server error (HTTP ${status}); allot retries with increasing waits.${suffix}`,
      { status, retryable: status !== 501, retryAfterMs: wait },
    );
  }
  return new LlmError('bad-request', `${label} rejected the request (HTTP ${status}).${suffix}`, { status });
}

function isQuota(
  config: ProviderConfig,
  status: number,
  type: string,
  code: string,
  body: string,
  reasons: string,
): boolean {
  if (config.kind === 'openai' || config.kind === 'openai-compatible')
    return OPENAI_QUOTA_CODES.includes(code) || type === 'insufficient_quota';
  // Anthropic: "Your credit balance is too low" (400) or an enforced spend limit (429).
  if (config.kind === 'anthropic') return /credit balance|spend.limit|usage limit/i.test(body);
  // Gemini: a QuotaFailure on a per-day quota, or a free tier with limit 0, does not pass in seconds.
  return status === 429 && (/PerDay/.test(reasons) || /limit: 0\b/.test(body));
}

/**
 * A fetch that rejected. In a browser (pageOrigin set) an unreachable server and a CORS refusal
 * look the same to the page, so the message explains both, with what to change for each provider.
 */
export function classifyNetworkFailure(config: ProviderConfig, cause: unknown, pageOrigin: string | null): LlmError {
  const base = baseUrlOf(config);
  const label = PROVIDERS[config.kind].label;
  if (pageOrigin === null) {
    const reason = redact(describe(cause), config.apiKey);
    return new LlmError(
      'network',
      `Could not reach ${label} at ${base} (${reason}): check the base URL, that the server is running and ` +
        `the network.`,
      { retryable: true },
    );
  }
  const blocked = refusedByPagePolicy(base);
  if (blocked) {
    return new LlmError(
      'config',
      `This page may not call ${base}: its Content-Security-Policy allows plain http only to this computer ` +
        `(localhost, 127.0.0.1), so that a key never crosses a network unencrypted. ` +
        `Serve the model over https (for example behind a reverse proxy with a certificate), or reach it as ` +
        `localhost through a tunnel (ssh -L ${blocked}:localhost:${blocked} <the server>) and use ` +
        `http://localhost:${blocked}.`,
      { retryable: false },
    );
  }
  const hints: string[] = [];
  if (config.kind === 'anthropic') {
    hints.push(
      'Anthropic answers web pages only when the organization allows it: if an admin turned off browser (CORS) ' +
        'access for your organization, ' +
        'calls from any web page fail; ask the admin to allow it or use a key from another organization.',
    );
  }
  if (config.kind === 'openai-compatible' || isLocal(base)) {
    hints.push(
      `Ollama: start it with OLLAMA_ORIGINS=${pageOrigin} (this page's exact origin), e.g. ` +
        `OLLAMA_ORIGINS=${pageOrigin} ollama serve, and restart it.`,
      'LM Studio: turn on "Enable CORS" in the Developer tab\'s server settings.',
      'llama.cpp: llama-server allows any origin; check that it runs on that port.',
    );
    if (isLocal(base) && !isLocal(pageOrigin))
      hints.push(
        'Chrome asks before a web page may reach a server on your computer or local network: allow "local network ' +
          'access" when it prompts (or in the site settings).',
      );
  }
  return new LlmError(
    'cors',
    `The browser could not get an answer from ${base}: the server is unreachable, or it did not allow this page ` +
      `(${pageOrigin}) to read its answer (CORS). ` +
      `Check the base URL and that the server is running.${hints.length ? ' ' + hints.join(' ') : ''}`,
    { retryable: true },
  );
}

/** The text with every occurrence of the key replaced, for messages built from server replies. */
export function redact(text: string, key: string | undefined): string {
  const k = key?.trim();
  return k && k.length >= 4 ? text.split(k).join('[key]') : text;
}

/**
 * The port of a plain-http URL that index.html's connect-src refuses (http: to any host but localhost
 * and 127.0.0.1), or null when the policy allows it. Such a fetch fails like an unreachable server.
 */
export function refusedByPagePolicy(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' || u.hostname === 'localhost' || u.hostname === '127.0.0.1') return null;
    return u.port || '80';
  } catch {
    return null;
  }
}

function isLocal(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return (
      host === 'localhost' ||
      host === '[::1]' ||
      /^127\./.test(host) ||
      /^(10|192\.168)\./.test(host) ||
      /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
      host.endsWith('.local')
    );
  } catch {
    return false;
  }
}

function describe(cause: unknown): string {
  const c = cause as { message?: string; cause?: { code?: string; message?: string } };
  return c?.cause?.code ?? c?.cause?.message ?? c?.message ?? String(cause);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
