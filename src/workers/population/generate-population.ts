// A built-in population, generated in a short-lived worker so that the page never blocks on it:
// each call starts its own worker through a WorkerBridge (crash -> WorkerCrashedError, abort ->
// terminated at once) and terminates it when the population has arrived.
import type { Instance } from '../../core/instance/types.ts';
import { WorkerBridge } from '../worker-bridge.ts';
import type { PopulationWorkerApi } from './population.worker.ts';

export async function generatePopulation(
  name: string,
  parameters: Record<string, number>,
  seed: number,
  sampleSeed: number,
  signal?: AbortSignal,
): Promise<Instance> {
  const bridge = new WorkerBridge<PopulationWorkerApi>(
    () => new Worker(new URL('./population.worker.ts', import.meta.url), { type: 'module', name: 'allot-population' }),
    { label: 'the population generator' },
  );
  try {
    return await bridge.call(signal, (api) => api.generate(name, parameters, seed, sampleSeed));
  } finally {
    bridge.terminate();
  }
}
