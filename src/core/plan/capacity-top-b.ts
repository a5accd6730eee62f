// The week's list under every rule at once: each worker's calls within her capacity (and at least her
// minimum), the total within B, exclusions and cooldown (eligibility), and the share quotas' floors and
// caps. "Best" is exact and lexicographic: first as many minimum calls as the rules allow (the sum over
// minima of min(calls, minimum)), then as many calls as possible up to B, then the largest sum of
// indices; maxima, capacities, eligibility and B always hold. Ties between equal lists: each worker's
// (and each bucket's) best in list order, indices first, then tie ranks.
//
// Which exact method (ARCHITECTURE.md, "The list under health workers' capacities"):
//   - no quota: the workers are a laminar matroid with minima, solved greedily (capacity-greedy.ts),
//     expected linear time;
//   - quotas that split into two families of disjoint sets, the workers being one (quotas of one feature group with
//     workers; of at most two groups without): a min-cost flow (capacity-flow.ts), or with workers without minima and
//     one share's minimum (no cap below B) its answer by exchanges from the list without it (capacity-exchange.ts);
//   - other combinations (workers with quotas over two groups: three families, NP-hard in general): the
//     quotas that do not fit two families are left free in the flow (rule-families.ts), which then
//     solves a relaxation; when its best list keeps the free quotas too it is the best list (free
//     minima met in full: no list meets more), else the rule it breaks is named and the list refused.
// Without workers and quotas, this is the top B by index, as constrainedTopB (which fills minima by
// each quota's own ranking instead: a greedy, not always the largest sum when quotas overlap).
//
// Speed: every solver walks in list order the eligible arms it can reach (capacity-reach.ts: each worker's or
// class's best few, sorted alone); the flow's classes are made once for the list and its twin without minima
// (skipped when `via` is not asked for); the flow's chosen are put in rank order by their places in that order.
import { capacityGreedy } from './capacity-greedy.ts';
import { classReach, greedyReach, inListOrder, keptClassKeys } from './capacity-reach.ts';
import { flowClasses, type RuleFamily } from './capacity-classes.ts';
import { familyFlow } from './capacity-flow.ts';
import { exchangeFlow, exchangeShape } from './capacity-exchange.ts';
import { unmetRules } from './capacity-unmet.ts';
import { keepTwoFamilies } from './rule-families.ts';
import type { CallQuota, ConstrainedTopBInput } from './constrained-top-b.ts';
import { PlanError } from './list-rules.ts';
import { ListOrder } from './list-order.ts';
import { scratch } from './scratch.ts';
import type { WorkerRules } from './worker-rules.ts';

export interface CapacityTopBInput extends ConstrainedTopBInput {
  /** The workers and their capacities and minima; null: no worker rules. */
  workers: WorkerRules | null;
  /** false: no `via` (all -1), which spares the list without minima (a list read for its arms alone). */
  via?: boolean;
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
  // without workers, every mother under none (4 MB of fresh pages at 10^6, made only then)
  const workers: WorkerRules = input.workers ?? {
    worker: new Int32Array(N).fill(-1),
    names: [],
    capacity: new Float64Array(0),
    minimum: new Float64Array(0),
  };
  const order = input.order ?? new ListOrder(index, tieRank, eligible);
  if (order.index !== index || order.tieRank !== tieRank || order.eligible !== eligible) {
    throw new RangeError('capacityTopB: the shared order is by another index, ties or eligibility');
  }
  const best = pick(index, order, budget, workers, quotas);
  const hasMinima = quotas.some((q) => q.min > 0) || workers.minimum.some((m) => m > 0);
  const inList = scratch('capacity-in-list', Uint8Array, N, true);
  for (const arm of best.arms) inList[arm] = 1;
  const quotaCalls = new Int32Array(quotas.length),
    workerCalls = new Int32Array(workers.names.length);
  quotas.forEach((q, k) => {
    const m = q.members;
    let calls = 0;
    for (let j = 0; j < best.arms.length; j++) calls += m[best.arms[j]];
    quotaCalls[k] = calls;
  });
  // (the flow counted each worker's: no read of 10^5 arms' workers at random)
  if (best.workerCalls) for (let w = 0; w < workerCalls.length; w++) workerCalls[w] = best.workerCalls[w];
  else for (const arm of best.arms) if (workers.worker[arm] >= 0) workerCalls[workers.worker[arm]]++;
  const via = new Int32Array(best.arms.length).fill(-1);
  const asked = input.via !== false; // (none computed when not asked)
  if (asked && hasMinima && best.flow && minimumAtFloor(quotas, quotaCalls, workers, workerCalls)) {
    // A minimum brought her in when the list without minima lacks her (all exceeded: none does, no twin is needed).
    const plain = scratch('capacity-plain', Uint8Array, N, true);
    for (const arm of best.flow.withoutMinima()) plain[arm] = 1;
    best.arms.forEach((arm, j) => {
      if (!plain[arm]) via[j] = minimumOf(arm, quotas, quotaCalls, workers, workerCalls);
    });
  } else if (asked && best.via) via.set(best.via);
  // Rank order: the chosen in the order of `all` (each is eligible), with their via (the greedy's without minimum
  // units already are; the flow's by their places in `all`).
  const [arms, ranked] = best.inOrder ? [best.arms, via] : inListOrder(best.all, best.arms, via, N, best.places);
  const binding: number[] = [];
  best.binding.forEach((b, w) => b && binding.push(w));
  return {
    arms,
    via: ranked,
    quotaCalls,
    workerCalls,
    binding: Int32Array.from(binding),
    unmet: unmetRules({ eligible, budget, quotas, workers, inList, listed: best.arms.length, quotaCalls, workerCalls }),
    method: best.flow ? 'flow' : 'greedy',
    free: best.free,
  };
}

interface Pick {
  arms: Int32Array;
  via: Int32Array | null;
  binding: Uint8Array;
  /** With quotas, the flow's twin without minima, made on request before another flow runs (it reads the first's). */
  flow: { withoutMinima: () => Int32Array } | null;
  /** The quotas left free (checked on its list). */
  free: number[];
  /** `arms` already in list order (the greedy's, no minimum unit taken). */
  inOrder: boolean;
  /** The eligible arms the solver read, in list order: all of them, or those it can reach (capacity-reach.ts). */
  all: Int32Array;
  /** The flow's calls per worker when the workers are its first family. */
  workerCalls?: Float64Array;
  places?: Int32Array; // the flow's: per entry of `arms` her place in `all`
}

function pick(
  index: Float64Array,
  order: ListOrder,
  budget: number,
  workers: WorkerRules,
  quotas: readonly CallQuota[],
): Pick {
  const { tieRank, eligible } = order;
  // An order read off one of every arm kept whole (default-order.ts) is all read in a pass: no need to reach.
  const sorted = order.keptWhole;
  if (quotas.length === 0) {
    const all = (sorted ? null : greedyReach(index, tieRank, eligible, budget, workers)) ?? order.all();
    const g = capacityGreedy(index, all, budget, workers);
    return { arms: g.arms, via: g.via, binding: g.binding, flow: null, free: [], inOrder: g.inOrder, all };
  }
  const W = workers.names.length;
  const { families, free } = twoFamilies(quotas, eligible, W > 0);
  const N = index.length;
  const family = (qs: readonly CallQuota[], ks: number[]): RuleFamily => ({
    of: setOf(
      ks.map((k) => qs[k].members),
      N,
    ),
    min: Float64Array.from(ks, (k) => qs[k].min),
    max: Float64Array.from(ks, (k) => qs[k].max),
  });
  const A: RuleFamily = W
    ? { of: workers.worker, min: workers.minimum, max: workers.capacity }
    : family(quotas, families[0]);
  const B = family(quotas, families[1]);
  const reach = sorted ? null : classReach(index, tieRank, eligible, budget, A, B);
  const all = reach?.all ?? order.all();
  // (an order kept whole: its classes' keys kept by the list on the same rules, when they are)
  const keys = reach?.keys ?? (sorted ? keptClassKeys(budget, A, B, N) : null);
  const net = flowClasses(all, N, budget, A, B, keys ?? undefined);
  // Workers and one share's minimum: by exchanges from the list without it (capacity-exchange.ts), its twin.
  const fast = W && exchangeShape(A, B, budget) ? exchangeFlow(net, index, tieRank, budget, A, B) : null;
  const f = fast?.pick ?? familyFlow(net, index, budget, A, B);
  const broken = free.map((k) => heldOrBroken(quotas[k], f.arms)).filter((x) => x !== '');
  if (broken.length) {
    const kind = W ? "the workers' capacities and the shares of one feature group" : 'shares of two groups';
    throw new PlanError([
      `the exact list holds ${kind} at a time, and shares over more groups only when their rules do not bind; ` +
        `here the best list without them breaks ${broken.join(' and ')}: ` +
        'loosen that rule or keep the shares to fewer groups',
    ]);
  }
  const binding = W ? f.bindingA : new Uint8Array(0);
  const kept = [...families[0], ...families[1]];
  // The same rules without minima: the kept quotas at min 0 (the free ones dropped) and the workers' minima 0.
  const withoutMinima = () => {
    const zero = (x: RuleFamily): RuleFamily => ({ ...x, min: new Float64Array(x.min.length) });
    // (run right after the list's own flow, on its classes and index: their indices as it read them)
    if (fast) return fast.plain();
    if (W) return familyFlow(net, index, budget, zero(A), zero(B), f.value).arms;
    // Without workers the kept quotas split again (their families may come out the other way round).
    const qs = kept.map((k) => ({ ...quotas[k], min: 0 }));
    const again = twoFamilies(qs, eligible, false).families;
    const [A2, B2] = [family(qs, again[0]), family(qs, again[1])];
    // (their classes are not those `all` reaches: the order of every eligible arm)
    return familyFlow(flowClasses(order.all(), N, budget, A2, B2), index, budget, A2, B2).arms;
  };
  const workerCalls = W ? f.inA : undefined;
  const { arms, places } = f;
  return { arms, via: null, binding, flow: { withoutMinima }, free, inOrder: false, all, workerCalls, places };
}

const sets = new WeakMap<Uint8Array, { members: Uint8Array[]; of: Int32Array }>();
/**
 * Per arm, the one of `members` (disjoint sets) she is in, or -1: kept per members arrays, which the list, its
 * twin without minima and the default list share (and the week's next lists: list-rules.ts keeps them). Read only.
 */
function setOf(members: Uint8Array[], N: number): Int32Array {
  const hit = members.length ? sets.get(members[0]) : undefined;
  if (hit && hit.members.length === members.length && hit.members.every((m, j) => m === members[j])) return hit.of;
  const of = new Int32Array(N).fill(-1);
  members.forEach((m, j) => {
    for (let arm = 0; arm < N; arm++) if (m[arm]) of[arm] = j;
  });
  if (members.length) sets.set(members[0], { members, of });
  return of;
}

const families = new WeakMap<readonly CallQuota[], { eligible: Uint8Array | null; withWorkers: boolean } & Split>();
type Split = ReturnType<typeof keepTwoFamilies>;
/** keepTwoFamilies, kept for the quotas' next list (the default list and the draws share the week's quotas). */
function twoFamilies(quotas: readonly CallQuota[], eligible: Uint8Array | null, withWorkers: boolean): Split {
  const hit = families.get(quotas);
  if (hit && hit.eligible === eligible && hit.withWorkers === withWorkers) return hit;
  const split = keepTwoFamilies(quotas, eligible, withWorkers);
  families.set(quotas, { eligible, withWorkers, ...split });
  return split;
}

/** '' when the list keeps the quota's floor and cap, else what it breaks, in words. */
function heldOrBroken(q: CallQuota, arms: Int32Array): string {
  let calls = 0;
  for (const arm of arms) calls += q.members[arm];
  if (calls > q.max) return `the maximum of ${q.max} calls for ${q.label} (it calls ${calls})`;
  if (calls < q.min) return `the minimum of ${q.min} calls for ${q.label} (it calls ${calls})`;
  return '';
}

/** Whether some quota or worker with a minimum has no more calls than it (only then can minimumOf name one). */
function minimumAtFloor(
  quotas: readonly CallQuota[],
  quotaCalls: Int32Array,
  workers: WorkerRules,
  workerCalls: Int32Array,
): boolean {
  if (quotas.some((q, k) => q.min > 0 && quotaCalls[k] <= q.min)) return true;
  return workers.minimum.some((m, w) => m > 0 && workerCalls[w] <= m);
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

/** Worker columns checked, with their number of workers (read only: the list, its default list and draws share one). */
const checked = new WeakMap<Int32Array, number>();
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
    if (checked.get(workers.worker) !== W) {
      for (let arm = 0; arm < N; arm++) {
        const w = workers.worker[arm];
        if (w >= W || w < -1) fail(`arm ${arm} has worker ${w} of ${W}`);
      }
      checked.set(workers.worker, W);
    }
    workers.minimum.forEach((m, w) => {
      if (m > workers.capacity[w]) fail(`worker "${workers.names[w]}" has a minimum above her capacity`);
    });
  }
}
