// Request shapes checked against each provider's documented format:
//   OpenAI chat completions: POST https://api.openai.com/v1/chat/completions, Authorization: Bearer,
//     {model, messages, max_completion_tokens, temperature, response_format: {type: json_schema}}
//   Anthropic messages: POST https://api.anthropic.com/v1/messages, x-api-key, anthropic-version:
//     2023-06-01, {model, max_tokens (required), messages, system}
//   Gemini: POST https://generativelanguage.googleapis.com/v1beta/models/{model}:generateContent,
//     x-goog-api-key, {contents: [{role, parts: [{text}]}], systemInstruction, generationConfig}
import { describe, expect, test } from 'vitest';
import { REWARD_REPLY } from '../../../src/core/prompts/reply-schemas.ts';
import { LlmError } from '../../../src/llm/llm-error.ts';
import {
  ANTHROPIC_VERSION,
  chatWireRequest,
  modelsWireRequest,
  readChatReply,
  readModelList,
} from '../../../src/llm/wire-formats.ts';

const KEY = 'sk-test-0123456789';

describe('chatWireRequest', () => {
  test('OpenAI: bearer key, /v1/chat/completions, max_completion_tokens and structured output', () => {
    const w = chatWireRequest(
      { kind: 'openai', model: 'gpt-4o-mini', apiKey: KEY },
      { system: 'be brief', prompt: 'hi', temperature: 0.2, maxTokens: 50, reply: REWARD_REPLY },
    );
    expect(w.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(w.headers).toEqual({ 'content-type': 'application/json', authorization: `Bearer ${KEY}` });
    expect(JSON.parse(w.body!)).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ],
      temperature: 0.2,
      max_completion_tokens: 50,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'reward_function', schema: REWARD_REPLY.schema, strict: true },
      },
    });
  });

  test(
    'OpenAI-compatible: the base URL (with /v1) replaces the origin, max_tokens, no key header without a key, ' +
      'no structured mode',
    () => {
      const w = chatWireRequest(
        { kind: 'openai-compatible', model: 'llama3.2', baseUrl: 'http://localhost:1234/v1/' },
        { prompt: 'hi', maxTokens: 9, reply: REWARD_REPLY },
      );
      expect(w.url).toBe('http://localhost:1234/v1/chat/completions');
      expect(w.headers).toEqual({ 'content-type': 'application/json' });
      expect(JSON.parse(w.body!)).toEqual({
        model: 'llama3.2',
        messages: [{ role: 'user', content: 'hi' }],
        max_tokens: 9,
      });
    },
  );

  test('Anthropic: x-api-key, one version constant, the direct-browser-access opt-in, and a default max_tokens', () => {
    const w = chatWireRequest(
      { kind: 'anthropic', model: 'claude-sonnet-4-5', apiKey: KEY },
      { system: 'sys', prompt: 'hi' },
    );
    expect(ANTHROPIC_VERSION).toBe('2023-06-01');
    expect(w.url).toBe('https://api.anthropic.com/v1/messages');
    expect(w.headers).toEqual({
      'content-type': 'application/json',
      'x-api-key': KEY,
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    expect(JSON.parse(w.body!)).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      messages: [{ role: 'user', content: 'hi' }],
      system: 'sys',
    });
  });

  test('Gemini: the key in x-goog-api-key and never in the URL; JSON mode through generationConfig', () => {
    const w = chatWireRequest(
      { kind: 'gemini', model: 'models/gemini-2.5-flash', apiKey: KEY },
      { system: 'sys', prompt: 'hi', temperature: 0, maxTokens: 10, reply: REWARD_REPLY },
    );
    expect(w.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent');
    expect(w.url).not.toContain(KEY);
    expect(w.headers).toEqual({ 'content-type': 'application/json', 'x-goog-api-key': KEY });
    expect(JSON.parse(w.body!)).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      systemInstruction: { parts: [{ text: 'sys' }] },
      generationConfig: {
        temperature: 0,
        maxOutputTokens: 10,
        responseMimeType: 'application/json',
        responseJsonSchema: REWARD_REPLY.schema,
      },
    });
  });

  test('a missing key, model or a base URL with a query, credentials or another scheme is a config error', () => {
    const kind = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof LlmError ? e.kind : 'other';
      }
      return 'none';
    };
    expect(kind(() => chatWireRequest({ kind: 'openai', model: 'm' }, { prompt: 'x' }))).toBe('config');
    expect(kind(() => chatWireRequest({ kind: 'openai', model: ' ', apiKey: KEY }, { prompt: 'x' }))).toBe('config');
    expect(
      kind(() =>
        chatWireRequest(
          { kind: 'gemini', model: 'm', apiKey: KEY, baseUrl: 'https://x.test/?key=abc' },
          { prompt: 'x' },
        ),
      ),
    ).toBe('config');
    expect(
      kind(() =>
        chatWireRequest({ kind: 'openai', model: 'm', apiKey: KEY, baseUrl: 'https://u:p@x.test/v1' }, { prompt: 'x' }),
      ),
    ).toBe('config');
    expect(
      kind(() =>
        chatWireRequest({ kind: 'openai', model: 'm', apiKey: KEY, baseUrl: 'ftp://x.test' }, { prompt: 'x' }),
      ),
    ).toBe('config');
    expect(
      kind(() => chatWireRequest({ kind: 'openai-compatible', model: 'm', baseUrl: 'not a url' }, { prompt: 'x' })),
    ).toBe('config');
  });

  test("the model-list calls use each provider's endpoint and send no body", () => {
    expect(modelsWireRequest({ kind: 'openai', model: 'm', apiKey: KEY })).toEqual({
      method: 'GET',
      url: 'https://api.openai.com/v1/models',
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(modelsWireRequest({ kind: 'anthropic', model: 'm', apiKey: KEY }).url).toBe(
      'https://api.anthropic.com/v1/models?limit=1000',
    );
    expect(modelsWireRequest({ kind: 'gemini', model: 'm', apiKey: KEY }).url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000',
    );
  });
});

describe('base URLs', () => {
  test('plain http is refused for any host but this machine, before a key is sent', () => {
    for (const baseUrl of [
      'http://192.168.1.5:11434/v1',
      'http://example.org/v1',
      'http://localhost.example.org/v1',
      'http://127.0.0.1.nip.io/v1',
      'http://10.0.0.2/v1',
    ]) {
      expect(() =>
        chatWireRequest({ kind: 'openai-compatible', model: 'm', baseUrl, apiKey: KEY }, { prompt: 'x' }),
      ).toThrow(
        expect.objectContaining({ kind: 'config', message: expect.stringMatching(/plain http to another machine/) }),
      );
    }
    for (const baseUrl of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:8080/v1',
      'http://127.1.2.3/v1',
      'http://[::1]:1234/v1',
      'https://example.org/v1',
    ]) {
      expect(
        chatWireRequest({ kind: 'openai-compatible', model: 'm', baseUrl, apiKey: KEY }, { prompt: 'x' }).url,
      ).toBe(`${baseUrl}/chat/completions`);
    }
  });
});

describe('readChatReply', () => {
  test('reads text, usage and truncation from each format', () => {
    expect(
      readChatReply('openai', {
        choices: [{ message: { content: 'a', refusal: null }, finish_reason: 'length' }],
        usage: { prompt_tokens: 3, completion_tokens: 4 },
      }),
    ).toEqual({ text: 'a', usage: { inputTokens: 3, outputTokens: 4 }, truncated: true });
    expect(
      readChatReply('anthropic', {
        content: [
          { type: 'thinking', thinking: 'hm' },
          { type: 'text', text: 'b' },
          { type: 'text', text: 'c' },
        ],
        stop_reason: 'end_turn',
        usage: { input_tokens: 5, output_tokens: 6 },
      }),
    ).toEqual({ text: 'bc', usage: { inputTokens: 5, outputTokens: 6 }, truncated: false });
    expect(
      readChatReply('gemini', {
        candidates: [{ content: { parts: [{ text: 'plan', thought: true }, { text: 'd' }] }, finishReason: 'STOP' }],
        usageMetadata: { promptTokenCount: 7, candidatesTokenCount: 8 },
      }),
    ).toEqual({ text: 'd', usage: { inputTokens: 7, outputTokens: 8 }, truncated: false });
    expect(readChatReply('openai-compatible', { choices: [{ message: { content: 'e' } }] }).usage).toEqual({
      inputTokens: null,
      outputTokens: null,
    });
  });

  test('refusals and blocked prompts are "blocked"; a body of another shape is "malformed-reply"', () => {
    expect(() => readChatReply('openai', { choices: [{ message: { content: null, refusal: 'no' } }] })).toThrow(
      expect.objectContaining({ kind: 'blocked' }),
    );
    expect(() => readChatReply('gemini', { promptFeedback: { blockReason: 'SAFETY' } })).toThrow(
      expect.objectContaining({ kind: 'blocked', message: 'Gemini blocked the prompt (SAFETY).' }),
    );
    expect(() => readChatReply('anthropic', { content: 'x' })).toThrow(
      expect.objectContaining({ kind: 'malformed-reply' }),
    );
    expect(() => readChatReply('openai', [])).toThrow(expect.objectContaining({ kind: 'malformed-reply' }));
  });

  test(
    'an empty or null reply is "malformed-reply" and not retryable; an empty reply cut at the token limit says ' +
      'to raise it',
    () => {
      for (const [kind, body] of [
        ['openai', { choices: [{ message: { content: null } }] }],
        ['openai', { choices: [{ message: { content: '  ' } }] }],
        ['anthropic', { content: [] }],
        ['gemini', { candidates: [{ content: { parts: [] }, finishReason: 'STOP' }] }],
        ['openai', null],
      ] as const) {
        expect(() => readChatReply(kind, body)).toThrow(
          expect.objectContaining({
            kind: 'malformed-reply',
            retryable: false,
            message: expect.stringMatching(/empty reply/),
          }),
        );
      }
      expect(() =>
        readChatReply('openai', { choices: [{ message: { content: '' }, finish_reason: 'length' }] }),
      ).toThrow(
        expect.objectContaining({
          retryable: false,
          message: expect.stringMatching(/token limit before writing any text.*raise/),
        }),
      );
    },
  );

  test('model lists: ids sorted, Gemini names without "models/" and only models that generate content', () => {
    expect(readModelList('openai', { data: [{ id: 'b' }, { id: 'a' }] })).toEqual(['a', 'b']);
    expect(
      readModelList('gemini', {
        models: [
          { name: 'models/g2', supportedGenerationMethods: ['generateContent'] },
          { name: 'models/embed', supportedGenerationMethods: ['embedContent'] },
        ],
      }),
    ).toEqual(['g2']);
  });
});
