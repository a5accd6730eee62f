import { describe, expect, test } from 'vitest';
import { providerProblems } from '../../../../src/state/runs/start-form.svelte.ts';

describe('Start refuses a provider it cannot use', () => {
  test('a provider that needs a key, without one, is a problem that names the provider', () => {
    expect(providerProblems({ kind: 'openai', key: '', model: 'gpt-4o-mini' })).toEqual([
      expect.stringMatching(/^Provider: OpenAI needs an API key/),
    ]);
    expect(providerProblems({ kind: 'anthropic', key: '  ', model: 'claude' })).toHaveLength(1);
  });

  test('a local OpenAI-compatible server needs no key; every provider needs a model', () => {
    expect(providerProblems({ kind: 'openai-compatible', key: '', model: 'llama3' })).toEqual([]);
    expect(providerProblems({ kind: 'openai-compatible', key: '', model: '' })).toEqual([
      'Provider: name the model to use.',
    ]);
    expect(providerProblems({ kind: 'openai', key: 'sk-x', model: 'gpt-4o-mini' })).toEqual([]);
  });
});
