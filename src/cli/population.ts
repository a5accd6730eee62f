// One way for every command that takes arms (simulate, reward, evaluate, fairness, dataset) to
// turn "a generator name or a population file" into a validated Instance:
//   loadPopulation('dlm', { seed: '3', arms: '1000' })      a built-in generator with its flags
//   loadPopulation('arms.csv', { schema: 'schema.json' })    a population CSV (+ optional schema JSON)
//   loadPopulation('population.json', {})                     an allot instance file
// Commands spread POPULATION_OPTIONS into their options to accept the same flags.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { findGenerator, GENERATORS } from '../core/datasets/generators.ts';
import { checkParameters } from '../core/datasets/generators/population-generator.ts';
import { parseInstanceJson } from '../core/datasets/instance-json.ts';
import { parsePopulationCsv } from '../core/datasets/population-csv.ts';
import { parseSchemaFile } from '../core/datasets/population-schema.ts';
import type { Instance } from '../core/instance/types.ts';
import { RANGES, type NumberRange } from '../core/limits/setting-ranges.ts';
import { UsageError, type OptionSpec, type OptionSpecs } from './args.ts';
import { optionalNumber } from './number-option.ts';
import { readTextFile } from './read-text-file.ts';

/** Default seed of a generated population (allot's choice). */
export const DEFAULT_SEED = 0;

const GENERATOR_PARAMETERS = [...new Set(GENERATORS.flatMap((g) => g.parameters.map((p) => p.name)))];
const FILE_OVERRIDES = ['budget', 'horizon', 'discount'];
/** The ranges of the flags a population CSV takes (a generator's parameters carry their own). */
const FILE_RANGES: Record<string, NumberRange> = {
  budget: RANGES.budget,
  horizon: RANGES.horizon,
  discount: RANGES.discount,
};

/** The flag naming the source loadPopulation reads (--population, or --dataset in `allot fairness`). */
export const SOURCE_OPTION: OptionSpec = {
  type: 'string',
  value: 'NAME|FILE',
  description: 'a generator (dlm, sclm, multilingual) or a population file (.json instance, .csv population)',
};

/** The flags of loadPopulation: --seed, --schema and every generator parameter (--arms, --alpha, ...). */
export const POPULATION_OPTIONS: OptionSpecs = {
  seed: {
    type: 'string',
    value: 'S',
    description: 'seed of a generated population',
    default: String(DEFAULT_SEED),
    range: RANGES.seed,
  },
  schema: {
    type: 'string',
    value: 'FILE.json',
    description: 'schema of a population CSV (labels, types, groups); inferred when absent',
  },
  ...Object.fromEntries(
    GENERATOR_PARAMETERS.map((name) => {
      const users = GENERATORS.filter((g) => g.parameters.some((p) => p.name === name));
      const first = users[0].parameters.find((p) => p.name === name)!;
      const scope = users.length === GENERATORS.length ? '' : ` (${users.map((g) => g.name).join(', ')})`;
      // Parameters of the same name share their range (src/core/limits/setting-ranges.ts).
      const { integer, min, max, minExcluded, maxExcluded } = first;
      const range = { integer, min, max, minExcluded, maxExcluded };
      return [name, { type: 'string', value: integer ? 'N' : 'X', description: `${first.description}${scope}`, range }];
    }),
  ),
};

/**
 * POPULATION_OPTIONS for a command whose own flags already use some of their names: `rename` maps
 * a population flag to the name the command gives it, e.g. { seed: 'population-seed' } where --seed
 * seeds the simulation. Read the values back with populationFlags and the same `rename`.
 */
export function populationOptions(rename: Record<string, string> = {}): OptionSpecs {
  return Object.fromEntries(Object.entries(POPULATION_OPTIONS).map(([name, spec]) => [rename[name] ?? name, spec]));
}

/** The loadPopulation flags of a command line parsed with populationOptions(rename). */
export function populationFlags(
  options: Record<string, string | true | undefined>,
  rename: Record<string, string> = {},
): Record<string, string | true | undefined> {
  return Object.fromEntries(Object.keys(POPULATION_OPTIONS).map((name) => [name, options[rename[name] ?? name]]));
}

/**
 * A generator name or a population file (.json instance, .csv population) -> a validated Instance.
 * Every number is checked against its range before anything is generated or read (a UsageError naming
 * the flag as the command spells it: `rename` as given to populationOptions).
 */
export async function loadPopulation(
  nameOrFile: string,
  flags: Record<string, string | true | undefined>,
  rename: Record<string, string> = {},
): Promise<Instance> {
  const generator = findGenerator(nameOrFile);
  const flag = (name: string) => rename[name] ?? name;
  const number = (name: string, range: NumberRange) => optionalNumber({ [flag(name)]: flags[name] }, flag(name), range);
  if (generator) {
    if (flags.schema !== undefined)
      throw new UsageError(`--schema applies to a population CSV, not to the generator "${generator.name}"`);
    const parameters: Record<string, number> = {};
    for (const name of GENERATOR_PARAMETERS) {
      if (flags[name] === undefined) continue;
      const parameter = generator.parameters.find((p) => p.name === name);
      if (!parameter) {
        const own = generator.parameters.map((p) => `--${flag(p.name)}`).join(', ');
        throw new UsageError(
          `--${flag(name)} does not apply to the generator "${generator.name}" (its parameters: ${own})`,
        );
      }
      parameters[name] = number(name, parameter)!;
    }
    const seed = number('seed', RANGES.seed) ?? DEFAULT_SEED;
    // Together (a budget above the arms, a sample above the population), still before any work.
    const checked = checkParameters(generator, parameters);
    if (typeof checked === 'string') throw new UsageError(checked);
    return generator.generate(parameters, seed);
  }
  for (const name of [...GENERATOR_PARAMETERS.filter((n) => !FILE_OVERRIDES.includes(n)), 'seed']) {
    if (flags[name] !== undefined) {
      throw new UsageError(`--${flag(name)} applies to a generated population, not to the file "${nameOrFile}"`);
    }
  }
  const overrides = Object.fromEntries(FILE_OVERRIDES.map((name) => [name, number(name, FILE_RANGES[name])]));
  await stat(nameOrFile).catch(() => {
    throw new Error(
      `"${nameOrFile}" is neither a generator (${GENERATORS.map((g) => g.name).join(', ')}) nor a file that exists`,
    );
  });
  const fileName = basename(nameOrFile);
  const text = await readTextFile(nameOrFile);
  if (/\.json$/i.test(nameOrFile)) {
    if (flags.schema !== undefined)
      throw new UsageError('--schema applies to a population CSV, not to an instance JSON file (its schema is inside)');
    for (const name of FILE_OVERRIDES)
      if (flags[name] !== undefined)
        throw new UsageError(
          `--${name} applies to a population CSV or a generator; an instance JSON file carries its own`,
        );
    return parseInstanceJson(text, fileName);
  }
  if (/\.csv$/i.test(nameOrFile)) {
    const schemaPath = typeof flags.schema === 'string' ? flags.schema : undefined;
    const schema = schemaPath ? parseSchemaFile(await readTextFile(schemaPath), basename(schemaPath)) : undefined;
    const { budget, horizon, discount } = overrides;
    return parsePopulationCsv(text, { fileName, schema, budget, horizon, discount });
  }
  throw new Error(`"${nameOrFile}": a population file must end in .csv (one row per arm) or .json (an allot instance)`);
}

/** One line describing an instance: arms, states, features, budget, horizon, discount, origin. */
export function describeInstance(instance: Instance): string {
  const p = instance.provenance;
  const origin =
    p.kind === 'generator' ? `generator ${p.generator}, seed ${p.seed}` : `${p.fileName} (${p.contentHash})`;
  return (
    `${instance.numArms} arms, ${instance.numStates} states, ${instance.schema.columns.length} features in ` +
    `${instance.schema.groups.length} groups, ` +
    `budget ${instance.budget}, horizon ${instance.horizon}, discount ${instance.discount}` +
    (instance.sampleSize !== undefined ? `, ${instance.sampleSize} arms sampled per seed` : '') +
    `; ${origin}`
  );
}
