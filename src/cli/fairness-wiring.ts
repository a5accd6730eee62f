// The three real parts that `allot fairness` and `allot study language` need and that live on
// other branches until they are merged: the population loader (src/cli/population.ts), the reward
// compiler (src/core/reward/compile-reward.ts) and the WASM simulation (src/engine). Until then
// each part says what is missing; the commands take their parts from here (tests pass scripted ones).
import type { Occupancy } from '../core/instance/occupancy.ts';
import type { Instance } from '../core/instance/types.ts';
import type { StudyCompileResult } from '../pipeline/study/run-language-study.ts';

export interface FairnessWiring {
  /** A generator name or a population file, with the command's flags (--alpha, --seed, --arms, ...). */
  loadPopulation(nameOrFile: string, flags: Record<string, string | true | undefined>): Promise<Instance>;
  /** A reward expression against the population: the table and the feature columns it reads. */
  compile(expression: string, instance: Instance): StudyCompileResult;
  /** The Whittle policy of the reward table, simulated with `seed` (the instance's horizon; the engine's default trials). */
  simulate(instance: Instance, rewardTable: Float64Array, seed: number): Promise<Occupancy>;
}

const missing = (what: string): never => {
  throw new Error(`${what} is not wired into the command line yet (see src/cli/fairness-wiring.ts)`);
};

export const FAIRNESS_WIRING: FairnessWiring = {
  loadPopulation: async () => missing('the population loader'),
  compile: () => missing('the reward compiler'),
  simulate: async () => missing('the simulation engine'),
};
