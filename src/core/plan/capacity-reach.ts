// The eligible arms the capacity solvers can reach, in list order, without sorting every eligible arm. The
// greedy (capacity-greedy.ts) reads each worker's best min(capacity, B) + 1 and the flow's classes
// (capacity-classes.ts) each class's best min(cap + 1, cap, B), a few tens of a worker's hundreds of mothers:
// sorting all 10^6 eligible arms into list order to walk them (ListOrder.all()) was a fifth of the program's
// list. Here the arms are grouped in one counting pass, each group's cut-off index found by a selection on its
// values alone (no comparator, no tie rank), and only the arms at or above their group's cut-off are sorted
// (radix-key-sort.ts's keySortTies, the order's own sort): a sub-sequence of the order of all, holding every
// arm the walks take or look at, so they give the same lists, the same classes and the same binding flags.
import { buffers, keysOf } from './rank-order.ts';
import { keySortTies } from './radix-key-sort.ts';
import type { ClassKeys, RuleFamily } from './capacity-classes.ts';
import { scratch } from './scratch.ts';
import { kthLargest, sampleCut, smallest } from './group-cut.ts';
import { sameValues } from './same-values.ts';
import { groupKeys } from './group-keys.ts';
import type { WorkerRules } from './worker-rules.ts';

/**
 * Arms by group, made of the rules alone (no eligibility: a worker column and a register's buckets stay the same week
 * after week, and so does this): group g's arms have room at start[g] .. start[g + 1] - 1, and its limit.
 */
export interface Grouping {
  start: Int32Array;
  limit: Float64Array;
  /** Per arm her group (-1: none), through which the groups' indices are read in arm order. */
  group: Int32Array;
}

/** The grouping of arms by `group` (per arm 0..G-1, or -1: none) under `limit`. */
export function grouping(group: Int32Array, limit: Float64Array, counts?: Int32Array): Grouping {
  const G = limit.length;
  // counts: per group g its arms at g + 1, when the caller counted them as it made `group`
  const start = counts ?? new Int32Array(G + 1);
  if (!counts) for (let arm = 0; arm < group.length; arm++) start[group[arm] + 1]++;
  // (start[0] counted the arms of no group)
  start[0] = 0;
  for (let g = 0; g < G; g++) start[g + 1] += start[g];
  return { start, limit, group };
}

/**
 * The eligible arms that are among the best limit[g] of their group g in list order (higher index first, ties by
 * lower tie rank), with any others tied at that index, in list order; null when some index is NaN (no order to
 * select by). A scratch array: valid until the next call.
 */
export function bestPerGroup(
  index: Float64Array,
  tieRank: Int32Array,
  groups: Grouping,
  eligible: Uint8Array | null = null,
): Int32Array | null {
  const { start, limit, group } = groups;
  const G = limit.length,
    N = group.length;
  // The groups' eligible arms and their indices side by side: one pass over the arms in arm order, each group's next
  // written where it goes (an ineligible arm written and overwritten: no branch on a flag), so that the arms of each
  // group are never gathered apart from their indices.
  const arms = scratch('reach-arms', Int32Array, start[G] + 1),
    values = scratch('reach-values', Float64Array, start[G] + 1);
  const fill = scratch('reach-fill', Int32Array, G);
  fill.set(start.subarray(0, G));
  for (let arm = 0; arm < N; arm++) {
    const g = group[arm];
    if (g < 0) continue;
    const x = index[arm],
      at = fill[g],
      ok = eligible ? eligible[arm] : 1;
    if (x !== x && ok) return null;
    arms[at] = arm;
    values[at] = x;
    fill[g] = at + ok;
  }
  const n = start[G];
  const copy = scratch('reach-copy', Float64Array, n);
  const one = buffers(1, n);
  // The chosen arms (one.arms) with their indices beside them (chosen), whose keys are then made in order (keysOf of
  // positions 0..m-1), not gathered; the order they are chosen in does not matter: the sort's keys and tie ranks
  // place every arm. A group's candidates (near) and copy lie at its own places lo.., which the chosen reach only
  // once read (m <= lo + t when the t-th candidate is taken): they share those arrays (no 10 MB more at 10^6).
  const chosen = copy,
    near = one.arms;
  let m = 0;
  for (let g = 0; g < G; g++) {
    const lo = start[g],
      hi = fill[g],
      size = hi - lo,
      k = Math.ceil(limit[g]);
    if (k >= size) {
      for (let j = lo; j < hi; j++) {
        chosen[m] = values[j];
        one.arms[m++] = arms[j];
      }
      continue;
    }
    // Her cut-off: the k-th largest index of the group, then those at or above it. When k is a small share of the
    // group, those at or above a threshold from a sample first (usually k and a third more): when they are k or
    // more, they hold the k best, and the cut is selected among them alone (a pass of comparisons, no branch, instead
    // of partitions of the whole group, most of the selection's time).
    // (the candidates' indices copied as they are found: selected in place)
    let c = 0;
    if (k > 0 && size > 64 && 2 * k < size) {
      const above = sampleCut(values, lo, size, k);
      for (let j = lo; j < hi; j++) {
        const x = values[j];
        near[lo + c] = j;
        copy[lo + c] = x;
        c += Number(x >= above);
      }
    }
    if (c >= k && k > 0) {
      const cut = c === k ? smallest(copy, lo, lo + c) : kthLargest(copy, lo, lo + c, k);
      for (let t = 0; t < c; t++) {
        const j = near[lo + t];
        chosen[m] = values[j];
        one.arms[m] = arms[j];
        m += Number(values[j] >= cut);
      }
      continue;
    }
    // the whole group (selected on a copy, then read in place: chosen[m] overwrites only the copy's read part)
    copy.set(values.subarray(lo, hi), lo);
    const cut = k <= 0 ? Infinity : kthLargest(copy, lo, hi, k);
    for (let j = lo; j < hi; j++) {
      chosen[m] = values[j];
      one.arms[m] = arms[j];
      m += Number(values[j] >= cut);
    }
  }
  keysOf(chosen, counting(m), one);
  const sorted = keySortTies(m, one, buffers(2, m), tieRank);
  const out = scratch('reach-order', Int32Array, m);
  out.set(sorted);
  return out;
}

let upTo = new Int32Array(0);
/** 0, 1, ..., n - 1 (kept, grown when asked for more). */
function counting(n: number): Int32Array {
  if (upTo.length < n) upTo = Int32Array.from({ length: Math.max(n, 2 * upTo.length) }, (_, j) => j);
  return upTo.subarray(0, n);
}

/** The last grouping of each kind, with what it was made of (the list and its default list share one). */
const kept = new Map<string, { arrays: unknown[]; groups: Grouping }>();
/**
 * `made`'s grouping (when `make`), or the kept one when made of the same arrays and the same limits. The same arrays:
 * the same objects (rules are read only), or arrays of the same values: the week's next list has its own rules'
 * arrays, of the same values unless the rules changed. Eligibility is no part of it (bestPerGroup reads it), so the
 * grouping of a new week is the last week's (it was a tenth of the list under capacities).
 */
function keptGrouping(
  kind: string,
  arrays: unknown[],
  limit: Float64Array,
  make: boolean,
  made: () => Grouping,
): Grouping | null {
  const hit = kept.get(kind);
  const same = (x: Float64Array) => x.length === limit.length && x.every((v, g) => v === limit[g]);
  if (hit && same(hit.groups.limit) && hit.arrays.every((x, j) => x === arrays[j] || sameValues(x, arrays[j]))) {
    hit.arrays = arrays;
    return hit.groups;
  }
  if (!make) return null;
  const groups = made();
  kept.set(kind, { arrays, groups });
  return groups;
}

/** The eligible arms the greedy under `workers` reads (capacityGreedy's `all`): each worker's best min(cap, B) + 1. */
export function greedyReach(
  index: Float64Array,
  tieRank: Int32Array,
  eligible: Uint8Array | null,
  budget: number,
  workers: WorkerRules,
): Int32Array | null {
  const N = index.length,
    W = workers.names.length;
  const limit = Float64Array.from({ length: W + 1 }, (_, w) =>
    w < W ? Math.min(workers.capacity[w], budget) + 1 : budget + 1,
  );
  const groups = keptGrouping('workers', [workers.worker, N], limit, true, () => {
    const group = scratch('reach-group-workers', Int32Array, N);
    return grouping(group, limit, groupKeys(workers.worker, W, null, 0, group));
  })!;
  return bestPerGroup(index, tieRank, groups, eligible);
}

/**
 * The eligible arms flowClasses(all, N, budget, A, B) reads: each class's best min(cap of a + 1, cap of b, B), at
 * least one (every class is made, full or not), and every arm's class key (a * (nB + 1) + b, flowClasses' own) with
 * each key's count of arms (`keys`, for flowClasses); null when the classes are too many to number by their key.
 */
export function classReach(
  index: Float64Array,
  tieRank: Int32Array,
  eligible: Uint8Array | null,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
): { all: Int32Array; keys: ClassKeys } | null {
  const groups = classGroups(budget, A, B, index.length, true);
  const all = groups && bestPerGroup(index, tieRank, groups, eligible);
  return all && { all, keys: groups };
}

/**
 * The classes' keys as classReach gives them, when its grouping is kept for the same rules (the list's, read by its
 * default list: the order of all is walked in one pass), else null.
 */
export function keptClassKeys(budget: number, A: RuleFamily, B: RuleFamily, N: number): ClassKeys | null {
  return classGroups(budget, A, B, N, false);
}

/** The classes' grouping under their limits: the kept one, else (`make`) a new one; null when too many classes. */
function classGroups(budget: number, A: RuleFamily, B: RuleFamily, N: number, make: boolean): Grouping | null {
  const nA = A.min.length,
    nB = B.min.length,
    side = nB + 1;
  const space = (nA + 1) * side;
  if (space > 4 * N + 1024) return null;
  const limit = new Float64Array(space);
  for (let a = 0; a <= nA; a++) {
    for (let b = 0; b <= nB; b++) {
      const capA = a < nA ? A.max[a] : Infinity,
        capB = b < nB ? B.max[b] : Infinity;
      limit[a * side + b] = Math.max(1, Math.min(capA + 1, capB, budget));
    }
  }
  return keptGrouping('classes', [A.of, B.of, N, nA, nB], limit, make, () => {
    const group = scratch('reach-group-classes', Int32Array, N);
    // each arm's group and the groups' counts in one pass (a second pass over the groups cost as much)
    return grouping(group, limit, groupKeys(A.of, nA, B.of, nB, group));
  });
}

/** `arms` (all in `all`) in the order of `all`, each with its `via`; by their `places` in `all` when given. */
export function inListOrder(
  all: Int32Array,
  picked: Int32Array,
  via: Int32Array,
  N: number,
  places?: Int32Array,
): [Int32Array, Int32Array] {
  if (places) return inPlaceOrder(all, places, via);
  const viaOf = scratch('capacity-via', Int32Array, N);
  const chosen = scratch('capacity-chosen', Uint8Array, N, true);
  picked.forEach((arm, j) => {
    chosen[arm] = 1;
    viaOf[arm] = via[j];
  });
  const arms = new Int32Array(picked.length),
    ranked = new Int32Array(picked.length);
  for (let p = 0, j = 0; j < arms.length; p++) {
    const arm = all[p];
    if (!chosen[arm]) continue;
    ranked[j] = viaOf[arm];
    arms[j++] = arm;
  }
  return [arms, ranked];
}

/**
 * inListOrder given each picked arm's place in `all` (distinct): her mark at her place, the marks read in order up to
 * the last, no arm's flag read at random (the default list's `all` is every eligible arm, 9 x 10^5 at 10^6).
 */
function inPlaceOrder(all: Int32Array, places: Int32Array, via: Int32Array): [Int32Array, Int32Array] {
  const n = places.length;
  let end = 0;
  for (let j = 0; j < n; j++) end = Math.max(end, places[j] + 1);
  const mark = scratch('capacity-place-mark', Uint8Array, end, true);
  // (a list without via asked has none: no place's read)
  const viaAt = via.some((v) => v !== -1) ? scratch('capacity-place-via', Int32Array, end) : null;
  for (let j = 0; j < n; j++) {
    mark[places[j]] = 1;
    if (viaAt) viaAt[places[j]] = via[j];
  }
  const arms = new Int32Array(n),
    ranked = new Int32Array(n).fill(-1);
  for (let p = 0, j = 0; p < end; p++) {
    if (!mark[p]) continue;
    if (viaAt) ranked[j] = viaAt[p];
    arms[j++] = all[p];
  }
  return [arms, ranked];
}
