// The app's run session in Node (the in-memory store, the WASM engine behind the Node simulator)
// against the command line's `evaluate dlm`: the same DLM run sends the same request bytes from
// both, so a transcript recorded by one replays in the other with every request hash matching.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../../../src/cli/main.ts';
import { createNodeSimulator, type NodeSimulator } from '../../../../src/cli/node-simulate.ts';
import { findGenerator, generatedPopulation } from '../../../../src/core/datasets/generators.ts';
import type { ChatRequest } from '../../../../src/core/prompts/chat-request.ts';
import { requestHash } from '../../../../src/core/prompts/request-hash.ts';
import { DLM_NEURIPS_TASKS } from '../../../../src/core/tasks/dlm-neurips-tasks.ts';
import type { LlmProvider } from '../../../../src/llm/llm-provider.ts';
import { ReplayProvider } from '../../../../src/llm/replay-provider.ts';
import { Transcript, type TranscriptEntry } from '../../../../src/llm/transcript.ts';
import { evaluateDlm } from '../../../../src/pipeline/dlm/evaluate-dlm.ts';
import { EvaluationProtocol } from '../../../../src/pipeline/dlm/evaluation-protocol.ts';
import { MemoryStore } from '../../../../src/storage/memory-store.ts';
import { runRepository } from '../../../../src/state/run-records.ts';
import { createRun } from '../../../../src/state/runs/create-run.svelte.ts';
import type { RunHost } from '../../../../src/state/runs/run-host.ts';
import { rerunRun } from '../../../../src/state/runs/rerun-run.ts';
import { RunSession } from '../../../../src/state/runs/run-session.svelte.ts';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../../../src/state/runs/run-settings.ts';

let node: NodeSimulator;
beforeAll(async () => {
  node = await createNodeSimulator(1);
});
afterAll(() => node?.close());

const TASK = DLM_NEURIPS_TASKS.tasks[0];
/** The app's defaults (the dlm population, seed 0) with fewer trials; the CLI's protocol of one seed matches it. */
const SETTINGS: RunSettings = { ...DEFAULT_RUN_SETTINGS, prompt: TASK.prompt, trials: 30 };
const isProposal = (r: ChatRequest) => r.prompt.startsWith('Create a Python reward function');

/**
 * A scripted LLM recording its calls into `transcript` as a real provider does: the first proposal
 * is refused (feature 99 does not exist), then candidates alternate between two rewards, and the
 * reflection picks index 1.
 */
function scriptedProvider(transcript: Transcript): LlmProvider {
  let proposals = 0;
  const answer = (request: ChatRequest) => {
    if (!isProposal(request)) return 'The best reward function is at index: 1';
    proposals++;
    if (proposals === 1) return '$$$ state * agent_feats[99] $$$';
    return proposals % 2 ? '$$$ state * (1 + 2 * agent_feats[11]) $$$' : '$$$ state + agent_feats[12] * state $$$';
  };
  return {
    kind: 'scripted',
    model: 'script-1',
    async complete(request) {
      const hash = requestHash('scripted', 'script-1', request);
      const text = answer(request);
      const usage = { inputTokens: null, outputTokens: null };
      transcript.add({
        hash,
        provider: 'scripted',
        model: 'script-1',
        url: 'script',
        request,
        reply: text,
        usage,
        error: null,
        attempts: 1,
        startedAt: '2026-01-01T00:00:00.000Z',
        durationMs: 0,
      });
      return { text, usage, hash, truncated: false, attempts: 1, durationMs: 0 };
    },
  };
}

function host(store = new MemoryStore()): RunHost & { store: MemoryStore; runSaved(): Promise<void> } {
  return {
    store,
    runSaved: async () => {},
    simulate: node.simulate,
    provider: { commitKey: () => {}, providerFor: scriptedProvider },
    generatePopulation: async (...args) => generatedPopulation(...args),
    reportStorageError: (error) => {
      throw error;
    },
  };
}

/** The command line's path: `evaluate dlm` on the same population, one seed, the run's trials. */
async function evaluateOnCli(llm: LlmProvider) {
  const population = findGenerator('dlm')!.generate({}, 0);
  const protocol = new EvaluationProtocol(population, { seeds: 1, trials: SETTINGS.trials, returns: 'undiscounted' });
  return evaluateDlm({ protocol, simulate: node.simulate, tasks: [TASK], llm });
}

const hashes = (entries: readonly TranscriptEntry[]) => entries.map((e) => e.hash);

describe('a DLM run in the app and on the command line', () => {
  test('a transcript recorded by the app replays on the command line, every request hash matching', async () => {
    const app = host();
    const id = await createRun(app, SETTINGS);
    const session = new RunSession(app, id);
    await session.open();
    await session.run();
    expect(session.message).toBeNull();
    expect(session.phase).toBe('done');
    const recorded = (await runRepository(() => app.store).get(id, ['dlm']))!.transcript;
    // A refused reply, four proposals, two reflections: the retry feedback and the distributions are in the bytes.
    expect(recorded.filter((e) => !isProposal(e.request))).toHaveLength(2);
    expect(recorded[1].request.prompt).toMatch(
      /Your previous reply could not be used\. The reward function could not be used: /,
    );

    const replayed = new Transcript();
    const evaluation = await evaluateOnCli(ReplayProvider.of(recorded, { transcript: replayed, source: 'cli' }));
    expect(evaluation.pausedBecause).toBeUndefined();
    expect(hashes(replayed.entries)).toEqual(hashes(recorded));
    expect(evaluation.tasks[0].expressions.dlm_reflection).toBe(session.dlm!.result!.expression);

    // The command itself, from the transcript file as History exports it: `allot evaluate dlm --replay`.
    const dir = mkdtempSync(join(tmpdir(), 'allot-replay-'));
    try {
      writeFileSync(join(dir, 'run.json'), JSON.stringify(recorded));
      let stdout = '';
      const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => {} } };
      const code = await main(
        [
          'evaluate',
          'dlm',
          '--tasks',
          '0',
          '--seeds',
          '1',
          '--trials',
          String(SETTINGS.trials),
          '--replay',
          join(dir, 'run.json'),
          '--json',
        ],
        io,
      );
      expect(code).toBe(0);
      const out = JSON.parse(stdout);
      expect(out.status).toBe('done');
      expect(out.tasks[0].expressions.dlm_reflection).toBe(session.dlm!.result!.expression);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(
    'a transcript recorded on the command line replays in the app (a History rerun), every request ' + 'hash matching',
    async () => {
      const recorded = new Transcript();
      const evaluation = await evaluateOnCli(scriptedProvider(recorded));
      expect(evaluation.status).toBe('done');

      const app = host();
      const runs = runRepository(() => app.store);
      const original = await createRun(app, SETTINGS);
      const run = (await runs.get(original, ['dlm']))!;
      await runs.put({ ...run, status: 'done', transcript: recorded.entries });
      const rerun = await rerunRun(app, original);
      expect(rerun.message).toBeNull();
      expect(rerun.phase).toBe('done');
      const replayed = (await runs.get(rerun.id, ['dlm']))!.transcript;
      expect(hashes(replayed)).toEqual(hashes(recorded.entries));
    },
  );
});

describe('a run open in two tabs', () => {
  test(
    'a tab that read the run as running just before the other tab finished it shows it finished and writes ' +
      'nothing over it',
    async () => {
      const app = host();
      const id = await createRun(app, SETTINGS);
      const first = new RunSession(app, id);
      await first.open();
      await first.run();
      const store = app.store;
      const done = (await store.getRun(id))!;
      expect(done.status).toBe('done');
      // The second tab's first read is the run as the first tab last saved it while running (its final
      // save lands just after): the store answers that one read with an earlier running record.
      let stale = true;
      const late = new Proxy(store, {
        get: (target, name) =>
          name === 'getRun'
            ? async (runId: string) => {
                const record = await target.getRun(runId);
                if (!stale || !record) return record;
                stale = false;
                return { ...record, status: 'running', updatedAt: record.updatedAt - 1 };
              }
            : Reflect.get(target, name).bind(target),
      });
      const second = new RunSession({ ...app, store: late }, id);
      await second.open();
      expect(stale).toBe(false);
      expect(second.phase).toBe('done');
      expect(await store.getRun(id)).toEqual(done);
    },
  );
});
