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
import type { RuleFamily } from './capacity-classes.ts';
import { scratch } from './scratch.ts';
import type { WorkerRules } from './worker-rules.ts';

/**
 * The arms with group[arm] >= 0 that are among the best limit[g] of their group g in list order (higher index
 * first, ties by lower tie rank), with any others tied at that index, in list order; null when some index
 * of the group is NaN (no order to select by). A scratch array: valid until the next call.
 */
export function bestPerGroup(
  index: Float64Array,
  tieRank: Int32Array,
  group: Int32Array,
  limit: Float64Array,
): Int32Array | null {
  const N = index.length,
    G = limit.length;
  const start = new Int32Array(G + 1);
  for (let arm = 0; arm < N; arm++) start[group[arm] + 1]++;
  // (start[0] counted the arms of no group)
  start[0] = 0;
  for (let g = 0; g < G; g++) start[g + 1] += start[g];
  const n = start[G];
  // the groups larger than their limit: their indices side by side, in arm order (the others are taken whole)
  const at = new Int32Array(G + 1).fill(-1);
  let v = 0;
  for (let g = 0; g < G; g++) {
    if (Math.ceil(limit[g]) >= start[g + 1] - start[g]) continue;
    at[g] = v;
    v += start[g + 1] - start[g];
  }
  const values = scratch('reach-values', Float64Array, v);
  const fill = scratch('reach-fill', Int32Array, G + 1);
  fill.set(at);
  let nan = false;
  for (let arm = 0; arm < N; arm++) {
    const x = index[arm];
    nan ||= x !== x;
    const g = group[arm];
    if (g >= 0 && at[g] >= 0) values[fill[g]++] = x;
  }
  if (nan && hasNaN(index, group)) return null;
  // the group's cut-off: the limit-th largest index (-Infinity: the whole group)
  const cut = new Float64Array(G).fill(-Infinity);
  for (let g = 0; g < G; g++) {
    if (at[g] < 0) continue;
    const k = Math.ceil(limit[g]);
    cut[g] = k <= 0 ? Infinity : kthLargest(values, at[g], at[g] + start[g + 1] - start[g], k);
  }
  const one = buffers(1, n);
  let m = 0;
  for (let arm = 0; arm < N; arm++) {
    const g = group[arm];
    if (g >= 0 && index[arm] >= cut[g]) one.arms[m++] = arm;
  }
  keysOf(index, one.arms.subarray(0, m), one);
  const sorted = keySortTies(m, one, buffers(2, m), tieRank);
  const out = scratch('reach-order', Int32Array, m);
  out.set(sorted);
  return out;
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
  const group = scratch('reach-group', Int32Array, N);
  for (let arm = 0; arm < N; arm++) {
    const w = workers.worker[arm];
    group[arm] = eligible && !eligible[arm] ? -1 : w < 0 ? W : w;
  }
  const limit = Float64Array.from({ length: W + 1 }, (_, w) =>
    w < W ? Math.min(workers.capacity[w], budget) : budget,
  );
  for (let w = 0; w <= W; w++) limit[w] += 1;
  return bestPerGroup(index, tieRank, group, limit);
}

/**
 * The eligible arms flowClasses(all, N, budget, A, B) reads: each class's best min(cap of a + 1, cap of b, B), at
 * least one (every class is made, full or not); null when the classes are too many to number by their key.
 */
export function classReach(
  index: Float64Array,
  tieRank: Int32Array,
  eligible: Uint8Array | null,
  budget: number,
  A: RuleFamily,
  B: RuleFamily,
): Int32Array | null {
  const N = index.length,
    nA = A.min.length,
    nB = B.min.length,
    side = nB + 1;
  const space = (nA + 1) * side;
  if (space > 4 * N + 1024) return null;
  const group = scratch('reach-group', Int32Array, N);
  for (let arm = 0; arm < N; arm++) {
    const a = A.of[arm],
      b = B.of[arm];
    group[arm] = eligible && !eligible[arm] ? -1 : (a < 0 ? nA : a) * side + (b < 0 ? nB : b);
  }
  const limit = new Float64Array(space);
  for (let a = 0; a <= nA; a++) {
    for (let b = 0; b <= nB; b++) {
      const capA = a < nA ? A.max[a] : Infinity,
        capB = b < nB ? B.max[b] : Infinity;
      limit[a * side + b] = Math.max(1, Math.min(capA + 1, capB, budget));
    }
  }
  return bestPerGroup(index, tieRank, group, limit);
}

/** Whether an arm of some group has a NaN index. */
function hasNaN(index: Float64Array, group: Int32Array): boolean {
  for (let arm = 0; arm < index.length; arm++) if (group[arm] >= 0 && index[arm] !== index[arm]) return true;
  return false;
}

/**
 * The k-th largest of values[lo, hi) (1 <= k < hi - lo), which it reorders: quickselect with a median-of-three
 * pivot and Hoare's partition (runs of equal values split evenly).
 */
function kthLargest(v: Float64Array, lo: number, hi: number, k: number): number {
  const target = lo + k - 1;
  let left = lo,
    right = hi - 1;
  while (right > left) {
    const mid = (left + right) >>> 1;
    const x = v[left],
      y = v[mid],
      z = v[right];
    const pivot = x > y ? (y > z ? y : x > z ? z : x) : x > z ? x : y > z ? z : y;
    let i = left,
      j = right;
    while (i <= j) {
      while (v[i] > pivot) i++;
      while (v[j] < pivot) j--;
      if (i <= j) {
        const t = v[i];
        v[i++] = v[j];
        v[j--] = t;
      }
    }
    // v[left..j] >= pivot >= v[i..right], and between them the pivot's value
    if (target <= j) right = j;
    else if (target >= i) left = i;
    else return v[target];
  }
  return v[target];
}
