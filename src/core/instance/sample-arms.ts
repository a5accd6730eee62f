// DLM's evaluation setting: each seed evaluates a fresh random subset of the population (48 of
// 7,668 beneficiaries, budget 16). sampleArms draws that subset, deterministically by seed.
import { seededRandom } from '../random/seeded-random.ts';
import { cloneJson } from './clone-json.ts';
import { NUM_ACTIONS, type Instance } from './types.ts';

/**
 * n distinct arms of `instance`, drawn uniformly without replacement with the given seed and kept
 * in population order. Budget, horizon, discount and schema are kept; provenance records the draw.
 * n defaults to instance.sampleSize (all arms when it is absent).
 */
export function sampleArms(instance: Instance, n = instance.sampleSize ?? instance.numArms, seed = 0): Instance {
  const N = instance.numArms;
  if (!Number.isInteger(n) || n < instance.budget || n > N) {
    throw new Error(
      `cannot sample ${n} arms: the sample must hold between the budget ${instance.budget} and all ${N} arms`,
    );
  }
  // Partial Fisher-Yates: the first n entries of `order` are the sample.
  const order = new Int32Array(N);
  for (let i = 0; i < N; i++) order[i] = i;
  const random = seededRandom(seed);
  for (let i = 0; i < n; i++) {
    const j = i + random.int(N - i);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  const indices = Array.from(order.subarray(0, n)).sort((a, b) => a - b);
  const S = instance.numStates;
  const F = instance.schema.columns.length;
  const rowT = S * NUM_ACTIONS * S;
  const transitions = new Float64Array(n * rowT);
  const features = new Float64Array(n * F);
  const initial = new Float64Array(n * S);
  indices.forEach((arm, k) => {
    transitions.set(instance.transitions.subarray(arm * rowT, (arm + 1) * rowT), k * rowT);
    features.set(instance.features.subarray(arm * F, (arm + 1) * F), k * F);
    initial.set(instance.initial.subarray(arm * S, (arm + 1) * S), k * S);
  });
  const { sampleSize: _, ...rest } = instance;
  return {
    ...rest,
    numArms: n,
    ids: indices.map((arm) => instance.ids[arm]),
    transitions,
    features,
    initial,
    schema: cloneJson(instance.schema),
    provenance: { ...cloneJson(instance.provenance), sample: { populationArms: N, seed, indices } },
    warnings: [...instance.warnings],
  };
}

/**
 * The arms evaluation seed `seed` uses: the seeded sample of a population that samples per seed
 * (sampleSize below numArms; DLM: 48 of 7,668), else the whole population.
 */
export function armsOfSeed(instance: Instance, seed: number): Instance {
  return instance.sampleSize !== undefined && instance.sampleSize < instance.numArms
    ? sampleArms(instance, instance.sampleSize, seed)
    : instance;
}
