// `allot fairness` and `allot study language` end to end with the real parts (populations,
// reward compiler, WASM simulation; src/cli/fairness-wiring.ts), in process through main(); the
// LLM is the real HTTP provider against the fake provider server.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readTranslations } from '../../../src/pipeline/study/read-translations.ts';
import { MULTILINGUAL_PROMPTS } from '../../../src/core/tasks/multilingual-prompts.ts';
import { startFakeProvider, type FakeProvider } from '../../fake-provider/fake-provider-server.ts';
import { runMain, runMainJson } from './run-main.ts';
import { COMMON_OPTIONS, parseArgs } from '../../../src/cli/args.ts';
import { makeStudyCommand } from '../../../src/cli/commands/study.ts';
import { repliesHeld } from '../../../src/cli/provider-options.ts';

const run = runMain;
const json = runMainJson;
type Group = { name: string; dp_variance: number; intended: boolean; probability: number[]; arms: number[] };
const byName = (out: { groups: Group[] }) => Object.fromEntries(out.groups.map((g) => [g.name, g]));

const dir = mkdtempSync(join(tmpdir(), 'allot-fairness-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('allot fairness', () => {
  test('gives the hand-computed DP_variance on a 4-arm population file whose policy is certain', async () => {
    // Next state = action for every arm, so the Whittle index is proportional to the reward in state 1:
    // the two tier_high arms (reward 2) are always pulled, the tier_low ones (reward 1) never.
    const file = join(dir, 'hand.csv');
    writeFileSync(
      file,
      'id,q00,q01,q10,q11,tier_high,tier_low,side_left,side_right\na,0,1,0,1,1,0,1,0\nb,0,1,0,1,1,0,0,1\n' +
        'c,0,1,0,1,0,1,1,0\nd,0,1,0,1,0,1,0,1\n',
    );
    for (const measure of ['arm-steps', 'at-least-once']) {
      const out = await json([
        'fairness',
        '--dataset',
        file,
        '--budget',
        '2',
        '--reward',
        'state * (1 + agent_feats.tier_high)',
        '--intended',
        'side',
        '--seeds',
        '3',
        '--measure',
        measure,
      ]);
      // P(tier) = (1, 0): 1/2 ((1 - 1/2)^2 + (0 - 1/2)^2) = 0.25; P(side) = (1/2, 1/2): 0.
      expect(out.groups).toEqual([
        {
          name: 'tier',
          dp_variance: 0.25,
          intended: false,
          buckets: ['tier_high', 'tier_low'],
          probability: [1, 0],
          arms: [6, 6],
        },
        {
          name: 'side',
          dp_variance: 0,
          intended: true,
          buckets: ['side_left', 'side_right'],
          probability: [0.5, 0.5],
          arms: [6, 6],
        },
      ]);
      expect(out).toMatchObject({
        measure,
        seeds: 3,
        trials_per_seed: 50,
        arms_per_seed: 4,
        features_used: [0],
        unintended_above_intended: ['tier'],
      });
    }
  });

  test(
    'on the multilingual generator: groups in schema order, the intended one marked, reproducible, and a ' +
      'priority on age raises Age',
    async () => {
      const args = ['fairness', '--dataset', 'multilingual', '--alpha', '0.8', '--seeds', '2'];
      const flat = await json([...args, '--reward', 'state', '--intended', 'Age']);
      const oldest = await json([...args, '--reward', 'state * (1 + 2 * agent_feats.age_51_60)', '--intended', 'Age']);
      expect(oldest.groups.map((g: Group) => g.name)).toEqual([
        'Age',
        'Language',
        'Education',
        'Phone ownership',
        'Times to be called',
        'Income',
      ]);
      expect(oldest.groups.map((g: Group) => g.intended)).toEqual([true, false, false, false, false, false]);
      expect(oldest).toMatchObject({ seeds: 2, arms_per_seed: 100, features_used: [4] });
      expect(byName(oldest).Age.arms.reduce((a, b) => a + b)).toBe(200);
      expect(byName(oldest).Age.dp_variance).toBeGreaterThan(5 * byName(flat).Age.dp_variance);
      expect(await json([...args, '--reward', 'state * (1 + 2 * agent_feats.age_51_60)', '--intended', 'Age'])).toEqual(
        oldest,
      );
      const oneSeed = await json([
        'fairness',
        '--dataset',
        'multilingual',
        '--alpha',
        '0.8',
        '--seeds',
        '1',
        '--reward',
        'state * (1 + 2 * agent_feats.age_51_60)',
      ]);
      expect(byName(oneSeed).Age.dp_variance).not.toBe(byName(oldest).Age.dp_variance);
    },
  );

  test('on dlm: each seed samples 48 of the 7,668 beneficiaries, as DLM evaluates', async () => {
    const out = await json([
      'fairness',
      '--dataset',
      'dlm',
      '--seeds',
      '4',
      '--reward',
      'state * (1 + agent_feats[7])',
      '--intended',
      'Ages',
    ]);
    expect(out.arms_per_seed).toBe(48);
    expect(out.groups.map((g: Group) => g.name)).toContain('Ages');
    for (const g of out.groups as Group[]) expect(g.arms.reduce((a, b) => a + b)).toBe(4 * 48);
    expect(out.population).toContain('7668 arms');
    expect(byName(out).Ages.intended).toBe(true);
  });

  test('gives the same numbers for a generated population, its instance file and its population CSV', async () => {
    const reward = ['--seeds', '2', '--reward', 'state * (1 + agent_feats.age_41_50 + agent_feats.income_1)'];
    const generated = await json([
      'fairness',
      '--dataset',
      'multilingual',
      '--alpha',
      '0.8',
      '--arms',
      '80',
      '--seed',
      '5',
      ...reward,
    ]);
    for (const ext of ['json', 'csv']) {
      const file = join(dir, `ml.${ext}`);
      expect(
        (
          await run([
            'dataset',
            'generate',
            'multilingual',
            '--alpha',
            '0.8',
            '--arms',
            '80',
            '--seed',
            '5',
            '--out',
            file,
          ])
        ).code,
      ).toBe(0);
      // A CSV is headed by the labels; the schema JSON written beside it brings back the names, groups, budget and
      // horizon.
      const fromFile = await json([
        'fairness',
        '--dataset',
        file,
        ...reward,
        ...(ext === 'csv' ? ['--schema', join(dir, 'ml.schema.json')] : []),
      ]);
      expect(fromFile.groups.map((g: Group) => g.dp_variance)).toEqual(
        generated.groups.map((g: Group) => g.dp_variance),
      );
    }
    const sclm = ['--seeds', '2', '--reward', 'state * (1 + agent_feats[0])'];
    const file = join(dir, 'sclm.json');
    expect(
      (await run(['dataset', 'generate', 'sclm', '--dataset', '2', '--arms', '80', '--seed', '5', '--out', file])).code,
    ).toBe(0);
    expect((await json(['fairness', '--dataset', file, ...sclm])).groups).toEqual(
      (await json(['fairness', '--dataset', 'sclm', '--sclm-dataset', '2', '--arms', '80', '--seed', '5', ...sclm]))
        .groups,
    );
  });

  test('prints a table and the flag in plain text', async () => {
    const r = await run([
      'fairness',
      '--dataset',
      join(dir, 'hand.csv'),
      '--budget',
      '2',
      '--reward',
      'state * (1 + agent_feats.tier_high)',
      '--intended',
      'side',
      '--seeds',
      '1',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 seeds x 50 trials, 4 arms per seed, allocation measure arm-steps');
    expect(r.stdout).toMatch(/\ntier\s+2\.500e-1\s+\nside\s+0\.000e\+0\s+yes\n/);
    expect(r.stdout).toContain('unfair: tier varies more than the intended groups');
  });

  test(
    'exits 2 naming an unknown group, a bad reward, a bad measure or seed count, a misplaced flag or ' +
      'missing options',
    async () => {
      const base = ['fairness', '--dataset', 'multilingual', '--reward', 'state'];
      const r = await run([...base, '--intended', 'Ages']);
      expect(r).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('"Ages" is not a group of multilingual; its groups are Age, Language'),
      });
      expect(await run(['fairness', '--dataset', 'multilingual', '--reward', 'state * agent_feats.age'])).toMatchObject(
        {
          code: 2,
          stderr: expect.stringContaining('--reward: '),
        },
      );
      expect((await run([...base, '--measure', 'pulls'])).code).toBe(2);
      expect((await run([...base, '--seeds', '0'])).code).toBe(2);
      expect(await run([...base, '--sclm-dataset', '2'])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('does not apply to the generator "multilingual"'),
      });
      expect((await run(['fairness', '--reward', 'state'])).code).toBe(2);
      expect(await run(['fairness', '--dataset', join(dir, 'missing.csv'), '--reward', 'state'])).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('neither a generator'),
      });
    },
  );
});

describe('allot study', () => {
  test('prompts --json prints the shipped English prompts file, a valid --prompts file', async () => {
    const out = await json(['study', 'prompts']);
    expect(out).toEqual(
      JSON.parse(
        readFileSync(new URL('../../../src/core/tasks/multilingual-prompts.en.json', import.meta.url), 'utf8'),
      ),
    );
    expect(Object.keys(out)).toEqual(['en']);
    expect(
      readTranslations(
        JSON.stringify(out),
        'en.json',
        MULTILINGUAL_PROMPTS.map((p) => p.number),
      ),
    ).toEqual({ en: Object.fromEntries(MULTILINGUAL_PROMPTS.map((p) => [String(p.number), p.text])) });
    const text = await run(['study', 'prompts']);
    expect(text.stdout).toMatch(
      new RegExp(
        String.raw`^1\. While still prioritizing all, slightly prioritize those who have ` +
          String.raw`a low value of age\.\n {3}intended: Age; buckets: low age = `,
      ),
    );
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
        if (prompt.startsWith('Create'))
          return /specified goal: ತುಳು/.test(prompt) ? '$$$ state * agent_feats[9] $$$' : GOOD_1;
        return 'The best reward function is at index: 0';
      },
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  const args = [
    'study',
    'language',
    '--languages',
    'en,tcy',
    '--runs',
    '1',
    '--alpha',
    '0.2',
    '--mode',
    'zero-shot',
    '--thresholds',
    '0.1',
  ];
  const provider = () => [
    '--provider',
    'openai-compatible',
    '--model',
    'fake-small',
    '--base-url',
    `${fake.origin}/v1`,
  ];

  test(
    'runs the 8 prompts per language on the real population and engine, writes state and transcript, and ' +
      'replays to the same table',
    async () => {
      const state = join(dir, 'state.json');
      const transcript = join(dir, 'transcript.json');
      const out = await json([...args, ...provider(), '--state', state, '--transcript', transcript]);
      expect(out.status).toBe('done');
      const cell = (language: string, prompt: number) =>
        out.table.cells.find(
          (c: { language: string; prompt: number }) => c.language === language && c.prompt === prompt,
        );
      // Reads features 0 and 1 (Ages 10-20, 21-30): acceptable for prompts 1 and 7, which target those buckets,
      // and its Whittle policy gives them more than a uniform allocation.
      expect(cell('en', 1).acceptable).toEqual({ mean: 1, standardError: null, n: 1 });
      expect(cell('en', 1).success.mean).toBe(1);
      expect(cell('en', 7).success.mean).toBe(1);
      expect(cell('en', 2).acceptable.mean).toBe(0);
      expect(cell('tcy', 1).acceptable.mean).toBe(0);
      expect(out.translations.tcy['1']).toMatchObject({
        source: 'llm',
        text: `ತುಳು ${MULTILINGUAL_PROMPTS[0].text.length}`,
      });
      expect(fake.calls()).toHaveLength(8 + 16);
      expect(JSON.parse(readFileSync(transcript, 'utf8'))).toHaveLength(24);
      expect(JSON.parse(readFileSync(state, 'utf8')).status).toBe('done');
      // Every reply the state holds is found (a resumed study takes them off its transcript first).
      expect(repliesHeld(JSON.parse(readFileSync(state, 'utf8')))).toHaveLength(24);
      expect(existsSync(`${state}.tmp`)).toBe(false);

      const replayed = await json([...args, '--replay', transcript]);
      expect(replayed.table).toEqual(out.table);

      // A finished state answers without a provider call.
      const calls = fake.calls().length;
      const again = await run([...args, ...provider(), '--state', state, '--transcript', transcript]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('acceptable rate (alpha 0.2), mean±standard error over runs');
      expect(fake.calls()).toHaveLength(calls);
      expect(JSON.parse(readFileSync(transcript, 'utf8'))).toHaveLength(24);
    },
  );

  test("uses the translations of the user's file and asks the LLM for the rest", async () => {
    const file = join(dir, 'prompts.json');
    writeFileSync(file, JSON.stringify({ tcy: { 1: 'ಎಲ್ಯ ಪ್ರಾಯ' } }));
    const out = await json([...args, '--prompts', file, ...provider()]);
    expect(out.translations.tcy['1']).toEqual({ text: 'ಎಲ್ಯ ಪ್ರಾಯ', source: 'file' });
    expect(out.translations.tcy['2'].source).toBe('llm');
  });

  test('exits 2 on a bad command line and 1 on a bad translations file or a missing key', async () => {
    expect((await run(['study', 'languages'])).code).toBe(2);
    expect((await run(['study', 'language'])).stderr).toContain('give --provider and --model, or --replay TRANSCRIPT');
    expect(
      (await run([...args, '--rewrite', 'maybe', '--provider', 'openai-compatible', '--model', 'm'])).stderr,
    ).toContain('--rewrite must be one of auto, on, off');
    expect((await run([...args, '--runs', '0', '--provider', 'openai-compatible', '--model', 'm'])).code).toBe(2);
    const noKey = makeStudyCommand({});
    await expect(
      noKey.run(
        parseArgs([...args.slice(1), '--provider', 'openai', '--model', 'm'], { ...COMMON_OPTIONS, ...noKey.options }),
        { stdout: process.stdout, stderr: process.stderr },
      ),
    ).rejects.toThrow('set the environment variable ALLOT_API_KEY');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ hi: { 9: 'x' } }));
    expect(await run([...args, '--prompts', bad, ...provider()])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('bad.json: hi: "9" is not one of the prompt numbers 1, 2, 3, 4, 5, 6, 7, 8'),
    });
  });
});
