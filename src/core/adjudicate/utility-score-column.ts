// SCLM's "maximize the total generated utility" clause: total utility, min-max normalized over the pool.
import { minMaxNormalize } from './min-max-normalize.ts';
import type { ScoreColumn } from './score-column.ts';

export function utilityScoreColumn(name: string, totals: ArrayLike<number>): ScoreColumn {
  if (totals.length === 0) throw new RangeError(`clause "${name}": no candidates to score`);
  const { values, rule } = minMaxNormalize(totals);
  return { name, kind: 'utility', values, rule };
}
