// DLM's evaluation with real parts: the `dlm` population, the reward compiler, the WASM engine behind
// the Simulate port, DLM's prompts, and LLMs that are either scripted LlmProviders or the real
// HttpProvider against the fake provider server. Small protocols (few seeds, few trials, few tasks).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createNodeSimulator, type NodeSimulator } from '../../../../src/cli/node-simulate.ts';
import { findGenerator } from '../../../../src/core/datasets/generators.ts';
import type { Instance } from '../../../../src/core/instance/types.ts';
import type { ChatRequest } from '../../../../src/core/prompts/chat-request.ts';
import { distributionText } from '../../../../src/core/measures/distribution-text.ts';
import { perTrialValues } from '../../../../src/core/measures/per-trial-values.ts';
import { stateFeatureDistribution } from '../../../../src/core/measures/state-feature-distribution.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import { DLM_NEURIPS_TASKS } from '../../../../src/core/tasks/dlm-neurips-tasks.ts';
import { HttpProvider } from '../../../../src/llm/http-provider.ts';
import type { ChatReply, LlmProvider } from '../../../../src/llm/llm-provider.ts';
import { createDlmAdapter } from '../../../../src/pipeline/dlm/dlm-adapter.ts';
import type { DlmRunState } from '../../../../src/pipeline/dlm/dlm-run-state.ts';
import { evaluateDlm, type EvaluationState } from '../../../../src/pipeline/dlm/evaluate-dlm.ts';
import { EvaluationProtocol } from '../../../../src/pipeline/dlm/evaluation-protocol.ts';
import { startFakeProvider, type FakeProvider } from '../../../fake-provider/fake-provider-server.ts';

let population: Instance;
let simulator: NodeSimulator;
let protocol: EvaluationProtocol;
beforeAll(async () => {
  population = findGenerator('dlm')!.generate({}, 0);
  simulator = await createNodeSimulator(1);
  protocol = new EvaluationProtocol(population, { seeds: 6, trials: 20, returns: 'undiscounted' });
});
afterAll(() => simulator.close());

/** Answered LLM calls of a DLM run (proposals and reflections). */
const llmCalls = (run: DlmRunState) =>
  run.rounds.reduce(
    (n, r) => n + r.candidates.reduce((m, c) => m + c.attempts.length, 0) + (r.reflection?.attempts.length ?? 0),
    0,
  );
const tasks = (...indices: number[]) => indices.map((i) => DLM_NEURIPS_TASKS.tasks[i]);
const isProposal = (request: ChatRequest) => request.prompt.startsWith('Create a Python reward function');

/** An LlmProvider answering from a function of the request (no network). */
function scriptedLlm(
  answer: (request: ChatRequest, call: number) => string,
): LlmProvider & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    kind: 'scripted',
    model: 'scripted',
    requests,
    async complete(request): Promise<ChatReply> {
      requests.push(request);
      return {
        text: answer(request, requests.length - 1),
        usage: { inputTokens: null, outputTokens: null },
        hash: '',
        truncated: false,
        attempts: 1,
        durationMs: 0,
      };
    },
  };
}

describe('the evaluation protocol', () => {
  test('each seed holds the population sample of that seed, and a population table is cut to its arms', () => {
    const table = compileReward('state * (1 + agent_feats[11])', population);
    expect(table.ok).toBe(true);
    const tables = protocol.tablesOf(table.ok ? table.table : new Float64Array());
    protocol.instances.forEach((instance, s) => {
      expect(instance.numArms).toBe(48);
      expect(instance.provenance.sample?.seed).toBe(s);
      const own = compileReward('state * (1 + agent_feats[11])', instance);
      expect(own.ok && Array.from(own.table)).toEqual(Array.from(tables[s]));
    });
  });

  test('returns are the per-trial values of each seed under the table, seed-major', async () => {
    const c = compileReward('state', population);
    if (!c.ok) throw new Error('state compiles');
    const run = await protocol.run(simulator.simulate, 'random', null);
    const returns = protocol.returns(run, c.table);
    expect(returns.length).toBe(6 * 20);
    const tables = protocol.tablesOf(c.table);
    run.forEach((occupancy, s) =>
      expect(Array.from(returns.subarray(s * 20, s * 20 + 20))).toEqual(
        Array.from(perTrialValues(occupancy, tables[s], { discounted: false })),
      ),
    );
  });

  test("the pooled distribution of one seed is that seed's state-feature distribution", async () => {
    const one = new EvaluationProtocol(population, { seeds: 1, trials: 20, returns: 'undiscounted' });
    const run = await one.run(simulator.simulate, 'random', null);
    expect(one.distribution(run, 'positive-states')).toEqual(
      stateFeatureDistribution(run[0], one.instances[0], { weight: 'positive-states' }),
    );
  });
});

describe('baselines', () => {
  test('Random is 0 and Base is 1 by construction, and No Action is below Random, on every task', async () => {
    const evaluation = await evaluateDlm({ protocol, simulate: simulator.simulate, tasks: tasks(0, 3, 7, 15) });
    expect(evaluation.status).toBe('done');
    for (const t of evaluation.tasks) {
      expect(t.mnr.random).toBe(0);
      expect(t.mnr.base).toBe(1);
      expect(t.mnr.no_action).toBeLessThan(0);
      expect(Number.isFinite(t.mnr.default)).toBe(true);
      expect(t.se.default).toBeGreaterThan(0);
    }
    expect(evaluation.average.mnr.random).toBe(0);
    expect(evaluation.average.mnr.base).toBe(1);
    expect(evaluation.average.mnr.default).toBeCloseTo(
      evaluation.tasks.reduce((s, t) => s + t.mnr.default!, 0) / 4,
      12,
    );
  });

  test('the same seeds give the same scores, and other seeds other ones', async () => {
    const again = await evaluateDlm({
      protocol: new EvaluationProtocol(population, protocol.config),
      simulate: simulator.simulate,
      tasks: tasks(0),
    });
    const first = await evaluateDlm({ protocol, simulate: simulator.simulate, tasks: tasks(0) });
    expect(again.tasks[0].mnr).toEqual(first.tasks[0].mnr);
    const other = await evaluateDlm({
      protocol: new EvaluationProtocol(population, { ...protocol.config, seeds: 7 }),
      simulate: simulator.simulate,
      tasks: tasks(0),
    });
    expect(other.tasks[0].mnr.default).not.toBe(first.tasks[0].mnr.default);
  });
});

describe('the DLM adapter over the evaluation protocol', () => {
  const adapter = (llm = scriptedLlm(() => ''), weight: 'positive-states' | 'reward' = 'positive-states') =>
    createDlmAdapter({
      llm,
      population,
      distributions: async (c) =>
        protocol.distribution(
          await protocol.run(simulator.simulate, 'whittle', c.rewardTable),
          weight,
          weight === 'reward' ? c.rewardTable : undefined,
        ),
    });

  test(
    'a reply without $$$ or with a bad expression becomes feedback naming the problem, where it is and ' + 'what to do',
    () => {
      const parts = adapter();
      const noCode = parts.compile('I would reward older mothers.');
      expect(noCode.ok).toBe(false);
      expect(!noCode.ok && noCode.error).toMatch(/\$\$\$/);
      const bad = parts.compile('$$$ state * agent_feats[99] $$$');
      expect(bad.ok).toBe(false);
      const error = bad.ok ? '' : bad.error;
      expect(error).toMatch(/^The reward function could not be used: .*99/);
      expect(error).toContain('state * agent_feats[99]\n');
      expect(error).toMatch(/\n\s*\^/);
      const good = parts.compile('Python Code: $$$ state * (1 + agent_feats[11]) $$$ %%%older%%%');
      expect(good.ok && good.expression).toBe('state * (1 + agent_feats[11])');
    },
  );

  test('simulates only what it compiled, keyed by the normalized expression', async () => {
    await expect(adapter().simulate({ normalized: 'state*2', rewardTable: new Float64Array(0) })).rejects.toThrow(
      'simulate takes a reward this adapter compiled',
    );
  });

  test(
    "the reflection's distributions are pooled over the protocol's seeds in the paper's layout, by positive " +
      'states or by reward',
    async () => {
      const texts = await Promise.all(
        (['positive-states', 'reward'] as const).map(async (weight) => {
          const parts = adapter(undefined, weight);
          const c = parts.compile('$$$ state * (1 + 9 * agent_feats[11]) $$$');
          if (!c.ok) throw new Error(c.error);
          return distributionText((await parts.simulate(c)).distribution);
        }),
      );
      const headings = texts[0].split('\n').filter((l) => l.startsWith('Category: '));
      expect(headings).toEqual([
        'Category: Ages',
        'Category: Income',
        'Category: Calling Times',
        'Category: Education Levels',
        'Category: Languages Spoken',
        'Category: Phone Owners',
        'Category: Organizations',
      ]);
      expect(texts[0]).toContain('\nPhone owner - Woman: ');
      const oldest = (text: string) => Number(/\nAges 51-60: ([\d.]+)%/.exec(text)![1]);
      // Reward weighs a positive step of the oldest ten times as much as another one.
      expect(oldest(texts[1])).toBeGreaterThan(oldest(texts[0]));
    },
  );

  test('a run on a population without feature groups reflects on empty distributions and finishes', async () => {
    // As an imported population whose numeric columns form no group: no hidden features, nothing to bucket.
    const plain: Instance = {
      ...population,
      schema: { columns: population.schema.columns.map((c, i) => ({ ...c, name: `f${i}`, group: null })), groups: [] },
    };
    const llm = scriptedLlm((request) =>
      isProposal(request)
        ? `$$$ ${['state', 'state * (1 + agent_feats[11])'][llm.requests.filter(isProposal).length % 2]} $$$`
        : 'The best reward function is at index: 1',
    );
    const evaluation = await evaluateDlm({
      protocol: new EvaluationProtocol(plain, { seeds: 2, trials: 5, returns: 'undiscounted' }),
      simulate: simulator.simulate,
      tasks: tasks(0),
      llm,
    });
    expect(evaluation.pausedBecause).toBeUndefined();
    expect(evaluation.tasks[0].dlm).toMatchObject({ status: 'done', pickedBy: 'reflection' });
    const reflection = llm.requests.find((r) => !isProposal(r))!;
    expect(reflection.prompt).toContain("Reward Function: state\nReflection: '\n'");
  });

  test(
    "a scripted LLM that proposes the task's Base reward gets an MNR of 1 within its SE, zero-shot and with " +
      'reflection',
    async () => {
      const llm = scriptedLlm((request) =>
        isProposal(request)
          ? `Python Code: $$$ ${DLM_NEURIPS_TASKS.tasks[0].base} $$$`
          : 'The best reward function is at index: 0',
      );
      const evaluation = await evaluateDlm({ protocol, simulate: simulator.simulate, tasks: tasks(0), llm });
      const t = evaluation.tasks[0];
      for (const method of ['dlm_zeroshot', 'dlm_reflection'] as const) {
        expect(Math.abs(t.mnr[method]! - 1)).toBeLessThanOrEqual(t.se[method]!);
      }
      // 2 rounds x 2 candidates, each proposal once; both candidates of a round are the same reward, so no reflection
      // is asked.
      expect(llm.requests.filter(isProposal)).toHaveLength(4);
      expect(t.dlm).toEqual({ status: 'done', pickedBy: 'only-candidate', llmCalls: 4 });
      // The proposal prompt is DLM's, over the population's schema, with the hidden features hidden and the pick of
      // round 0 in round 1.
      expect(llm.requests[0].prompt).toContain('[sensitive feature hidden]');
      expect(llm.requests[0].prompt).toContain('11. Ages 51-60');
      expect(llm.requests[2].prompt).toContain(`$$$ ${DLM_NEURIPS_TASKS.tasks[0].base} $$$`);
    },
  );

  test('a scripted reflection that reads the distributions picks the candidate they favour', async () => {
    const older = 'state + 5 * state * agent_feats[11]';
    const shown: number[][] = [];
    const llm = scriptedLlm((request) => {
      if (isProposal(request)) return `$$$ ${['state', older][llm.requests.filter(isProposal).length - 1]} $$$`;
      // Reflection: the share of positive states among Ages 51-60 of each index; pick the largest.
      const shares = request.prompt
        .split(/\nIndex \d+:\n/)
        .slice(1)
        .map((block) => Number(/\nAges 51-60: ([\d.]+)%/.exec(block)![1]));
      shown.push(shares);
      return `The best reward function is at index: ${shares.indexOf(Math.max(...shares))}`;
    });
    const evaluation = await evaluateDlm({
      protocol,
      simulate: simulator.simulate,
      tasks: tasks(0),
      llm,
      dlmConfig: { rounds: 1 },
    });
    const t = evaluation.tasks[0];
    expect(shown).toHaveLength(1);
    expect(shown[0][1]).toBeGreaterThan(shown[0][0]);
    expect(t.dlm?.pickedBy).toBe('reflection');
    expect(t.expressions.dlm_zeroshot).toBe('state');
    expect(t.expressions.dlm_reflection).toBe(older);
    expect(t.mnr.dlm_reflection).toBeGreaterThan(t.mnr.dlm_zeroshot!);
    expect(t.mnr.dlm_zeroshot).toBe(t.mnr.default); // 'state' is the Default reward: the same policy on the same draws
  });

  test("a refused reply is sent back with the compiler's error and the next reply is used", async () => {
    const llm = scriptedLlm((_request, call) => (call === 0 ? '$$$ state * agent_feats[99] $$$' : '$$$ state $$$'));
    const evaluation = await evaluateDlm({
      protocol,
      simulate: simulator.simulate,
      tasks: tasks(2),
      llm,
      dlmConfig: { mode: 'zero-shot' },
    });
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1].prompt).toMatch(
      /Your previous reply could not be used\. The reward function could not be used: .*\n.*agent_feats\[99\]/s,
    );
    expect(evaluation.tasks[0].expressions.dlm_zeroshot).toBe('state');
    expect(evaluation.state.dlm[2].rounds[0].candidates[0].attempts).toHaveLength(2);
  });
});

describe('a provider outage in the middle of an evaluation', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    // Proposals get the Base reward of the task they name; reflections pick index 1.
    fake = await startFakeProvider({
      reply: (_format, body) => {
        const prompt: string = body.messages.at(-1).content;
        if (!prompt.startsWith('Create a Python reward function')) return 'The best reward function is at index: 1';
        const calls = fake.calls().length;
        return calls % 2 ? '$$$ state * (1 + agent_feats[11]) $$$' : '$$$ state + 2 * state * agent_feats[12] $$$';
      },
    });
  });
  afterAll(() => fake.close());

  test('pauses, and a resume from the checkpoint finishes without asking any answered request again', async () => {
    const llm = new HttpProvider(
      { kind: 'openai-compatible', model: 'fake-large', baseUrl: `${fake.origin}/v1` },
      { maxRetries: 0 },
    );
    fake.script({}, {}, {}, { status: 503 });
    let saved: EvaluationState | undefined;
    const input = { protocol, simulate: simulator.simulate, tasks: tasks(0, 2), llm };
    const first = await evaluateDlm(input, { checkpoint: (s) => (saved = s) });
    expect(first.status).toBe('paused');
    expect(first.pausedBecause).toMatch(/^task 0 \(Older Bias\): /);
    expect(fake.calls()).toHaveLength(4);
    expect(llmCalls(saved!.dlm[0])).toBe(3); // r0/c0, r0/c1 and the reflection of round 0; r1/c0 met the outage

    const second = await evaluateDlm({ ...input, state: saved }, { checkpoint: (s) => (saved = s) });
    expect(second.status).toBe('done');
    const answered = llmCalls(second.state.dlm[0]) + llmCalls(second.state.dlm[2]);
    // Every call after the outage is a new one: answered calls + the one that failed, nothing more.
    expect(fake.calls()).toHaveLength(answered + 1);
    expect(second.tasks.map((t) => t.dlm?.llmCalls)).toEqual([
      llmCalls(second.state.dlm[0]),
      llmCalls(second.state.dlm[2]),
    ]);
    for (const t of second.tasks) expect(t.mnr.dlm_reflection).toBeDefined();
  });
});
