// A run talks only to the provider it started on (issue 18): it records kind, model and base URL
// (never the key), a resume is pointed at them, other settings are refused in words unless the user
// switches the run explicitly; and a finished run whose save is refused does not say "Done".
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeSimulator, type NodeSimulator } from '../../../../src/cli/node-simulate.ts';
import { generatedPopulation } from '../../../../src/core/datasets/generators.ts';
import type { ChatRequest } from '../../../../src/core/prompts/chat-request.ts';
import { requestHash } from '../../../../src/core/prompts/request-hash.ts';
import { DLM_NEURIPS_TASKS } from '../../../../src/core/tasks/dlm-neurips-tasks.ts';
import type { LlmProvider } from '../../../../src/llm/llm-provider.ts';
import { identityOf, type ProviderIdentity } from '../../../../src/llm/provider-identity.ts';
import type { Transcript } from '../../../../src/llm/transcript.ts';
import { MemoryStore } from '../../../../src/storage/memory-store.ts';
import type { RunRecord } from '../../../../src/storage/records.ts';
import { runRepository } from '../../../../src/state/run-records.ts';
import { createRun } from '../../../../src/state/runs/create-run.svelte.ts';
import type { RunHost } from '../../../../src/state/runs/run-host.ts';
import { RunSession } from '../../../../src/state/runs/run-session.svelte.ts';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../../../src/state/runs/run-settings.ts';

let node: NodeSimulator;
beforeAll(async () => {
  node = await createNodeSimulator(1);
});
afterAll(() => node?.close());

const SETTINGS: RunSettings = {
  ...DEFAULT_RUN_SETTINGS,
  prompt: DLM_NEURIPS_TASKS.tasks[0].prompt,
  trials: 10,
  rounds: 1,
  candidates: 2,
};
const OPENAI = identityOf({ kind: 'openai', model: 'gpt-4o-mini' });
const LOCAL = identityOf({ kind: 'openai-compatible', model: 'llama3.2', baseUrl: 'http://localhost:11434/v1' });

/** The page's provider settings reduced to what a run uses; every call names the identity it went to. */
function settings(initial: ProviderIdentity) {
  const calls: ProviderIdentity[] = [];
  const state = {
    current: initial,
    calls,
    commitKey: () => {},
    identity: () => state.current,
    useIdentity: (id: ProviderIdentity) => void (state.current = id),
    providerFor(transcript: Transcript): LlmProvider {
      const to = state.current;
      return {
        kind: to.kind,
        model: to.model,
        async complete(request: ChatRequest) {
          calls.push(to);
          const text = request.prompt.startsWith('Create a Python')
            ? '$$$ state * (1 + agent_feats[11]) $$$'
            : 'The best reward function is at index: 0';
          const hash = requestHash(to.kind, to.model, request);
          const usage = { inputTokens: null, outputTokens: null };
          transcript.add({
            hash,
            provider: to.kind,
            model: to.model,
            url: to.baseUrl,
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
    },
  };
  return state;
}

function host(
  provider: ReturnType<typeof settings>,
  store = new MemoryStore(),
): RunHost & { store: MemoryStore; runSaved(): Promise<void> } {
  return {
    store,
    runSaved: async () => {},
    simulate: node.simulate,
    provider,
    generatePopulation: async (...args) => generatedPopulation(...args),
    reportStorageError: () => {},
  };
}

describe('a run and its provider', () => {
  test('records the provider it starts on, kind, model and base URL, never a key', async () => {
    const provider = settings(LOCAL);
    const app = host(provider);
    const id = await createRun(app, SETTINGS);
    const session = new RunSession(app, id);
    await session.open();
    await session.run();
    expect(session.phase).toBe('done');
    const record = (await runRepository(() => app.store).get(id, ['dlm']))!;
    expect(record.config.provider).toEqual(LOCAL);
    expect(provider.calls.every((c) => c === LOCAL)).toBe(true);
  });

  test(
    "a resume is pointed at the run's provider; settings naming another are refused in words, with no call, " +
      'until the user switches the run',
    async () => {
      const provider = settings(LOCAL);
      const app = host(provider);
      const id = await createRun(app, { ...SETTINGS, provider: LOCAL });
      // The page was reloaded and its settings say OpenAI: opening the run points them back at its provider.
      provider.current = OPENAI;
      const session = new RunSession(app, id);
      await session.open();
      expect(provider.current).toEqual(LOCAL);
      // The user changes them to OpenAI again and resumes: refused, nothing sent anywhere.
      provider.current = OPENAI;
      await session.run();
      expect(session.phase).toBe('paused');
      expect(session.providerMismatch).toBe(true);
      expect(session.message).toMatch(
        new RegExp(
          String.raw`^This run was started with OpenAI-compatible .* llama3\.2 at http:\/\/localhost:11434\/v1, ` +
            String.raw`but the provider settings now say OpenAI gpt-4o-mini at https:\/\/api\.openai\.com\/v1\.`,
        ),
      );
      expect(provider.calls).toEqual([]);
      // An explicit switch: the run now names OpenAI, and only OpenAI is called.
      await session.continueWithCurrentProvider();
      expect(session.phase).toBe('done');
      expect(provider.calls.length).toBeGreaterThan(0);
      expect(provider.calls.every((c) => c === OPENAI)).toBe(true);
      expect((await runRepository(() => app.store).get(id, ['dlm']))!.config.provider).toEqual(OPENAI);
    },
  );

  test('a finished run whose save the store refuses says so instead of "Done"', async () => {
    class RefusingStore extends MemoryStore {
      override async putRun(record: RunRecord) {
        if (record.status === 'done') throw new Error('the record holds something that looks like an API key');
        return super.putRun(record);
      }
    }
    const provider = settings(LOCAL);
    const app = host(provider, new RefusingStore());
    const id = await createRun(app, SETTINGS);
    const session = new RunSession(app, id);
    await session.open();
    await session.run();
    expect(session.phase).toBe('failed');
    expect(session.message).toBe(
      'The run finished, but saving it was refused: the record holds something that looks like an API key. Its ' +
        'results are on this page only until you leave it.',
    );
  });
});
