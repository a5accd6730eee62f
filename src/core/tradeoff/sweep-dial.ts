// The sweep: the Whittle policy of R_lambda simulated on every evaluation seed for each lambda of
// a grid, each point measured as engagement and the priority's own outcome (policy-outcome.ts).
// Closed-form indices make a point cost one simulation per seed; lambda 0 is the default policy,
// bit for bit (its table is the state table).
import type { Instance } from '../instance/types.ts';
import type { AbortSignalLike, Simulate } from '../simulation/simulate-port.ts';
import { dialTable } from './dial-expression.ts';
import { evaluationArms, rowsOf, type SeedArms } from './evaluation-arms.ts';
import { favouredArms } from './favoured-arms.ts';
import { policyOutcome, type PolicyOutcome } from './policy-outcome.ts';

export interface DialSetup {
  population: Instance;
  /** The candidate R's table on the whole population, numArms x numStates. */
  reward: Float64Array;
  /** Evaluation seeds: each samples its arms (when the population has a sample size) and seeds its simulation. */
  seeds: readonly number[];
  /** Trials per seed. */
  trials: number;
}

export interface DialPoint extends PolicyOutcome {
  lambda: number;
}

/** Per-trial occupancy is kept (for the priority's standard error on one seed) below this many values. */
const PER_TRIAL_LIMIT = 1 << 21;

/** A prepared sweep: the seeds' arms and the favoured arms, computed once for any number of lambdas. */
export class DialSweep {
  readonly arms: SeedArms[];
  readonly favoured: Uint8Array;

  constructor(readonly setup: DialSetup) {
    const { population, reward, trials } = setup;
    if (reward.length !== population.numArms * population.numStates) throw new RangeError(`the reward table has ${reward.length} entries, expected ${population.numArms} arms x ${population.numStates} states`);
    if (setup.seeds.length === 0) throw new RangeError('the sweep needs at least one seed');
    if (!Number.isInteger(trials) || trials < 1) throw new RangeError(`trials must be a positive integer, got ${trials}`);
    this.arms = evaluationArms(population, setup.seeds);
    this.favoured = favouredArms(reward, population.numStates);
  }

  /** Simulations one point costs. */
  get simulationsPerPoint(): number {
    return this.arms.length;
  }

  /** Simulates and measures the policy of a population-level reward table (any table: a lambda's, or a baseline's index). */
  async measure(table: Float64Array, simulate: Simulate, options: { signal?: AbortSignalLike; onSimulated?: () => void } = {}): Promise<PolicyOutcome> {
    const S = this.setup.population.numStates;
    // All seeds at once: a simulator with several threads runs them side by side (order kept).
    const seeds = await Promise.all(this.arms.map(async (arms) => {
      const perTrial = this.arms.length === 1 && arms.instance.numArms * S * this.setup.trials <= PER_TRIAL_LIMIT;
      const occupancy = await simulate({ instance: arms.instance, rewards: rowsOf(table, S, arms), policy: 'whittle', trials: this.setup.trials, seed: arms.seed, ties: 'random', perTrial }, { signal: options.signal });
      options.onSimulated?.();
      return { occupancy, favoured: rowsOf(this.favoured, 1, arms) };
    }));
    return policyOutcome(seeds);
  }

  /** The points of `lambdas`, in the given order; onProgress(simulations done, in all). */
  async run(lambdas: readonly number[], simulate: Simulate, options: { signal?: AbortSignalLike; onProgress?: (done: number, total: number) => void } = {}): Promise<DialPoint[]> {
    const total = lambdas.length * this.arms.length;
    let done = 0;
    const points: DialPoint[] = [];
    for (const lambda of lambdas) {
      const table = dialTable(this.setup.reward, this.setup.population.numStates, lambda);
      const outcome = await this.measure(table, simulate, { signal: options.signal, onSimulated: () => options.onProgress?.(++done, total) });
      points.push({ lambda, ...outcome });
    }
    return points;
  }
}
