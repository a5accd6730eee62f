import { describe, expect, test } from 'vitest';
import {
  describeIdentity,
  identityOf,
  providerMismatch,
  readIdentity,
  sameProvider,
} from '../../../src/llm/provider-identity.ts';

describe('the provider a run names', () => {
  test('is kind, model and base URL, the default base URL when none is set, and never the key', () => {
    const id = identityOf({ kind: 'openai', model: ' gpt-4o-mini ', apiKey: 'sk-secret-1234' } as never);
    expect(id).toEqual({ kind: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1' });
    expect(JSON.stringify(id)).not.toContain('sk-secret');
    expect(
      identityOf({ kind: 'openai-compatible', model: 'llama3.2', baseUrl: 'http://localhost:11434/v1///' }).baseUrl,
    ).toBe('http://localhost:11434/v1');
  });

  test(
    'the same provider differs in nothing but the key; any other kind, model or server is a mismatch ' +
      'said in words',
    () => {
      const run = identityOf({ kind: 'openai-compatible', model: 'llama3.2', baseUrl: 'http://localhost:11434/v1' });
      expect(sameProvider(run, { ...run, baseUrl: 'http://localhost:11434/v1/' })).toBe(true);
      expect(providerMismatch(run, run)).toBeNull();
      for (const panel of [
        { ...run, baseUrl: 'https://llm.example.org/v1' },
        { ...run, model: 'qwen2' },
        identityOf({ kind: 'openai', model: 'llama3.2' }),
      ]) {
        const message = providerMismatch(run, panel)!;
        expect(message).toContain(`started with ${describeIdentity(run)}`);
        expect(message).toContain(`now say ${describeIdentity(panel)}`);
        expect(message).toMatch(/a key goes only to the provider the run names/);
      }
    },
  );

  test('a stored identity is read only when every field is there and the kind is a provider', () => {
    expect(readIdentity({ kind: 'gemini', model: 'g', baseUrl: 'https://generativelanguage.googleapis.com' })).toEqual({
      kind: 'gemini',
      model: 'g',
      baseUrl: 'https://generativelanguage.googleapis.com',
    });
    for (const bad of [
      null,
      3,
      {},
      { kind: 'toString', model: 'm', baseUrl: 'x' },
      { kind: 'openai', model: 1, baseUrl: 'x' },
    ])
      expect(readIdentity(bad)).toBeNull();
  });
});
