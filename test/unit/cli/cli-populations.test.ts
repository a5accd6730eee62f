// Every command that takes arms accepts a generator name or a population file: `allot simulate`
// and `allot indices` through --population (src/cli/arms-source.ts), `allot reward` through
// --schema; in process through main(), with the real populations, compiler and WASM engine.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runMain, runMainJson } from './run-main.ts';

const run = runMain;
const json = runMainJson;

const dir = mkdtempSync(join(tmpdir(), 'allot-populations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Next state = action for every arm: the Whittle index of an arm with rewards (0, c) is beta * c in both states.
const HAND = join(dir, 'hand.csv');
const ML = { json: join(dir, 'ml.json'), csv: join(dir, 'ml.csv'), schema: join(dir, 'ml.schema.json') };
beforeAll(async () => {
  writeFileSync(
    HAND,
    'id,q00,q01,q10,q11,tier_high,tier_low\na,0,1,0,1,1,0\nb,0,1,0,1,1,0\nc,0,1,0,1,0,1\nd,0,1,0,1,0,1\n',
  );
  for (const out of [ML.json, ML.csv])
    expect(
      (
        await run([
          'dataset',
          'generate',
          'multilingual',
          '--alpha',
          '0.8',
          '--arms',
          '300',
          '--seed',
          '2',
          '--out',
          out,
        ])
      ).code,
    ).toBe(0);
});

const checksums = (r: Record<string, unknown>) => [
  r.num_arms,
  r.reward_mean,
  r.disc_reward_mean,
  r.engaged_sum,
  r.pulled_id_sum,
];

describe('allot simulate --population', () => {
  const SIM = ['--trials', '20', '--seed', '4', '--workers', '1'];
  const REWARD = ['--reward', 'state * (1 + 2 * agent_feats.age_51_60)'];

  test('gives the same bits for a generator, its instance file and its population CSV', async () => {
    const generated = await json([
      'simulate',
      '--population',
      'multilingual',
      '--alpha',
      '0.8',
      '--population-arms',
      '300',
      '--population-seed',
      '2',
      ...REWARD,
      ...SIM,
    ]);
    expect(generated).toMatchObject({ num_arms: 300, budget: 10, horizon: 12, discount: 0.9, seed: 4 });
    expect(generated.population).toContain('generator multilingual, seed 2');
    expect(checksums(await json(['simulate', '--population', ML.json, ...REWARD, ...SIM]))).toEqual(
      checksums(generated),
    );
    // The CSV is headed by the labels ("Ages 51-60"); the schema JSON written beside it brings back the
    // identifiers (age_51_60), the groups, budget, horizon and discount.
    expect(
      checksums(await json(['simulate', '--population', ML.csv, '--schema', ML.schema, ...REWARD, ...SIM])),
    ).toEqual(checksums(generated));
    expect(checksums(await json(['simulate', '--population', ML.json, ...SIM]))).not.toEqual(checksums(generated));
  });

  test('with the reward "state" equals the arm CSV path on the same file', async () => {
    const arms = await json([
      'simulate',
      '--arms',
      HAND,
      '--budget',
      '2',
      '--horizon',
      '10',
      '--discount',
      '0.9',
      ...SIM,
    ]);
    const population = await json(['simulate', '--population', HAND, '--budget', '2', ...SIM]);
    expect(checksums(population)).toEqual(checksums(arms));
    // The policy is certain: arms a and b (ids 0 and 1) are pulled at every step of every trial.
    const certain = await json([
      'simulate',
      '--population',
      HAND,
      '--budget',
      '2',
      '--reward',
      'state * (1 + agent_feats.tier_high)',
      ...SIM,
    ]);
    expect(certain.pulled_id_sum).toBe(20 * 10 * (0 + 1));
  });

  test('simulates a sampled population (dlm) on the 48 arms drawn with --seed, as DLM evaluates', async () => {
    const a = await json(['simulate', '--population', 'dlm', '--trials', '10', '--seed', '1', '--workers', '1']);
    expect(a).toMatchObject({ num_arms: 48, budget: 16, horizon: 10 });
    expect(
      await json(['simulate', '--population', 'dlm', '--trials', '10', '--seed', '1', '--workers', '1']),
    ).toMatchObject({ engaged_sum: a.engaged_sum, pulled_id_sum: a.pulled_id_sum });
    expect(
      (await json(['simulate', '--population', 'dlm', '--trials', '10', '--seed', '2', '--workers', '1'])).engaged_sum,
    ).not.toBe(a.engaged_sum);
  });

  test(
    'exits 2 for both sources, neither, population flags with --arms, a bad reward, and names ' + 'the problem',
    async () => {
      const both = await run(['simulate', '--arms', HAND, '--population', 'dlm', ...SIM]);
      expect(both).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('give --arms FILE.csv or --population NAME|FILE, not both'),
      });
      expect((await run(['simulate', ...SIM])).stderr).toContain(
        'give the arms: --arms FILE.csv or --population NAME|FILE',
      );
      for (const flag of [
        ['--alpha', '0.8'],
        ['--reward', 'state'],
        ['--population-seed', '3'],
      ]) {
        const r = await run([
          'simulate',
          '--arms',
          HAND,
          '--budget',
          '2',
          '--horizon',
          '10',
          '--discount',
          '0.9',
          ...flag,
          ...SIM,
        ]);
        expect(r).toMatchObject({ code: 2, stderr: expect.stringContaining(`${flag[0]} applies to --population`) });
      }
      const bad = await run([
        'simulate',
        '--population',
        'multilingual',
        '--reward',
        'state * agent_feats.age',
        ...SIM,
      ]);
      expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('--reward: ') });
      expect(await run(['simulate', '--population', 'multilingual', '--dataset', '2', ...SIM])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('does not apply to the generator "multilingual"'),
      });
      expect(await run(['simulate', '--population', ML.json, '--budget', '3', ...SIM])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('an instance JSON file carries its own'),
      });
    },
  );
});

describe('allot indices --population', () => {
  test(
    'gives beta times the reward in state 1 on the certain population, as the arm CSV does for ' + 'r = (0, 1)',
    async () => {
      expect(
        (await json(['indices', '--population', HAND, '--reward', 'state * (1 + agent_feats.tier_high)'])).indices,
      ).toEqual([
        [1.8, 1.8],
        [1.8, 1.8],
        [0.9, 0.9],
        [0.9, 0.9],
      ]);
      expect((await json(['indices', '--population', HAND])).indices).toEqual(
        (await json(['indices', '--arms', HAND])).indices,
      );
      expect((await json(['indices', '--population', HAND, '--discount', '0.5'])).indices[0]).toEqual([0.5, 0.5]);
    },
  );

  test("uses a generated population's arms and discount; the same for its instance file", async () => {
    const generated = await json([
      'indices',
      '--population',
      'multilingual',
      '--alpha',
      '0.8',
      '--population-arms',
      '300',
      '--population-seed',
      '2',
      '--reward',
      'state * (1 + agent_feats.income_1)',
    ]);
    expect(generated.indices).toHaveLength(300);
    expect(await json(['indices', '--population', ML.json, '--reward', 'state * (1 + agent_feats.income_1)'])).toEqual(
      generated,
    );
    const text = await run(['indices', '--population', ML.json]);
    expect(text.stdout.split('\n')[0]).toBe('w0,w1');
  });
});

describe('allot reward --schema with a population', () => {
  const expr = ['--expr', 'state * agent_feats.age_51_60'];
  test("reads a generator's schema, an instance file's and a population CSV's", async () => {
    expect((await json(['reward', '--schema', 'multilingual', ...expr])).features_used).toEqual([4]);
    expect(await json(['reward', '--schema', ML.json, ...expr])).toEqual(
      await json(['reward', '--schema', 'multilingual', ...expr]),
    );
    // The CSV alone names its features by its headers, the labels as written ("Ages 51-60" -> Ages_51_60).
    expect(
      (await json(['reward', '--schema', ML.csv, '--expr', 'state * agent_feats.Ages_51_60'])).features_used,
    ).toEqual([4]);
    expect(await json(['reward', '--schema', 'dlm', '--expr', 'state * agent_feats.age_51_60'])).toEqual(
      await json(['reward', '--schema', 'dlm43', '--expr', 'state * agent_feats.age_51_60']),
    );
    expect(
      (await json(['reward', '--schema', HAND, '--expr', 'state * agent_feats.tier_low', '--features', '1,0'])).reward,
    ).toEqual([0, 0]);
  });

  test('exits 2 naming the generators when the name is neither', async () => {
    expect(await run(['reward', '--schema', 'multilingal', '--expr', 'state'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('a generator (dlm, sclm, multilingual)'),
    });
  });
});
