// DLM's evaluation protocol (NeurIPS section 5.2): every seed draws its own 48 arms of the
// population (budget 16, horizon 10), simulates 50 trials, and a method's score pools the per-trial
// returns of all seeds. A policy is simulated once per seed with per-trial occupancy; returns under
// any reward (the task's Base reward for MNR) and state-feature distributions are then dot products
// and sums over that occupancy, so one simulation serves every task and measure.
import type { Occupancy } from '../../core/instance/occupancy.ts';
import { armsOfSeed } from '../../core/instance/sample-arms.ts';
import type { Instance } from '../../core/instance/types.ts';
import { perTrialValues } from '../../core/measures/per-trial-values.ts';
import {
  stateFeatureDistribution,
  type DistributionWeight,
  type GroupDistribution,
} from '../../core/measures/state-feature-distribution.ts';
import type { Simulate, SimulateOptions, SimulationPolicy } from '../../core/simulation/simulate-port.ts';

export interface ProtocolConfig {
  /** Evaluation seeds (DLM: 200). Seed s samples the arms with armsOfSeed(population, s) and simulates with seed s. */
  seeds: number;
  /** Trials per seed (DLM: 50). */
  trials: number;
  /**
   * Which per-trial return MNR uses: the undiscounted total reward of a trial ("reward achieved"; allot's reading of
   * the paper) or the discounted one.
   */
  returns: 'undiscounted' | 'discounted';
}

export const DLM_PROTOCOL: ProtocolConfig = { seeds: 200, trials: 50, returns: 'undiscounted' };

/** One policy simulated on every seed: occupancies[s] belongs to instances[s]. */
export type ProtocolRun = Occupancy[];

export class EvaluationProtocol {
  /** The instance of each seed (the population itself when it has no sampleSize: every seed uses all arms). */
  readonly instances: Instance[];

  constructor(
    readonly population: Instance,
    readonly config: ProtocolConfig = DLM_PROTOCOL,
  ) {
    for (const key of ['seeds', 'trials'] as const) {
      if (!Number.isInteger(config[key]) || config[key] < 1)
        throw new RangeError(`${key} must be a positive integer, got ${config[key]}`);
    }
    this.instances = Array.from({ length: config.seeds }, (_, s) => armsOfSeed(population, s));
  }

  /** The rows of a population-level table (population.numArms x numStates) for each seed's arms. */
  tablesOf(table: Float64Array): Float64Array[] {
    const S = this.population.numStates;
    if (table.length !== this.population.numArms * S)
      throw new RangeError(
        `reward table has ${table.length} entries, expected ${this.population.numArms} arms x ${S} states`,
      );
    return this.instances.map((instance) => {
      const indices = instance === this.population ? undefined : instance.provenance.sample?.indices;
      if (!indices) return table;
      const rows = new Float64Array(indices.length * S);
      indices.forEach((arm, k) => rows.set(table.subarray(arm * S, arm * S + S), k * S));
      return rows;
    });
  }

  /**
   * Simulates `policy` on every seed (Whittle planning for `table`, a population-level reward table;
   * Random and No Action ignore it), with per-trial occupancy and random tie-breaking: every policy
   * run with seed s sees the same random draws (the engine's counter-based generator).
   */
  async run(
    simulate: Simulate,
    policy: SimulationPolicy,
    table: Float64Array | null,
    options: SimulateOptions = {},
  ): Promise<ProtocolRun> {
    const { numStates } = this.population;
    const tables = table ? this.tablesOf(table) : this.instances.map((i) => new Float64Array(i.numArms * numStates));
    const occupancies: Occupancy[] = [];
    for (let s = 0; s < this.instances.length; s++) {
      const request = {
        instance: this.instances[s],
        rewards: tables[s],
        policy,
        trials: this.config.trials,
        seed: s,
        ties: 'random' as const,
        perTrial: true,
      };
      occupancies.push(await simulate(request, { signal: options.signal }));
      options.onProgress?.(s + 1, this.instances.length);
    }
    return occupancies;
  }

  /** Per-trial returns under a population-level reward table, seed-major: entry s * trials + k is trial k of seed s. */
  returns(run: ProtocolRun, table: Float64Array): Float64Array {
    const tables = this.tablesOf(table);
    const { trials } = this.config;
    const out = new Float64Array(run.length * trials);
    run.forEach((occupancy, s) =>
      out.set(perTrialValues(occupancy, tables[s], { discounted: this.config.returns === 'discounted' }), s * trials),
    );
    return out;
  }

  /**
   * The state-feature distribution of a policy pooled over all seeds (DLM Algorithm 2: the sums over
   * every arm of every seed, then shares per bucket). weight 'reward' needs the policy's own table.
   */
  distribution(run: ProtocolRun, weight: DistributionWeight, table?: Float64Array): GroupDistribution[] {
    const { schema, numStates } = this.population;
    const F = schema.columns.length;
    const numArms = this.instances.reduce((n, i) => n + i.numArms, 0);
    const features = new Float64Array(numArms * F);
    const undiscounted = new Float64Array(numArms * numStates);
    const rewardTable = table ? new Float64Array(numArms * numStates) : undefined;
    const tables = table ? this.tablesOf(table) : [];
    let at = 0;
    run.forEach((occupancy, s) => {
      features.set(this.instances[s].features, at * F);
      undiscounted.set(occupancy.undiscounted, at * numStates);
      rewardTable?.set(tables[s], at * numStates);
      at += occupancy.numArms;
    });
    // All seeds as one occupancy of every sampled arm (the distribution reads only arms, states and undiscounted sums).
    const pooled = { ...run[0], numArms, undiscounted, discounted: undiscounted };
    return stateFeatureDistribution(pooled, { features, schema }, { weight, rewardTable });
  }
}
