// A register drawn from a built-in population (dlm, sclm, multilingual) with simulated histories
// (simulate-history.ts), so that anyone can try the weekly plan without data. The true transitions
// are returned beside it (for tests and the benchmark); the register itself only has the history.
import { asTable, type FeatureTable } from '../instance/feature-table.ts';
import type { Instance } from '../instance/types.ts';
import { findGenerator, GENERATORS } from '../datasets/generators.ts';
import type { GeneratedDraws } from '../datasets/generators/population-generator.ts';
import { effectArrays } from '../datasets/generators/two-state.ts';
import { seededRandom } from '../random/seeded-random.ts';
import { bandNumericFeatures } from './band-numeric.ts';
import type { Register } from './register.ts';
import { packIds } from './packed-ids.ts';
import { simulateEffectHistory, simulateHistory } from './simulate-history.ts';

export interface GeneratedRegisterOptions {
  /** Weeks of history, the last one the current week; default 26 (half a year). */
  weeks?: number;
  /** Calls per week in the simulated history; default the register's budget. */
  callsPerWeek?: number;
}

/** The register and the true transitions (numArms x S x 2 x S) it was simulated from. */
export function generatedRegister(
  name: string,
  parameters: Partial<Record<string, number>>,
  seed: number,
  options: GeneratedRegisterOptions = {},
): { register: Register; truth: Float64Array } {
  const generator = findGenerator(name);
  if (!generator)
    throw new Error(
      `"${name}" is not a built-in population; the built-in ones are ${GENERATORS.map((g) => g.name).join(', ')}`,
    );
  if (generator.generateDraws) return registerOfDraws(name, generator.generateDraws(parameters, seed), seed, options);
  const { instance, features } =
    generator.generateColumns?.(parameters, seed) ?? withColumns(generator.generate(parameters, seed));
  const N = instance.numArms;
  // A sampled population's budget is per sample (DLM: 16 of 48): scale it to the whole register.
  const budget = instance.sampleSize
    ? Math.max(1, Math.round((N * instance.budget) / instance.sampleSize))
    : instance.budget;
  const weeks = options.weeks ?? 26;
  const history = simulateHistory(
    instance.transitions,
    instance.initial,
    N,
    instance.numStates,
    weeks,
    options.callsPerWeek ?? budget,
    seededRandom(seed + 1),
  );
  const register: Register = {
    numArms: N,
    numStates: instance.numStates,
    ids: packIds(instance.ids),
    schema: bandNumericFeatures(instance.schema, features, N),
    features,
    transitions: null,
    history,
    budget,
    discount: instance.discount,
    horizon: instance.horizon,
    provenance: instance.provenance,
    warnings: [],
  };
  return { register, truth: instance.transitions };
}

/**
 * The register of a 2-state population as drawn (generateDraws): the same register as from its Instance (whose
 * checks resolveParameters has made), its history simulated from the draws, the true rows written out only when
 * `truth` is read.
 */
function registerOfDraws(
  name: string,
  { parameters: p, sampleSize, schema, features, draws }: GeneratedDraws,
  seed: number,
  options: GeneratedRegisterOptions,
): { register: Register; truth: Float64Array } {
  const N = p.arms;
  const budget = sampleSize ? Math.max(1, Math.round((N * p.budget) / sampleSize)) : p.budget;
  const history = simulateEffectHistory(
    draws,
    N,
    options.weeks ?? 26,
    options.callsPerWeek ?? budget,
    seededRandom(seed + 1),
  );
  const register: Register = {
    numArms: N,
    numStates: 2,
    ids: packIds(Array.from({ length: N }, (_, i) => String(i))), // as an Instance's numbered ids
    schema: bandNumericFeatures(schema, features, N),
    features,
    transitions: null,
    history,
    budget,
    discount: p.discount,
    horizon: p.horizon,
    provenance: { kind: 'generator', generator: name, parameters: { ...p }, seed },
    warnings: [],
  };
  let truth: Float64Array | undefined;
  return {
    register,
    get truth() {
      return (truth ??= effectArrays(draws, N).transitions);
    },
  };
}

/** A generator's instance and its features as columns (for generators without generateColumns). */
function withColumns(instance: Instance): { instance: Instance; features: FeatureTable } {
  return { instance, features: asTable(instance.features, instance.numArms, instance.schema.columns.length) };
}
