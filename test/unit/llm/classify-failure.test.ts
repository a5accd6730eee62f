import { describe, expect, test } from 'vitest';
import { classifyNetworkFailure, refusedByPagePolicy } from '../../../src/llm/classify-failure.ts';

const config = (baseUrl: string) => ({ kind: 'openai-compatible' as const, baseUrl, model: 'llama3', apiKey: '' });

describe('a request the page\'s own policy refuses', () => {
  test('plain http to another machine is refused by the CSP, and the message says so instead of blaming CORS', () => {
    const error = classifyNetworkFailure(config('http://192.168.1.20:11434/v1'), new TypeError('Failed to fetch'), 'https://allot.example');
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
    expect(classifyNetworkFailure(config('http://localhost:11434/v1'), new TypeError('Failed to fetch'), 'http://127.0.0.1:4173').kind).toBe('cors');
  });
});
