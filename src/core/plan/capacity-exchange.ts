// The list's min-cost flow (capacity-flow.ts) in the shape a program's list mostly has, found by exchanges instead of
// a unit at a time: workers with capacities and no minimum, and one share bucket with a minimum and no maximum below
// B (its group's other mothers the rest). Why: the flow sends B units (10^5 at 10^6 mothers), each a search and
// heap updates, where the answer is mostly each worker's best in list order.
//
// Without the minimum the rules are a laminar matroid (capacities within B), whose best list is each worker's best
// `capacity` arms in list order and of those the first B in list order: `plain`, the twin without minima. It is the
// cheapest flow of its number of bucket calls, so the flow can go on from it (successive shortest paths): each more
// call in the bucket, at the same number of calls, is the cheapest of two exchanges in the residual graph, whose two
// sets of B (the bucket, the rest) leave no other simple path:
//   (i) a full worker gives back her last rest mother and takes her next bucket mother;
//   (ii) a worker below her capacity takes her next bucket mother and any worker gives back her last rest mother
//        (the budget is full: else the list would already hold that mother).
// The cost of an exchange never falls as they are made (each worker's chains are in list order), so the first
// min - plain's bucket calls exchanges, or as many as there are, give the best list (its minimum calls met as far as
// the rules allow, then as many calls as plain, the most there are, then the largest sum). Ties: each worker's and
// the budget's in list order; equal exchanges by worker, then the rest mother given back last in list order and the
// bucket mother taken first. The binding caps are read off the result as off the flow's (flowPick).
//
// Speed: the list order is the classes' places (Classes.place), so with every index finite only the indices at the
// flow's frontier are read (a few per worker), not every member's (10^5 reads at random at 10^6 mothers).
import type { Classes, RuleFamily } from './capacity-classes.ts';
import { flowArms, flowPick, type FlowPick } from './capacity-flow.ts';
import { kthLargest } from './group-cut.ts';
import { PairHeap } from './pair-heap.ts';
import { scratch } from './scratch.ts';

/** Whether the families have the shape exchangeFlow solves: A without minima, B one set without a cap below B. */
export function exchangeShape(A: RuleFamily, B: RuleFamily, budget: number): boolean {
  return B.min.length === 1 && B.max[0] >= budget && A.min.every((m) => m === 0);
}

/**
 * The best list on the classes `net` (flowClasses of the same caps and budget) for families of exchangeShape, with
 * the list without minima (`plain`); null when some index is not finite (the flow's own search takes those).
 */
export function exchangeFlow(
  net: Classes,
  index: Float64Array,
  tieRank: Int32Array,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
): { pick: FlowPick; plain: () => Int32Array } | null {
  const nA = A.min.length;
  const { C, classB, start, length, members, first } = net;
  // Her index read only where the exchanges and the binding caps look (`at`: the flow's frontier), not every
  // member's (10^5 reads at random), when every index is finite: then each class's indices never rise along it (list
  // order). Else every member's is read first, and any not finite leaves the list to the flow.
  const value = scratch('flow-values', Float64Array, members.length);
  const at = (j: number) => (value[j] = index[members[j]]);
  if (!allFinite(index)) for (let j = 0; j < members.length; j++) if (!Number.isFinite(at(j))) return null;
  // Per set of A her bucket class and rest class (-1: none).
  const inBucket = new Int32Array(nA + 1).fill(-1),
    inRest = new Int32Array(nA + 1).fill(-1);
  for (let a = 0; a <= nA; a++) {
    for (let c = first[a]; c < first[a + 1]; c++) (classB[c] === 0 ? inBucket : inRest)[a] = c;
  }
  const cap = (a: number) => (a < nA ? A.max[a] : Infinity);
  const flow = new Int32Array(C),
    F = new Float64Array(nA + 1),
    G = new Float64Array(2);
  plainFlow(net, budget, inBucket, inRest, cap, flow);
  const plainCalls = flow.slice();
  for (let a = 0; a <= nA; a++) {
    const x = inBucket[a] >= 0 ? flow[inBucket[a]] : 0,
      y = inRest[a] >= 0 ? flow[inRest[a]] : 0;
    F[a] = x + y;
    G[0] += x;
    G[1] += y;
  }
  // The exchanges: per set of A its live entries (stamps), in the heaps of (i), and of (ii)'s two halves.
  const stamps = new Int32Array(nA + 1);
  const swaps = new PairHeap(stamps),
    backs = new PairHeap(stamps),
    takes = new PairHeap(stamps);
  const offer = (a: number) => {
    const stamp = ++stamps[a];
    const b = inBucket[a],
      r = inRest[a];
    const next = b >= 0 && flow[b] < length[b] ? start[b] + flow[b] : -1,
      last = r >= 0 && flow[r] > 0 ? start[r] + flow[r] - 1 : -1;
    if (last >= 0) backs.push(at(last), -tieRank[members[last]], a, stamp);
    if (next < 0) return;
    if (F[a] < cap(a)) takes.push(-at(next), tieRank[members[next]], a, stamp);
    else if (last >= 0) swaps.push(value[last] - at(next), a, a, stamp);
  };
  for (let a = 0; a <= nA; a++) offer(a);
  for (let more = B.min[0] - G[0]; more > 0; more--) {
    const one = swaps.clean(stamps),
      two = backs.clean(stamps) && takes.clean(stamps);
    if (!one && !two) break;
    if (one && (!two || swaps.topCost1 <= backs.topCost1 + takes.topCost1)) {
      const a = swaps.topItem;
      flow[inRest[a]]--;
      flow[inBucket[a]]++;
      offer(a);
    } else {
      const from = backs.topItem,
        to = takes.topItem;
      flow[inRest[from]]--;
      F[from]--;
      flow[inBucket[to]]++;
      F[to]++;
      offer(from);
      if (to !== from) offer(to);
    }
    G[1]--;
    G[0]++;
  }
  // the binding caps read each class's first, last taken and next (its taken's largest |index| at its ends)
  for (let c = 0; c < C; c++) {
    if (!length[c]) continue;
    at(start[c]);
    if (flow[c] > 0) at(start[c] + flow[c] - 1);
    if (flow[c] < length[c]) at(start[c] + flow[c]);
  }
  const pick = flowPick(net, budget, A, B, flow, F, G, value, true);
  return { pick, plain: () => flowArms(net, plainCalls) };
}

/** Whether every entry of `index` is finite (a pass in order, four sums of x * 0: NaN for a NaN or an infinity). */
function allFinite(index: Float64Array): boolean {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0,
    j = 0;
  for (; j + 3 < index.length; j += 4) {
    s0 += index[j] * 0;
    s1 += index[j + 1] * 0;
    s2 += index[j + 2] * 0;
    s3 += index[j + 3] * 0;
  }
  for (; j < index.length; j++) s0 += index[j] * 0;
  return s0 + s1 + s2 + s3 === 0;
}

/**
 * Fills `flow` with the list without minima: each set of A's best cap(a) of its two classes in list order, and of
 * those the first `budget` in list order (a cut at the budget-th smallest place in the order, Classes.place).
 */
function plainFlow(
  net: Classes,
  budget: number,
  inBucket: Int32Array,
  inRest: Int32Array,
  cap: (a: number) => number,
  flow: Int32Array,
): void {
  const { place, start, length } = net;
  const sets = inBucket.length;
  // each set's best cap(a), merged from its two classes by their places in the order
  let total = 0;
  for (let a = 0; a < sets; a++) {
    const b = inBucket[a],
      r = inRest[a];
    const nb = b >= 0 ? length[b] : 0,
      nr = r >= 0 ? length[r] : 0;
    // (the flow takes a unit while her calls are below her cap: a fractional cap's next whole number)
    const k = Math.min(Math.ceil(cap(a)), nb + nr);
    let i = 0,
      j = 0;
    while (i + j < k) {
      if (j >= nr) i = Math.min(nb, k - j);
      else if (i >= nb) j = Math.min(nr, k - i);
      else if (place[start[b] + i] < place[start[r] + j]) i++;
      else j++;
    }
    if (b >= 0) flow[b] = i;
    if (r >= 0) flow[r] = j;
    total += i + j;
  }
  if (total <= budget) return;
  // More than B: the first B of them in list order, at places up to the budget-th smallest (selected negated).
  const negated = scratch('exchange-places', Float64Array, total);
  let n = 0;
  for (let a = 0; a < sets; a++) {
    for (const c of [inBucket[a], inRest[a]]) {
      if (c >= 0) for (let j = 0; j < flow[c]; j++) negated[n++] = -place[start[c] + j];
    }
  }
  const cut = budget === 0 ? -1 : -kthLargest(negated, 0, total, budget);
  // each class's taken are a prefix of it (its list order)
  for (let c = 0; c < start.length; c++) {
    let j = 0;
    while (j < flow[c] && place[start[c] + j] <= cut) j++;
    flow[c] = j;
  }
}
