// Runs CPython on reward expressions (test/reference/python-reward.py), when python3 is installed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./python-reward.py', import.meta.url));

/** Whether `python3` runs on this machine. */
export const hasPython = spawnSync('python3', ['--version']).status === 0;

export interface PythonCase {
  expr: string;
  /** Feature values per arm, one per column. */
  arms: number[][];
  states: number;
}

/**
 * CPython's float(value) per case, arm and state, or null where Python raised
 * (also for inf and nan, which compileReward refuses as non-finite rewards).
 */
export function pythonRewards(columns: [name: string, isFloat: boolean][], cases: PythonCase[]): (number | null)[][][] {
  const result = spawnSync('python3', [script], { input: JSON.stringify({ columns, cases }), maxBuffer: 1 << 28, timeout: 120_000 });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  const out = JSON.parse(result.stdout.toString()) as string[][][];
  return out.map((arms) => arms.map((row) => row.map(parseRepr)));
}

function parseRepr(text: string): number | null {
  if (text.startsWith('error') || text === 'inf' || text === '-inf' || text === 'nan') return null;
  return Number(text); // repr is the shortest round trip; Number() reads it back exactly
}
