// `allot simulate`: the Whittle, Random or No Action policy on the arms of an arm CSV or of a
// population (a generator or a population file, src/cli/arms-source.ts), by the WASM engine on one
// or more threads; prints the totals and the bench checksums.
import { countNotIndexable, nonIndexableNote } from '../../core/simulation/indexability.ts';
import { loadEngineNode } from '../../engine/load-node.ts';
import {
  uniformInitial,
  type PolicyName,
  type SimulationInput,
  type SimulationResult,
  type TieRule,
} from '../../engine/simulation.ts';
import { ARMS_SOURCE_HELP, ARMS_SOURCE_OPTIONS, armsSource, DISCOUNT_OPTION, loadArmsSource } from '../arms-source.ts';
import type { Command } from '../command.ts';
import { UsageError } from '../args.ts';
import { budgetProblem, RANGES } from '../../core/limits/setting-ranges.ts';
import { choiceOption, numberOption, WORKERS_OPTION, workersOption } from '../number-option.ts';
import { armsOfSeed } from '../../core/instance/sample-arms.ts';
import { describeInstance } from '../population.ts';
import { ThreadPool } from '../thread-pool.ts';

export const simulateCommand: Command = {
  name: 'simulate',
  summary:
    'simulate the Whittle, Random or No Action policy on arms from a file or a population; prints totals and checksums',
  usage:
    '(--arms FILE.csv --discount D --budget B --horizon T | --population NAME|FILE [--reward EXPR] ' +
    '[--population-seed S] [generator flags] [--discount D] [--budget B] [--horizon T]) --trials K --seed S ' +
    '[--policy whittle|random|none] [--ties random|lowest-id] [--initial P] [--workers N] [--json]',
  details: [
    'Each step every arm accrues the reward of its state, the policy pulls `budget` arms (Whittle: highest index',
    'for the current state), then next states are drawn. Initial states follow --initial P (P(state 1) = P for',
    'every arm; default 0.5 for the arm CSV, the initial distribution of a population). elapsed_ms covers the index',
    'table and the simulation, not file reading or thread start-up. Results are identical for any --workers (0 or',
    'absent: one per core).',
    '',
    ARMS_SOURCE_HELP,
    'A population with a sample size (dlm: 48 of 7,668 arms) is simulated on the sample drawn with --seed, as DLM ' +
      'evaluates.',
  ].join('\n'),
  options: {
    ...ARMS_SOURCE_OPTIONS,
    discount: DISCOUNT_OPTION,
    budget: {
      type: 'string',
      value: 'B',
      description: 'arms pulled per step, at most the arms (with --population: its own by default)',
      range: RANGES.budget,
    },
    horizon: {
      type: 'string',
      value: 'T',
      description: 'steps per trial (with --population: its own by default)',
      range: RANGES.horizon,
    },
    trials: { type: 'string', value: 'K', description: 'number of trials', range: RANGES.trials },
    seed: { type: 'string', value: 'S', description: 'seed of the counter-based generator', range: RANGES.seed },
    policy: { type: 'string', value: 'NAME', description: 'whittle, random or none', default: 'whittle' },
    ties: {
      type: 'string',
      value: 'RULE',
      description: 'ties at the budget cut: random or lowest-id',
      default: 'random',
    },
    initial: {
      type: 'string',
      value: 'P',
      description: 'P(state 1) at the start, for every arm',
      default: '0.5',
      range: RANGES.probability,
    },
    workers: WORKERS_OPTION,
  },
  async run({ options }, io) {
    // The arm CSV needs --discount, --budget and --horizon; a population has its own (given ones go to its generator or
    // CSV).
    const own =
      armsSource(options) === 'population'
        ? undefined
        : {
            discount: numberOption(options, 'discount', RANGES.discount),
            budget: numberOption(options, 'budget', RANGES.budget),
            horizon: numberOption(options, 'horizon', RANGES.horizon),
          };
    const trials = numberOption(options, 'trials', RANGES.trials);
    const seed = numberOption(options, 'seed', RANGES.seed);
    const policy = choiceOption<PolicyName>(options, 'policy', ['whittle', 'random', 'none'], 'whittle');
    const ties = choiceOption<TieRule>(options, 'ties', ['random', 'lowest-id'], 'random');
    const p = numberOption(options, 'initial', RANGES.probability, 0.5);
    const workers = workersOption(options);

    // The ids stay here: the engine and its threads take numbers only.
    const {
      instance,
      ids: _ids,
      ...arms
    } = await loadArmsSource(options, (population) => armsOfSeed(population, seed));
    const { discount, budget, horizon } = own ?? instance!;
    // Known once the arms are read, before any simulation (a generator or population CSV checks its own).
    const tooMany = budgetProblem(budget, arms.numArms);
    if (tooMany) throw new UsageError(`option "--budget": ${tooMany} of ${options.arms ?? options.population}`);
    const input: SimulationInput = {
      ...arms,
      initial: arms.initial && options.initial === undefined ? arms.initial : uniformInitial(arms.numArms, p),
      discount,
      budget,
      horizon,
      trials,
      seed,
      policy,
      ties,
    };
    const { result, elapsedMs, threads, notIndexable } = await runSimulation(input, workers);
    const note = nonIndexableNote(notIndexable, arms.numArms);
    if (note) io.stderr.write(`allot simulate: warning: ${note}\n`);
    const summary = {
      policy,
      ties,
      num_arms: arms.numArms,
      budget,
      horizon,
      trials,
      seed,
      discount,
      workers: threads,
      reward_mean: result.rewardMean,
      disc_reward_mean: result.discRewardMean,
      engaged_sum: result.engagedSum,
      pulled_id_sum: result.pulledIdSum,
      not_indexable_arms: notIndexable,
      elapsed_ms: elapsedMs,
      ...(instance ? { population: describeInstance(instance) } : {}),
    };
    if (options.json) io.stdout.write(JSON.stringify(summary) + '\n');
    else
      io.stdout.write(
        Object.entries(summary)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n') + '\n',
      );
    return 0;
  },
};

/**
 * Runs a simulation on `workers` threads (0: one per core; 1: in this thread) and times the index
 * table plus the simulation, after the engine or the threads have started. S-state Whittle indices are
 * computed once here (not once per thread), with the count of arms that are not indexable.
 */
export async function runSimulation(
  input: SimulationInput,
  workers: number,
): Promise<{ result: SimulationResult; elapsedMs: number; threads: number; notIndexable: number }> {
  const engine = await loadEngineNode();
  const pool = workers === 1 ? undefined : await ThreadPool.start(workers);
  try {
    const t0 = performance.now();
    let ready = input,
      notIndexable = 0;
    if (input.policy === 'whittle' && input.numStates > 2 && !input.indices) {
      const table = engine.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount);
      ready = { ...input, indices: table.indices };
      notIndexable = countNotIndexable(table.indexable);
    }
    const result = pool ? await pool.simulate(ready) : engine.simulate(ready);
    return { result, elapsedMs: performance.now() - t0, threads: pool?.size ?? 1, notIndexable };
  } finally {
    await pool?.close();
  }
}
