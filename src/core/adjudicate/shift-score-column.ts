// SCLM's clause against unintended utility shifts in one feature group not named in the prompt:
// EMD between the group's utility distribution under the default and under each candidate,
// min-max normalized over the pool and inverted, so that the smallest shift scores 1.
import { emd } from '../measures/emd.ts';
import { minMaxNormalize } from './min-max-normalize.ts';
import type { ScoreColumn } from './score-column.ts';

/**
 * `candidates[i]` and `baseline` are utilities per bucket of the group (ordered buckets). Also returns the raw EMDs.
 */
export function shiftScoreColumn(
  name: string,
  candidates: readonly ArrayLike<number>[],
  baseline: ArrayLike<number>,
): ScoreColumn & { emd: Float64Array } {
  if (candidates.length === 0) throw new RangeError(`clause "${name}": no candidates to score`);
  const distances = Float64Array.from(candidates, (c, i) => {
    try {
      return emd(baseline, c);
    } catch (error) {
      throw new RangeError(`clause "${name}", candidate ${i + 1}: ${(error as Error).message}`);
    }
  });
  const { values, rule } = minMaxNormalize(distances, true);
  return { name, kind: 'shift', values, rule, emd: distances };
}
