// The adjudicator's selection, transparent: the choice under several welfare functions side by
// side, each with why it was made, how much score noise it withstands, and SCLM's regret bound.
import { pMean } from '../welfare/p-mean.ts';
import { relativeRegretBound } from './regret-bound.ts';
import type { ScoreMatrix } from './score-matrix.ts';
import { selectByWelfare } from './select-by-welfare.ts';
import { tiedAsShown, tieSentence } from '../words/tie.ts';

export interface WelfareChoice {
  /** e.g. "utilitarian", "p = -2". */
  label: string;
  p: number;
  /** One weight per clause, summing to 1; equal weights when absent. */
  weights?: number[];
}

/** Utilitarian, Nash and egalitarian welfare, the three SCLM compares. */
export const CLASSIC_WELFARE: readonly WelfareChoice[] = [
  { label: 'utilitarian', p: 1 },
  { label: 'nash', p: 0 },
  { label: 'egalitarian', p: -Infinity },
];

export interface WelfareOutcome extends WelfareChoice {
  /** The chosen candidate (ties go to the lowest index, the earliest generated). */
  index: number;
  /** Every candidate with the best welfare. */
  tied: number[];
  /** Welfare of every candidate. */
  welfare: number[];
  /** The best welfare among the other candidates (null for a one-candidate pool). */
  runnerUp: number | null;
  /**
   * The largest multiplicative score noise eps under which the choice is certain to stay the true
   * best: with (1 - eps) s <= s_hat <= (1 + eps) s entrywise, the winner (observed welfare W1)
   * is truly best when W1 / (1 + eps) > W2 / (1 - eps) for the runner-up's W2, i.e. eps < (W1 - W2) / (W1 + W2).
   * 0 for a tie; null for a one-candidate pool (no other choice exists).
   */
  robustTo: number | null;
  explanation: string;
}

export interface Adjudication {
  outcomes: WelfareOutcome[];
  /** SCLM Proposition 1 at the assumed noise level: relative regret <= 2 eps / (1 + eps), for every p and weights. */
  regret: { epsilon: number; bound: number };
}

/**
 * Selects from `matrix` under each welfare function of `choices`, with regret at noise level
 * `epsilon` (default 0.1). Explanations name candidates by `names` (default "candidate 1", ...).
 */
/** The p of a classic welfare function by its label (utilitarian 1, nash 0, egalitarian -Infinity); 1 if unknown. */
export function welfareP(label: string): number {
  return CLASSIC_WELFARE.find((c) => c.label === label)?.p ?? 1;
}

export function adjudicate(
  matrix: ScoreMatrix,
  choices: readonly WelfareChoice[] = CLASSIC_WELFARE,
  epsilon = 0.1,
  names?: readonly string[],
): Adjudication {
  if (names && names.length !== matrix.numCandidates)
    throw new RangeError(`${names.length} names for ${matrix.numCandidates} candidates`);
  const name = (i: number) => names?.[i] ?? `candidate ${i + 1}`;
  const m = matrix.clauses.length;
  const outcomes = choices.map((choice): WelfareOutcome => {
    let selection;
    try {
      // checks p and the weights before any candidate is blamed
      pMean(new Float64Array(m).fill(1), choice.p, choice.weights);
      selection = selectByWelfare(matrix.scores, m, choice.p, choice.weights);
    } catch (error) {
      throw new RangeError(`${choice.label}: ${(error as Error).message}`);
    }
    const welfare = Array.from(selection.welfare);
    const { index, tied } = selection;
    const best = welfare[index];
    let runnerUp: number | null = null;
    welfare.forEach((w, i) => {
      if (i !== index && (runnerUp === null || w > runnerUp)) runnerUp = w;
    });
    const robustTo = runnerUp === null ? null : best + runnerUp === 0 ? 0 : (best - runnerUp) / (best + runnerUp);
    const outcome = { ...choice, index, tied, welfare, runnerUp, robustTo, explanation: '' };
    outcome.explanation = explain(outcome, matrix, name);
    return outcome;
  });
  return { outcomes, regret: { epsilon, bound: relativeRegretBound(epsilon) } };
}

const fmt = (x: number) => String(Number(x.toPrecision(4)));

function explain(o: Omit<WelfareOutcome, 'explanation'>, matrix: ScoreMatrix, name: (i: number) => string): string {
  const n = matrix.numCandidates;
  if (n === 1)
    return `The pool has one candidate: it is selected under every welfare function (welfare ${fmt(o.welfare[0])}).`;
  if (o.tied.length === n) {
    const rowsEqual = allRowsEqual(matrix);
    return (
      `All ${n} candidates have the same welfare ${fmt(o.welfare[0])}` +
      (rowsEqual ? ', because every clause scores them alike' : '') +
      `: nothing tells them apart, so the earliest generated, ${name(o.index)}, is selected.`
    );
  }
  if (o.tied.length > 1) {
    return (
      `${o.tied.map(name).join(', ')} tie at welfare ${fmt(o.welfare[o.index])}; the earliest generated, ` +
      `${name(o.index)}, is selected. Any score noise could change this choice.`
    );
  }
  if (tiedAsShown(o.welfare[o.index], o.runnerUp!)) {
    const second = o.welfare.findIndex((w, i) => i !== o.index && w === o.runnerUp);
    return (
      `${tieSentence(name(o.index), name(second), o.welfare[o.index], o.welfare[o.index] - o.runnerUp!)}. Any ` +
      `score noise could change this choice.`
    );
  }
  return (
    `${name(o.index)} has the highest welfare, ${fmt(o.welfare[o.index])}, ahead of ${fmt(o.runnerUp!)}; ` +
    `multiplicative score noise below ${fmt(100 * o.robustTo!)}% cannot change this choice.`
  );
}

function allRowsEqual({ numCandidates: n, clauses, scores }: ScoreMatrix): boolean {
  const m = clauses.length;
  for (let i = 1; i < n; i++) for (let j = 0; j < m; j++) if (scores[i * m + j] !== scores[j]) return false;
  return true;
}
