// What a built-in population generator is: a name, a description, numeric parameters with
// documented defaults (each marked with its source, or as allot's own choice), and a pure,
// seed-deterministic generate().
import { createInstance, type InstanceInput } from '../../instance/create-instance.ts';
import type { Instance } from '../../instance/types.ts';

export interface GeneratorParameter {
  /** Also the command-line flag: --<name>. */
  name: string;
  description: string;
  default: number;
  min: number;
  max: number;
  integer: boolean;
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
}

/** Fills defaults and checks ranges; unknown names are refused with the list of known ones. */
export function resolveParameters(generator: PopulationGenerator, given: Partial<Record<string, number>>): Record<string, number> {
  const known = new Map(generator.parameters.map((p) => [p.name, p]));
  for (const name of Object.keys(given)) {
    if (given[name] !== undefined && !known.has(name)) {
      throw new Error(`generator "${generator.name}" has no parameter "${name}"; its parameters are ${[...known.keys()].join(', ')}`);
    }
  }
  const out: Record<string, number> = {};
  for (const p of generator.parameters) {
    const value = given[p.name] ?? p.default;
    if (!Number.isFinite(value) || value < p.min || value > p.max || (p.integer && !Number.isInteger(value))) {
      throw new Error(`generator "${generator.name}": ${p.name} must be ${p.integer ? 'an integer' : 'a number'} in [${p.min}, ${p.max}], not ${value}`);
    }
    out[p.name] = value;
  }
  // A population smaller than the default sample is sampled whole.
  if (given.sample === undefined && out.sample !== undefined && out.sample > out.arms) out.sample = out.arms;
  if (out.budget !== undefined && out.arms !== undefined) {
    const pool = out.sample ?? out.arms;
    if (out.budget > pool) throw new Error(`generator "${generator.name}": the budget ${out.budget} is larger than the ${pool} arms ${out.sample !== undefined ? 'each seed samples' : 'of the population'}`);
    if (out.sample !== undefined && out.sample > out.arms) throw new Error(`generator "${generator.name}": cannot sample ${out.sample} arms from ${out.arms}`);
  }
  return out;
}

/** The parameters every generator has: size, budget, horizon, discount. */
export function commonParameters(defaults: { arms: number; budget: number; horizon: number; discount: number }, sources: { arms: string; budget: string; horizon: string; discount: string }): GeneratorParameter[] {
  const own = (s: string) => s === 'allot';
  return [
    { name: 'arms', description: 'number of arms (beneficiaries) in the population', default: defaults.arms, min: 1, max: 10_000_000, integer: true, source: sources.arms, ownChoice: own(sources.arms) },
    { name: 'budget', description: 'arms pulled per step', default: defaults.budget, min: 1, max: 10_000_000, integer: true, source: sources.budget, ownChoice: own(sources.budget) },
    { name: 'horizon', description: 'steps per simulated trial', default: defaults.horizon, min: 1, max: 100_000, integer: true, source: sources.horizon, ownChoice: own(sources.horizon) },
    { name: 'discount', description: 'discount factor, in [0, 1)', default: defaults.discount, min: 0, max: 0.999999, integer: false, source: sources.discount, ownChoice: own(sources.discount) },
  ];
}

/** The active effect's two parameters (see drawEffect), with their defaults and sources. */
export function effectParameters(defaults: { effect: number; sigma: number }, sources: { effect: string; sigma: string }): GeneratorParameter[] {
  const own = (s: string) => s === 'allot';
  return [
    { name: 'effect', description: 'largest mean active effect on P(engaged next step)', default: defaults.effect, min: 0, max: 1, integer: false, source: sources.effect, ownChoice: own(sources.effect) },
    { name: 'sigma', description: 'standard deviation of the active effect', default: defaults.sigma, min: 0, max: 1, integer: false, source: sources.sigma, ownChoice: own(sources.sigma) },
  ];
}

/** The Instance of a generator's arms, with the common parameters' budget, horizon and discount and its provenance. */
export function generatedInstance(generator: string, p: Record<string, number>, seed: number, arms: Pick<InstanceInput, 'numArms' | 'transitions' | 'schema' | 'features' | 'initial' | 'sampleSize'>): Instance {
  // the generator's arrays are fresh and its own: the instance takes them without copying
  return createInstance({ ...arms, budget: p.budget, horizon: p.horizon, discount: p.discount, provenance: { kind: 'generator', generator, parameters: p, seed } }, { adopt: true });
}
