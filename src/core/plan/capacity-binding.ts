// Which caps of family A bind in the list's min-cost flow (capacity-flow.ts): one more unit into the set
// would give a better list. Read off the final flow, apart from the flow's search because it runs once
// per list, on its own Bellman-Ford over the few sets of family B.
import type { Classes } from './capacity-classes.ts';

export interface BindingContext {
  nA: number;
  side: number;
  M: number;
  minA: (a: number) => number;
  minB: (b: number) => number;
  capA: (a: number) => number;
  sink1: (b: number) => number;
  /** Per entry of the classes' `members`, her index. */
  value: Float64Array;
  /**
   * `value` read at each class's first entry, last taken and next only (exchangeFlow's: all finite, so a class's
   * indices never rise along it and its taken's largest |index| is at one of its ends).
   */
  ends?: boolean;
}

/**
 * Set a of A binds when it is at its cap and one more unit into it would close a path of negative cost:
 * a -> b (her next mother) and on from b to the sink (below the budget) or back to the source (a swap
 * with another worker or bucket, through the sink when the budget is full). Costs from each b to an end
 * by Bellman-Ford over the steps' minima (one scan of the workers).
 */
export function bindingSets(
  net: Classes,
  flow: Int32Array,
  F: Float64Array,
  G: Float64Array,
  short: boolean,
  x: BindingContext,
): Uint8Array {
  const { first, classB, start, length } = net;
  const { nA, side, M, value } = x;
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
        b2 = value[start[g] + flow[g] - 1];
      // back to the source: she gives back a unit (a minimum unit costs M)
      improve(classB[g], b1 + (F[a] <= x.minA(a) ? M : 0), b2);
      for (let c = first[a]; c < first[a + 1]; c++) {
        if (c === g || flow[c] >= length[c]) continue;
        const k = classB[g] * side + classB[c],
          c1 = b1 - 1,
          c2 = b2 - value[start[c] + flow[c]];
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
    if (x.ends && flow[c] > 0) {
      scale = Math.max(scale, Math.abs(value[start[c]]), Math.abs(value[start[c] + flow[c] - 1]));
      continue;
    }
    for (let j = 0; j < flow[c]; j++) scale = Math.max(scale, Math.abs(value[start[c] + j]));
  }
  const binding = new Uint8Array(nA);
  for (let a = 0; a < nA; a++) {
    if (F[a] < x.capA(a)) continue;
    for (let c = first[a]; c < first[a + 1] && !binding[a]; c++) {
      if (flow[c] >= length[c] || r1[classB[c]] === Infinity) continue;
      const c1 = -1 + r1[classB[c]],
        c2 = -value[start[c] + flow[c]] + r2[classB[c]];
      if (c1 < 0 || (c1 === 0 && c2 < -1e-12 * scale)) binding[a] = 1;
    }
  }
  return binding;
}
