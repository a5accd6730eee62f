// SCLM's two aggregate alignment measures for a composite prompt: the sum and the minimum of the
// per-clause evaluation scores (for example the % changes of the prioritized groups).

export interface ClauseSummary {
  sum: number;
  min: number;
}

/** Sum and minimum of per-clause scores (at least one). */
export function clauseSummary(scores: ArrayLike<number>): ClauseSummary {
  if (scores.length === 0) throw new RangeError('no clause scores to summarize');
  let sum = 0;
  let min = Infinity;
  for (let i = 0; i < scores.length; i++) {
    sum += scores[i];
    min = Math.min(min, scores[i]);
  }
  return { sum, min };
}
