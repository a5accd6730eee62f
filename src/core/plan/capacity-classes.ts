// The classes of the list's min-cost flow (capacity-flow.ts): the eligible mothers grouped by their set
// in each of the two rule families (a worker and a bucket), each class keeping only the best mothers it
// can ever send, in list order. Apart from the flow because one set of classes serves every flow on the
// same index and caps: the list and its twin without minima (capacity-top-b.ts) differ only in minima.
//
// Made by one walk down the eligible arms in list order (rank-order.ts's ListOrder, shared with the
// list's other uses of that order): each arm joins her class while the class has room, so no class is
// selected or sorted on its own, and no comparator runs. Each member keeps her place in that order, by which the
// exchanges merge and cut (capacity-exchange.ts) and the chosen are put in rank order (capacity-top-b.ts) without
// reading 10^5 indices or flags at random.

import { scratch } from './scratch.ts';

/** One laminar family: disjoint sets of arms with a floor and a cap on the calls in each. */
export interface RuleFamily {
  /** numArms: the set of each arm, 0..count-1, or -1 for none. */
  of: Int32Array;
  /** count entries each. */
  min: Float64Array;
  max: Float64Array;
}

export interface Classes {
  C: number;
  /** Per class: its set in A (nA: rest) and in B (nB: rest), its mothers' run in `members` (list order), its length. */
  classA: Int32Array;
  classB: Int32Array;
  start: Int32Array;
  length: Int32Array;
  members: Int32Array;
  /** nA + 2 entries: the classes of set a are first[a] .. first[a + 1] - 1. */
  first: Int32Array;
  /** Per entry of `members` her place in the order the classes were read from (`all`): the list's rank order. */
  place: Int32Array;
}

/** Per arm her class's key a * (nB + 1) + b (every arm's), and per key k its arms' count at start[k + 1] - start[k]. */
export interface ClassKeys {
  group: Int32Array;
  start: Int32Array;
}

/**
 * The classes (a, b) of the eligible arms, numbered in increasing a * (nB + 1) + b, each with its best
 * min(size, cap of a + 1, cap of b, budget) mothers in list order. `all`: the eligible arms in list order; `keyed`: the
 * classes' keys of every arm when the caller has them (capacity-reach.ts's grouping, kept with the rules): then one
 * pass over `all`, each arm read once, places her in a run as long as her class could hold of all its arms, and the
 * runs are closed up after (four passes over 10^6 arms without them).
 */
export function flowClasses(
  all: Int32Array,
  N: number,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
  keyed?: ClassKeys,
): Classes {
  if (keyed) return keyedClasses(all, budget, A, B, keyed);
  const nA = A.min.length,
    nB = B.min.length,
    side = nB + 1;
  const n = all.length;
  // read within this call alone: a scratch array (3.4 MB of fresh pages a list at 10^6 otherwise)
  const key = scratch('flow-class-key', Int32Array, n);
  for (let p = 0; p < n; p++) {
    const arm = all[p],
      a = A.of[arm],
      b = B.of[arm];
    key[p] = (a < 0 ? nA : a) * side + (b < 0 ? nB : b);
  }
  // Class numbers in key order: a table over the keys when they are few (workers x buckets), else a map.
  const space = (nA + 1) * side;
  const table = space <= 4 * N + 1024 ? new Int32Array(space).fill(-1) : null;
  const map = new Map<number, number>();
  for (let p = 0; p < n; p++) table ? (table[key[p]] = 0) : map.set(key[p], 0);
  let keys: Int32Array;
  if (table) {
    let C = 0;
    for (let k = 0; k < space; k++) if (table[k] === 0) C++;
    keys = new Int32Array(C);
    for (let k = 0, c = 0; k < space; k++) if (table[k] === 0) keys[c++] = k;
  } else keys = Int32Array.from(map.keys()).sort();
  const C = keys.length;
  for (let c = 0; c < C; c++) table ? (table[keys[c]] = c) : map.set(keys[c], c);
  const classA = Int32Array.from(keys, (k) => Math.floor(k / side)),
    classB = Int32Array.from(keys, (k) => k % side);
  const length = Int32Array.from(keys, (k) => classLimit(k, side, budget, A, B));
  // Each class's run holds at most its length; the walk in list order fills it with her best.
  const room = new Int32Array(C + 1);
  for (let p = 0; p < n; p++) {
    const c = table ? table[key[p]] : map.get(key[p])!;
    key[p] = c;
    room[c + 1]++;
  }
  for (let c = 0; c < C; c++) {
    length[c] = Math.min(length[c], room[c + 1]);
    room[c + 1] = room[c] + length[c];
  }
  const start = room.slice(0, C),
    fill = new Int32Array(C);
  const members = new Int32Array(room[C]),
    place = new Int32Array(room[C]);
  for (let p = 0; p < n; p++) {
    const c = key[p];
    if (fill[c] < length[c]) {
      place[start[c] + fill[c]] = p;
      members[start[c] + fill[c]++] = all[p];
    }
  }
  return { C, classA, classB, start, length, members, first: firstOfA(classA, nA), place };
}

/** How many mothers class `key` holds at most: one beyond a's cap (the source's bound holds the flow within it) shows
 * whether the cap binds. */
function classLimit(key: number, side: number, budget: number, A: RuleFamily, B: RuleFamily): number {
  const a = Math.floor(key / side),
    b = key % side;
  const capA = a < A.min.length ? A.max[a] : Infinity,
    capB = b < B.min.length ? B.max[b] : Infinity;
  return Math.min(capA + 1, capB, budget);
}

/** first[a] .. first[a + 1] - 1: the classes of set a (classA ascending). */
function firstOfA(classA: Int32Array, nA: number): Int32Array {
  const first = new Int32Array(nA + 2);
  for (let c = 0; c < classA.length; c++) first[classA[c] + 1]++;
  for (let a = 0; a <= nA; a++) first[a + 1] += first[a];
  return first;
}

/** flowClasses with every arm's class key and each key's count of arms: one pass over `all`, the runs closed up. */
function keyedClasses(all: Int32Array, budget: number, A: RuleFamily, B: RuleFamily, keys: ClassKeys): Classes {
  const { group, start: counts } = keys;
  const side = B.min.length + 1,
    space = counts.length - 1;
  // each key's run: as long as it can hold of all its arms (at most its count: the runs fit in N); a scratch array,
  // and so `members` (valid until the next list's classes: the flow and its twin read them within one capacityTopB)
  const base = new Int32Array(space + 1),
    limit = new Int32Array(space);
  for (let k = 0; k < space; k++) {
    const size = counts[k + 1] - counts[k];
    limit[k] = size > 0 ? Math.max(0, Math.min(size, classLimit(k, side, budget, A, B))) : 0;
    base[k + 1] = base[k] + limit[k];
  }
  const runs = scratch('flow-class-runs', Int32Array, base[space]),
    places = scratch('flow-class-places', Int32Array, base[space]);
  // Each arm's key first, in a pass of its own: its reads at random do not wait on the walk's branches, which then
  // reads the keys in order (the default list's 8 x 10^5 arms: 6.3 -> 4.0 ms in a stand-in).
  const n = all.length,
    key = scratch('flow-class-keys', Int32Array, n);
  for (let p = 0; p < n; p++) key[p] = group[all[p]];
  const fill = new Int32Array(space),
    seen = new Uint8Array(space);
  for (let p = 0; p < n; p++) {
    const k = key[p],
      f = fill[k];
    seen[k] = 1;
    if (f < limit[k]) {
      runs[base[k] + f] = all[p];
      places[base[k] + f] = p;
      fill[k] = f + 1;
    }
  }
  let C = 0,
    total = 0;
  for (let k = 0; k < space; k++) {
    C += seen[k];
    total += fill[k];
  }
  const classA = new Int32Array(C),
    classB = new Int32Array(C),
    start = new Int32Array(C),
    length = new Int32Array(C);
  // the runs closed up in place (each moves down, never past a run still to move): no fresh 0.7 MB a list at 10^6
  for (let k = 0, c = 0, at = 0; k < space; k++) {
    if (!seen[k]) continue;
    classA[c] = Math.floor(k / side);
    classB[c] = k % side;
    start[c] = at;
    length[c] = fill[k];
    runs.copyWithin(at, base[k], base[k] + fill[k]);
    places.copyWithin(at, base[k], base[k] + fill[k]);
    at += fill[k];
    c++;
  }
  const members = runs.subarray(0, total),
    place = places.subarray(0, total);
  return { C, classA, classB, start, length, members, first: firstOfA(classA, A.min.length), place };
}
