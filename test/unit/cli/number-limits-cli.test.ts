// Limits on every number a user can type (issue 29, item 4): the attack's absurd values exit 2 with one
// line naming the option and its range, before any work (no plan file written, nothing printed, no
// thread started), and every ranged option of every command is enforced, printed in --help and listed
// in the README's command-line section. The real command line in process (runMain), and once as a child
// process for the exit code itself.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import type { OptionSpec } from '../../../src/cli/args.ts';
import { commandHelp, COMMANDS } from '../../../src/cli/main.ts';
import { WORKERS_RANGE } from '../../../src/cli/number-option.ts';
import { describeRange, type NumberRange } from '../../../src/core/limits/setting-ranges.ts';
import { runMain } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);

/** The real command line in a child process: its exit code and output. */
function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const allot = fileURLToPath(new URL('../../../src/cli/allot.mjs', import.meta.url));
  return new Promise((resolve) => {
    execFile(process.execPath, [allot, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** Exit 2, nothing on stdout, one line on stderr that contains `message`. */
async function refused(argv: string[], message: string): Promise<void> {
  const r = await runMain(argv);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain(message);
}

const PLAN = ['plan', '--register', 'dlm', '--reward', 'state', '--budget', '10'];

describe('the absurd numbers of the attack exit 2 before any work', () => {
  test('plan --draws 1e9 (ran for 60 s): exit 2 from the real process, no plan written', async () => {
    const state = at('draws.json');
    const r = await runCli([...PLAN, '--draws', '1e9', '--state', state]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('allot plan: option "--draws" must be a whole number from 0 to 200, got "1e9"');
    expect(existsSync(state)).toBe(false);
  });

  test('plan --register dlm --weeks 1e6 ("Array buffer allocation failed"): no plan written', async () => {
    const state = at('weeks.json');
    const message = 'option "--weeks" must be a whole number from 1 to 104, got "1e6"';
    await refused([...PLAN, '--weeks', '1e6', '--state', state], message);
    expect(existsSync(state)).toBe(false);
  });

  test('tradeoff --points 1e9 and --seeds 1e9 (crashed V8, exit 134): nothing swept', async () => {
    const tradeoff = ['tradeoff', '--population', 'dlm', '--reward', 'state * (1 + agent_feats[7])'];
    await refused([...tradeoff, '--points', '1e9'], '"--points" must be a whole number from 2 to 200, got "1e9"');
    await refused([...tradeoff, '--seeds', '1e9'], '"--seeds" must be a whole number from 1 to 10,000, got "1e9"');
    await refused(
      [...tradeoff, '--population-seed', '-1'],
      '"--population-seed" must be a whole number from 0 to 4,294,967,295',
    );
  });

  test('simulate --workers 1000000 (2,728 threads, 10.5 GB): the cores are the limit, no thread started', async () => {
    const cores = availableParallelism();
    const simulate = ['simulate', '--population', 'dlm', '--trials', '1', '--seed', '1'];
    await refused(
      [...simulate, '--workers', '1000000'],
      `option "--workers" must be a whole number from 0 to ${cores}, got "1000000"`,
    );
    await refused([...simulate, '--workers', String(cores + 1)], `from 0 to ${cores}`);
  });

  test('simulate with a budget of 1e9, or above the arms of its file or population, is refused', async () => {
    const csv = at('three.csv');
    writeFileSync(csv, 'q00,q01,q10,q11\n0.1,0.3,0.5,0.9\n0.2,0.4,0.6,0.8\n0.3,0.5,0.7,0.9\n');
    const own = ['simulate', '--arms', csv, '--discount', '0.9', '--horizon', '5', '--trials', '1', '--seed', '1'];
    const dlm = ['simulate', '--population', 'dlm', '--trials', '1', '--seed', '1'];
    await refused(
      [...own, '--budget', '1e9'],
      'option "--budget" must be a whole number from 1 to 10,000,000, got "1e9"',
    );
    await refused([...own, '--budget', '4'], `option "--budget": the budget 4 is more than the 3 arms of ${csv}`);
    await refused([...dlm, '--budget', '1e9'], 'option "--budget" must be a whole number from 1 to 10,000,000');
    await refused(
      [...dlm, '--budget', '49'],
      'generator "dlm": the budget 49 is larger than the 48 arms each seed samples',
    );
    await refused(
      [...dlm, '--population-arms', '1e9'],
      '"--population-arms" must be a whole number from 1 to 10,000,000, got "1e9"',
    );
  });
});

/** A provider nobody answers at: the checks come before any call. */
const NOWHERE = 'http://127.0.0.1:9/v1';

/** The command line that reaches `option`'s check with everything else valid (the checks come before any work). */
function baseArgs(command: string, option: string): string[] {
  const generator = ['dataset', 'sclm-dataset'].includes(option) ? 'sclm' : option === 'alpha' ? 'multilingual' : 'dlm';
  switch (command) {
    case 'indices':
      return ['--population', generator];
    case 'simulate':
      return ['--population', generator, '--trials', '1', '--seed', '1'];
    case 'tradeoff':
      return ['--population', generator, '--reward', 'state'];
    case 'fairness':
      return ['--dataset', generator, '--reward', 'state'];
    case 'evaluate':
      return ['dlm', '--population', generator];
    case 'dataset':
      if (['prior', 'min-active', 'states'].includes(option))
        return ['estimate', at('none.csv'), '--out', at('estimated.csv')];
      return ['generate', generator, '--out', at('generated.json')];
    case 'plan':
      return ['--register', 'dlm', '--reward', 'state', '--budget', '10', '--state', at('ranged.json')];
    case 'study':
      return ['language', '--provider', 'openai-compatible', '--model', 'm', '--base-url', NOWHERE];
    case 'portfolio':
      if (['budget', 'initial-p'].includes(option))
        return ['--utilities', at('none.csv'), '--budget', '2', '--initial-p', '-100'];
      return ['--utilities', at('none.csv'), '--alpha', '0.5'];
    case 'adjudicate':
      return ['--pool', at('none.json')];
    case 'llm':
      return ['--provider', 'openai-compatible', '--model', 'm', '--prompt', 'hi', '--base-url', NOWHERE];
    default:
      return [];
  }
}

/** Values just outside the range, below and above. */
function outside(range: NumberRange): number[] {
  return [range.minExcluded ? range.min : range.min - 1, range.maxExcluded ? range.max : range.max + 1];
}

const ranged: [command: string, option: string, range: NumberRange][] = COMMANDS.flatMap((c) =>
  Object.entries(c.options as Record<string, OptionSpec>).flatMap(([name, spec]) =>
    spec.range ? [[c.name, name, spec.range] as [string, string, NumberRange]] : [],
  ),
);

describe('every ranged option of every command', () => {
  test('there are ranged options in every command that takes numbers', () => {
    const commands = new Set(ranged.map(([c]) => c));
    const numeric = [
      'indices',
      'simulate',
      'dataset',
      'llm',
      'evaluate',
      'portfolio',
      'adjudicate',
      'fairness',
      'plan',
      'study',
    ];
    for (const c of [...numeric, 'tradeoff', 'bench']) expect(commands).toContain(c);
    expect(ranged.length).toBeGreaterThan(80);
  });

  test(
    'refuses a value just below and just above its range, naming the option and the range; ' + 'writes nothing',
    async () => {
      for (const [command, option, range] of ranged) {
        const base = baseArgs(command, option).filter(
          (a, i, all) => a !== `--${option}` && all[i - 1] !== `--${option}`,
        );
        for (const value of outside(range)) {
          const r = await runMain([command, ...base, `--${option}`, String(value)]);
          expect(r.code, `${command} --${option} ${value}: ${r.stderr}`).toBe(2);
          expect(r.stderr, `${command} --${option} ${value}`).toContain(
            `"--${option}" must be ${describeRange(range)}`,
          );
        }
      }
      for (const file of ['ranged.json', 'generated.json', 'estimated.csv']) expect(existsSync(at(file))).toBe(false);
    },
    120_000,
  );

  test('--help prints each range', () => {
    for (const command of COMMANDS) {
      const help = commandHelp(command);
      for (const [name, spec] of Object.entries(command.options as Record<string, OptionSpec>)) {
        if (!spec.range) continue;
        expect(help, `${command.name} --${name}`).toMatch(
          new RegExp(`--${name} .*${escape(describeRange(spec.range))}`),
        );
      }
    }
  });

  test("the README's command-line section lists each range", () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('### Limits on the numbers you type'));
    const rows = section.split('\n').filter((line) => line.startsWith('| `--'));
    for (const [command, option, range] of ranged) {
      // "a whole number from 0 to 200" is written "whole number 0 to 200" in the table.
      const text =
        range === WORKERS_RANGE
          ? "to the machine's cores"
          : describeRange(range).replace(/^a /, '').replace(' from ', ' ');
      const row = rows.find((r) => r.split('|')[1].includes(`\`--${option}\``) && r.includes(text));
      expect(row, `${command} --${option}: ${text}`).toBeDefined();
    }
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
