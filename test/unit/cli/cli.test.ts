import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { exampleArms } from '../../../src/core/examples/example-arms.ts';
import { closedFormWhittle2 } from '../../reference/whittle2.ts';

const allot = fileURLToPath(new URL('../../../src/cli/allot.mjs', import.meta.url));

/** Runs the real command line in a child process. */
export function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [allot, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('the allot command line', () => {
  test('lists every command with --help and exits 0', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    const { COMMANDS } = await import('../../../src/cli/main.ts');
    for (const { name } of COMMANDS) expect(stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  });

  test('exits 2 with a one-line message for an unknown command', async () => {
    const { code, stderr, stdout } = await runCli(['frobnicate']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual(['allot: unknown command "frobnicate"; run "allot --help" for the list']);
  });

  test('exits 2 with a one-line usage message for a bad option', async () => {
    const { code, stderr } = await runCli(['example', '--jsn']);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('unknown option "--jsn"; did you mean --json?');
    expect(stderr).toContain('usage: allot example');
  });

  test('shows the options of a command with --help', async () => {
    const { code, stdout } = await runCli(['example', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: allot example [--json]');
    expect(stdout).toContain('--json');
  });

  test('computes the built-in example with the WASM engine, as the closed form says', async () => {
    const { code, stdout } = await runCli(['example', '--json']);
    expect(code).toBe(0);
    const { arms, discount } = JSON.parse(stdout) as { arms: { indices: number[] }[]; discount: number };
    const { transitions, rewards } = exampleArms();
    arms.forEach(({ indices }, arm) => {
      const q = (s: number, a: number) => transitions[arm * 8 + s * 4 + a * 2 + 1];
      expect(indices).toEqual(
        closedFormWhittle2(
          [
            [q(0, 0), q(0, 1)],
            [q(1, 0), q(1, 1)],
          ],
          [rewards[arm * 2], rewards[arm * 2 + 1]],
          discount,
        ),
      );
    });
  });
});
