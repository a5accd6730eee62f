// Min-max normalization of one clause's scores over the pool (SCLM's shift and total-utility clauses).

export interface Normalized {
  values: Float64Array;
  /**
   * How the values were obtained:
   * - 'range': (x - min) / (max - min), or 1 minus that when lower is better;
   * - 'single': one candidate, which is both the best and the worst: it gets 1;
   * - 'all-equal': the clause does not tell the candidates apart: every one gets 1.
   * 1 is the neutral choice for a clause that cannot discriminate: a column of equal values
   * leaves every p-mean ranking unchanged and cannot zero out Nash or egalitarian welfare.
   */
  rule: 'range' | 'single' | 'all-equal';
}

/** Maps finite scores onto [0, 1], best = 1; with `lowerIsBetter` (EMD) the smallest score maps to 1. */
export function minMaxNormalize(scores: ArrayLike<number>, lowerIsBetter = false): Normalized {
  const n = scores.length;
  if (n === 0) throw new RangeError('no scores to normalize');
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(scores[i]))
      throw new RangeError(`score ${i + 1} is ${scores[i]}: only finite scores can be normalized`);
    min = Math.min(min, scores[i]);
    max = Math.max(max, scores[i]);
  }
  const values = new Float64Array(n);
  if (n === 1 || min === max) return { values: values.fill(1), rule: n === 1 ? 'single' : 'all-equal' };
  for (let i = 0; i < n; i++) {
    const t = (scores[i] - min) / (max - min);
    values[i] = lowerIsBetter ? 1 - t : t;
  }
  return { values, rule: 'range' };
}
