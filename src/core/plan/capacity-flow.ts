// The best list when the rules form two laminar families: the workers (each mother has one) and the
// share quotas of one feature group (each mother in at most one of its buckets), or, without workers,
// the quotas of two groups. Then the rules' matrix is that of a bipartite graph (totally unimodular)
// and the list is a min-cost flow:
//
//   source --[min_a, max_a]--> set a of family A --chain of class (a, b)--> set b of family B --[min_b, max_b]--> sink
//
// where the class (a, b) holds the eligible mothers in both sets (a "rest" set on each side for those
// in none), its chain taking them in list order: any best list holds a prefix of every class in list
// order, or a swap inside the class would improve it. The total is held within B by sending at most B
// units. Costs, lexicographic as in capacity-top-b.ts: a unit through a set's minimum part gains
// M = B + 1 (so minima met come first), every call gains 1, then her index (min-cost-flow.ts).
import { PairFlow } from './min-cost-flow.ts';
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

export function familyFlow(index: Float64Array, eligible: Uint8Array | null, budget: number, A: RuleFamily, B: RuleFamily, order: ArmOrder): FlowPick {
  const N = index.length, nA = A.min.length, nB = B.min.length;
  const side = nB + 1;
  // Classes (a, b) of the eligible arms; a = nA and b = nB are the rest sets.
  const classOfKey = new Map<number, number>();
  const classOf = new Int32Array(N).fill(-1);
  const keys: number[] = [];
  for (let arm = 0; arm < N; arm++) {
    if (eligible && !eligible[arm]) continue;
    const a = A.of[arm] < 0 ? nA : A.of[arm], b = B.of[arm] < 0 ? nB : B.of[arm];
    const key = a * side + b;
    let c = classOfKey.get(key);
    if (c === undefined) {
      c = keys.length;
      classOfKey.set(key, c);
      keys.push(key);
    }
    classOf[arm] = c;
  }
  const C = keys.length;
  const start = new Int32Array(C + 1);
  for (let arm = 0; arm < N; arm++) if (classOf[arm] >= 0) start[classOf[arm] + 1]++;
  for (let c = 0; c < C; c++) start[c + 1] += start[c];
  const fill = start.slice(0, C);
  const members = new Int32Array(start[C]);
  for (let arm = 0; arm < N; arm++) if (classOf[arm] >= 0) members[fill[classOf[arm]]++] = arm;
  // Nodes: 0 source, 1 sink, then the sets of A (rest last), then those of B (rest last).
  const nodeA = (a: number) => 2 + a, nodeB = (b: number) => 3 + nA + b;
  const flow = new PairFlow(4 + nA + nB);
  const M = budget + 1;
  const bounded = (max: number) => Math.min(max, budget);
  const setEdges = (from: (k: number) => number, to: (k: number) => number, family: RuleFamily, count: number) => {
    for (let k = 0; k <= count; k++) {
      const min = k < count ? Math.min(family.min[k], budget) : 0, max = k < count ? bounded(family.max[k]) : budget;
      if (min > 0) flow.addEdge(from(k), to(k), min, -M, 0);
      if (max > min) flow.addEdge(from(k), to(k), max - min, 0, 0);
    }
  };
  setEdges(() => 0, nodeA, A, nA);
  setEdges(nodeB, () => 1, B, nB);
  const chains = new Int32Array(C);
  for (let c = 0; c < C; c++) {
    const a = Math.floor(keys[c] / side), b = keys[c] % side;
    const capA = a < nA ? A.max[a] : Infinity, capB = b < nB ? B.max[b] : Infinity;
    // One unit beyond a's cap (the source edges hold the flow within it) shows whether the cap binds.
    const n = Math.min(start[c + 1] - start[c], capA + 1, capB, budget);
    selectBest(members, start[c], start[c + 1], n, order);
    sortArms(members, start[c], start[c] + n, order);
    const costs = new Float64Array(n);
    for (let j = 0; j < n; j++) costs[j] = -index[members[start[c] + j]];
    chains[c] = flow.addChain(nodeA(a), nodeB(b), -1, costs);
  }
  const sent = flow.run(0, 1, budget);
  const arms = new Int32Array(sent);
  for (let c = 0, j = 0; c < C; c++) {
    const f = flow.flowOf(chains[c]);
    arms.set(members.subarray(start[c], start[c] + f), j);
    j += f;
  }
  // A set of A binds when one more unit into it (source -> a at cost 0) closes a path of negative cost
  // back to the source (a swap) or, below the budget, on to the sink (one more call).
  const d1 = new Float64Array(flow.numNodes), d2 = new Float64Array(flow.numNodes);
  flow.shortestFrom(sent < budget ? [0, 1] : [0], d1, d2, true);
  let scale = 1;
  for (const arm of arms) scale = Math.max(scale, Math.abs(index[arm]));
  const bindingA = new Uint8Array(nA);
  for (let a = 0; a < nA; a++) bindingA[a] = d1[nodeA(a)] < 0 || (d1[nodeA(a)] === 0 && d2[nodeA(a)] < -1e-12 * scale) ? 1 : 0;
  return { arms, bindingA };
}
