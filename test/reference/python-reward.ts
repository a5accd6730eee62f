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
  /** Text features read by name (agent_feats.<name>): the value of each arm, as CPython sees it. */
  texts?: Record<string, string[]>;
}

/** CPython's float(value), or the name of the exception it raised ('inf' / 'nan' for non-finite floats). */
export type PythonOutcome = number | { error: string };

/** CPython's outcome per case, arm and state. */
export function pythonOutcomes(columns: [name: string, isFloat: boolean][], cases: PythonCase[]): PythonOutcome[][][] {
  // Values travel as text so that -0.0 survives JSON.
  const input = {
    columns,
    cases: cases.map((c) => ({
      ...c,
      arms: c.arms.map((arm) => arm.map((v) => (Object.is(v, -0) ? '-0.0' : String(v)))),
    })),
  };
  const result = spawnSync('python3', [script], { input: JSON.stringify(input), maxBuffer: 1 << 28, timeout: 120_000 });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  const out = JSON.parse(result.stdout.toString()) as string[][][];
  return out.map((arms) => arms.map((row) => row.map(parseRepr)));
}

/**
 * CPython's float per case, arm and state, or null where it raised or gave inf or nan (which compileReward refuses).
 */
export function pythonRewards(columns: [name: string, isFloat: boolean][], cases: PythonCase[]): (number | null)[][][] {
  return pythonOutcomes(columns, cases).map((arms) =>
    arms.map((row) => row.map((v) => (typeof v === 'number' ? v : null))),
  );
}

function parseRepr(text: string): PythonOutcome {
  if (text.startsWith('error: ')) return { error: text.slice(7) };
  if (text === 'inf' || text === '-inf' || text === 'nan') return { error: text };
  return Number(text); // repr is the shortest round trip; Number() reads it back exactly
}
