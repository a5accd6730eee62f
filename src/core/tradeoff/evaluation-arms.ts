// The arms each evaluation seed simulates, and how to read a population-level table for them:
// a population with a sample size (DLM: 48 of 7,668) gives each seed its own sample (armsOfSeed),
// any other population is used whole by every seed.
import { armsOfSeed } from '../instance/sample-arms.ts';
import type { Instance } from '../instance/types.ts';

export interface SeedArms {
  /** Seed of the arm sample and of the simulation. */
  seed: number;
  instance: Instance;
  /** Population index of each of the instance's arms; null when it is the population itself. */
  rows: readonly number[] | null;
}

/**
 * Each seed's arms, drawn once per population and seed: a sweep again, a refinement and the
 * baselines reuse them (200 DLM samples cost about a tenth of a 25-point sweep to draw).
 */
const drawn = new WeakMap<Instance, Map<number, SeedArms>>();

export function evaluationArms(population: Instance, seeds: readonly number[]): SeedArms[] {
  let bySeed = drawn.get(population);
  if (!bySeed) drawn.set(population, (bySeed = new Map()));
  return seeds.map((seed) => {
    let arms = bySeed.get(seed);
    if (!arms) {
      const instance = armsOfSeed(population, seed);
      bySeed.set(
        seed,
        (arms = { seed, instance, rows: instance === population ? null : instance.provenance.sample!.indices }),
      );
    }
    return arms;
  });
}

/** The rows of a population-level array (stride values per arm) for one seed's arms. */
export function rowsOf<T extends Float64Array | Uint8Array | Int32Array>(values: T, stride: number, arms: SeedArms): T {
  if (!arms.rows) return values;
  const out = new (values.constructor as new (n: number) => T)(arms.rows.length * stride);
  arms.rows.forEach((arm, k) => out.set(values.subarray(arm * stride, arm * stride + stride), k * stride));
  return out;
}
