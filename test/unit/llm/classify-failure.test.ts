import { describe, expect, test } from 'vitest';
import { classifyNetworkFailure } from '../../../src/llm/classify-failure.ts';

describe('network failures seen from a browser page', () => {
  const origin = 'https://allot.example.org';
  test('a local OpenAI-compatible server gets the Ollama, LM Studio and Chrome local-network explanations with the exact origin', () => {
    const e = classifyNetworkFailure({ kind: 'openai-compatible', model: 'm', baseUrl: 'http://localhost:11434/v1' }, new TypeError('Failed to fetch'), origin);
    expect(e.kind).toBe('cors');
    expect(e.message).toContain(`OLLAMA_ORIGINS=${origin}`);
    expect(e.message).toContain('LM Studio: turn on "Enable CORS"');
    expect(e.message).toContain('local network access');
  });

  test("Anthropic's explanation names the organization setting", () => {
    const e = classifyNetworkFailure({ kind: 'anthropic', model: 'm', apiKey: 'k' }, new TypeError('Failed to fetch'), origin);
    expect(e.message).toMatch(/organization/);
    expect(e.message).not.toContain('OLLAMA');
  });

  test('a page served from the same machine is not told about the local-network prompt', () => {
    const e = classifyNetworkFailure({ kind: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:8080/v1' }, new TypeError('Failed to fetch'), 'http://127.0.0.1:4173');
    expect(e.message).not.toContain('local network access');
  });
});
