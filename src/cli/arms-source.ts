// Where `allot indices` and `allot simulate` take their arms from: exactly one of
//   --arms FILE.csv            the 2-state arm CSV (q00,q01,q10,q11 and optional r0,r1), read as the
//                              bench reads it (the path the bench checksums are compared on), or
//   --population NAME|FILE     a generator (dlm, sclm, multilingual) or a population file (.json
//                              instance, .csv population), with the reward of --reward EXPR
//                              compiled against its features (default "state").
// The population flags are those of `allot dataset generate`, except that --seed and --arms belong
// to these commands: the population's are --population-seed and --population-arms.
import { DEFAULT_REWARD } from '../core/reward/default-reward.ts';
import { parseArmsCsv } from '../core/datasets/arms-csv.ts';
import type { Instance } from '../core/instance/types.ts';
import { RANGES } from '../core/limits/setting-ranges.ts';
import { UsageError, type OptionSpec, type OptionSpecs } from './args.ts';
import { readTextFile } from './read-text-file.ts';
import { compileExpression } from './fairness-wiring.ts';
import { loadPopulation, SOURCE_OPTION, populationFlags, populationOptions } from './population.ts';

const RENAME = { seed: 'population-seed', arms: 'population-arms' };
/** Population flags the commands define themselves (the population's values are their defaults). */
const OWN = ['budget', 'horizon', 'discount'];

/** --arms, --population, --reward and the population flags (without budget, horizon and discount). */
export const ARMS_SOURCE_OPTIONS: OptionSpecs = {
  arms: {
    type: 'string',
    value: 'FILE.csv',
    description: 'the 2-state arm CSV (q00,q01,q10,q11, optional r0,r1 rewards)',
  },
  population: {
    ...SOURCE_OPTION,
    description: `instead of --arms: ${SOURCE_OPTION.description}`,
  },
  reward: {
    type: 'string',
    value: 'EXPR',
    description: 'with --population: the reward expression r(arm, state) (write --reward=... when it starts with -)',
    default: DEFAULT_REWARD,
  },
  ...Object.fromEntries(Object.entries(populationOptions(RENAME)).filter(([name]) => !OWN.includes(name))),
};

/** --discount of a command on an arms source: the arm CSV needs one, a population has its own. */
export const DISCOUNT_OPTION: OptionSpec = {
  type: 'string',
  value: 'D',
  description: 'discount (with --population: its own by default)',
  range: RANGES.discount,
};

export const ARMS_SOURCE_HELP = [
  'Arms: --arms FILE.csv (columns q00,q01,q10,q11 = P(next state 1 | state s, action a), optional r0,r1; other',
  'columns ignored), or --population NAME|FILE: a generator with its flags (--population-seed S, --population-arms N,',
  '--alpha, --sample, --dataset, ... as in `allot dataset generate`), an instance file (.json) or a population CSV',
  '(--schema FILE.json optional). With --population the reward is --reward EXPR (default "state") compiled against',
  "the population's features, and the population's initial distribution, budget, horizon and discount are used",
  'unless the command line gives them.',
].join('\n');

/** Arms as the engine takes them (layouts of SimulationInput). */
export interface LoadedArms {
  numArms: number;
  numStates: number;
  /** The arms' ids (the CSV's id column, or row numbers from 0; the population's ids). */
  ids: string[];
  transitions: Float64Array;
  rewards: Float64Array;
  /** The population's initial distribution (numArms x numStates); absent for the arm CSV. */
  initial?: Float64Array;
  /** The population, when the arms came from --population. */
  instance?: Instance;
}

/** Which source the command line names; a UsageError when it names both or neither. */
export function armsSource(options: Record<string, string | true | undefined>): 'arms' | 'population' {
  if (options.arms !== undefined && options.population !== undefined)
    throw new UsageError('give --arms FILE.csv or --population NAME|FILE, not both');
  if (options.arms === undefined && options.population === undefined)
    throw new UsageError('give the arms: --arms FILE.csv or --population NAME|FILE');
  return options.arms !== undefined ? 'arms' : 'population';
}

/**
 * Reads --arms or --population (the command's --budget, --horizon, --discount go to the generator or
 * population CSV). `prepare` may replace the loaded population, e.g. by its seeded sample, before the
 * reward is compiled.
 */
export async function loadArmsSource(
  options: Record<string, string | true | undefined>,
  prepare: (instance: Instance) => Instance = (i) => i,
): Promise<LoadedArms> {
  const { arms, population } = options;
  if (armsSource(options) === 'arms') {
    const extra = Object.keys(ARMS_SOURCE_OPTIONS).find(
      (name) => name !== 'arms' && name !== 'population' && options[name] !== undefined,
    );
    if (extra)
      throw new UsageError(
        `--${extra} applies to --population, not to the arm CSV of --arms (whose rewards are its r0,r1 columns)`,
      );
    const parsed = parseArmsCsv(await readTextFile(arms as string), arms as string);
    return {
      numArms: parsed.ids.length,
      numStates: 2,
      ids: parsed.ids,
      transitions: parsed.transitions,
      rewards: parsed.rewards,
    };
  }
  const instance = prepare(await loadPopulation(population as string, populationFlags(options, RENAME), RENAME));
  const compiled = compileExpression(typeof options.reward === 'string' ? options.reward : DEFAULT_REWARD, instance);
  if (!compiled.ok) throw new UsageError(`--reward: ${compiled.error}`);
  return {
    numArms: instance.numArms,
    numStates: instance.numStates,
    ids: instance.ids,
    transitions: instance.transitions,
    rewards: compiled.table,
    initial: instance.initial,
    instance,
  };
}
