// Builds a built-in population off the main thread (DLM's 7,668 arms take about 100 ms) and
// draws the evaluation sample of a seed from it.
import * as Comlink from 'comlink';
import { findGenerator } from '../../core/datasets/generators.ts';
import { armsOfSeed } from '../../core/instance/sample-arms.ts';
import type { Instance } from '../../core/instance/types.ts';

const api = {
  /** generator(parameters, seed), sampled with `sampleSeed` when the generator samples arms per seed. */
  generate(name: string, parameters: Record<string, number>, seed: number, sampleSeed: number): Instance {
    const generator = findGenerator(name);
    if (!generator) throw new Error(`no built-in population "${name}"`);
    return armsOfSeed(generator.generate(parameters, seed), sampleSeed);
  },
};

export type PopulationWorkerApi = typeof api;
Comlink.expose(api);
