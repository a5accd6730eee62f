// The registry of built-in population generators, in the order `allot dataset list` shows them.
import { armsOfSeed } from '../instance/sample-arms.ts';
import type { Instance } from '../instance/types.ts';
import { dlmGenerator } from './generators/dlm.ts';
import { multilingualGenerator } from './generators/multilingual.ts';
import type { PopulationGenerator } from './generators/population-generator.ts';
import { sclmGenerator } from './generators/sclm.ts';

export type { PopulationGenerator } from './generators/population-generator.ts';

export const GENERATORS: readonly PopulationGenerator[] = [dlmGenerator, sclmGenerator, multilingualGenerator];

export function findGenerator(name: string): PopulationGenerator | undefined {
  return GENERATORS.find((g) => g.name === name);
}

/**
 * Built-in population `name` generated with `parameters` and `seed`, as the arms of evaluation seed `sampleSeed`
 * (armsOfSeed).
 */
export function generatedPopulation(
  name: string,
  parameters: Record<string, number>,
  seed: number,
  sampleSeed: number,
): Instance {
  const generator = findGenerator(name);
  if (!generator) throw new Error(`no built-in population "${name}"`);
  return armsOfSeed(generator.generate(parameters, seed), sampleSeed);
}
