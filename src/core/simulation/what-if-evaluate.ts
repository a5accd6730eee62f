// What-if evaluation without the screen: the population a choice names, and everything shown for
// one candidate reward (value, utility per bucket, state-feature distribution, DP_variance) from one
// simulation of the Whittle policy planned for it. The screen and History's rerun share it, so a
// rerun computes exactly what the screen showed.
import { findGenerator } from '../datasets/generators.ts';
import type { PopulationChoice } from '../datasets/population-choice.ts';
import { resolveParameters } from '../datasets/generators/population-generator.ts';
import { armsOfSeed } from '../instance/sample-arms.ts';
import type { Instance } from '../instance/types.ts';
import { bucketCells } from '../measures/trial-counts.ts';
import { summarizePolicy, type PolicySummary } from '../measures/policy-summary.ts';
import type { AbortSignalLike, Simulate } from './simulate-port.ts';

export interface WhatIfSettings {
  trials: number;
  /** Simulation seed, shared by every candidate (common random numbers make comparisons fair). */
  seed: number;
}

/** What the screen shows of one candidate: the policy summary every results page shares. */
export type CandidateResult = PolicySummary;

/** The evaluation instance of a choice; populations that evaluate samples (DLM: 48 arms) are sampled with `seed`. */
export async function buildPopulation(
  choice: PopulationChoice,
  loadStored: (id: string) => Promise<Instance | undefined>,
): Promise<Instance> {
  let instance: Instance;
  let seed = 0;
  if (choice.kind === 'generator') {
    const generator = findGenerator(choice.generator);
    if (!generator) throw new Error(`there is no built-in population "${choice.generator}"`);
    instance = generator.generate(resolveParameters(generator, choice.parameters), choice.seed);
    seed = choice.seed;
  } else {
    const stored = await loadStored(choice.id);
    if (!stored)
      throw new Error(`the population "${choice.name}" is no longer saved; import it again on the Data screen`);
    instance = stored;
  }
  return armsOfSeed(instance, seed);
}

/** Simulates the Whittle policy for `table` (which reads the features `featuresUsed`) and summarizes it. */
export async function evaluateCandidate(
  instance: Instance,
  compiled: { table: Float64Array; featuresUsed: readonly number[] },
  simulate: Simulate,
  settings: WhatIfSettings,
  options: { signal?: AbortSignalLike; onProgress?: (done: number, total: number) => void } = {},
): Promise<CandidateResult> {
  const occupancy = await simulate(
    {
      instance,
      rewards: compiled.table,
      policy: 'whittle',
      trials: settings.trials,
      seed: settings.seed,
      tally: bucketCells(instance),
    },
    options,
  );
  return summarizePolicy(occupancy, instance, compiled.table, compiled.featuresUsed);
}
