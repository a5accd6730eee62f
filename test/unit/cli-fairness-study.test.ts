// `allot fairness` and `allot study language` with scripted population, compiler and simulator
// (test/unit/pipeline/study-fixture.ts) in place of the real ones, which the lead wires in
// src/cli/fairness-wiring.ts; the LLM is the real HTTP provider against the fake provider server.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COMMON_OPTIONS, parseArgs, UsageError } from '../../src/cli/args.ts';
import type { Command } from '../../src/cli/command.ts';
import { makeFairnessCommand } from '../../src/cli/commands/fairness.ts';
import { makeStudyCommand } from '../../src/cli/commands/study.ts';
import type { FairnessWiring } from '../../src/cli/fairness-wiring.ts';
import { FAIRNESS_WIRING } from '../../src/cli/fairness-wiring.ts';
import { MULTILINGUAL_PROMPTS } from '../../src/core/tasks/multilingual-prompts.ts';
import { startFakeProvider, type FakeProvider } from '../fake-provider/fake-provider-server.ts';
import { compile, population, simulate } from './pipeline/study-fixture.ts';

const loaded: string[] = [];
const wiring: FairnessWiring = {
  loadPopulation: async (name, flags) => (loaded.push(`${name} alpha=${flags.alpha} seed=${flags.seed}`), population()),
  compile,
  simulate: (instance, table) => simulate(instance, table),
};

/** As main() does: parse with the command's options, UsageError -> 2, other errors -> 1. */
async function run(command: Command, argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } };
  let code: number;
  try {
    code = await command.run(parseArgs(argv, { ...COMMON_OPTIONS, ...command.options }), io);
  } catch (error) {
    code = error instanceof UsageError ? 2 : 1;
    stderr += (error as Error).message;
  }
  return { code, stdout, stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'allot-study-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('allot fairness', () => {
  const fairness = makeFairnessCommand(wiring);

  test('prints DP_variance per group with the intended group marked (hand values of the 10-arm fixture)', async () => {
    const r = await run(fairness, ['--dataset', 'multilingual', '--alpha', '0.8', '--reward', 'state * (1 + agent_feats[0] + agent_feats[1])', '--intended', 'Age', '--thresholds', '0.1,0.2', '--seeds', '2', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    const byName = Object.fromEntries(out.groups.map((g: { name: string }) => [g.name, g]));
    expect(out.groups.map((g: { name: string }) => g.name)).toEqual(['Age', 'Language', 'Education', 'Phone ownership', 'Times to be called', 'Income']);
    expect(byName.Age).toMatchObject({ intended: true, probability: [0.5, 0.5, 0, 0, 0], arms: [2, 2, 2, 2, 2] });
    expect(byName.Age.dp_variance).toBeCloseTo(0.06, 12);
    expect(byName.Language).toMatchObject({ intended: false });
    expect(byName.Language.dp_variance).toBeCloseTo(0.16, 12);
    expect(out.unintended_above).toEqual([{ threshold: 0.1, groups: 1 }, { threshold: 0.2, groups: 0 }]);
    expect(out.unintended_above_intended).toEqual(['Language']);
    expect(out.features_used).toEqual([0, 1]);
    expect(loaded.at(-1)).toBe('multilingual alpha=0.8 seed=undefined');
  });

  test('prints a table and the flag in plain text', async () => {
    const r = await run(fairness, ['--dataset', 'multilingual', '--reward', 'state * (1 + agent_feats[0] + agent_feats[1])', '--intended', 'Age']);
    expect(r.stdout).toMatch(/^group\s+DP_variance\s+intended\nAge\s+6\.000e-2\s+yes\n/);
    expect(r.stdout).toContain('unfair: Language varies more than the intended groups');
  });

  test('exits 2 naming an unknown group, a bad reward, a bad measure or missing options', async () => {
    const base = ['--dataset', 'multilingual', '--reward', 'state'];
    expect(await run(fairness, [...base, '--intended', 'Ages'])).toMatchObject({ code: 2, stderr: expect.stringContaining('"Ages" is not a group of multilingual; its groups are Age, Language') });
    expect(await run(fairness, ['--dataset', 'multilingual', '--reward', 'state * foo'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown name') });
    expect((await run(fairness, [...base, '--measure', 'pulls'])).code).toBe(2);
    expect((await run(fairness, [...base, '--seeds', '0'])).code).toBe(2);
    expect((await run(fairness, ['--reward', 'state'])).code).toBe(2);
  });

  test('says what is missing while the real parts are not wired', async () => {
    expect(await run(makeFairnessCommand(FAIRNESS_WIRING), ['--dataset', 'multilingual', '--reward', 'state'])).toMatchObject({ code: 1, stderr: expect.stringContaining('the population loader is not wired into the command line yet') });
  });
});

describe('allot study language', () => {
  let fake: FakeProvider;
  const GOOD_1 = '$$$ state * (1 + agent_feats[0] + agent_feats[1]) $$$';
  beforeAll(async () => {
    // English goals get the low-age reward, Tulu goals one on Tamil speakers.
    fake = await startFakeProvider({
      reply: (_format, body) => {
        const prompt: string = body.messages.at(-1).content;
        if (prompt.startsWith('Translate')) return `Translation: ತುಳು ${/Instruction: (.*)/.exec(prompt)![1].length}`;
        if (prompt.startsWith('Create')) return /specified goal: ತುಳು/.test(prompt) ? '$$$ state * agent_feats[9] $$$' : GOOD_1;
        return 'The best reward function is at index: 0';
      },
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const args = ['language', '--languages', 'en,tcy', '--runs', '1', '--alpha', '0.2', '--mode', 'zero-shot', '--thresholds', '0.1'];

  test('runs the 8 prompts per language, writes state and transcript, and replays to the same table', async () => {
    const study = makeStudyCommand(wiring, {});
    const state = join(dir, 'state.json');
    const transcript = join(dir, 'transcript.json');
    const first = await run(study, [...args, '--provider', 'openai-compatible', '--model', 'fake-small', '--base-url', `${fake.origin}/v1`, '--state', state, '--transcript', transcript, '--json']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout);
    expect(out.status).toBe('done');
    const cell = (language: string, prompt: number) => out.table.cells.find((c: { language: string; prompt: number }) => c.language === language && c.prompt === prompt);
    expect(cell('en', 1).acceptable).toEqual({ mean: 1, standardError: null, n: 1 });
    expect(cell('en', 7).success.mean).toBe(1);
    expect(cell('en', 2).acceptable.mean).toBe(0);
    expect(cell('tcy', 1).acceptable.mean).toBe(0);
    expect(out.translations.tcy['1']).toMatchObject({ source: 'llm', text: `ತುಳು ${MULTILINGUAL_PROMPTS[0].text.length}` });
    expect(fake.calls()).toHaveLength(8 + 16);
    expect(JSON.parse(readFileSync(transcript, 'utf8'))).toHaveLength(24);
    expect(JSON.parse(readFileSync(state, 'utf8')).status).toBe('done');
    expect(existsSync(`${state}.tmp`)).toBe(false);

    const replayed = await run(study, [...args, '--replay', transcript, '--json']);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.stdout).table).toEqual(out.table);

    // A finished state answers without a provider call.
    const calls = fake.calls().length;
    const again = await run(study, [...args, '--provider', 'openai-compatible', '--model', 'fake-small', '--base-url', `${fake.origin}/v1`, '--state', state, '--transcript', transcript]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('acceptable rate (alpha 0.2), mean±standard error over runs');
    expect(fake.calls()).toHaveLength(calls);
    expect(JSON.parse(readFileSync(transcript, 'utf8'))).toHaveLength(24);
    expect(loaded).toContain('multilingual alpha=0.2 seed=0');
  });

  test('uses the translations of the user\'s file and asks the LLM for the rest', async () => {
    const file = join(dir, 'prompts.json');
    writeFileSync(file, JSON.stringify({ tcy: { 1: 'ಎಲ್ಯ ಪ್ರಾಯ' } }));
    const r = await run(makeStudyCommand(wiring, {}), [...args, '--prompts', file, '--provider', 'openai-compatible', '--model', 'fake-small', '--base-url', `${fake.origin}/v1`, '--json']);
    const out = JSON.parse(r.stdout);
    expect(out.translations.tcy['1']).toEqual({ text: 'ಎಲ್ಯ ಪ್ರಾಯ', source: 'file' });
    expect(out.translations.tcy['2'].source).toBe('llm');
  });

  test('exits 2 on a bad command line and 1 on a bad translations file or a missing key', async () => {
    const study = makeStudyCommand(wiring, {});
    expect((await run(study, ['languages'])).code).toBe(2);
    expect((await run(study, ['language'])).stderr).toContain('give --provider and --model, or --replay TRANSCRIPT');
    expect((await run(study, [...args, '--rewrite', 'maybe', '--provider', 'openai-compatible', '--model', 'm'])).stderr).toContain('--rewrite must be one of auto, on, off');
    expect(await run(study, [...args, '--provider', 'openai', '--model', 'm'])).toMatchObject({ code: 1, stderr: expect.stringContaining('ALLOT_API_KEY') });
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ hi: { 9: 'x' } }));
    expect(await run(study, [...args, '--prompts', bad, '--provider', 'openai-compatible', '--model', 'm', '--base-url', `${fake.origin}/v1`])).toMatchObject({ code: 1, stderr: expect.stringContaining('bad.json: hi: "9" is not one of the prompt numbers 1, 2, 3, 4, 5, 6, 7, 8') });
  });
});
