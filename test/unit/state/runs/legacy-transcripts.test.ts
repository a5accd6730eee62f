// Transcripts recorded before the one ask step (test/fixtures/legacy-transcripts/) replay in the
// app as a History rerun: an SCLM run with its rewrite, recorded by the app's run session, and
// (the reverse of `evaluate dlm --replay`) a DLM run recorded by `allot evaluate dlm`.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeSimulator, type NodeSimulator } from '../../../../src/cli/node-simulate.ts';
import { generatedPopulation } from '../../../../src/core/datasets/generators.ts';
import { DLM_NEURIPS_TASKS } from '../../../../src/core/tasks/dlm-neurips-tasks.ts';
import type { TranscriptEntry } from '../../../../src/llm/transcript.ts';
import type { SclmClause, SclmResult, SclmRunState } from '../../../../src/pipeline/sclm/sclm-run-state.ts';
import { MemoryStore } from '../../../../src/storage/memory-store.ts';
import { runRepository } from '../../../../src/state/run-records.ts';
import { createRun } from '../../../../src/state/runs/create-run.svelte.ts';
import type { RunHost } from '../../../../src/state/runs/run-host.ts';
import { rerunRun } from '../../../../src/state/runs/rerun-run.ts';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../../../src/state/runs/run-settings.ts';

let node: NodeSimulator;
beforeAll(async () => {
  node = await createNodeSimulator(1);
});
afterAll(() => node?.close());

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/legacy-transcripts/${name}`, import.meta.url), 'utf8'));

/** The app without a provider: a rerun answers from the original's transcript only. */
function host(store = new MemoryStore()): RunHost & { store: MemoryStore; runSaved(): Promise<void> } {
  return {
    store,
    runSaved: async () => {},
    simulate: node.simulate,
    provider: {
      commitKey: () => {},
      providerFor: () => {
        throw new Error('a rerun asks no LLM');
      },
    },
    generatePopulation: async (...args) => generatedPopulation(...args),
    reportStorageError: (error) => {
      throw error;
    },
  };
}

/** A finished original run holding `transcript` (and an SCLM run's accepted clauses), rerun from History. */
async function rerunOf(settings: RunSettings, transcript: TranscriptEntry[], clauses?: SclmClause[]) {
  const app = host();
  const runs = runRepository(() => app.store);
  const original = await createRun(app, settings);
  const run = (await runs.get(original, [settings.kind]))!;
  const checkpoint = clauses ? { ...run.checkpoint, sclm: { clauses } as SclmRunState } : run.checkpoint;
  await runs.put({ ...run, status: 'done', checkpoint, transcript });
  const rerun = await rerunRun(app, original);
  const record = (await runs.get(rerun.id, [settings.kind]))!;
  return { rerun, record, result: (await app.store.getResult(rerun.id))?.result };
}

describe('a History rerun of a run recorded before the ask step', () => {
  test('an SCLM run with its rewrite, recorded by the app, reruns to the same result on the same replies', async () => {
    const fixture: { settings: RunSettings; clauses: SclmClause[]; transcript: TranscriptEntry[]; result: SclmResult } =
      read('app-sclm-rewrite.json');
    // The rewrite fed its refused reply back in the wording of the time.
    expect(fixture.transcript[1].request.prompt).toMatch(/nothing else\.\nYour reply did not list any clauses\. /);
    const { rerun, record, result } = await rerunOf(fixture.settings, fixture.transcript, fixture.clauses);
    expect(rerun.message).toBeNull();
    expect(rerun.phase).toBe('done');
    expect(record.transcript.map((e) => e.reply)).toEqual(fixture.transcript.map((e) => e.reply));
    const attempts = [{ error: expect.any(String) }, { reply: fixture.transcript[1].reply }];
    expect(record.checkpoint.rewrite).toMatchObject({ status: 'done', attempts });
    expect(result).toEqual(fixture.result);
  });

  test('a DLM run recorded by allot evaluate dlm reruns in the app with every request hash matching', async () => {
    const recorded = read('evaluate-dlm.json') as TranscriptEntry[];
    const { prompt } = DLM_NEURIPS_TASKS.tasks[0];
    const settings: RunSettings = { ...DEFAULT_RUN_SETTINGS, prompt, rounds: 1, candidates: 2, trials: 5 };
    const { rerun, record } = await rerunOf(settings, recorded);
    expect(rerun.message).toBeNull();
    expect(rerun.phase).toBe('done');
    expect(record.transcript.map((e) => e.hash)).toEqual(recorded.map((e) => e.hash));
    const { expressions } = read('evaluate-dlm.out.json').tasks[0];
    expect(record.checkpoint.dlm!.result!.expression).toBe(expressions.dlm_reflection);
  });
});
