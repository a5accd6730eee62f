// The best list when the rules form two laminar families: the workers (each mother has one) and the
// share quotas of one feature group (each mother in at most one of its buckets), or, without workers,
// the quotas of two groups. Then the rules' matrix is that of a bipartite graph (totally unimodular)
// and the list is a min-cost flow:
//
//   source --[min_a, max_a]--> set a of family A --chain of class (a, b)--> set b of family B --[min_b, max_b]--> sink
//
// where the class (a, b) holds the eligible mothers in both sets (a "rest" set on each side for those
// in none), its chain taking them in list order: any best list holds a prefix of every class in list
// order, or a swap inside the class would improve it. Costs are pairs compared lexicographically (no
// big constant mixes the tiers): a unit through a set's minimum part gains M = B + 1 (minima met come
// first), every call gains 1 (first part), then her index (second part).
//
// Successive shortest paths: each unit goes along a cheapest path, which keeps the flow of each value
// at least cost (no negative cycle in the residual graph); path costs never decrease, so stopping at
// the first path that gains nothing in the first part (no minimum, no call), or at B units, gives the
// best list. A path alternates sets of A and B: source -> a -> b -> a' -> b' ... -> sink, stepping from
// b to b' through a worker a' who gives back her last mother in b and takes her next one in b'. B has
// few sets (buckets), so the search runs on them alone: for each pair (b, b') a heap keeps the
// cheapest step over all workers (pair-heap.ts; only the workers on the last path change), and
// Bellman-Ford on the few sets finds the path. A walk through one worker twice is shortened (its loop
// costs >= 0: no negative cycle). Cost per unit: O(|B|^3 + |path| |B|^2 log W), not O(W); a path of
// one hop (a worker takes her next mother) is applied without building the path.
//
// The classes (capacity-classes.ts) are made once for the flows on one index and its caps; the
// binding caps are read off the final flow (capacity-binding.ts).
import { bindingSets } from './capacity-binding.ts';
import type { Classes, RuleFamily } from './capacity-classes.ts';
import { PairHeap } from './pair-heap.ts';
import { scratch } from './scratch.ts';

export type { RuleFamily } from './capacity-classes.ts';

export interface FlowPick {
  arms: Int32Array;
  /** Per entry of `arms` her place in the order the classes were read from (Classes.place). */
  places: Int32Array;
  /** Per set of family A: 1 when raising its cap by one would give a better list. */
  bindingA: Uint8Array;
  /** Per set of family A (then the rest): its arms on the list. */
  inA: Float64Array;
  /**
   * Per entry of the classes' members, her index (a working array: valid until the next flow). An exchanges' pick
   * (capacity-exchange.ts) reads only each class's first, last taken and next: the other entries are stale.
   */
  value: Float64Array;
}

/**
 * The best list on the classes `net` (flowClasses of the same caps and budget) under the families' floors and caps.
 * `value`: the classes' indices as an earlier flow on the same classes and index gave them (FlowPick.value).
 */
export function familyFlow(
  net: Classes,
  index: Float64Array,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
  known?: Float64Array,
): FlowPick {
  const nA = A.min.length,
    nB = B.min.length,
    side = nB + 1;
  const { C, classB, start, length, members, first } = net;
  const M = budget + 1;
  // Her index beside each class member: the flow reads a class's next and last mothers at every unit, and read
  // through `members` each was a cache miss in 8 MB of indices at 10^6 (a fifth of the flow's time).
  let value = known;
  if (!value) {
    value = scratch('flow-values', Float64Array, members.length);
    for (let j = 0; j < members.length; j++) value[j] = index[members[j]];
  }
  const flow = new Int32Array(C),
    F = new Float64Array(nA + 1),
    G = new Float64Array(side);
  // Floors and caps per set, the rest sets (nA, nB) without either.
  const lowA = Float64Array.from({ length: nA + 1 }, (_, a) => (a < nA ? A.min[a] : 0)),
    highA = Float64Array.from({ length: nA + 1 }, (_, a) => (a < nA ? A.max[a] : Infinity));
  const lowB = Float64Array.from({ length: side }, (_, b) => (b < nB ? B.min[b] : 0)),
    highB = Float64Array.from({ length: side }, (_, b) => (b < nB ? Math.min(B.max[b], budget) : budget));
  // Costs of one more unit (first part, second part); NaN first part: no residual.
  const source1 = (a: number) => (F[a] < lowA[a] ? -M : F[a] < highA[a] ? 0 : NaN);
  const sink1 = (b: number) => (G[b] < lowB[b] ? -M : G[b] < highB[b] ? 0 : NaN);
  const classOf = (a: number, b: number) => {
    for (let c = first[a]; c < first[a + 1]; c++) if (classB[c] === b) return c;
    return -1;
  };
  const stamps = new Int32Array(nA + 1);
  const fromSource = Array.from({ length: side }, () => new PairHeap(stamps));
  const step = Array.from({ length: side * side }, () => new PairHeap(stamps));
  const offer = (a: number) => {
    const stamp = ++stamps[a];
    const s1 = source1(a);
    const lo = first[a],
      hi = first[a + 1];
    for (let c = lo; c < hi; c++) {
      if (flow[c] >= length[c]) continue;
      // one more of her mothers in class c: gains a call (-1) and her index
      const f2 = -value[start[c] + flow[c]];
      if (s1 === s1) fromSource[classB[c]].push(s1 - 1, f2, a, stamp);
      for (let g = lo; g < hi; g++) {
        // ... in exchange for her last mother of class g
        if (g !== c && flow[g] > 0) {
          step[classB[g] * side + classB[c]].push(0, value[start[g] + flow[g] - 1] + f2, a, stamp);
        }
      }
    }
  };
  for (let a = 0; a <= nA; a++) offer(a);
  const d1 = new Float64Array(side),
    d2 = new Float64Array(side);
  const pred = new Int32Array(side),
    via = new Int32Array(side);
  let sent = 0;
  while (sent < budget) {
    for (let b = 0; b < side; b++) {
      const h = fromSource[b];
      pred[b] = -1;
      if (h.clean(stamps)) {
        d1[b] = h.topCost1;
        d2[b] = h.topCost2;
        via[b] = h.topItem;
      } else {
        d1[b] = d2[b] = Infinity;
        via[b] = -1;
      }
    }
    for (let round = 0, changed = true; changed && round <= side; round++) {
      changed = false;
      for (let b = 0; b < side; b++) {
        if (d1[b] === Infinity) continue;
        for (let b2 = 0; b2 < side; b2++) {
          const h = step[b * side + b2];
          if (b2 === b || !h.clean(stamps)) continue;
          const c1 = d1[b] + h.topCost1,
            c2 = d2[b] + h.topCost2;
          if (c1 < d1[b2] || (c1 === d1[b2] && c2 < d2[b2])) {
            d1[b2] = c1;
            d2[b2] = c2;
            pred[b2] = b;
            via[b2] = h.topItem;
            changed = true;
          }
        }
      }
    }
    let end = -1,
      e1 = Infinity,
      e2 = Infinity;
    for (let b = 0; b < side; b++) {
      const t1 = sink1(b);
      if (t1 !== t1 || d1[b] === Infinity) continue;
      if (d1[b] + t1 < e1 || (d1[b] + t1 === e1 && d2[b] < e2)) {
        end = b;
        e1 = d1[b] + t1;
        e2 = d2[b];
      }
    }
    if (end < 0 || e1 >= 0) break;
    if (pred[end] === -1) {
      // one hop (most units): worker via[end] takes her next mother of set `end`
      const a = via[end];
      F[a]++;
      flow[classOf(a, end)]++;
      G[end]++;
      offer(a);
      sent++;
      continue;
    }
    // The hops (from set, worker, to set) back to the source, then a worker met twice shortened.
    const hops: Array<[number, number, number]> = [];
    for (let b = end; b !== -1; b = pred[b]) hops.unshift([pred[b], via[b], b]);
    for (let i = 0; i < hops.length; i++) {
      let j = hops.length - 1;
      while (hops[j][1] !== hops[i][1]) j--;
      if (j === i) continue;
      const [from, worker] = hops[i],
        to = hops[j][2];
      const merged: Array<[number, number, number]> = from === to ? [] : [[from, worker, to]];
      hops.splice(i, j - i + 1, ...merged);
      if (merged.length === 0) i--; // the hop now at i is still to be checked
    }
    for (const [from, a, to] of hops) {
      if (from < 0) F[a]++;
      else flow[classOf(a, from)]--;
      flow[classOf(a, to)]++;
    }
    G[end]++;
    for (const [, a] of hops) offer(a);
    sent++;
  }
  return flowPick(net, budget, A, B, flow, F, G, value);
}

/**
 * The list and its binding caps off a flow on the classes `net`: `flow` per class (a prefix of each), F per set of A
 * (then the rest), G per set of B (then the rest); shared with the exchanges' solver (capacity-exchange.ts).
 */
export function flowPick(
  net: Classes,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
  flow: Int32Array,
  F: Float64Array,
  G: Float64Array,
  value: Float64Array,
  ends = false,
): FlowPick {
  const nA = A.min.length,
    nB = B.min.length,
    side = nB + 1;
  const arms = flowArms(net, flow);
  const sent = arms.length;
  const lowB = (b: number) => (b < nB ? B.min[b] : 0),
    highB = (b: number) => (b < nB ? Math.min(B.max[b], budget) : budget);
  const context = {
    nA,
    side,
    M: budget + 1,
    minA: (a: number) => (a < nA ? A.min[a] : 0),
    minB: lowB,
    capA: (a: number) => (a < nA ? A.max[a] : Infinity),
    sink1: (b: number) => (G[b] < lowB(b) ? -(budget + 1) : G[b] < highB(b) ? 0 : NaN),
    value,
    ends,
  };
  const places = flowArms(net, flow, net.place);
  return { arms, places, bindingA: bindingSets(net, flow, F, G, sent < budget, context), inA: F, value };
}

/** The arms of a flow: each class's first flow[c] members, class by class (or their entries of `of`: places). */
export function flowArms(net: Classes, flow: Int32Array, of = net.members): Int32Array {
  const { C, start } = net;
  let sent = 0;
  for (let c = 0; c < C; c++) sent += flow[c];
  const arms = new Int32Array(sent);
  // a plain copy: a view per class (4,000 classes under 2,000 workers, a few calls a list) was 1.5 MB of the heap's
  // objects a list, which brought its collections sooner
  for (let c = 0, j = 0; c < C; c++) for (let p = start[c], end = p + flow[c]; p < end; p++) arms[j++] = of[p];
  return arms;
}
