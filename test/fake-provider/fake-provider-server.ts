// A fake LLM provider for tests: Node http on 127.0.0.1 at a random port, speaking the four wire
// formats allot uses (OpenAI chat completions, Anthropic messages, Gemini generateContent, the
// OpenAI-compatible /v1 of Ollama / LM Studio / llama.cpp) and their model lists. It answers CORS
// preflights the way the real services do, can be scripted per request (replies, delays, 429 with
// retry-after, 401, 500, malformed bodies, dropped connections) and records what it received.
//
// Routes (the base URL replaces the provider's origin, so one server serves every format):
//   POST /v1/chat/completions           OpenAI and compatible
//   POST /v1/messages                   Anthropic
//   POST /v1beta/models/{model}:generateContent   Gemini
//   GET  /v1/models                     OpenAI (or Anthropic when anthropic-version is sent)
//   GET  /v1beta/models                 Gemini
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type WireFormat = 'openai' | 'anthropic' | 'gemini';

export interface ScriptStep {
  /** HTTP status (default 200). A non-200 without `body` gets the format's error body. */
  status?: number;
  /** Reply text of a 200 answer (default: options.reply). */
  reply?: string;
  /** The raw body to send instead (a string is sent as is, e.g. malformed JSON). */
  body?: string | object;
  headers?: Record<string, string>;
  /** Wait before answering. */
  delayMs?: number;
  /** Answer only once this settles: the test releases the call when it has seen what it waits for. */
  until?: Promise<unknown>;
  /** Close the connection without answering. */
  drop?: boolean;
  /** Error type/code in the generated error body (e.g. "insufficient_quota", "overloaded_error"). */
  errorType?: string;
  errorMessage?: string;
  usage?: { input: number; output: number };
}

export interface ReceivedRequest {
  method: string;
  path: string;
  format: WireFormat | null;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  rawBody: string;
  body: unknown;
}

export interface FakeProviderOptions {
  /** When set, requests without this key (in the format's header) get the format's 401. */
  key?: string;
  /**
   * Origins allowed by the OpenAI-compatible routes, like OLLAMA_ORIGINS ('*' = any; default '*'). Others get 403
   * without CORS headers.
   */
  allowedOrigins?: string[] | '*';
  /** The reply of unscripted requests. */
  reply?: (format: WireFormat, body: any) => string;
  models?: string[];
}

export interface FakeProvider {
  /** http://127.0.0.1:PORT (no trailing slash). */
  origin: string;
  received: ReceivedRequest[];
  /** Steps for the next POST requests to the chat endpoints, one per request, in order. */
  script(...steps: ScriptStep[]): void;
  /** Requests to the chat endpoints (not preflights or model lists). */
  calls(): ReceivedRequest[];
  /**
   * Resolves once `n` chat requests have arrived in all (a test acts on the server's event, not on a guess of time).
   */
  whenCalls(n: number): Promise<void>;
  /** Scripted steps not yet used (a test that leaves some would hand them to the next one). */
  pending(): number;
  close(): Promise<void>;
}

const MODELS = ['fake-large', 'fake-small'];

export async function startFakeProvider(options: FakeProviderOptions = {}): Promise<FakeProvider> {
  const received: ReceivedRequest[] = [];
  const steps: ScriptStep[] = [];
  const models = options.models ?? MODELS;
  const reply = options.reply ?? ((format: WireFormat) => `fake ${format} reply`);
  const waiters: { n: number; done: () => void }[] = [];
  const chatCalls = () => received.filter((r) => r.method === 'POST');
  const wake = () => {
    const count = chatCalls().length;
    for (const w of waiters.splice(0)) count >= w.n ? w.done() : waiters.push(w);
  };

  const server = createServer(async (req, res) => {
    const rawBody = await readBody(req);
    const path = req.url ?? '/';
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
    );
    const format = formatOf(req.method ?? 'GET', path, headers);
    received.push({ method: req.method ?? '', path, format, headers, rawBody, body: parse(rawBody) });
    const origin = headers.origin;

    // Ollama-style origin check on the OpenAI-compatible routes: a refused origin gets a bare 403.
    const allowed = options.allowedOrigins ?? '*';
    if (origin && format === 'openai' && allowed !== '*' && !allowed.includes(origin))
      return void res.writeHead(403).end();

    if (req.method === 'OPTIONS') {
      // As the APIs do: allow the requested method and headers for any origin, cache for a day.
      return void res
        .writeHead(204, {
          'access-control-allow-origin': origin ?? '*',
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': headers['access-control-request-headers'] ?? '',
          'access-control-max-age': '86400',
          vary: 'origin',
        })
        .end();
    }
    // Anthropic sends CORS headers only when the browser opted in with the dangerous-direct-browser-access header.
    const cors: Record<string, string> =
      origin && !(format === 'anthropic' && headers['anthropic-dangerous-direct-browser-access'] !== 'true')
        ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': '*', vary: 'origin' }
        : {};
    if (format === null) return send(res, 404, cors, { error: { message: `no route for ${req.method} ${path}` } });
    if (format === 'anthropic' && origin && headers['anthropic-dangerous-direct-browser-access'] !== 'true') {
      return send(
        res,
        401,
        cors,
        errorBody(
          'anthropic',
          401,
          "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
          'authentication_error',
        ),
      );
    }
    if (options.key !== undefined && keyOf(format, headers) !== options.key) {
      return send(
        res,
        format === 'gemini' ? 400 : 401,
        cors,
        errorBody(
          format,
          format === 'gemini' ? 400 : 401,
          'Invalid API key.',
          format === 'gemini' ? 'API_KEY_INVALID' : undefined,
        ),
      );
    }
    if (req.method === 'GET') return send(res, 200, cors, modelList(format, models));

    const step = steps.shift() ?? {};
    wake();
    if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
    if (step.until) await step.until.catch(() => {});
    if (step.drop) return void req.socket.destroy();
    const status = step.status ?? 200;
    const outHeaders = { ...cors, ...step.headers };
    if (step.body !== undefined) return send(res, status, outHeaders, step.body);
    if (status !== 200)
      return send(
        res,
        status,
        outHeaders,
        errorBody(format, status, step.errorMessage ?? `scripted ${status}`, step.errorType),
      );
    const body = parse(rawBody) as any;
    return send(
      res,
      200,
      outHeaders,
      successBody(
        format,
        step.reply ?? reply(format, body),
        body?.model ?? modelFromPath(path),
        step.usage ?? { input: 11, output: 7 },
      ),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    script: (...more) => void steps.push(...more),
    calls: chatCalls,
    whenCalls: (n) => new Promise<void>((done) => (waiters.push({ n, done }), wake())),
    pending: () => steps.length,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

function formatOf(method: string, path: string, headers: Record<string, string | undefined>): WireFormat | null {
  const p = path.split('?')[0];
  if (p === '/v1/messages') return 'anthropic';
  if (/^\/v1beta\/models(\/[^/]+:generateContent)?$/.test(p)) return 'gemini';
  if (p === '/v1/chat/completions') return 'openai';
  if (p === '/v1/models')
    return headers['anthropic-version'] ||
      (method === 'OPTIONS' && /anthropic-version/.test(headers['access-control-request-headers'] ?? ''))
      ? 'anthropic'
      : 'openai';
  return null;
}

function keyOf(format: WireFormat, headers: Record<string, string | undefined>): string | undefined {
  if (format === 'anthropic') return headers['x-api-key'];
  if (format === 'gemini') return headers['x-goog-api-key'];
  return headers.authorization?.replace(/^Bearer /, '');
}

function modelFromPath(path: string): string {
  return decodeURIComponent(/models\/([^/:]+):/.exec(path)?.[1] ?? 'fake-model');
}

function successBody(
  format: WireFormat,
  text: string,
  model: string,
  usage: { input: number; output: number },
): object {
  if (format === 'anthropic') {
    return {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    };
  }
  if (format === 'gemini') {
    return {
      candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
      usageMetadata: {
        promptTokenCount: usage.input,
        candidatesTokenCount: usage.output,
        totalTokenCount: usage.input + usage.output,
      },
      modelVersion: model,
    };
  }
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, finish_reason: 'stop' }],
    usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
  };
}

/**
 * The documented error shapes: OpenAI {error:{message,type,code}}, Anthropic {type:"error",error:{type,message}},
 * Gemini {error:{code,message,status}}.
 */
function errorBody(format: WireFormat, status: number, message: string, type?: string): object {
  if (format === 'anthropic') {
    const t =
      type ??
      (
        {
          400: 'invalid_request_error',
          401: 'authentication_error',
          403: 'permission_error',
          404: 'not_found_error',
          429: 'rate_limit_error',
          529: 'overloaded_error',
        } as Record<number, string>
      )[status] ??
      'api_error';
    return { type: 'error', error: { type: t, message } };
  }
  if (format === 'gemini') {
    const s =
      (
        {
          400: 'INVALID_ARGUMENT',
          403: 'PERMISSION_DENIED',
          404: 'NOT_FOUND',
          429: 'RESOURCE_EXHAUSTED',
          500: 'INTERNAL',
          503: 'UNAVAILABLE',
        } as Record<number, string>
      )[status] ?? 'UNKNOWN';
    const details =
      type === 'API_KEY_INVALID'
        ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }]
        : [];
    return { error: { code: status, message, status: s, details } };
  }
  return {
    error: {
      message,
      type: type ?? (status === 429 ? 'rate_limit_error' : 'invalid_request_error'),
      param: null,
      code: type ?? null,
    },
  };
}

function modelList(format: WireFormat, models: string[]): object {
  if (format === 'anthropic')
    return {
      data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' })),
      has_more: false,
      first_id: models[0],
      last_id: models.at(-1),
    };
  if (format === 'gemini')
    return {
      models: models.map((id) => ({
        name: `models/${id}`,
        supportedGenerationMethods: ['generateContent', 'countTokens'],
      })),
    };
  return {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })),
  };
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | object): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
