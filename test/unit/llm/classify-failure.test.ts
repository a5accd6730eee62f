import { describe, expect, test } from 'vitest';
import { classifyNetworkFailure, refusedByPagePolicy } from '../../../src/llm/classify-failure.ts';

describe('network failures seen from a browser page', () => {
  const origin = 'https://allot.example.org';
  test(
    'a local OpenAI-compatible server gets the Ollama, LM Studio and Chrome local-network explanations with the ' +
      'exact origin',
    () => {
      const e = classifyNetworkFailure(
        { kind: 'openai-compatible', model: 'm', baseUrl: 'http://localhost:11434/v1' },
        new TypeError('Failed to fetch'),
        origin,
      );
      expect(e.kind).toBe('cors');
      expect(e.message).toContain(`OLLAMA_ORIGINS=${origin}`);
      expect(e.message).toContain('LM Studio: turn on "Enable CORS"');
      expect(e.message).toContain('local network access');
    },
  );

  test("Anthropic's explanation names the organization setting", () => {
    const e = classifyNetworkFailure(
      { kind: 'anthropic', model: 'm', apiKey: 'k' },
      new TypeError('Failed to fetch'),
      origin,
    );
    expect(e.message).toMatch(/organization/);
    expect(e.message).not.toContain('OLLAMA');
  });

  test('a page served from the same machine is not told about the local-network prompt', () => {
    const e = classifyNetworkFailure(
      { kind: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:8080/v1' },
      new TypeError('Failed to fetch'),
      'http://127.0.0.1:4173',
    );
    expect(e.message).not.toContain('local network access');
  });
});

const config = (baseUrl: string) => ({ kind: 'openai-compatible' as const, baseUrl, model: 'llama3', apiKey: '' });

describe("a request the page's own policy refuses", () => {
  test('plain http to another machine is refused by the CSP, and the message says so instead of blaming CORS', () => {
    const error = classifyNetworkFailure(
      config('http://192.168.1.20:11434/v1'),
      new TypeError('Failed to fetch'),
      'https://allot.example',
    );
    expect(error.kind).toBe('config');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/Content-Security-Policy allows plain http only to this computer/);
    expect(error.message).not.toMatch(/CORS/);
    expect(error.message).toMatch(/ssh -L 11434:localhost:11434/);
  });

  test('localhost, 127.0.0.1 and https are allowed by the policy and keep the CORS explanation', () => {
    expect(refusedByPagePolicy('http://localhost:11434/v1')).toBeNull();
    expect(refusedByPagePolicy('http://127.0.0.1:1234/v1')).toBeNull();
    expect(refusedByPagePolicy('https://llm.example.org/v1')).toBeNull();
    expect(refusedByPagePolicy('http://gpu-box.local/v1')).toBe('80');
    expect(
      classifyNetworkFailure(
        config('http://localhost:11434/v1'),
        new TypeError('Failed to fetch'),
        'http://127.0.0.1:4173',
      ).kind,
    ).toBe('cors');
  });
});
