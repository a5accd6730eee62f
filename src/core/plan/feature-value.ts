// How the list's reasons read a register's features: through one accessor, so that the features'
// layout (today row-major float64, numArms x numFeatures) is known here and nowhere else in the list's
// reasons (line-reasons.ts, plain-reason.ts, explain-priority.ts).
import type { FeatureSchema } from '../instance/types.ts';

/** Her value of feature column f (row: an arm of the register, or a line of a list's kept values). */
export type FeatureValue = (row: number, f: number) => number;

/** The accessor over a register's (or population's) features. */
export function featureValue(population: { schema: FeatureSchema; features: Float64Array }): FeatureValue {
  const F = population.schema.columns.length, x = population.features;
  return (row, f) => x[row * F + f];
}

