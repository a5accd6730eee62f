// A run's population: a built-in one regenerated from its parameters and seed (bit for bit), or the
// one saved on the Data screen; a population that samples per seed (DLM: 48 of 7,668 arms) gives
// the sample of the run's seed.
import type { Instance } from '../../core/instance/types.ts';
import { armsOfSeed } from '../../core/instance/sample-arms.ts';
import type { RunHost } from './run-host.ts';
import type { RunSettings } from './run-settings.ts';

export async function loadRunPopulation(
  host: Pick<RunHost, 'store' | 'generatePopulation'>,
  settings: Pick<RunSettings, 'population' | 'seed'>,
): Promise<Instance> {
  const choice = settings.population;
  if (choice.kind === 'generator')
    return host.generatePopulation(choice.generator, choice.parameters, choice.seed, settings.seed);
  const population = await host.store.getPopulation(choice.id);
  if (!population) throw new Error(`its population (${choice.name}) is no longer saved; start a new run`);
  return armsOfSeed(population.instance, settings.seed);
}
