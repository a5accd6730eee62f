// `allot evaluate dlm` end to end with the real parts: the `dlm` generator, the reward compiler, the
// WASM engine, the appendix G pool offline, and the real HTTP provider against the fake provider
// server (recorded to a transcript, then replayed with no provider). Few seeds, few trials, few tasks.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { COMMON_OPTIONS, parseArgs } from '../../../src/cli/args.ts';
import { makeEvaluateCommand } from '../../../src/cli/commands/evaluate.ts';
import { DLM_IJCAI_POOL } from '../../../src/core/tasks/dlm-ijcai-pool.ts';
import { startFakeProvider, type FakeProvider } from '../../fake-provider/fake-provider-server.ts';

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(['evaluate', 'dlm', ...argv], {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) };
}

const SMALL = ['--seeds', '3', '--trials', '10'];
const dir = mkdtempSync(join(tmpdir(), 'allot-evaluate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('allot evaluate dlm, offline', () => {
  test('without a provider or pool it scores the baselines only, with the JSON the issue names', async () => {
    const r = await cli('--tasks', '0,5', ...SMALL, '--json');
    expect(r.code).toBe(0);
    const out = r.json();
    expect(out.tasks.map((t: { index: number }) => t.index)).toEqual([0, 5]);
    expect(out.tasks[0]).toMatchObject({
      index: 0,
      label: 'Older Bias',
      prompt: 'While still prioritizing all, slightly focus on the oldest by age distribution.',
    });
    for (const t of out.tasks) {
      expect(Object.keys(t.mnr)).toEqual(['random', 'no_action', 'default', 'base']);
      expect(Object.keys(t.se)).toEqual(['random', 'no_action', 'default', 'base']);
    }
    expect(Object.keys(out.average.mnr)).toEqual(['random', 'no_action', 'default', 'base']);
    expect(out.protocol).toMatchObject({ seeds: 3, trials: 10, sample: 48, returns: 'undiscounted', ties: 'random' });
  });

  test("the text output has Table 4's columns, the paper's numbers beside, and an averages row", async () => {
    const r = await cli('--tasks', '0-2', ...SMALL);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[1]).toMatch(/^Idx\. +Label +Base \(topline\) +Random +No Action +Default +Paper: /);
    expect(lines[2]).toMatch(/^ +0 +Older Bias +1\.00 ± 0\.\d{3} +0\.00 ± 0\.\d{3} +-?\d\.\d\d ± /);
    expect(lines[2]).toMatch(/-0\.02 \/ 0\.41 \/ 0\.91 \/ 0\.99$/);
    expect(lines[5]).toMatch(/^Avg\. +Average MNR +1\.00 ± /);
    expect(lines[5]).toMatch(/-0\.06 \/ 0\.57 \/ 0\.85 \/ 0\.92$/);
  });

  test(
    'the appendix G pool of published LLM rewards runs offline: first row, oracle best and one ' + 'row per seed',
    async () => {
      const r = await cli('--pool', 'appendix-g', '--tasks', '0,2', ...SMALL, '--json');
      expect(r.code).toBe(0);
      const out = r.json();
      expect(out.taskSet).toBe('dlm-ijcai');
      for (const t of out.tasks) {
        expect(Object.keys(t.mnr)).toEqual([
          'random',
          'no_action',
          'default',
          'base',
          'pool',
          'pool_best',
          'pool_seeds',
        ]);
        expect(t.mnr.pool_best).toBeGreaterThanOrEqual(t.mnr.pool);
        expect(t.poolFailures).toEqual([]);
        expect(t.expressions.pool).toBe(DLM_IJCAI_POOL.find((e) => e.task === t.index)!.expression);
      }
      // Appendix G.3 seed 0 is "state * agent_feats[12]", the Base reward up to a factor 10: the same policy.
      expect(out.tasks[1].mnr.pool).toBe(1);
    },
  );

  test(
    'a pool file is read by task index; rows that do not compile are reported with their line, the ' + 'rest scored',
    async () => {
      const file = join(dir, 'pool.csv');
      writeFileSync(file, 'task,expression\n1,state * agent_feats[36]\n1,state * agent_feats[99]\n0,state\n');
      const r = await cli('--pool', file, '--tasks', '0,1', ...SMALL, '--json');
      expect(r.code).toBe(0);
      const [t0, t1] = r.json().tasks;
      expect(t0.mnr.pool).toBe(t0.mnr.default);
      expect(t1.poolFailures).toEqual([
        {
          line: 3,
          expression: 'state * agent_feats[99]',
          error: expect.stringMatching(/^The reward function could not be used: /),
        },
      ]);
      expect(t1.expressions.pool).toBe('state * agent_feats[36]');
    },
  );

  test('bad command lines exit 2 with a message naming the problem', async () => {
    expect((await cli('--pool', 'appendix-g', '--task-set', 'neurips')).stderr).toMatch(
      /--pool appendix-g answers the IJCAI tasks/,
    );
    expect((await cli('--tasks', '16')).code).toBe(2);
    expect((await cli('--seeds', '0')).code).toBe(2);
    expect((await cli('--model', 'x')).stderr).toMatch(/--model and --base-url need --provider/);
    const other = await main(['evaluate', 'sclm'], { stdout: { write: () => true }, stderr: { write: () => true } });
    expect(other).toBe(2);
  });

  test(
    'the key comes from ALLOT_API_KEY only: without it a provider that needs one fails ' + 'before any work',
    async () => {
      const command = makeEvaluateCommand({});
      await expect(
        command.run(
          parseArgs(['dlm', '--provider', 'openai', '--model', 'gpt-4o-mini'], {
            ...COMMON_OPTIONS,
            ...command.options,
          }),
          { stdout: { write: () => true }, stderr: { write: () => true } },
        ),
      ).rejects.toThrow(/ALLOT_API_KEY/);
    },
  );
});

describe('allot evaluate dlm with an LLM', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider({
      reply: (_format, body) =>
        body.messages.at(-1).content.startsWith('Create a Python')
          ? '$$$ state * (1 + agent_feats[11]) $$$'
          : 'The best reward function is at index: 0',
    });
  });
  afterAll(() => fake.close());

  test(
    'records every call to the transcript and checkpoint; a replay of the transcript reproduces the scores with ' +
      'no provider',
    async () => {
      const transcript = join(dir, 'transcript.json');
      const state = join(dir, 'state.json');
      const live = await cli(
        '--tasks',
        '0',
        ...SMALL,
        '--provider',
        'openai-compatible',
        '--base-url',
        `${fake.origin}/v1`,
        '--model',
        'fake-large',
        '--rounds',
        '1',
        '--transcript',
        transcript,
        '--state',
        state,
        '--json',
      );
      expect(live.code).toBe(0);
      const out = live.json();
      expect(Object.keys(out.tasks[0].mnr)).toEqual([
        'random',
        'no_action',
        'default',
        'base',
        'dlm_zeroshot',
        'dlm_reflection',
      ]);
      expect(out.tasks[0].expressions.dlm_reflection).toBe('state * (1 + agent_feats[11])');
      const calls = fake.calls().length;
      expect(calls).toBe(2);
      expect(JSON.parse(readFileSync(transcript, 'utf8'))).toHaveLength(2);
      expect(JSON.parse(readFileSync(state, 'utf8')).dlm['0'].status).toBe('done');

      const replayed = await cli('--tasks', '0', ...SMALL, '--replay', transcript, '--rounds', '1', '--json');
      expect(replayed.code).toBe(0);
      expect(replayed.json().tasks).toEqual(out.tasks);
      expect(fake.calls()).toHaveLength(calls);
    },
  );

  test(
    'a resumed --state stays on its own provider: another server or model exits 2 naming both and sends ' +
      'nothing; --switch-provider moves it',
    async () => {
      const state = join(dir, 'own-provider-state.json');
      const own = ['--provider', 'openai-compatible', '--base-url', `${fake.origin}/v1`, '--model', 'fake-large'];
      const key = 'sk-own-provider-test-key';
      const saved = process.env.ALLOT_API_KEY;
      process.env.ALLOT_API_KEY = key;
      const other = await startFakeProvider({ reply: () => '$$$ state * (1 + agent_feats[12]) $$$' });
      try {
        expect((await cli('--tasks', '0', ...SMALL, ...own, '--rounds', '1', '--state', state, '--json')).code).toBe(0);
        const written = readFileSync(state, 'utf8');
        expect(JSON.parse(written).provider).toEqual({
          kind: 'openai-compatible',
          model: 'fake-large',
          baseUrl: `${fake.origin}/v1`,
        });
        expect(written).not.toContain(key);

        const calls = fake.calls().length;
        const described = (origin: string, model: string) =>
          `OpenAI-compatible (Ollama, LM Studio, llama.cpp) ${model} at ${origin}/v1`;
        const otherServer = [
          '--provider',
          'openai-compatible',
          '--base-url',
          `${other.origin}/v1`,
          '--model',
          'fake-large',
        ];
        const otherModel = [
          '--provider',
          'openai-compatible',
          '--base-url',
          `${fake.origin}/v1`,
          '--model',
          'fake-small',
        ];
        for (const [given, named] of [
          [otherServer, described(other.origin, 'fake-large')],
          [otherModel, described(fake.origin, 'fake-small')],
        ] as const) {
          const r = await cli('--tasks', '0,1', ...SMALL, ...given, '--rounds', '1', '--state', state);
          expect(r.code).toBe(2);
          expect(r.stdout).toBe('');
          expect(r.stderr.trim().split('\n')).toHaveLength(1);
          expect(r.stderr).toContain(
            `${state} was started with ${described(fake.origin, 'fake-large')}, but this command names ${named}`,
          );
          expect(r.stderr).toContain('or add --switch-provider to move it');
          expect(readFileSync(state, 'utf8')).toBe(written);
        }
        expect(other.calls()).toHaveLength(0);
        expect(fake.calls()).toHaveLength(calls);

        // --switch-provider moves the run: task 1's calls go to the other server, which the state now records.
        const moved = await cli(
          '--tasks',
          '0,1',
          ...SMALL,
          ...otherServer,
          '--rounds',
          '1',
          '--state',
          state,
          '--switch-provider',
          '--json',
        );
        expect(moved.code).toBe(0);
        expect(other.calls().length).toBeGreaterThan(0);
        expect(fake.calls()).toHaveLength(calls);
        expect(JSON.parse(readFileSync(state, 'utf8')).provider).toEqual({
          kind: 'openai-compatible',
          model: 'fake-large',
          baseUrl: `${other.origin}/v1`,
        });
        expect(readFileSync(state, 'utf8')).not.toContain(key);

        expect((await cli('--tasks', '0', ...SMALL, ...own, '--switch-provider')).stderr).toMatch(
          /--switch-provider applies when resuming a --state/,
        );
        const damaged = join(dir, 'damaged-provider-state.json');
        writeFileSync(damaged, JSON.stringify({ version: 1, dlm: {}, provider: { kind: 'openai', model: 7 } }));
        const refused = await cli('--tasks', '0', ...SMALL, ...own, '--state', damaged);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`${damaged}: its "provider" record is damaged`);
      } finally {
        if (saved === undefined) delete process.env.ALLOT_API_KEY;
        else process.env.ALLOT_API_KEY = saved;
        await other.close();
      }
    },
  );
});
