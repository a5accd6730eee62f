// SCLM's simulator scorer (SCLM-SIM): s_c(R) = V_c(pi_R) / V_c(pi_default), the value of the
// candidate's policy under clause c's own reward over the value of the default policy under it.
import { minMaxNormalize } from './min-max-normalize.ts';
import type { ScoreColumn } from './score-column.ts';

/**
 * The column of clause `name` from the values V_c(pi_R) of every candidate and V_c(pi_default).
 *
 * The ratio needs V_c(pi_default) > 0 and every V_c(pi_R) >= 0. Otherwise it is undefined
 * (default 0), reverses the order of the candidates (default < 0) or is negative, which no p-mean
 * accepts. Then the clause's column is the min-max normalization of the values over the pool
 * instead (order-preserving, in [0, 1]), and `note` says so: the selection still prefers the
 * candidates the clause's reward values most, but the column is no longer "relative to default".
 */
export function simulatorScoreColumn(
  name: string,
  candidateValues: ArrayLike<number>,
  defaultValue: number,
): ScoreColumn {
  if (candidateValues.length === 0) throw new RangeError(`clause "${name}": no candidates to score`);
  for (let i = 0; i < candidateValues.length; i++) {
    if (!Number.isFinite(candidateValues[i]))
      throw new RangeError(`clause "${name}": the value of candidate ${i + 1} is ${candidateValues[i]}`);
  }
  if (!Number.isFinite(defaultValue))
    throw new RangeError(`clause "${name}": the default policy's value is ${defaultValue}`);
  let negative = -1;
  for (let i = 0; i < candidateValues.length && negative < 0; i++) if (candidateValues[i] < 0) negative = i;
  if (defaultValue > 0 && negative < 0) {
    return {
      name,
      kind: 'simulator',
      values: Float64Array.from(candidateValues, (v) => v / defaultValue),
      rule: 'ratio',
    };
  }
  const why =
    defaultValue <= 0
      ? `the default policy's value under this clause's reward is ${defaultValue}, so a ratio to it is ` +
        `${defaultValue === 0 ? 'undefined' : 'order-reversing'}`
      : `candidate ${negative + 1} has the negative value ${candidateValues[negative]}, and the p-mean needs ` +
        `scores >= 0`;
  const { values, rule } = minMaxNormalize(candidateValues);
  return {
    name,
    kind: 'simulator',
    values,
    rule,
    note: `${why}: the values are min-max normalized over the pool instead`,
  };
}
