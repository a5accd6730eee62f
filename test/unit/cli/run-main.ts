// The command line in process: main() with captured output, as `allot` runs it (exit code, stdout, stderr).
import { expect } from 'vitest';
import { main } from '../../../src/cli/main.ts';

export async function runMain(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
  });
  return { code, stdout, stderr };
}

/** The command's --json output; the command must succeed without a word on stderr. */
export async function runMainJson(argv: string[]) {
  const r = await runMain([...argv, '--json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}
