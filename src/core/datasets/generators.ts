// The registry of built-in population generators, in the order `allot dataset list` shows them.
import { dlmGenerator } from './generators/dlm.ts';
import { multilingualGenerator } from './generators/multilingual.ts';
import type { PopulationGenerator } from './generators/population-generator.ts';
import { sclmGenerator } from './generators/sclm.ts';

export type { GeneratorParameter, PopulationGenerator } from './generators/population-generator.ts';

export const GENERATORS: readonly PopulationGenerator[] = [dlmGenerator, sclmGenerator, multilingualGenerator];

export function findGenerator(name: string): PopulationGenerator | undefined {
  return GENERATORS.find((g) => g.name === name);
}
