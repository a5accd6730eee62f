// The flow's classes (capacity-classes.ts) of a list whose order of all arms is kept (default-order.ts: the default
// list), read off a prefix of that order. A class holds its best few, but one with no more eligible arms than it can
// hold takes every one of them, down to the order's end: walking the whole order (and filtering it to the eligible)
// was most of the default list under capacities. Here the walk stops once the classes still open hold few arms, and
// their arms after the walk's last are found among their own eligible arms (capacity-reach.ts laid them out by class
// for the list on the same rules) by their places in the order (kept with it) and sorted by place: the same runs, so
// the same classes and lists. The chosen arms are put in list order by their places too (no walk down the order).
import { classLimit, closeRuns, type ClassKeys, type Classes, type RuleFamily } from './capacity-classes.ts';
import { scratch } from './scratch.ts';

/** The classes, and the chosen arms put in list order (each with its via), as inListOrder does over all arms. */
export interface PrefixClasses {
  net: Classes;
  inOrder: (picked: Int32Array, via: Int32Array) => [Int32Array, Int32Array];
}

/** Arms of the order left to walk per arm left to the open classes when the walk stops (their sort costs more). */
const WALK_PER_OPEN = 8;

/**
 * flowClasses(all, ...) where `all` is `full` (every arm in list order, place[arm] her place in it) filtered to the
 * eligible; `keys` the classes' keys (capacity-reach.ts's grouping) and `byClass` its eligible arms by class
 * (eligibleByGroup).
 */
export function prefixClasses(
  { full, place }: { full: Int32Array; place: Int32Array },
  eligible: Uint8Array | null,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
  keys: ClassKeys,
  byClass: { arms: Int32Array; end: Int32Array },
): PrefixClasses {
  const { group, start } = keys,
    { arms, end } = byClass;
  const side = B.min.length + 1,
    space = start.length - 1,
    N = full.length;
  // each key's run exactly as long as its class's (min(eligible, limit)): a class full is closed
  const base = new Int32Array(space + 1),
    limit = new Int32Array(space + 1),
    seen = new Uint8Array(space);
  let open = 0;
  for (let k = 0; k < space; k++) {
    const size = end[k] - start[k];
    limit[k] = size > 0 ? Math.max(0, Math.min(size, classLimit(k, side, budget, A, B))) : 0;
    base[k + 1] = base[k] + limit[k];
    seen[k] = Number(size > 0);
    if (limit[k] > 0) open += size;
  }
  const runs = scratch('flow-class-runs', Int32Array, base[space]);
  // (one more key, space, never open: the ineligible arms' in the walk, chosen without a branch on her flag)
  const fill = new Int32Array(space + 1),
    flags = eligible ?? new Uint8Array(1).fill(1),
    every = eligible ? -1 : 0;
  // open: the eligible arms not yet walked of the classes not yet full, which the tail below sorts
  let p = 0;
  while (p < N && open > 0 && (p === 0 || open * WALK_PER_OPEN > N - p)) {
    const stop = Math.min(N, p + 4096);
    for (; p < stop; p++) {
      const arm = full[p],
        ok = -(-flags[arm & every] >>> 31);
      const k = (group[arm] & ok) | (space & ~ok),
        f = fill[k];
      if (f < limit[k]) {
        runs[base[k] + f] = arm;
        fill[k] = f + 1;
        open -= f + 1 === limit[k] ? end[k] - start[k] - f : 1;
      }
    }
  }
  // The arms after the walk of each class still open: their places marked, then read in order by one pass over the
  // marks (each run takes them while it has room, as the walk would have).
  if (open > 0) {
    const mark = scratch('prefix-mark', Uint8Array, N, true);
    for (let k = 0; k < space; k++) {
      if (fill[k] >= limit[k]) continue;
      for (let j = start[k]; j < end[k]; j++) {
        const at = place[arms[j]];
        if (at >= p) mark[at] = 1;
      }
    }
    for (let q = p; q < N; q++) {
      if (!mark[q]) continue;
      const arm = full[q],
        k = group[arm],
        f = fill[k];
      if (f < limit[k]) {
        runs[base[k] + f] = arm;
        fill[k] = f + 1;
      }
    }
  }
  const net = closeRuns(runs, base, fill.subarray(0, space), seen, side, A.min.length);
  return { net, inOrder: (picked, via) => inOrderOf(full, place, picked, via) };
}

/** `picked` in list order with their `via`: their places marked, then read in order off the order. */
function inOrderOf(full: Int32Array, place: Int32Array, picked: Int32Array, via: Int32Array): [Int32Array, Int32Array] {
  const N = full.length;
  const viaOf = scratch('capacity-via', Int32Array, N),
    mark = scratch('prefix-mark', Uint8Array, N, true);
  for (let j = 0; j < picked.length; j++) {
    viaOf[picked[j]] = via[j];
    mark[place[picked[j]]] = 1;
  }
  const arms = new Int32Array(picked.length),
    ranked = new Int32Array(picked.length);
  for (let q = 0, j = 0; j < arms.length; q++) {
    if (!mark[q]) continue;
    const arm = full[q];
    arms[j] = arm;
    ranked[j++] = viaOf[arm];
  }
  return [arms, ranked];
}
