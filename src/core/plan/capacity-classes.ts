// The classes of the list's min-cost flow (capacity-flow.ts): the eligible mothers grouped by their set
// in each of the two rule families (a worker and a bucket), each class keeping only the best mothers it
// can ever send, in list order. Apart from the flow because one set of classes serves every flow on the
// same index and caps: the list and its twin without minima (capacity-top-b.ts) differ only in minima.
//
// Made by one walk down the eligible arms in list order (rank-order.ts's ListOrder, shared with the
// list's other uses of that order): each arm joins her class while the class has room, so no class is
// selected or sorted on its own, and no comparator runs.

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
}

/**
 * The classes (a, b) of the eligible arms, numbered in increasing a * (nB + 1) + b, each with its best
 * min(size, cap of a + 1, cap of b, budget) mothers in list order. `all`: the eligible arms in list order; `classKey`:
 * per arm her class's key a * (nB + 1) + b when the caller has them (capacity-reach.ts's classReach: one read per arm,
 * not two).
 */
export function flowClasses(
  all: Int32Array,
  N: number,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
  classKey?: Int32Array,
): Classes {
  const nA = A.min.length,
    nB = B.min.length,
    side = nB + 1;
  const n = all.length;
  // read within this call alone: a scratch array (3.4 MB of fresh pages a list at 10^6 otherwise)
  const key = scratch('flow-class-key', Int32Array, n);
  if (classKey) for (let p = 0; p < n; p++) key[p] = classKey[all[p]];
  else {
    for (let p = 0; p < n; p++) {
      const arm = all[p],
        a = A.of[arm],
        b = B.of[arm];
      key[p] = (a < 0 ? nA : a) * side + (b < 0 ? nB : b);
    }
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
  const length = new Int32Array(C);
  for (let c = 0; c < C; c++) {
    const capA = classA[c] < nA ? A.max[classA[c]] : Infinity,
      capB = classB[c] < nB ? B.max[classB[c]] : Infinity;
    // One mother beyond a's cap (the source's bound holds the flow within it) shows whether the cap binds.
    length[c] = Math.min(capA + 1, capB, budget);
  }
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
  const members = new Int32Array(room[C]);
  for (let p = 0; p < n; p++) {
    const c = key[p];
    if (fill[c] < length[c]) members[start[c] + fill[c]++] = all[p];
  }
  const first = new Int32Array(nA + 2);
  for (let c = 0; c < C; c++) first[classA[c] + 1]++;
  for (let a = 0; a <= nA; a++) first[a + 1] += first[a];
  return { C, classA, classB, start, length, members, first };
}
