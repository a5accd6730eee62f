// Random features of the DLM schema for benchmarks: the 7 numeric columns uniform integers in 0..45 and
// one bucket of every one-hot group, drawn from a fixed LCG so every run times the same population.
import { dlmSchema } from '../../src/core/datasets/dlm-schema.ts';

export function randomDlmFeatures(numArms: number): { schema: ReturnType<typeof dlmSchema>; features: Float64Array } {
  const schema = dlmSchema();
  const n = schema.columns.length;
  const features = new Float64Array(numArms * n);
  let seed = 12345;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (let arm = 0; arm < numArms; arm++) {
    for (let i = 0; i < 7; i++) features[arm * n + i] = Math.floor(random() * 46);
    for (const group of schema.groups)
      features[arm * n + group.columns[Math.floor(random() * group.columns.length)]] = 1;
  }
  return { schema, features };
}
