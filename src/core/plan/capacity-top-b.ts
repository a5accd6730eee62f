// The week's list under every rule at once: each worker's calls within her capacity (and at least her
// minimum), the total within B, exclusions and cooldown (eligibility), and the share quotas' floors and
// caps. "Best" is exact and lexicographic: first as many minimum calls as the rules allow (the sum over
// minima of min(calls, minimum)), then as many calls as possible up to B, then the largest sum of
// indices; maxima, capacities, eligibility and B always hold. Ties between equal lists: each worker's
// (and each bucket's) best in list order, indices first, then tie ranks.
//
// Which exact method (ARCHITECTURE.md, "Capacities per health worker"):
//   - no quota: the workers are a laminar matroid with minima, solved greedily (capacity-greedy.ts),
//     expected linear time;
//   - quotas that split into two families of disjoint sets, the workers being one (quotas of one feature
//     group with workers; quotas of at most two groups without): a min-cost flow (capacity-flow.ts);
//   - other combinations (workers with quotas over two groups): refused in words, naming the groups.
// Without workers and quotas, this is the top B by index, as constrainedTopB (which fills minima by
// each quota's own ranking instead: a greedy, not always the largest sum when quotas overlap).
import { capacityGreedy } from './capacity-greedy.ts';
import { familyFlow, type RuleFamily } from './capacity-flow.ts';
import { unmetRules } from './capacity-unmet.ts';
import type { CallQuota, ConstrainedTopBInput } from './constrained-top-b.ts';
import { PlanError } from './list-rules.ts';
import { armOrder, type ArmOrder } from './select-arms.ts';
import type { WorkerRules } from './worker-rules.ts';

export interface CapacityTopBInput extends ConstrainedTopBInput {
  /** The workers and their capacities and minima; null: no worker rules. */
  workers: WorkerRules | null;
}

export interface CapacityTopB {
  /** The chosen arms in rank order: decreasing index, ties by increasing tie rank. */
  arms: Int32Array;
  /** Per entry of `arms`: the quota (>= 0) or worker w (-2 - w) whose minimum brought her in, or -1. */
  via: Int32Array;
  /** Calls per quota, in the order of `quotas`. */
  quotaCalls: Int32Array;
  /** Calls per worker (empty without workers). */
  workerCalls: Int32Array;
  /** Workers whose capacity binds (one more call of hers would give a better list), ascending. */
  binding: Int32Array;
  /** Rules that cannot be met, and a list shorter than B, each naming the rule and why. */
  unmet: string[];
  method: 'greedy' | 'flow';
}

export function capacityTopB(input: CapacityTopBInput): CapacityTopB {
  checkInput(input);
  const { index, tieRank, eligible, budget, quotas } = input;
  const N = index.length;
  const none: WorkerRules = {
    worker: new Int32Array(N).fill(-1),
    names: [],
    capacity: new Float64Array(0),
    minimum: new Float64Array(0),
  };
  const workers = input.workers ?? none;
  const order = armOrder(index, tieRank);
  const solve = (rules: WorkerRules, qs: readonly CallQuota[]) => pick(index, eligible, budget, rules, qs, order);
  const best = solve(workers, quotas);
  const hasMinima = quotas.some((q) => q.min > 0) || workers.minimum.some((m) => m > 0);
  const inList = new Uint8Array(N);
  for (const arm of best.arms) inList[arm] = 1;
  const quotaCalls = new Int32Array(quotas.length), workerCalls = new Int32Array(workers.names.length);
  for (const arm of best.arms) {
    quotas.forEach((q, k) => (quotaCalls[k] += q.members[arm]));
    if (workers.worker[arm] >= 0) workerCalls[workers.worker[arm]]++;
  }
  const via = new Int32Array(best.arms.length).fill(-1);
  if (hasMinima && best.method === 'flow') {
    // A minimum brought her in when the list under the same rules without minima lacks her.
    const noMinima = { ...workers, minimum: new Float64Array(workers.names.length) };
    const without = solve(noMinima, quotas.map((q) => ({ ...q, min: 0 })));
    const plain = new Uint8Array(N);
    for (const arm of without.arms) plain[arm] = 1;
    best.arms.forEach((arm, j) => {
      if (!plain[arm]) via[j] = minimumOf(arm, quotas, quotaCalls, workers, workerCalls);
    });
  } else if (best.via) via.set(best.via);
  const rank = Array.from(best.arms.keys()).sort((a, b) => order(best.arms[a], best.arms[b]));
  const binding: number[] = [];
  best.binding.forEach((b, w) => b && binding.push(w));
  return {
    arms: Int32Array.from(rank, (j) => best.arms[j]),
    via: Int32Array.from(rank, (j) => via[j]),
    quotaCalls, workerCalls, binding: Int32Array.from(binding),
    unmet: unmetRules({ eligible, budget, quotas, workers, inList, listed: best.arms.length, quotaCalls, workerCalls }),
    method: best.method,
  };
}

interface Pick {
  arms: Int32Array;
  via: Int32Array | null;
  binding: Uint8Array;
  method: 'greedy' | 'flow';
}

function pick(
  index: Float64Array,
  eligible: Uint8Array | null,
  budget: number,
  workers: WorkerRules,
  quotas: readonly CallQuota[],
  order: ArmOrder,
): Pick {
  if (quotas.length === 0) {
    const g = capacityGreedy(index, eligible, budget, workers, order);
    return { arms: g.arms, via: g.via, binding: g.binding, method: 'greedy' };
  }
  const families = splitFamilies(quotas, eligible, workers.names.length > 0);
  if (!families) {
    throw new PlanError([
      `the share rules ${quotas.map((q) => `"${q.label}"`).join(', ')} overlap in a way the exact list cannot handle` +
        `${workers.names.length ? ' together with the workers\' capacities' : ''}: ` +
        'with workers, keep the shares to one feature group; without workers, to two groups',
    ]);
  }
  const N = index.length;
  const family = (ks: number[]): RuleFamily => {
    const of = new Int32Array(N).fill(-1);
    ks.forEach((k, j) => quotas[k].members.forEach((m, arm) => m && (of[arm] = j)));
    return { of, min: Float64Array.from(ks, (k) => quotas[k].min), max: Float64Array.from(ks, (k) => quotas[k].max) };
  };
  const A: RuleFamily = workers.names.length
    ? { of: workers.worker, min: workers.minimum, max: workers.capacity }
    : family(families[0]);
  const f = familyFlow(index, eligible, budget, A, family(families[1]), order);
  return { arms: f.arms, via: null, binding: workers.names.length ? f.bindingA : new Uint8Array(0), method: 'flow' };
}

/**
 * The quotas as two families of sets disjoint among the eligible arms (family 0 empty when the workers
 * are the first family), or null when they do not split so (a 2-colouring of the overlap graph).
 */
export function splitFamilies(
  quotas: readonly CallQuota[],
  eligible: Uint8Array | null,
  withWorkers: boolean,
): [number[], number[]] | null {
  const Q = quotas.length, N = quotas[0]?.members.length ?? 0;
  const overlap = Array.from({ length: Q }, () => new Uint8Array(Q));
  const seen = new Set<string>();
  const inside: number[] = [];
  for (let arm = 0; arm < N; arm++) {
    if (eligible && !eligible[arm]) continue;
    inside.length = 0;
    for (let k = 0; k < Q; k++) if (quotas[k].members[arm]) inside.push(k);
    if (inside.length < 2) continue;
    const key = inside.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    for (const a of inside) for (const b of inside) if (a !== b) overlap[a][b] = 1;
  }
  const colour = new Int8Array(Q).fill(-1);
  for (let k = 0; k < Q; k++) {
    if (colour[k] >= 0) continue;
    colour[k] = 1;
    const stack = [k];
    while (stack.length) {
      const u = stack.pop()!;
      for (let v = 0; v < Q; v++) {
        if (!overlap[u][v]) continue;
        if (colour[v] === colour[u]) return null;
        if (colour[v] < 0) {
          colour[v] = 1 - colour[u];
          stack.push(v);
        }
      }
    }
  }
  const zero = [...colour.keys()].filter((k) => colour[k] === 0);
  const one = [...colour.keys()].filter((k) => colour[k] === 1);
  if (withWorkers && zero.length) return null;
  return [zero, one];
}

/** The first rule at its minimum she belongs to: a quota (k), else her worker (-2 - w); -1 when none. */
function minimumOf(
  arm: number,
  quotas: readonly CallQuota[],
  quotaCalls: Int32Array,
  workers: WorkerRules,
  workerCalls: Int32Array,
): number {
  for (let k = 0; k < quotas.length; k++) {
    if (quotas[k].members[arm] && quotas[k].min > 0 && quotaCalls[k] <= quotas[k].min) return k;
  }
  const w = workers.worker[arm];
  if (w >= 0 && workers.minimum[w] > 0 && workerCalls[w] <= workers.minimum[w]) return -2 - w;
  return -1;
}

function checkInput(input: CapacityTopBInput): void {
  const { index, tieRank, eligible, budget, quotas, workers } = input;
  const N = index.length;
  const fail = (m: string) => {
    throw new RangeError(`capacityTopB: ${m}`);
  };
  if (tieRank.length !== N) fail(`${N} indices but ${tieRank.length} tie ranks`);
  if (eligible && eligible.length !== N) fail(`${N} indices but ${eligible.length} eligibility flags`);
  if (!(Number.isInteger(budget) && budget >= 0)) fail(`the budget must be a whole number >= 0, not ${budget}`);
  for (const q of quotas) {
    if (q.members.length !== N) fail(`quota "${q.label}" has ${q.members.length} member flags for ${N} arms`);
    if (!(q.min >= 0 && q.max >= q.min)) fail(`quota "${q.label}" needs 0 <= min <= max, got ${q.min} and ${q.max}`);
  }
  if (workers) {
    const W = workers.names.length;
    if (workers.worker.length !== N) fail(`${N} indices but ${workers.worker.length} workers`);
    const sizes = workers.capacity.length === W && workers.minimum.length === W;
    if (!sizes) fail(`${W} workers need ${W} capacities and minima`);
    for (let arm = 0; arm < N; arm++) {
      const w = workers.worker[arm];
      if (w >= W || w < -1) fail(`arm ${arm} has worker ${w} of ${W}`);
    }
    workers.minimum.forEach((m, w) => {
      if (m > workers.capacity[w]) fail(`worker "${workers.names[w]}" has a minimum above her capacity`);
    });
  }
}
