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
//   - other combinations (workers with quotas over two groups: three families, NP-hard in general): the
//     quotas that do not fit two families are left free in the flow (rule-families.ts), which then
//     solves a relaxation; when its best list keeps the free quotas too it is the best list (free
//     minima met in full: no list meets more), else the rule it breaks is named and the list refused.
// Without workers and quotas, this is the top B by index, as constrainedTopB (which fills minima by
// each quota's own ranking instead: a greedy, not always the largest sum when quotas overlap).
import { capacityGreedy } from './capacity-greedy.ts';
import { familyFlow, type RuleFamily } from './capacity-flow.ts';
import { unmetRules } from './capacity-unmet.ts';
import { keepTwoFamilies } from './rule-families.ts';
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
  /**
   * Workers whose capacity binds (one more call of hers would give a better list), ascending; with free
   * quotas, in the relaxation that leaves them free.
   */
  binding: Int32Array;
  /** Rules that cannot be met, and a list shorter than B, each naming the rule and why. */
  unmet: string[];
  method: 'greedy' | 'flow';
  /** Quotas left free in the flow (rule-families.ts), which its list was found to keep. */
  free: number[];
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
  const quotaCalls = new Int32Array(quotas.length),
    workerCalls = new Int32Array(workers.names.length);
  for (const arm of best.arms) {
    quotas.forEach((q, k) => (quotaCalls[k] += q.members[arm]));
    if (workers.worker[arm] >= 0) workerCalls[workers.worker[arm]]++;
  }
  const via = new Int32Array(best.arms.length).fill(-1);
  if (hasMinima && best.method === 'flow') {
    // A minimum brought her in when the list under the same rules without minima lacks her.
    const noMinima = { ...workers, minimum: new Float64Array(workers.names.length) };
    const without = solve(
      noMinima,
      best.kept.map((k) => ({ ...quotas[k], min: 0 })),
    );
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
    quotaCalls,
    workerCalls,
    binding: Int32Array.from(binding),
    unmet: unmetRules({ eligible, budget, quotas, workers, inList, listed: best.arms.length, quotaCalls, workerCalls }),
    method: best.method,
    free: best.free,
  };
}

interface Pick {
  arms: Int32Array;
  via: Int32Array | null;
  binding: Uint8Array;
  method: 'greedy' | 'flow';
  /** The quotas the flow held, and those left free (checked on its list). */
  kept: number[];
  free: number[];
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
    return { arms: g.arms, via: g.via, binding: g.binding, method: 'greedy', kept: [], free: [] };
  }
  const { families, free } = keepTwoFamilies(quotas, eligible, workers.names.length > 0);
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
  const broken = free.map((k) => heldOrBroken(quotas[k], f.arms)).filter((x) => x !== '');
  if (broken.length) {
    const kind = workers.names.length
      ? "the workers' capacities and the shares of one feature group"
      : 'shares of two groups';
    throw new PlanError([
      `the exact list holds ${kind} at a time, and shares over more groups only when their rules do not bind; ` +
        `here the best list without them breaks ${broken.join(' and ')}: ` +
        'loosen that rule or keep the shares to fewer groups',
    ]);
  }
  const binding = workers.names.length ? f.bindingA : new Uint8Array(0);
  return { arms: f.arms, via: null, binding, method: 'flow', kept: [...families[0], ...families[1]], free };
}

/** '' when the list keeps the quota's floor and cap, else what it breaks, in words. */
function heldOrBroken(q: CallQuota, arms: Int32Array): string {
  let calls = 0;
  for (const arm of arms) calls += q.members[arm];
  if (calls > q.max) return `the maximum of ${q.max} calls for ${q.label} (it calls ${calls})`;
  if (calls < q.min) return `the minimum of ${q.min} calls for ${q.label} (it calls ${calls})`;
  return '';
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
