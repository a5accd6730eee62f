// The real parts of `allot fairness` and `allot study language`: populations (loadPopulation:
// a generator name or a population file), the reward compiler, and the Whittle policy simulated
// by the WASM engine through the simulation port. One protocol for both commands:
//   an evaluation seed s samples the population's arms when it has a sample size (DLM: 48 of
//   7,668, as sampleArms draws them for seed s) and seeds the simulation of TRIALS_PER_SEED trials
//   of the instance's horizon; ties at the budget cut are broken at random by the seeded generator.
// So every number printed is a pure function of the command line.
import { armsOfSeed } from '../core/instance/sample-arms.ts';
import type { Occupancy } from '../core/instance/occupancy.ts';
import type { Instance } from '../core/instance/types.ts';
import type { AllocationMeasure } from '../core/measures/allocation-per-arm.ts';
import { dpVariance, type GroupDpVariance } from '../core/measures/dp-variance.ts';
import { poolSeeds, type SeedRun } from '../core/measures/pool-seeds.ts';
import { compileReward } from '../core/reward/compile-reward.ts';
import { createNodeSimulator } from './node-simulate.ts';
import { loadPopulation } from './population.ts';

/** Trials per evaluation seed: DLM's evaluation protocol (appendix J: 50 trials per seed). */
export const TRIALS_PER_SEED = 50;

export type FairnessCompileResult =
  { ok: true; table: Float64Array; featuresUsed: number[]; normalized: string } | { ok: false; error: string };

export interface FairnessParts {
  /** A generator name or a population file, with the command's flags (--alpha, --seed, --arms, ...). */
  loadPopulation(nameOrFile: string, flags: Record<string, string | true | undefined>): Promise<Instance>;
  /** A reward expression against the population: the table and the feature columns it reads; errors as text. */
  compile(expression: string, instance: Instance): FairnessCompileResult;
  /**
   * The Whittle policy of the reward table on `instance` (already sampled), TRIALS_PER_SEED trials seeded by `seed`.
   */
  simulate(instance: Instance, rewardTable: Float64Array, seed: number): Promise<Occupancy>;
  /** Stops the simulation threads, if any were started. */
  close(): Promise<void>;
}

/** `workers`: threads for large simulations (0: one per core; small ones always run in this thread). */
export async function openFairnessParts(workers = 0): Promise<FairnessParts> {
  const simulator = await createNodeSimulator(workers);
  return {
    loadPopulation,
    compile: compileExpression,
    simulate: (instance, rewards, seed) =>
      simulator.simulate({ instance, rewards, policy: 'whittle', trials: TRIALS_PER_SEED, seed }),
    close: () => simulator.close(),
  };
}

/**
 * compileReward with its error as one line of text (message, character position, hint), as the LLM and the terminal
 * read it.
 */
export function compileExpression(expression: string, instance: Instance): FairnessCompileResult {
  const result = compileReward(expression, instance);
  if (!result.ok) {
    const { message, position, hint } = result.error;
    return { ok: false, error: `${message} (at character ${position})${hint ? `; ${hint}` : ''}` };
  }
  return {
    ok: true,
    table: result.table,
    featuresUsed: result.diagnostics.featuresUsed,
    normalized: result.diagnostics.normalized,
  };
}

export type GroupFairness =
  | { ok: true; groups: GroupDpVariance[]; featuresUsed: number[]; armsPerSeed: number }
  | { ok: false; error: string; seed: number };

/** DP_variance of every group under the Whittle policy of `expression`, over evaluation seeds 0..seeds-1 pooled. */
export async function groupFairness(
  parts: Pick<FairnessParts, 'compile' | 'simulate'>,
  instance: Instance,
  expression: string,
  options: { seeds: number; intended?: readonly string[]; measure?: AllocationMeasure },
): Promise<GroupFairness> {
  const runs: SeedRun[] = [];
  let featuresUsed: number[] = [];
  for (let seed = 0; seed < options.seeds; seed++) {
    const arms = armsOfSeed(instance, seed);
    const compiled = parts.compile(expression, arms);
    if (!compiled.ok) return { ok: false, error: compiled.error, seed };
    featuresUsed = compiled.featuresUsed;
    runs.push({ occupancy: await parts.simulate(arms, compiled.table, seed), features: arms.features });
  }
  const pooled = poolSeeds(runs);
  const groups = dpVariance(
    pooled.occupancy,
    { features: pooled.features, schema: instance.schema },
    { intended: options.intended, measure: options.measure },
  );
  return { ok: true, groups, featuresUsed, armsPerSeed: runs[0].occupancy.numArms };
}
