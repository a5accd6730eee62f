import { describe, expect, test } from 'vitest';
import { providersUsed } from '../../../../src/state/runs/providers-used.ts';

describe('providersUsed', () => {
  test('a run without LLM calls used no provider', () => {
    expect(providersUsed([])).toEqual([]);
  });

  test('calls are counted per provider and model, in the order first used', () => {
    const entries = [
      { provider: 'openai', model: 'gpt-4o-mini' },
      { provider: 'openai', model: 'gpt-4o-mini' },
      { provider: 'anthropic', model: 'claude' },
    ];
    expect(providersUsed(entries)).toEqual([
      { provider: 'openai', model: 'gpt-4o-mini', calls: 2 },
      { provider: 'anthropic', model: 'claude', calls: 1 },
    ]);
  });
});
