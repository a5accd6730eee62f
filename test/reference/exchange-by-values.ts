// The exchanges of capacity-exchange.ts as they were before they read indices only at the flow's frontier: every
// member's index read first, the list without minima merged and cut by index and tie rank. A slow twin: the fast one
// must give the very same lists, binding caps and calls (the frontier's reads are exact, not a bound).
import type { Classes, RuleFamily } from '../../src/core/plan/capacity-classes.ts';
import { flowArms, flowPick, type FlowPick } from '../../src/core/plan/capacity-flow.ts';
import { kthLargest } from '../../src/core/plan/group-cut.ts';
import { PairHeap } from '../../src/core/plan/pair-heap.ts';
import { scratch } from '../../src/core/plan/scratch.ts';

/**
 * The best list on the classes `net` (flowClasses of the same caps and budget) for families of exchangeShape, with
 * the list without minima (`plain`); null when some index is not finite (the flow's own search takes those).
 */
export function exchangeFlowByValues(
  net: Classes,
  index: Float64Array,
  tieRank: Int32Array,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
): { pick: FlowPick; plain: () => Int32Array } | null {
  const nA = A.min.length;
  const { C, classB, start, length, members, first } = net;
  const value = scratch('reference-flow-values', Float64Array, members.length);
  for (let j = 0; j < members.length; j++) {
    const x = index[members[j]];
    if (!Number.isFinite(x)) return null;
    value[j] = x;
  }
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
  plainFlow({ value, members, start, length }, tieRank, budget, inBucket, inRest, cap, flow);
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
    if (last >= 0) backs.push(value[last], -tieRank[members[last]], a, stamp);
    if (next < 0) return;
    if (F[a] < cap(a)) takes.push(-value[next], tieRank[members[next]], a, stamp);
    else if (last >= 0) swaps.push(value[last] - value[next], a, a, stamp);
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
  return { pick: flowPick(net, budget, A, B, flow, F, G, value), plain: () => flowArms(net, plainCalls) };
}

/**
 * Fills `flow` with the list without minima: each set of A's best cap(a) of its two classes in list order, and of
 * those the first `budget` in list order (a cut at the budget-th largest index, ties by tie rank).
 */
function plainFlow(
  net: { value: Float64Array; members: Int32Array; start: Int32Array; length: Int32Array },
  tieRank: Int32Array,
  budget: number,
  inBucket: Int32Array,
  inRest: Int32Array,
  cap: (a: number) => number,
  flow: Int32Array,
): void {
  const { value, members, start, length } = net;
  const sets = inBucket.length;
  // each set's best cap(a), merged from its two classes (a tie rank read only where two indices are equal)
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
      else {
        const x = value[start[b] + i],
          y = value[start[r] + j];
        if (x > y || (x === y && tieRank[members[start[b] + i]] < tieRank[members[start[r] + j]])) i++;
        else j++;
      }
    }
    if (b >= 0) flow[b] = i;
    if (r >= 0) flow[r] = j;
    total += i + j;
  }
  if (total <= budget) return;
  // More than B: the first B of them in list order. The budget-th largest index, then how many tie ranks at it.
  const values = scratch('reference-exchange-values', Float64Array, total);
  let n = 0;
  for (let a = 0; a < sets; a++) {
    for (const c of [inBucket[a], inRest[a]]) {
      if (c >= 0) for (let j = 0; j < flow[c]; j++) values[n++] = value[start[c] + j];
    }
  }
  const cut = budget === 0 ? Infinity : kthLargest(values, 0, total, budget);
  let above = 0;
  const tied: number[] = [];
  for (let a = 0; a < sets; a++) {
    for (const c of [inBucket[a], inRest[a]]) {
      if (c < 0) continue;
      for (let j = 0; j < flow[c]; j++) {
        const x = value[start[c] + j];
        if (x > cut) above++;
        else if (x === cut) tied.push(tieRank[members[start[c] + j]]);
      }
    }
  }
  tied.sort((x, y) => x - y);
  const last = budget - above > 0 ? tied[budget - above - 1] : -1;
  // each class's taken are a prefix of it (its list order)
  for (let c = 0; c < start.length; c++) {
    let j = 0;
    while (j < flow[c]) {
      const x = value[start[c] + j];
      if (x < cut || (x === cut && tieRank[members[start[c] + j]] > last)) break;
      j++;
    }
    flow[c] = j;
  }
}
