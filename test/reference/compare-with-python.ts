// One reward expression's outcome in allot against CPython's: the same float in every entry (to the
// bit, -0.0 included), or a failure at the same arm and state. allot's two deliberate deviations
// (integers beyond MAX_INT_BITS, a negative number to a fractional power) are counted, not compared.
import type { CompileResult } from '../../src/core/reward/compile-reward.ts';
import type { PythonOutcome } from './python-reward.ts';

export type Verdict = 'equal' | 'failing' | 'syntax' | 'beyond-limit' | 'complex';

export interface Comparison {
  verdict: Verdict;
  /** Entries equal to the bit. */
  equalEntries: number;
  /** What differs, in words; empty when allot agrees with CPython. */
  mismatches: string[];
}

export function compareWithPython(
  expr: string,
  result: CompileResult,
  expected: PythonOutcome[][],
  numStates: number,
): Comparison {
  const mismatches: string[] = [];
  const firstFailure = expected
    .flatMap((row, arm) => row.map((v, s) => (typeof v === 'number' ? null : { arm, s, error: v.error })))
    .find((x) => x !== null);
  if (!result.ok && /LimitError/.test(result.error.message))
    return { verdict: 'beyond-limit', equalEntries: 0, mismatches };
  if (!result.ok && /complex/.test(result.error.message)) return { verdict: 'complex', equalEntries: 0, mismatches };
  if (firstFailure?.error === 'SyntaxError') {
    if (result.ok || result.error.message.includes('for arm'))
      mismatches.push(`${expr}: a SyntaxError in Python, allot ${result.ok ? 'computes' : result.error.message}`);
    return { verdict: 'syntax', equalEntries: 0, mismatches };
  }
  if (firstFailure) {
    if (result.ok)
      mismatches.push(
        `${expr}: Python raises ${firstFailure.error} at arm ${firstFailure.arm} state ${firstFailure.s}, ` +
          `allot computes`,
      );
    else if (!result.error.message.includes(`for arm ${firstFailure.arm} in state ${firstFailure.s}`))
      mismatches.push(
        `${expr}: Python raises ${firstFailure.error} at arm ${firstFailure.arm} state ${firstFailure.s}, allot: ` +
          `${result.error.message}`,
      );
    else if (
      ['ZeroDivisionError', 'OverflowError', 'ValueError', 'TypeError'].includes(firstFailure.error) &&
      !result.error.message.startsWith(firstFailure.error)
    ) {
      mismatches.push(`${expr}: Python raises ${firstFailure.error}, allot: ${result.error.message}`);
    }
    return { verdict: 'failing', equalEntries: 0, mismatches };
  }
  if (!result.ok)
    return {
      verdict: 'equal',
      equalEntries: 0,
      mismatches: [`${expr}: allot fails (${result.error.message}), Python computes ${JSON.stringify(expected)}`],
    };
  let equalEntries = 0;
  expected.forEach((row, arm) =>
    row.forEach((v, s) => {
      const ours = result.table[arm * numStates + s];
      if (Object.is(ours, v)) equalEntries++;
      else mismatches.push(`${expr}: arm ${arm} state ${s}: allot ${ours}, Python ${v}`);
    }),
  );
  return { verdict: 'equal', equalEntries, mismatches };
}
