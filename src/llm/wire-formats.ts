// Each provider's HTTP wire format, with only the headers it needs (no SDK headers such as
// x-stainless-*, which local servers' CORS preflights refuse).
//   OpenAI:     POST {base}/chat/completions, Authorization: Bearer; GET {base}/models
//   OpenAI-compatible: the same, key optional (Ollama, LM Studio, llama.cpp all serve /v1)
//   Anthropic:  POST {base}/v1/messages, x-api-key, anthropic-version, and
//               anthropic-dangerous-direct-browser-access: true (without it the API sends no CORS
//               headers and a browser sees only a network error); GET {base}/v1/models
//   Gemini:     POST {base}/v1beta/models/{model}:generateContent, key in x-goog-api-key (never in
//               the URL, where it would end up in logs and history); GET {base}/v1beta/models
import type { ChatRequest, TokenUsage } from '../core/prompts/chat-request.ts';
import { LlmError } from './llm-error.ts';
import { baseUrlOf, PROVIDERS, type ProviderConfig, type ProviderKind } from './provider-config.ts';

/** The one Anthropic API version allot speaks. */
export const ANTHROPIC_VERSION = '2023-06-01';
/** Anthropic requires max_tokens; this is used when the request sets none. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

export interface WireRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface WireReply {
  text: string;
  usage: TokenUsage;
  /** The provider stopped at the token limit. */
  truncated: boolean;
}

export function chatWireRequest(config: ProviderConfig, request: ChatRequest): WireRequest {
  const base = checkedBase(config);
  const headers = authHeaders(config);
  const { system, prompt, temperature, maxTokens, reply } = request;
  switch (config.kind) {
    case 'openai':
    case 'openai-compatible': {
      const body: Record<string, unknown> = {
        model: config.model,
        messages: [...(system ? [{ role: 'system', content: system }] : []), { role: 'user', content: prompt }],
      };
      if (temperature !== undefined) body.temperature = temperature;
      // OpenAI's current name for the limit (max_tokens is deprecated and refused by reasoning
      // models); the compatible servers know max_tokens.
      if (maxTokens !== undefined) body[config.kind === 'openai' ? 'max_completion_tokens' : 'max_tokens'] = maxTokens;
      // Structured outputs on OpenAI itself; local servers differ in what they support, so they
      // get the text delimiters only.
      if (reply && config.kind === 'openai')
        body.response_format = {
          type: 'json_schema',
          json_schema: { name: reply.name, schema: reply.schema, strict: true },
        };
      return post(`${base}/chat/completions`, headers, body);
    }
    case 'anthropic': {
      const body: Record<string, unknown> = {
        model: config.model,
        max_tokens: maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
        messages: [{ role: 'user', content: prompt }],
      };
      if (system) body.system = system;
      if (temperature !== undefined) body.temperature = temperature;
      return post(`${base}/v1/messages`, headers, body);
    }
    case 'gemini': {
      const generationConfig: Record<string, unknown> = {};
      if (temperature !== undefined) generationConfig.temperature = temperature;
      if (maxTokens !== undefined) generationConfig.maxOutputTokens = maxTokens;
      if (reply) {
        generationConfig.responseMimeType = 'application/json';
        generationConfig.responseJsonSchema = reply.schema;
      }
      const body: Record<string, unknown> = { contents: [{ role: 'user', parts: [{ text: prompt }] }] };
      if (system) body.systemInstruction = { parts: [{ text: system }] };
      if (Object.keys(generationConfig).length) body.generationConfig = generationConfig;
      return post(
        `${base}/v1beta/models/${encodeURIComponent(geminiModel(config.model))}:generateContent`,
        headers,
        body,
      );
    }
  }
}

export function modelsWireRequest(config: ProviderConfig): WireRequest {
  const base = checkedBase(config);
  const path =
    config.kind === 'anthropic'
      ? '/v1/models?limit=1000'
      : config.kind === 'gemini'
        ? '/v1beta/models?pageSize=1000'
        : '/models';
  const headers = authHeaders(config);
  delete headers['content-type'];
  return { method: 'GET', url: base + path, headers };
}

/** The reply text, usage and truncation of a successful response body; LlmError when it is not the documented shape. */
export function readChatReply(kind: ProviderKind, body: unknown): WireReply {
  const b = body as Record<string, any> | null;
  if (b === null) throw emptyReply(kind, 'the body is null', false);
  if (typeof b !== 'object') throw malformed(kind, 'the body is not a JSON object');
  switch (kind) {
    case 'openai':
    case 'openai-compatible': {
      const choice = b.choices?.[0];
      const message = choice?.message;
      if (!message) throw malformed(kind, 'choices[0].message is missing');
      if (typeof message.refusal === 'string' && message.refusal)
        throw new LlmError('blocked', `${PROVIDERS[kind].label} refused to answer: ${message.refusal}`);
      if (message.content !== null && message.content !== undefined && typeof message.content !== 'string')
        throw malformed(kind, 'choices[0].message.content is not text');
      return nonEmpty(kind, {
        text: message.content ?? '',
        usage: usage(b.usage?.prompt_tokens, b.usage?.completion_tokens),
        truncated: choice.finish_reason === 'length',
      });
    }
    case 'anthropic': {
      if (!Array.isArray(b.content)) throw malformed(kind, 'content is not a list');
      const text = b.content
        .filter((part: any) => part?.type === 'text' && typeof part.text === 'string')
        .map((part: any) => part.text)
        .join('');
      if (b.stop_reason === 'refusal')
        throw new LlmError('blocked', 'Anthropic refused to answer this prompt (stop_reason "refusal").');
      return nonEmpty(kind, {
        text,
        usage: usage(b.usage?.input_tokens, b.usage?.output_tokens),
        truncated: b.stop_reason === 'max_tokens',
      });
    }
    case 'gemini': {
      const candidate = b.candidates?.[0];
      if (!candidate) {
        const reason = b.promptFeedback?.blockReason;
        if (reason) throw new LlmError('blocked', `Gemini blocked the prompt (${reason}).`);
        throw malformed(kind, 'candidates[0] is missing');
      }
      const parts = candidate.content?.parts;
      if (!Array.isArray(parts)) {
        if (candidate.finishReason && candidate.finishReason !== 'STOP' && candidate.finishReason !== 'MAX_TOKENS') {
          throw new LlmError('blocked', `Gemini gave no answer (finishReason ${candidate.finishReason}).`);
        }
        throw malformed(kind, 'candidates[0].content.parts is missing');
      }
      const text = parts
        .filter((p: any) => typeof p?.text === 'string' && !p.thought)
        .map((p: any) => p.text)
        .join('');
      const meta = b.usageMetadata;
      return nonEmpty(kind, {
        text,
        usage: usage(meta?.promptTokenCount, meta?.candidatesTokenCount),
        truncated: candidate.finishReason === 'MAX_TOKENS',
      });
    }
  }
}

/** Model ids from a model-list body, sorted. */
export function readModelList(kind: ProviderKind, body: unknown): string[] {
  const b = body as Record<string, any> | null;
  if (kind === 'gemini') {
    if (!Array.isArray(b?.models)) throw malformed(kind, 'models is not a list');
    return b.models
      .filter(
        (m: any) =>
          !Array.isArray(m?.supportedGenerationMethods) || m.supportedGenerationMethods.includes('generateContent'),
      )
      .map((m: any) => geminiModel(String(m.name)))
      .sort();
  }
  if (!Array.isArray(b?.data)) throw malformed(kind, 'data is not a list');
  return b.data.map((m: any) => String(m.id)).sort();
}

/** "models/gemini-2.5-flash" and "gemini-2.5-flash" name the same model. */
function geminiModel(model: string): string {
  return model.replace(/^models\//, '');
}

function authHeaders(config: ProviderConfig): Record<string, string> {
  const key = config.apiKey?.trim();
  if (!key && PROVIDERS[config.kind].keyRequired) {
    throw new LlmError(
      'config',
      `No ${PROVIDERS[config.kind].label} key is set: paste your key in the provider settings (it stays in this ` +
        `browser's memory unless you ask to remember it).`,
    );
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.kind === 'anthropic') {
    headers['x-api-key'] = key!;
    headers['anthropic-version'] = ANTHROPIC_VERSION;
    headers['anthropic-dangerous-direct-browser-access'] = 'true';
  } else if (config.kind === 'gemini') {
    headers['x-goog-api-key'] = key!;
  } else if (key) {
    headers.authorization = `Bearer ${key}`;
  }
  return headers;
}

function checkedBase(config: ProviderConfig): string {
  const base = baseUrlOf(config);
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new LlmError(
      'config',
      `The base URL "${base}" is not a URL: write it like ${PROVIDERS[config.kind].defaultBaseUrl}`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new LlmError('config', `The base URL must start with https:// or http://, not ${url.protocol}`);
  // As the page's CSP (connect-src): plain http only to this machine, so a key never crosses a network unencrypted.
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new LlmError(
      'config',
      `The base URL ${base} is plain http to another machine: the key and prompts would travel unencrypted. Use ` +
        `https://, or http:// only for a server on this machine (localhost, 127.0.0.1).`,
    );
  }
  if (url.username || url.password || url.search || url.hash)
    throw new LlmError(
      'config',
      'The base URL must not contain a user name, password, query or fragment: keys go in the key field only.',
    );
  if (!config.model.trim())
    throw new LlmError('config', 'No model is set: enter a model name (or load the list of models).');
  return base;
}

/** localhost, 127.0.0.0/8 or [::1]: the loopback interface, never a network. */
export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function post(url: string, headers: Record<string, string>, body: Record<string, unknown>): WireRequest {
  return { method: 'POST', url, headers, body: JSON.stringify(body) };
}

function usage(input: unknown, output: unknown): TokenUsage {
  return {
    inputTokens: typeof input === 'number' ? input : null,
    outputTokens: typeof output === 'number' ? output : null,
  };
}

/**
 * An empty or null reply is reported at once, not retried: the same request tends to get the same
 * nothing back, and every retry is billed. A reply cut at the token limit before any text says so.
 */
function nonEmpty(kind: ProviderKind, reply: WireReply): WireReply {
  if (reply.text.trim() === '') throw emptyReply(kind, 'no text', reply.truncated);
  return reply;
}

export function emptyReply(kind: ProviderKind, what: string, truncated: boolean): LlmError {
  const label = PROVIDERS[kind].label;
  return new LlmError(
    'malformed-reply',
    truncated
      ? `${label} stopped at the token limit before writing any text (a reasoning model may spend the whole limit ` +
          `thinking): raise the token limit.`
      : `${label} sent an empty reply (${what}); allot did not ask again, since the same request tends to get the ` +
          `same nothing back: try again, or another model.`,
  );
}

function malformed(kind: ProviderKind, what: string): LlmError {
  return new LlmError('malformed-reply', `${PROVIDERS[kind].label} sent an answer allot cannot read (${what}).`, {
    retryable: true,
  });
}
