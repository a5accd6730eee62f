// What a built-in population generator is: a name, a description, numeric parameters with
// documented defaults (each marked with its source, or as allot's own choice), and a pure,
// seed-deterministic generate().
import { createInstance, type InstanceInput } from '../../instance/create-instance.ts';
import { rowMajor, type FeatureTable } from '../../instance/feature-table.ts';
import type { FeatureSchema, Instance } from '../../instance/types.ts';
import { describeRange, inRange, RANGES, type NumberRange } from '../../limits/setting-ranges.ts';

/** A parameter and its range (min, max, integer: the command line's and the app's, src/core/limits/). */
export interface GeneratorParameter extends NumberRange {
  /** Also the command-line flag: --<name>. */
  name: string;
  description: string;
  default: number;
  /** Where the default comes from, e.g. "DLM appendix B", or "allot" when no paper publishes it. */
  source: string;
  /** True when the default is allot's own choice (no paper publishes it). */
  ownChoice: boolean;
}

export interface PopulationGenerator {
  name: string;
  /** One line: what the population is. */
  description: string;
  parameters: GeneratorParameter[];
  /** Modelling choices (not parameters) that no paper publishes and allot made; shown in docs, help and UI. */
  ownChoices: string[];
  /** Deterministic: the same parameters and seed give the same instance, bit for bit. */
  generate(parameters: Partial<Record<string, number>>, seed: number): Instance;
  /**
   * The same population with its features as columns and no row-major table (a register of 10^6 needs
   * 43 MB of bytes, not 344 MB of doubles): `instance.features` is empty, `features` holds them.
   */
  generateColumns?(parameters: Partial<Record<string, number>>, seed: number): GeneratedColumns;
  /**
   * The same 2-state population before its rows are written out: features as columns, each arm's effect draws
   * (two-state.ts). generatedRegister simulates a history from them: 24 bytes per arm instead of 80.
   */
  generateDraws?(parameters: Partial<Record<string, number>>, seed: number): GeneratedDraws;
}

/** A 2-state population as drawn (generateDraws): its parameters with their defaults, resolved and checked. */
export interface GeneratedDraws {
  parameters: Record<string, number>;
  sampleSize?: number;
  schema: FeatureSchema;
  features: FeatureTable;
  /** numArms x EFFECT_DRAW_VALUES (two-state.ts). */
  draws: Float64Array;
}

/** A generated population whose features are columns only (instance.features is empty). */
export interface GeneratedColumns {
  instance: Instance;
  features: FeatureTable;
}

/**
 * Fills defaults and checks ranges; unknown names are refused with the list of known ones (an Error naming the
 * problem).
 */
export function resolveParameters(
  generator: PopulationGenerator,
  given: Partial<Record<string, number>>,
): Record<string, number> {
  const resolved = checkParameters(generator, given);
  if (typeof resolved === 'string') throw new Error(resolved);
  return resolved;
}

/** Why `given` cannot generate a population, in words, or the parameters with their defaults filled in. */
export function checkParameters(
  generator: PopulationGenerator,
  given: Partial<Record<string, number>>,
): Record<string, number> | string {
  const known = new Map(generator.parameters.map((p) => [p.name, p]));
  for (const name of Object.keys(given)) {
    if (given[name] !== undefined && !known.has(name)) {
      const names = [...known.keys()].join(', ');
      return `generator "${generator.name}" has no parameter "${name}"; its parameters are ${names}`;
    }
  }
  const out: Record<string, number> = {};
  for (const p of generator.parameters) {
    const value = given[p.name] ?? p.default;
    if (!inRange(value, p)) return `generator "${generator.name}": ${p.name} must be ${describeRange(p)}, not ${value}`;
    out[p.name] = value;
  }
  // A population smaller than the default sample is sampled whole.
  if (given.sample === undefined && out.sample !== undefined && out.sample > out.arms) out.sample = out.arms;
  if (out.budget !== undefined && out.arms !== undefined) {
    const pool = out.sample ?? out.arms;
    const whose = out.sample !== undefined ? 'each seed samples' : 'of the population';
    if (out.budget > pool)
      return `generator "${generator.name}": the budget ${out.budget} is larger than the ${pool} arms ${whose}`;
    if (out.sample !== undefined && out.sample > out.arms) {
      return `generator "${generator.name}": cannot sample ${out.sample} arms from ${out.arms}`;
    }
  }
  return out;
}

/** The parameters every generator has: size, budget, horizon, discount. */
export function commonParameters(
  defaults: { arms: number; budget: number; horizon: number; discount: number },
  sources: { arms: string; budget: string; horizon: string; discount: string },
): GeneratorParameter[] {
  const own = (s: string) => s === 'allot';
  return [
    {
      name: 'arms',
      description: 'number of arms (beneficiaries) in the population',
      default: defaults.arms,
      ...RANGES.arms,
      source: sources.arms,
      ownChoice: own(sources.arms),
    },
    {
      name: 'budget',
      description: 'arms pulled per step',
      default: defaults.budget,
      ...RANGES.budget,
      source: sources.budget,
      ownChoice: own(sources.budget),
    },
    {
      name: 'horizon',
      description: 'steps per simulated trial',
      default: defaults.horizon,
      ...RANGES.horizon,
      source: sources.horizon,
      ownChoice: own(sources.horizon),
    },
    {
      name: 'discount',
      description: 'discount factor, in [0, 1)',
      default: defaults.discount,
      ...RANGES.discount,
      source: sources.discount,
      ownChoice: own(sources.discount),
    },
  ];
}

/** The active effect's two parameters (see drawEffect), with their defaults and sources. */
export function effectParameters(
  defaults: { effect: number; sigma: number },
  sources: { effect: string; sigma: string },
): GeneratorParameter[] {
  const own = (s: string) => s === 'allot';
  return [
    {
      name: 'effect',
      description: 'largest mean active effect on P(engaged next step)',
      default: defaults.effect,
      ...RANGES.probability,
      source: sources.effect,
      ownChoice: own(sources.effect),
    },
    {
      name: 'sigma',
      description: 'standard deviation of the active effect',
      default: defaults.sigma,
      ...RANGES.probability,
      source: sources.sigma,
      ownChoice: own(sources.sigma),
    },
  ];
}

/**
 * A generator's arms with their features as columns: the instance is checked without its features
 * (schema and features empty, then the schema put back), so no row-major table is made.
 */
export function generatedColumns(
  generator: string,
  p: Record<string, number>,
  seed: number,
  arms: Pick<InstanceInput, 'numArms' | 'transitions' | 'schema' | 'initial' | 'sampleSize'> & {
    features: FeatureTable;
  },
): GeneratedColumns {
  const bare = generatedInstance(generator, p, seed, {
    ...arms,
    schema: { columns: [], groups: [] },
    features: new Float64Array(0),
  });
  return { instance: { ...bare, schema: arms.schema }, features: arms.features };
}

/** The Instance of generated columns (generate() of a generator that has generateColumns): checked in full. */
export function instanceOfColumns({ instance, features }: GeneratedColumns): Instance {
  return createInstance({ ...instance, features: rowMajor(features) }, { adopt: true });
}

/** The Instance of a generator's arms, with the common parameters' budget, horizon and discount and its provenance. */
export function generatedInstance(
  generator: string,
  p: Record<string, number>,
  seed: number,
  arms: Pick<InstanceInput, 'numArms' | 'transitions' | 'schema' | 'features' | 'initial' | 'sampleSize'>,
): Instance {
  // the generator's arrays are fresh and its own: the instance takes them without copying
  return createInstance(
    {
      ...arms,
      budget: p.budget,
      horizon: p.horizon,
      discount: p.discount,
      provenance: { kind: 'generator', generator, parameters: p, seed },
    },
    { adopt: true },
  );
}
