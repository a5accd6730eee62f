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
// costs >= 0: no negative cycle). Cost per unit: O(|B|^3 + |path| |B|^2 log W), not O(W).
import { PairHeap } from './pair-heap.ts';
import { selectBest, sortArms, type ArmOrder } from './select-arms.ts';

/** One laminar family: disjoint sets of arms with a floor and a cap on the calls in each. */
export interface RuleFamily {
  /** numArms: the set of each arm, 0..count-1, or -1 for none. */
  of: Int32Array;
  /** count entries each. */
  min: Float64Array;
  max: Float64Array;
}

export interface FlowPick {
  arms: Int32Array;
  /** Per set of family A: 1 when raising its cap by one would give a better list. */
  bindingA: Uint8Array;
}

export function familyFlow(
  index: Float64Array,
  eligible: Uint8Array | null,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
  order: ArmOrder,
): FlowPick {
  const nA = A.min.length,
    nB = B.min.length,
    side = nB + 1;
  const net = buildClasses(index, eligible, budget, A, B, order);
  const { C, classB, start, length, members, first } = net;
  const M = budget + 1;
  const flow = new Int32Array(C),
    F = new Float64Array(nA + 1),
    G = new Float64Array(side);
  const minA = (a: number) => (a < nA ? A.min[a] : 0),
    capA = (a: number) => (a < nA ? A.max[a] : Infinity);
  const minB = (b: number) => (b < nB ? B.min[b] : 0),
    capB = (b: number) => (b < nB ? B.max[b] : Infinity);
  // Costs of one more unit (first part, second part); null first part: no residual.
  const fwd1 = (c: number) => (flow[c] < length[c] ? -1 : NaN);
  const fwd2 = (c: number) => -index[members[start[c] + flow[c]]];
  const back1 = (c: number) => (flow[c] > 0 ? 1 : NaN),
    back2 = (c: number) => index[members[start[c] + flow[c] - 1]];
  const source1 = (a: number) => (F[a] < minA(a) ? -M : F[a] < capA(a) ? 0 : NaN);
  const sink1 = (b: number) => (G[b] < minB(b) ? -M : G[b] < Math.min(capB(b), budget) ? 0 : NaN);
  const classOf = (a: number, b: number) => {
    for (let c = first[a]; c < first[a + 1]; c++) if (classB[c] === b) return c;
    return -1;
  };
  const fromSource = Array.from({ length: side }, () => new PairHeap());
  const step = Array.from({ length: side * side }, () => new PairHeap());
  const stamps = new Int32Array(nA + 1);
  const offer = (a: number) => {
    const stamp = ++stamps[a];
    const s1 = source1(a);
    for (let c = first[a]; c < first[a + 1]; c++) {
      const f1 = fwd1(c);
      if (f1 !== f1) continue;
      const f2 = fwd2(c);
      if (s1 === s1) fromSource[classB[c]].push(s1 + f1, f2, a, stamp);
      for (let g = first[a]; g < first[a + 1]; g++) {
        if (g !== c && flow[g] > 0) step[classB[g] * side + classB[c]].push(back1(g) + f1, back2(g) + f2, a, stamp);
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
      const open = h.clean(stamps);
      [d1[b], d2[b], pred[b], via[b]] = open ? [h.topCost1, h.topCost2, -1, h.topItem] : [Infinity, Infinity, -1, -1];
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
            [d1[b2], d2[b2], pred[b2], via[b2], changed] = [c1, c2, b, h.topItem, true];
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
      if (d1[b] + t1 < e1 || (d1[b] + t1 === e1 && d2[b] < e2)) [end, e1, e2] = [b, d1[b] + t1, d2[b]];
    }
    if (end < 0 || e1 >= 0) break;
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
  const arms = new Int32Array(sent);
  for (let c = 0, j = 0; c < C; c++) {
    arms.set(members.subarray(start[c], start[c] + flow[c]), j);
    j += flow[c];
  }
  const context = { nA, side, M, minA, minB, capA, sink1, index };
  return { arms, bindingA: bindingSets(net, flow, F, G, sent < budget, context) };
}

interface Classes {
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

/** The classes (a, b) of the eligible arms, ordered by a, each with its best mothers in list order. */
function buildClasses(
  index: Float64Array,
  eligible: Uint8Array | null,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
  order: ArmOrder,
): Classes {
  const N = index.length,
    nA = A.min.length,
    nB = B.min.length,
    side = nB + 1;
  const keyOf = new Float64Array(N).fill(-1);
  for (let arm = 0; arm < N; arm++) {
    if (eligible && !eligible[arm]) continue;
    keyOf[arm] = (A.of[arm] < 0 ? nA : A.of[arm]) * side + (B.of[arm] < 0 ? nB : B.of[arm]);
  }
  // Class numbers in key order: a table over the keys when they are few (workers x buckets), else a map.
  const space = (nA + 1) * side;
  const table = space <= 4 * N + 1024 ? new Int32Array(space).fill(-1) : null;
  const map = new Map<number, number>();
  for (let arm = 0; arm < N; arm++) if (keyOf[arm] >= 0) table ? (table[keyOf[arm]] = 0) : map.set(keyOf[arm], 0);
  const keys = table
    ? Float64Array.from(table.keys()).filter((k) => table[k] === 0)
    : Float64Array.from(map.keys()).sort();
  const C = keys.length;
  keys.forEach((key, c) => (table ? (table[key] = c) : map.set(key, c)));
  const at = new Int32Array(C + 1);
  const classOfArm = new Int32Array(N).fill(-1);
  for (let arm = 0; arm < N; arm++) {
    if (keyOf[arm] < 0) continue;
    classOfArm[arm] = table ? table[keyOf[arm]] : map.get(keyOf[arm])!;
    at[classOfArm[arm] + 1]++;
  }
  for (let c = 0; c < C; c++) at[c + 1] += at[c];
  const fill = at.slice(0, C);
  const members = new Int32Array(at[C]);
  for (let arm = 0; arm < N; arm++) if (classOfArm[arm] >= 0) members[fill[classOfArm[arm]]++] = arm;
  const classA = Int32Array.from(keys, (k) => Math.floor(k / side)),
    classB = Int32Array.from(keys, (k) => k % side);
  const length = new Int32Array(C);
  for (let c = 0; c < C; c++) {
    const capA = classA[c] < nA ? A.max[classA[c]] : Infinity,
      capB = classB[c] < nB ? B.max[classB[c]] : Infinity;
    // One mother beyond a's cap (the source's bound holds the flow within it) shows whether the cap binds.
    length[c] = Math.min(at[c + 1] - at[c], capA + 1, capB, budget);
    selectBest(members, at[c], at[c + 1], length[c], order);
    sortArms(members, at[c], at[c] + length[c], order);
  }
  const first = new Int32Array(nA + 2);
  for (let c = 0; c < C; c++) first[classA[c] + 1]++;
  for (let a = 0; a <= nA; a++) first[a + 1] += first[a];
  return { C, classA, classB, start: at.subarray(0, C), length, members, first };
}

interface BindingContext {
  nA: number;
  side: number;
  M: number;
  minA: (a: number) => number;
  minB: (b: number) => number;
  capA: (a: number) => number;
  sink1: (b: number) => number;
  index: Float64Array;
}

/**
 * Set a of A binds when it is at its cap and one more unit into it would close a path of negative cost:
 * a -> b (her next mother) and on from b to the sink (below the budget) or back to the source (a swap
 * with another worker or bucket, through the sink when the budget is full). Costs from each b to an end
 * by Bellman-Ford over the steps' minima (one scan of the workers).
 */
function bindingSets(
  net: Classes,
  flow: Int32Array,
  F: Float64Array,
  G: Float64Array,
  short: boolean,
  x: BindingContext,
): Uint8Array {
  const { first, classB, start, length, members } = net;
  const { nA, side, M, index } = x;
  // r: cheapest cost from set b (and from the sink, entry `side`) to an end.
  const T = side;
  const r1 = new Float64Array(side + 1).fill(Infinity),
    r2 = new Float64Array(side + 1).fill(Infinity);
  const improve = (b: number, c1: number, c2: number) => {
    if (c1 < r1[b] || (c1 === r1[b] && c2 < r2[b])) [r1[b], r2[b]] = [c1, c2];
  };
  if (short) improve(T, 0, 0);
  const e1 = new Float64Array(side * side).fill(Infinity),
    e2 = new Float64Array(side * side).fill(Infinity);
  for (let a = 0; a <= nA; a++) {
    for (let g = first[a]; g < first[a + 1]; g++) {
      if (flow[g] === 0) continue;
      const b1 = 1,
        b2 = index[members[start[g] + flow[g] - 1]];
      // back to the source: she gives back a unit (a minimum unit costs M)
      improve(classB[g], b1 + (F[a] <= x.minA(a) ? M : 0), b2);
      for (let c = first[a]; c < first[a + 1]; c++) {
        if (c === g || flow[c] >= length[c]) continue;
        const k = classB[g] * side + classB[c],
          c1 = b1 - 1,
          c2 = b2 - index[members[start[c] + flow[c]]];
        if (c1 < e1[k] || (c1 === e1[k] && c2 < e2[k])) [e1[k], e2[k]] = [c1, c2];
      }
    }
  }
  for (let round = 0; round <= side + 1; round++) {
    for (let b = 0; b < side; b++) {
      const t1 = x.sink1(b);
      if (t1 === t1) improve(b, t1 + r1[T], r2[T]);
      // the sink gives back one of b's units (a minimum unit costs M)
      if (G[b] > 0) improve(T, (G[b] <= x.minB(b) ? M : 0) + r1[b], r2[b]);
      for (let b2 = 0; b2 < side; b2++) {
        if (b !== b2 && r1[b2] < Infinity) improve(b, e1[b * side + b2] + r1[b2], e2[b * side + b2] + r2[b2]);
      }
    }
  }
  let scale = 1;
  for (let c = 0; c < net.C; c++) {
    for (let j = 0; j < flow[c]; j++) scale = Math.max(scale, Math.abs(index[members[start[c] + j]]));
  }
  const binding = new Uint8Array(nA);
  for (let a = 0; a < nA; a++) {
    if (F[a] < x.capA(a)) continue;
    for (let c = first[a]; c < first[a + 1] && !binding[a]; c++) {
      if (flow[c] >= length[c] || r1[classB[c]] === Infinity) continue;
      const c1 = -1 + r1[classB[c]],
        c2 = -index[members[start[c] + flow[c]]] + r2[classB[c]];
      if (c1 < 0 || (c1 === 0 && c2 < -1e-12 * scale)) binding[a] = 1;
    }
  }
  return binding;
}
