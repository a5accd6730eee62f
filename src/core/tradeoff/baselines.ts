// Baselines that need no LLM, simulated on the sweep's seeds with the default index (`state`) and
// per-group call bounds (the WASM constrained top-B): group quotas and minimax water-filling.
// Definitions and source: README.md in this folder.
import type { FeatureGroup, Instance } from '../instance/types.ts';
import { bucketOfArms } from '../measures/bucket-of-arms.ts';
import type { AbortSignalLike, Simulate } from '../simulation/simulate-port.ts';
import { callsByGroup } from './calls-by-group.ts';
import type { SeedArms } from './evaluation-arms.ts';
import type { DialPoint, DialSweep, GroupCallBounds, Measured } from './sweep-dial.ts';
import { percent } from '../words/percent.ts';

export interface BaselineResult {
  name: string;
  /** One sentence: what was simulated. */
  definition: string;
  outcome: Measured;
  /** Group -> bucket -> share of calls. */
  callsByGroup: Record<string, Record<string, number>>;
  /** Calls per step given to each bucket of the group, per seed (quotas: minima; minimax: exact counts). */
  perSeedCalls: number[][];
}

function groupOf(population: Instance, name: string): FeatureGroup {
  const group = population.schema.groups.find((g) => g.name === name);
  if (!group)
    throw new RangeError(
      `"${name}" is not a feature group of this population; its groups are ` +
        `${population.schema.groups.map((g) => g.name).join(', ')}`,
    );
  return group;
}

const bucketsOf = (instance: Instance, group: FeatureGroup) =>
  bucketOfArms(instance.features, instance.numArms, instance.schema.columns.length, group);
const stateTable = (numArms: number, S: number) => Float64Array.from({ length: numArms * S }, (_, k) => k % S);

/**
 * Group quotas: the default index with at least floor(share[b] x B) calls per step to bucket b of
 * `groupName` (at most the bucket's arms), the rest by index. `shares` are per bucket, summing to at most 1.
 */
export async function quotaBaseline(
  sweep: DialSweep,
  groupName: string,
  shares: readonly number[],
  simulate: Simulate,
  options: { signal?: AbortSignalLike } = {},
): Promise<BaselineResult> {
  const { population } = sweep.setup;
  const group = groupOf(population, groupName);
  if (shares.length !== group.buckets.length)
    throw new RangeError(`quotas: ${shares.length} shares for the ${group.buckets.length} buckets of ${groupName}`);
  if (shares.some((x) => !(x >= 0)) || shares.reduce((a, b) => a + b, 0) > 1 + 1e-9)
    throw new RangeError(`quotas: shares must be >= 0 and add up to at most 1, got ${shares.join(', ')}`);
  const perSeedCalls: number[][] = [];
  const bounds = (arms: SeedArms, k: number): GroupCallBounds => {
    const ofArm = bucketsOf(arms.instance, group);
    const B = Math.min(arms.instance.budget, arms.instance.numArms);
    const size = new Array<number>(shares.length).fill(0);
    for (const b of ofArm) if (b >= 0) size[b]++;
    const min = Int32Array.from(shares, (x, b) => Math.min(size[b], Math.floor(x * B + 1e-9)));
    perSeedCalls[k] = Array.from(min);
    return { ofArm, min, max: new Int32Array(shares.length).fill(arms.instance.numArms) };
  };
  const outcome = await sweep.measure(stateTable(population.numArms, population.numStates), simulate, {
    signal: options.signal,
    bounds,
  });
  const shareList = shares.map((x, b) => `${group.buckets[b]} ${percent(x)}`).join(', ');
  return {
    name: 'group quotas',
    definition:
      `Default index (reward = state), each step at least these shares of the calls by ${groupName}: ` +
      `${shareList}; the rest by index.`,
    outcome,
    callsByGroup: callsByGroup(outcome.calls, population, [groupName]),
    perSeedCalls,
  };
}

/**
 * The quota shares that reproduce the reward as written: each bucket's share of calls at the sweep's largest lambda.
 */
export function quotaShares(sweep: DialSweep, points: readonly DialPoint[], groupName: string): number[] {
  const top = points.reduce((a, b) => (b.lambda > a.lambda ? b : a));
  return Object.values(callsByGroup(top.calls, sweep.setup.population, [groupName])[groupName] ?? {});
}

/** The unit of water-filling: ceil(B / 64) calls, so that large budgets take at most 64 rounds. */
export const waterUnit = (budget: number) => Math.max(1, Math.ceil(budget / 64));

/**
 * Water-filling (pure): bucket counts b summing to min(budget, sum of sizes), each step raising by
 * `unit` (capped at the bucket's size and the budget left) the bucket with the lowest level(g, b[g])
 * among those not full, ties to the lowest bucket. level must be nondecreasing in b for maximin.
 */
export async function waterFill(
  sizes: readonly number[],
  budget: number,
  unit: number,
  level: (g: number, calls: number) => Promise<number> | number,
): Promise<number[]> {
  const b = sizes.map(() => 0);
  const current = await Promise.all(sizes.map((_, g) => level(g, 0)));
  let left = Math.min(
    budget,
    sizes.reduce((x, y) => x + y, 0),
  );
  while (left > 0) {
    let g = -1;
    for (let j = 0; j < sizes.length; j++) if (b[j] < sizes[j] && (g < 0 || current[j] < current[g])) g = j;
    const step = Math.min(unit, left, sizes[g] - b[g]);
    b[g] += step;
    left -= step;
    current[g] = await level(g, b[g]);
  }
  return b;
}

/**
 * Minimax across the buckets of `groupName` (after Equitable RMAB, arXiv 2308.09726): per seed,
 * water-filling on each bucket's engagement E_g(b) (the bucket alone under the default Whittle policy
 * with b calls per step, the seed's simulation seed and trials), then the whole population with exactly
 * b_g calls per step to bucket g.
 */
export async function minimaxBaseline(
  sweep: DialSweep,
  groupName: string,
  simulate: Simulate,
  options: { signal?: AbortSignalLike } = {},
): Promise<BaselineResult> {
  const { population, trials } = sweep.setup;
  const group = groupOf(population, groupName);
  const G = group.buckets.length;
  const perSeedCalls: number[][] = [];
  const bounds = async (arms: SeedArms, k: number): Promise<GroupCallBounds> => {
    const instance = arms.instance;
    const ofArm = bucketsOf(instance, group);
    const members = Array.from({ length: G }, (_, g) => Array.from(ofArm.keys()).filter((i) => ofArm[i] === g));
    const B = Math.min(instance.budget, instance.numArms);
    const level = async (g: number, calls: number) => {
      const sub = subset(instance, members[g]);
      if (sub.numArms === 0) return Infinity; // an empty bucket is never the worst off
      const o = await simulate(
        {
          instance: { ...sub, budget: calls },
          rewards: stateTable(sub.numArms, sub.numStates),
          policy: 'whittle',
          trials,
          seed: arms.seed,
          ties: 'random',
        },
        { signal: options.signal },
      );
      return o.engagedSum / (sub.numArms * sub.horizon * trials);
    };
    const b = await waterFill(
      members.map((m) => m.length),
      B,
      waterUnit(B),
      level,
    );
    perSeedCalls[k] = b;
    return {
      ofArm,
      min: Int32Array.from(b),
      max: Int32Array.from(b, (x, g) => (x < members[g].length ? x : instance.numArms)),
    };
  };
  const outcome = await sweep.measure(stateTable(population.numArms, population.numStates), simulate, {
    signal: options.signal,
    bounds,
  });
  return {
    name: 'minimax (water-filling)',
    definition:
      `Default index with a fixed number of calls per step for each ${groupName} bucket, chosen by ` +
      `water-filling to raise the worst-off bucket's engagement first (Equitable RMAB, arXiv 2308.09726).`,
    outcome,
    callsByGroup: callsByGroup(outcome.calls, population, [groupName]),
    perSeedCalls,
  };
}

/** The arms `arms` of an instance as a smaller instance for the simulation (transitions, initial). */
function subset(instance: Instance, arms: readonly number[]) {
  const S = instance.numStates,
    rowT = S * 2 * S;
  const transitions = new Float64Array(arms.length * rowT),
    initial = new Float64Array(arms.length * S);
  arms.forEach((arm, j) => {
    transitions.set(instance.transitions.subarray(arm * rowT, arm * rowT + rowT), j * rowT);
    initial.set(instance.initial.subarray(arm * S, arm * S + S), j * S);
  });
  return {
    numArms: arms.length,
    numStates: S,
    transitions,
    initial,
    budget: 0,
    horizon: instance.horizon,
    discount: instance.discount,
  };
}
