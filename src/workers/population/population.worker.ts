// Builds a built-in population off the main thread (DLM's 7,668 arms take about 100 ms) and
// draws the evaluation sample of a seed from it.
import * as Comlink from 'comlink';
import { generatedPopulation } from '../../core/datasets/generators.ts';

const api = {
  /** generator(parameters, seed), sampled with `sampleSeed` when the generator samples arms per seed. */
  generate: generatedPopulation,
};

export type PopulationWorkerApi = typeof api;
Comlink.expose(api);
