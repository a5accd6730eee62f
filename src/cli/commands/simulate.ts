// `allot simulate`: the Whittle, Random or No Action policy on the arms of a file, by the WASM
// engine on one or more threads; prints the totals and the bench checksums.
import { readFile } from 'node:fs/promises';
import { parseArmsCsv } from '../../core/datasets/arms-csv.ts';
import { loadEngineNode } from '../../engine/load-node.ts';
import { uniformInitial, type PolicyName, type SimulationInput, type SimulationResult, type TieRule } from '../../engine/simulation.ts';
import { UsageError } from '../args.ts';
import type { Command } from '../command.ts';
import { choiceOption, numberOption } from '../number-option.ts';
import { ThreadPool } from '../thread-pool.ts';

/** Arms as the simulation takes them (layouts of SimulationInput). */
export interface LoadedArms {
  numArms: number;
  numStates: number;
  transitions: Float64Array;
  rewards: Float64Array;
  /** The arms' own initial distribution, when the file has one (numArms x numStates). */
  initial?: Float64Array;
}

/** Reads the arms of `--arms` (today the 2-state arm CSV; instance files and generators plug in here). */
export async function loadArms(path: string): Promise<LoadedArms> {
  const arms = parseArmsCsv(await readFile(path, 'utf8'), path);
  return { numArms: arms.ids.length, numStates: 2, transitions: arms.transitions, rewards: arms.rewards };
}

export const simulateCommand: Command = {
  name: 'simulate',
  summary: 'simulate the Whittle, Random or No Action policy on arms from a file; prints totals and checksums',
  usage: '--arms FILE.csv --discount D --budget B --horizon T --trials K --seed S [--policy whittle|random|none] [--ties random|lowest-id] [--initial P] [--workers N] [--json]',
  details: [
    'Each step every arm accrues the reward of its state, the policy pulls `budget` arms (Whittle: highest index',
    'for the current state), then next states are drawn. Initial states follow --initial P (P(state 1) = P for',
    'every arm; default 0.5 for the arm CSV). elapsed_ms covers the index table and the simulation, not file',
    'reading or thread start-up. Results are identical for any --workers (0 or absent: one per core).',
  ].join('\n'),
  options: {
    arms: { type: 'string', value: 'FILE', description: 'the arms (2-state arm CSV, as for `allot indices`)' },
    discount: { type: 'string', value: 'D', description: 'discount in [0, 1)' },
    budget: { type: 'string', value: 'B', description: 'arms pulled per step' },
    horizon: { type: 'string', value: 'T', description: 'steps per trial' },
    trials: { type: 'string', value: 'K', description: 'number of trials' },
    seed: { type: 'string', value: 'S', description: 'seed of the counter-based generator, an integer in [0, 2^32)' },
    policy: { type: 'string', value: 'NAME', description: 'whittle, random or none', default: 'whittle' },
    ties: { type: 'string', value: 'RULE', description: 'ties at the budget cut: random or lowest-id', default: 'random' },
    initial: { type: 'string', value: 'P', description: 'P(state 1) at the start, for every arm', default: '0.5' },
    workers: { type: 'string', value: 'N', description: 'threads; 0 = one per core', default: '0' },
  },
  async run({ options }, io) {
    if (typeof options.arms !== 'string') throw new UsageError('option "--arms" is required');
    const discount = numberOption(options, 'discount', { min: 0, below: 1 });
    const budget = numberOption(options, 'budget', { integer: true, min: 0 });
    const horizon = numberOption(options, 'horizon', { integer: true, min: 1 });
    const trials = numberOption(options, 'trials', { integer: true, min: 1 });
    const seed = numberOption(options, 'seed', { integer: true, min: 0, below: 2 ** 32 });
    const policy = choiceOption<PolicyName>(options, 'policy', ['whittle', 'random', 'none'], 'whittle');
    const ties = choiceOption<TieRule>(options, 'ties', ['random', 'lowest-id'], 'random');
    const p = numberOption(options, 'initial', { min: 0 }, 0.5);
    if (p > 1) throw new UsageError(`option "--initial" must be a probability in [0, 1], got ${p}`);
    const workers = numberOption(options, 'workers', { integer: true, min: 0 }, 0);

    const arms = await loadArms(options.arms);
    const input: SimulationInput = {
      ...arms,
      initial: arms.initial && options.initial === undefined ? arms.initial : uniformInitial(arms.numArms, p),
      discount, budget, horizon, trials, seed, policy, ties,
    };
    const { result, elapsedMs, threads } = await runSimulation(input, workers);
    const summary = {
      policy, ties, num_arms: arms.numArms, budget, horizon, trials, seed, discount, workers: threads,
      reward_mean: result.rewardMean,
      disc_reward_mean: result.discRewardMean,
      engaged_sum: result.engagedSum,
      pulled_id_sum: result.pulledIdSum,
      elapsed_ms: elapsedMs,
    };
    if (options.json) io.stdout.write(JSON.stringify(summary) + '\n');
    else io.stdout.write(Object.entries(summary).map(([k, v]) => `${k}=${v}`).join('\n') + '\n');
    return 0;
  },
};

/**
 * Runs a simulation on `workers` threads (0: one per core; 1: in this thread) and times the index
 * table plus the simulation, after the engine or the threads have started.
 */
export async function runSimulation(input: SimulationInput, workers: number): Promise<{ result: SimulationResult; elapsedMs: number; threads: number }> {
  if (workers === 1) {
    const engine = await loadEngineNode();
    const t0 = performance.now();
    const result = engine.simulate(input);
    return { result, elapsedMs: performance.now() - t0, threads: 1 };
  }
  const pool = await ThreadPool.start(workers);
  try {
    const t0 = performance.now();
    let ready = input;
    if (input.policy === 'whittle' && input.numStates > 2 && !input.indices) {
      // costly S-state indices: once here, not once per thread
      const engine = await loadEngineNode();
      ready = { ...input, indices: engine.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount).indices };
    }
    const result = await pool.simulate(ready);
    return { result, elapsedMs: performance.now() - t0, threads: pool.size };
  } finally {
    await pool.close();
  }
}
