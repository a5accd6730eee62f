// The sweep: the Whittle policy of R_lambda simulated on every evaluation seed for each lambda of
// a grid, each point measured as engagement and the priority's own outcome (policy-outcome.ts).
// Closed-form indices make a point cost one simulation per seed; lambda 0 is the default policy,
// bit for bit (its table is the state table).
import type { Occupancy } from '../instance/occupancy.ts';
import type { Instance } from '../instance/types.ts';
import type { AbortSignalLike, Simulate, SimulateRequest } from '../simulation/simulate-port.ts';
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
  /**
   * Another measure of the priority, on one seed's simulation (SCLM: the run's clause scores; see
   * src/state/tradeoff/clause-outcome.ts). Given per-trial occupancy when it fits the per-trial limit.
   */
  score?: (occupancy: Occupancy) => ClauseScores;
}

/** A policy's scores on named clauses, with standard errors over trials, and their welfare (SCLM). */
export interface ClauseScores {
  scores: number[];
  scoresSe: (number | null)[];
  welfare: number;
  welfareSe: number | null;
}

/**
 * A measured policy: its outcome, and the calls of each population arm (mean per trial, summed over the seeds that drew
 * it).
 */
export interface Measured extends PolicyOutcome {
  calls: Float64Array;
  /**
   * Per population arm, summed over the seeds that drew it: mean engaged steps per trial, and steps (horizon per seed).
   */
  engaged: Float64Array;
  armSteps: Float64Array;
  /**
   * With call bounds: whether every group's calls stayed within them at every step of every trial (the kernel's
   * record); else null.
   */
  boundsHeld: boolean | null;
  /** With setup.score: the policy's clause scores (of the first seed; a run's dial has one). */
  clauses?: ClauseScores;
}

export interface DialPoint extends Measured {
  lambda: number;
}

export interface MeasureOptions {
  signal?: AbortSignalLike;
  onSimulated?: () => void;
  /** Per-group call bounds for seed k's arms (group ids of its arms, min and max calls per step). */
  bounds?: (arms: SeedArms, k: number) => Promise<GroupCallBounds> | GroupCallBounds;
}

export type GroupCallBounds = NonNullable<SimulateRequest['groups']>;

/** Per-trial occupancy is kept (for the priority's standard error on one seed) below this many values. */
const PER_TRIAL_LIMIT = 1 << 21;

/** A prepared sweep: the seeds' arms and the favoured arms, computed once for any number of lambdas. */
export class DialSweep {
  readonly arms: SeedArms[];
  readonly favoured: Uint8Array;

  constructor(readonly setup: DialSetup) {
    const { population, reward, trials } = setup;
    if (reward.length !== population.numArms * population.numStates)
      throw new RangeError(
        `the reward table has ${reward.length} entries, expected ${population.numArms} arms x ` +
          `${population.numStates} states`,
      );
    if (setup.seeds.length === 0) throw new RangeError('the sweep needs at least one seed');
    if (!Number.isInteger(trials) || trials < 1)
      throw new RangeError(`trials must be a positive integer, got ${trials}`);
    this.arms = evaluationArms(population, setup.seeds);
    this.favoured = favouredArms(reward, population.numStates);
  }

  /** Simulations one point costs. */
  get simulationsPerPoint(): number {
    return this.arms.length;
  }

  /**
   * Simulates and measures the Whittle policy of a population-level reward table (a lambda's, or the
   * default index of a baseline) on every seed; `bounds` gives a seed's per-group call bounds (baselines).
   */
  async measure(table: Float64Array, simulate: Simulate, options: MeasureOptions = {}): Promise<Measured> {
    const { population, trials } = this.setup;
    const S = population.numStates;
    const calls = new Float64Array(population.numArms);
    // All seeds at once: a simulator with several threads runs them side by side (order kept).
    const seeds = await Promise.all(
      this.arms.map(async (arms, k) => {
        const perTrial =
          (this.arms.length === 1 || !!this.setup.score) && arms.instance.numArms * S * trials <= PER_TRIAL_LIMIT;
        const groups = options.bounds ? await options.bounds(arms, k) : undefined;
        const occupancy = await simulate(
          {
            instance: arms.instance,
            rewards: rowsOf(table, S, arms),
            policy: 'whittle',
            trials,
            seed: arms.seed,
            ties: 'random',
            perTrial,
            groups,
          },
          { signal: options.signal },
        );
        options.onSimulated?.();
        return { occupancy, favoured: rowsOf(this.favoured, 1, arms), groups };
      }),
    );
    const engaged = new Float64Array(population.numArms),
      armSteps = new Float64Array(population.numArms);
    let boundsHeld: boolean | null = null;
    seeds.forEach(({ occupancy: o, groups }, k) => {
      const rows = this.arms[k].rows;
      for (let i = 0; i < o.numArms; i++) {
        const at = rows ? rows[i] : i;
        calls[at] += o.pulls[i];
        engaged[at] += o.undiscounted[i * S + S - 1];
        armSteps[at] += o.horizon;
      }
      if (groups) boundsHeld = (boundsHeld ?? true) && withinBounds(o.groupCallsRange, groups);
    });
    const clauses = this.setup.score ? this.setup.score(seeds[0].occupancy) : undefined;
    return { ...policyOutcome(seeds), calls, engaged, armSteps, boundsHeld, ...(clauses && { clauses }) };
  }

  /**
   * The points of `lambdas`, in the given order; onProgress(simulations done, in all). A few points
   * are in flight at once, so that the engine threads never wait while one point's last seeds finish
   * and the next point's are sent (and memory stays bounded on large populations).
   */
  async run(
    lambdas: readonly number[],
    simulate: Simulate,
    options: { signal?: AbortSignalLike; onProgress?: (done: number, total: number) => void } = {},
  ): Promise<DialPoint[]> {
    const total = lambdas.length * this.arms.length;
    let done = 0,
      next = 0;
    const points = new Array<DialPoint>(lambdas.length);
    const worker = async () => {
      while (next < lambdas.length) {
        const i = next++;
        const table = dialTable(this.setup.reward, this.setup.population.numStates, lambdas[i]);
        const outcome = await this.measure(table, simulate, {
          signal: options.signal,
          onSimulated: () => options.onProgress?.(++done, total),
        });
        points[i] = { lambda: lambdas[i], ...outcome };
      }
    };
    // Large simulations already share out their trials among the threads: one point at a time.
    const { numArms, horizon } = this.arms[0].instance;
    const inFlight =
      this.arms.length > 1 && numArms * horizon * this.setup.trials < LARGE_SIMULATION ? POINTS_IN_FLIGHT : 1;
    await Promise.all(Array.from({ length: Math.min(inFlight, lambdas.length) }, worker));
    return points;
  }
}

/**
 * Points simulated at once by run() when each is many small simulations (seeds), and the arm-steps of a simulation
 * above which it is large.
 */
const POINTS_IN_FLIGHT = 3;
const LARGE_SIMULATION = 5_000_000;

/** Whether the per-step record (horizon x G x 2: fewest and most calls over trials) lies within the bounds. */
function withinBounds(range: Float64Array | undefined, bounds: GroupCallBounds): boolean {
  if (!range) return false;
  const G = bounds.min.length;
  for (let j = 0; j < range.length / 2; j++) {
    const g = j % G;
    if (range[2 * j] < bounds.min[g] || range[2 * j + 1] > bounds.max[g]) return false;
  }
  return true;
}
