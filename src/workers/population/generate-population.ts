// A built-in population, generated in a short-lived worker so that the page never blocks on it.
import * as Comlink from 'comlink';
import type { Instance } from '../../core/instance/types.ts';
import type { PopulationWorkerApi } from './population.worker.ts';

export async function generatePopulation(name: string, parameters: Record<string, number>, seed: number, sampleSeed: number): Promise<Instance> {
  const worker = new Worker(new URL('./population.worker.ts', import.meta.url), { type: 'module', name: 'allot-population' });
  const failed = new Promise<never>((_, reject) => worker.addEventListener('error', (e) => reject(new Error(`the population worker failed: ${e.message || 'it could not start'}`))));
  try {
    return await Promise.race([Comlink.wrap<PopulationWorkerApi>(worker).generate(name, parameters, seed, sampleSeed), failed]);
  } finally {
    worker.terminate();
  }
}
