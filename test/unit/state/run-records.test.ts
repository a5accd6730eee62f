import { describe, expect, test } from 'vitest';
import { MemoryStore } from '../../../src/storage/memory-store.ts';
import type { RunRecord } from '../../../src/storage/records.ts';
import { runRepository } from '../../../src/state/run-records.ts';
import { DEFAULT_RUN_SETTINGS } from '../../../src/state/runs/run-settings.ts';

const record = (id: string, kind: RunRecord['kind'], config: unknown): RunRecord => ({
  id,
  kind,
  title: id,
  createdAt: 1,
  updatedAt: 1,
  status: 'done',
  populationId: 'p',
  prompt: '',
  config,
  checkpoint: { summaries: {} },
  transcript: [],
});

describe('the typed run repository', () => {
  test('reads a run only as one of the kinds asked for, and a missing run as undefined', async () => {
    const store = new MemoryStore();
    await store.putRun(
      record('w', 'what-if', {
        population: { kind: 'generator', generator: 'dlm', parameters: {}, seed: 0 },
        settings: { trials: 1, seed: 0 },
        candidates: [],
      }),
    );
    const runs = runRepository(() => store);
    await expect(runs.get('w', ['dlm', 'sclm'])).rejects.toThrow('run w is a what-if run, not dlm or sclm');
    expect((await runs.get('w', ['what-if']))?.config.settings.trials).toBe(1);
    expect(await runs.get('nothing', ['dlm'])).toBeUndefined();
  });

  test('a run saved by an older allot reads with its population choice in the current shape', async () => {
    const store = new MemoryStore();
    await store.putRun(
      record('old', 'dlm', { ...DEFAULT_RUN_SETTINGS, population: { source: 'stored', id: 'pop-1' } }),
    );
    await store.putRun(
      record('older', 'sclm', {
        ...DEFAULT_RUN_SETTINGS,
        population: { source: 'generator', generator: 'sclm', parameters: { arms: 10 }, seed: 3 },
      }),
    );
    const runs = runRepository(() => store);
    expect((await runs.get('old', ['dlm']))!.config.population).toEqual({ kind: 'stored', id: 'pop-1', name: 'pop-1' });
    expect((await runs.get('older', ['sclm']))!.config.population).toEqual({
      kind: 'generator',
      generator: 'sclm',
      parameters: { arms: 10 },
      seed: 3,
    });
  });
});
