// The adjudicator's choice: the candidate whose clause scores have the highest p-mean welfare.
import { pMean } from '../welfare/p-mean.ts';

export interface Selection {
  /** The chosen candidate: the highest welfare, ties broken by the lowest index (the earliest generated). */
  index: number;
  /** Welfare of every candidate, numCandidates. */
  welfare: Float64Array;
  /** Every candidate whose welfare equals the best, in index order (length 1 when the choice is clear). */
  tied: number[];
}

/**
 * Selects from `scores`, numCandidates x numClauses row-major (non-negative, see pMean for zeros),
 * with welfare M_p and optional clause weights summing to 1. A one-candidate pool returns it.
 */
export function selectByWelfare(
  scores: ArrayLike<number>,
  numClauses: number,
  p: number,
  weights?: ArrayLike<number>,
): Selection {
  if (!(Number.isInteger(numClauses) && numClauses >= 1))
    throw new RangeError(`numClauses must be a positive integer, got ${numClauses}`);
  if (scores.length === 0 || scores.length % numClauses !== 0) {
    throw new RangeError(
      `${scores.length} scores do not form a candidates x ${numClauses} clauses matrix with at least one candidate`,
    );
  }
  const n = scores.length / numClauses;
  const welfare = new Float64Array(n);
  const row = new Float64Array(numClauses);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < numClauses; c++) row[c] = scores[i * numClauses + c];
    try {
      welfare[i] = pMean(row, p, weights);
    } catch (error) {
      throw new RangeError(`candidate ${i + 1}: ${(error as Error).message}`);
    }
  }
  let index = 0;
  for (let i = 1; i < n; i++) if (welfare[i] > welfare[index]) index = i;
  const tied: number[] = [];
  for (let i = 0; i < n; i++) if (welfare[i] === welfare[index]) tied.push(i);
  return { index, welfare, tied };
}
