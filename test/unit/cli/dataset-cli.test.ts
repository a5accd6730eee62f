import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseInstanceJson } from '../../../src/core/datasets/instance-json.ts';
import { loadPopulation } from '../../../src/cli/population.ts';
import { UsageError } from '../../../src/cli/args.ts';
import { runCli } from './cli.test.ts';
import { historyRows, registerRows, saved } from '../../fixtures/exports/her-export.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'allot-dataset-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('allot dataset', () => {
  test(
    'validate reads her register as exported and prints what became of every column, the ' + 'guesses marked',
    async () => {
      const history = join(dir, 'history.csv'),
        register = join(dir, 'register.xlsx');
      await writeFile(history, saved(historyRows(), 'csv-crlf-bom', 'history').bytes);
      await writeFile(register, saved(registerRows(), 'xlsx', 'register').bytes);
      const text = await runCli(['dataset', 'validate', history, '--features', register, '--carry', 'parity']);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(
        /^history\.csv is a valid register: 80 beneficiaries, 8 weeks of history, 2 features in 2 groups \(read in/,
      );
      expect(text.stdout.split('\n')).toEqual(
        expect.arrayContaining([
          'history.csv: id: Beneficiary ID (guessed)',
          'history.csv: state: Listened (guessed)',
          'register.xlsx: carry: name (guessed), phone (guessed), parity',
          'register.xlsx: features: age_years (4 buckets), low_income (2 buckets)',
        ]),
      );
      const json = JSON.parse(
        (await runCli(['dataset', 'validate', history, '--features', register, '--json'])).stdout,
      );
      expect(json).toMatchObject({ valid: true, kind: 'register', numArms: 80, weeks: 8 });
      expect(json.columns.find((c: { name: string }) => c.name === 'low_income')).toEqual({
        name: 'low_income',
        use: 'feature',
        group: 'low_income',
        buckets: ['no', 'yes'],
        file: 'register.xlsx',
        guessed: false,
      });
      // a register without its state column: the message names the file and the flag
      const alone = await runCli(['dataset', 'validate', register]);
      expect(alone.code).toBe(1);
      expect(alone.stderr).toContain('register.xlsx, line 1: no column was found for the current state');
    },
  );

  test('list prints one line per generator, its name first', async () => {
    const { code, stdout } = await runCli(['dataset', 'list']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(['dlm', 'sclm', 'multilingual']);
  });

  test("--help lists every generator's parameters with their sources, marking allot's own choices", async () => {
    const { code, stdout } = await runCli(['dataset', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--discount 0.9 *  discount factor, in [0, 1) [allot]');
    expect(stdout).toContain('--dataset 1  SCLM Table 2 dataset');
    expect(stdout).toContain('--alpha 0.2  strength of the relationships');
  });

  test('generate writes an instance that validate accepts, reproducibly by seed', async () => {
    const out = join(dir, 'ml.json');
    const { code, stdout } = await runCli([
      'dataset',
      'generate',
      'multilingual',
      '--alpha',
      '0.8',
      '--arms',
      '500',
      '--seed',
      '3',
      '--out',
      out,
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^wrote .*ml\.json: 500 arms, 2 states, 34 features in 6 groups/);
    const instance = parseInstanceJson(await readFile(out, 'utf8'));
    expect(instance.provenance).toMatchObject({
      generator: 'multilingual',
      seed: 3,
      parameters: { alpha: 0.8, arms: 500 },
    });
    expect(instance).toEqual(await loadPopulation('multilingual', { alpha: '0.8', arms: '500', seed: '3' }));
    const validated = await runCli(['dataset', 'validate', out]);
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain('ml.json is valid: 500 arms');
  });

  test(
    'generate to a CSV heads the columns with the names as written, and the CSV read with its schema JSON is ' +
      'the same population',
    async () => {
      const out = join(dir, 'ml.csv');
      const { code, stdout } = await runCli([
        'dataset',
        'generate',
        'multilingual',
        '--alpha',
        '0.8',
        '--arms',
        '200',
        '--seed',
        '3',
        '--out',
        out,
      ]);
      expect(code).toBe(0);
      expect(stdout).toContain(`read both with --schema ${join(dir, 'ml.schema.json')}`);
      expect((await readFile(out, 'utf8')).split('\n')[0]).toMatch(
        /^id,q00,q01,q10,q11,init_0,init_1,Ages 10-20,Ages 21-30,.*,"Income bracket 2 \(e\.g\., 1-5000\)",/,
      );
      const generated = await loadPopulation('multilingual', { alpha: '0.8', arms: '200', seed: '3' });
      const back = await loadPopulation(out, { schema: join(dir, 'ml.schema.json') });
      expect({ ...back, provenance: null }).toEqual({ ...generated, provenance: null });
    },
  );

  test('validate exits 1 with the line and column of a bad CSV', async () => {
    const file = join(dir, 'bad.csv');
    await writeFile(file, 'id,q00,q01,q10,q11\na,0.1,0.2,0.3,0.4\nb,0.1,2,0.3,0.4\n');
    const { code, stderr } = await runCli(['dataset', 'validate', file]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'allot dataset: bad.csv, line 3, column 3 ("q01"): 2 is not a probability; probabilities must be in [0, 1]',
    );
  });

  test('refuses a generator flag that does not apply, and an unknown generator (exit 2)', async () => {
    const wrong = await runCli(['dataset', 'generate', 'dlm', '--alpha', '0.5', '--out', join(dir, 'x.json')]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--alpha does not apply to the generator "dlm"');
    const unknown = await runCli(['dataset', 'generate', 'dml', '--out', join(dir, 'x.json')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no generator "dml"; the generators are dlm, sclm, multilingual');
  });

  test('estimate writes id,q00,q01,q10,q11 that reads back as a population', async () => {
    const trajectories = join(dir, 't.csv');
    const out = join(dir, 'est.csv');
    await writeFile(trajectories, 'arm,step,state,action\na,0,0,1\na,1,1,0\na,2,1,1\na,3,1,0\nb,0,0,0\nb,1,0,0\n');
    const { code, stdout } = await runCli(['dataset', 'estimate', trajectories, '--out', out, '--min-active', '0']);
    expect(code).toBe(0);
    expect(stdout).toContain('transition estimates for 2 arms, 2 states');
    const text = await readFile(out, 'utf8');
    expect(text.split('\n')[0]).toBe('id,q00,q01,q10,q11');
    // (0,1)->1, (1,0)->1, (1,1)->1 once each; (0,0) unseen
    expect(text.split('\n')[1]).toBe(`a,0.5,${2 / 3},${2 / 3},${2 / 3}`);
    const population = await loadPopulation(out, {});
    expect(population.ids).toEqual(['a', 'b']);
  });
});

describe('loadPopulation', () => {
  test('refuses generator flags for a file, and a name that is neither a generator nor a file', async () => {
    await expect(loadPopulation(join(dir, 'none.csv'), {})).rejects.toThrow(
      'is neither a generator (dlm, sclm, multilingual) nor a file that exists',
    );
    const file = join(dir, 'pop.csv');
    await writeFile(file, 'id,q00,q01,q10,q11\na,0.1,0.2,0.3,0.4\n');
    await expect(loadPopulation(file, { alpha: '0.2' })).rejects.toThrow(UsageError);
    await expect(loadPopulation('dlm', { arms: 'many' })).rejects.toThrow(
      'option "--arms" must be a whole number from 1 to 10,000,000, got "many"',
    );
  });

  test('applies --budget, --horizon and --discount to a population CSV', async () => {
    const file = join(dir, 'pop2.csv');
    await writeFile(file, 'id,q00,q01,q10,q11\na,0.1,0.2,0.3,0.4\nb,0.1,0.2,0.3,0.4\n');
    const instance = await loadPopulation(file, { budget: '2', horizon: '7', discount: '0.5' });
    expect([instance.budget, instance.horizon, instance.discount]).toEqual([2, 7, 0.5]);
  });
});

describe('files in other encodings', () => {
  test('a population saved as UTF-16 (as spreadsheets save "Unicode text") loads as its UTF-8 twin does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'allot-utf16-'));
    try {
      const csv = 'id,q00,q01,q10,q11,âge\na,0.1,0.3,0.6,0.9,23\nb,0.2,0.4,0.7,0.95,41\n';
      const utf8 = join(dir, 'p8.csv');
      const utf16 = join(dir, 'p16.csv');
      await writeFile(utf8, csv, 'utf8');
      await writeFile(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]));
      const [a, b] = [await loadPopulation(utf8, {}), await loadPopulation(utf16, {})];
      expect(b.schema).toEqual(a.schema);
      expect(b.schema.columns[0].label).toBe('âge');
      expect(b.transitions).toEqual(a.transitions);
    } finally {
      await rm(dir, { recursive: true });
    }
  });
});
