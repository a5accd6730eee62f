// How the list's reasons read a register's features: through one accessor and one row copy, so that
// the features' layout (today row-major float64, numArms x numFeatures) is known here and nowhere else
// in the list's code (weekly-list.ts, line-reasons.ts, plain-reason.ts, explain-priority.ts).
import type { FeatureSchema } from '../instance/types.ts';
import type { RewardPopulation } from '../reward/compile-reward.ts';
import { scratch } from './scratch.ts';

/** Her value of feature column f (row: an arm of the register, or a line of a list's kept values). */
export type FeatureValue = (row: number, f: number) => number;

/** The accessor over a register's (or population's) features. */
export function featureValue(population: { schema: FeatureSchema; features: Float64Array }): FeatureValue {
  const F = population.schema.columns.length, x = population.features;
  return (row, f) => x[row * F + f];
}

/**
 * A population of `n` rows of the register (rows[r] is row r) on which a reward compiles, with only
 * `columns` copied: the others hold whatever a scratch array held, so only a reward (or its terms)
 * reading no more than `columns` may be compiled on it. Valid until the next call (a scratch array).
 */
export function populationRows(
  register: RewardPopulation, rows: Int32Array, n: number, columns: readonly number[],
): RewardPopulation {
  const { schema, features } = register;
  const F = schema.columns.length;
  const sub = scratch('population-rows', Float64Array, n * F);
  const K = columns.length;
  for (let r = 0; r < n; r++) {
    const from = rows[r] * F, to = r * F;
    for (let k = 0; k < K; k++) sub[to + columns[k]] = features[from + columns[k]];
  }
  return { numArms: n, numStates: register.numStates, schema, features: sub };
}
