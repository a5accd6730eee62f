// SCLM's LLM scorer (SCLM-LLM): a 1-5 rating of each candidate against one clause, used as it is.
import type { ScoreColumn } from './score-column.ts';

/** The column of clause `name` from one whole-number rating in 1..5 per candidate. */
export function llmScoreColumn(name: string, ratings: ArrayLike<number>): ScoreColumn {
  if (ratings.length === 0) throw new RangeError(`clause "${name}": no candidates to score`);
  for (let i = 0; i < ratings.length; i++) {
    const r = ratings[i];
    if (!(Number.isInteger(r) && r >= 1 && r <= 5))
      throw new RangeError(`clause "${name}": candidate ${i + 1} is rated ${r}, not a whole number from 1 to 5`);
  }
  return { name, kind: 'llm', values: Float64Array.from(ratings), rule: 'rating' };
}
