// Whether a rerun reproduced its original bit for bit: the selected candidate, every candidate's
// expression and policy summary, and the summaries by expression (the default policy's too).
import type { CandidateRecord } from '../../storage/records.ts';

export interface RunOutcome {
  /** The pipeline's result (DlmResult or SclmResult): the selected candidate and why. */
  result: unknown;
  candidates: readonly Pick<CandidateRecord, 'index' | 'origin' | 'expression' | 'summary'>[];
  summaries: Record<string, unknown>;
}

export interface RunComparison {
  identical: boolean;
  /** What differs, in words ("the selected candidate", "candidate dlm/r1/c0's summary"); empty when identical. */
  differences: string[];
}

export function compareRuns(original: RunOutcome, rerun: RunOutcome): RunComparison {
  const differences: string[] = [];
  if (!sameBits(original.result ?? null, rerun.result ?? null)) differences.push('the selected candidate');
  if (original.candidates.length !== rerun.candidates.length)
    differences.push(`the number of candidates (${original.candidates.length} then ${rerun.candidates.length})`);
  const byIndex = new Map(rerun.candidates.map((c) => [c.index, c]));
  for (const a of original.candidates) {
    const b = byIndex.get(a.index);
    if (!b) continue;
    if (a.origin !== b.origin || a.expression !== b.expression)
      differences.push(`candidate ${a.index + 1} (${a.origin}: ${a.expression || 'no expression'})`);
    else if (!sameBits(a.summary ?? null, b.summary ?? null)) differences.push(`candidate ${a.origin}'s summary`);
  }
  const keys = new Set([...Object.keys(original.summaries), ...Object.keys(rerun.summaries)]);
  for (const key of keys)
    if (!sameBits(original.summaries[key] ?? null, rerun.summaries[key] ?? null))
      differences.push(`the summary of the policy for ${key}`);
  return { identical: differences.length === 0, differences };
}

/** Deep equality where numbers must be the same double (Object.is: -0 differs from 0, NaN equals NaN). */
export function sameBits(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b);
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (a.constructor !== b.constructor) return false;
    const x = a as unknown as ArrayLike<number>,
      y = b as unknown as ArrayLike<number>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
    return true;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && sameBits((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
