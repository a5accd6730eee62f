import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../../src/cli/main.ts';

/** Runs the command router in-process (the child-process path is covered by cli.test.ts). */
async function runCli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { code, stdout, stderr };
}

describe('allot welfare', () => {
  test('prints the p-mean, with --p -1, --p=-1, -inf and weights', async () => {
    expect(await runCli(['welfare', '--scores', '1,2,4', '--p', '-1', '--json'])).toMatchObject({
      code: 0,
      stdout: `${JSON.stringify({ value: 12 / 7 })}\n`,
    });
    expect((await runCli(['welfare', '--scores', '1,2,4', '--p=-1'])).stdout).toBe(`${12 / 7}\n`);
    expect((await runCli(['welfare', '--scores', '1,2,4', '--p', '-inf'])).stdout).toBe('1\n');
    expect(
      JSON.parse(
        (await runCli(['welfare', '--scores', '1,2,4', '--p', '1', '--weights', '0.5,0.25,0.25', '--json'])).stdout,
      ),
    ).toEqual({ value: 2 });
  });

  test('exits 2 with one line naming the bad score, p or weights', async () => {
    const negative = await runCli(['welfare', '--scores', '1,-2', '--p', '1']);
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain('score 2 is -2');
    expect((await runCli(['welfare', '--scores', '1,x', '--p', '1'])).stderr).toContain(
      '--scores: item 2 ("x") is not a number',
    );
    expect((await runCli(['welfare', '--scores', '1,2', '--p', '3'])).stderr).toContain('p = 3 is above 1');
    expect((await runCli(['welfare', '--scores', '1,2', '--p', '1', '--weights', '0.7,0.7'])).stderr).toContain(
      'the weights sum to 1.4',
    );
    expect((await runCli(['welfare', '--p', '1'])).code).toBe(2);
  });
});

describe('allot portfolio', () => {
  const dir = mkdtempSync(join(tmpdir(), 'allot-portfolio-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // Three stakeholders (one with a zero default utility) x three policies: balanced, lopsided, default-like.
  const file = join(dir, 'utilities.csv');
  writeFileSync(
    file,
    'Key,Category,default,balanced,lopsided\nlow,Income,1,2,0.5\nhigh,Income,1,2,6\nnone,Income,0,1,1\n',
  );

  test('runs p-MeanPortfolio and prints the JSON fields', async () => {
    const { code, stdout } = await runCli([
      'portfolio',
      '--utilities',
      file,
      '--drop-zero-default',
      '--alpha',
      '0.9',
      '--json',
    ]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as {
      size: number;
      p_values: number[];
      policies: string[];
      oracle_calls: number;
      approximation: number;
    };
    expect(Object.keys(out)).toEqual(['size', 'p_values', 'policies', 'oracle_calls', 'approximation']);
    expect(out.policies[0]).toBe('balanced');
    expect(out.p_values[0]).toBeCloseTo(Math.log(2) / Math.log(0.9), 12);
    expect(out.approximation).toBeGreaterThanOrEqual(0.9);
  });

  test('runs Budget-ConstrainedPortfolio with a negative initial p written either way', async () => {
    for (const args of [['--initial-p', '-100'], ['--initial-p=-100']]) {
      const { code, stdout } = await runCli(['portfolio', '--utilities', file, '--budget', '2', ...args, '--json']);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({ p_values: [-100, 1], oracle_calls: 2 });
    }
  });

  test('exits 2 for a bad command line and 1 with the file line and column for a bad file', async () => {
    expect((await runCli(['portfolio', '--utilities', file, '--alpha', '0.5', '--budget', '2'])).stderr).toContain(
      'give either --alpha A or --budget K --initial-p P',
    );
    expect((await runCli(['portfolio', '--utilities', file, '--budget', '2'])).code).toBe(2);
    expect((await runCli(['portfolio', '--utilities', file, '--alpha', '1.5'])).stderr).toContain(
      'option "--alpha" must be a number in (0, 1), got "1.5"',
    );
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'Key,Category,default\nlow,Income,1\nhigh,Income,oops\n');
    const result = await runCli(['portfolio', '--utilities', bad, '--alpha', '0.5']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('bad.csv, line 3, column 3 ("default"): "oops" is not a number');
  });
});
