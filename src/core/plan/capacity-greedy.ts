// The best list under workers' capacities and minima alone (no share quota), in expected linear time.
//
// Her calls within her worker's capacity and the total within B make a laminar matroid, whose best
// basis the greedy by index finds (take the next best arm unless her worker is full). With minima:
// a best list holds each worker's best c_w eligible mothers for its count c_w (any other choice
// swaps to a better one), so its value is a sum over workers of concave prefix sums f_w(c_w) under
// min_w <= c_w <= cap_w and sum c_w <= B, which the greedy on marginal values solves: first each
// worker's best min_w (the minimum units; when they add up to more than B, the best B of them), then
// the best of the rest up to B. The order of the lexicographic objective (minima met, then calls,
// then the sum of indices) is the same as capacity-top-b.ts's exact solvers'.
//
// Speed: the eligible arms are bucketed by worker (a counting sort), each worker's best
// min(cap_w, B) are selected in her bucket (quickselect), and two selections among those pick the
// list: no sort of the N arms, only of the B listed (by the caller).
import { selectBest, type ArmOrder } from './select-arms.ts';
import type { WorkerRules } from './worker-rules.ts';

export interface CapacityPick {
  /** The chosen arms, in no particular order. */
  arms: Int32Array;
  /** Per entry of `arms`: -2 - w when worker w's minimum brought her in, else -1. */
  via: Int32Array;
  /** W: 1 when worker w's capacity binds (one more call of hers would give a better list). */
  binding: Uint8Array;
}

export function capacityGreedy(
  index: Float64Array,
  eligible: Uint8Array | null,
  budget: number,
  rules: WorkerRules,
  order: ArmOrder,
): CapacityPick {
  const N = index.length,
    W = rules.names.length;
  // Buckets per worker; the arms of no worker are bucket W, without cap or minimum.
  const start = new Int32Array(W + 2);
  for (let arm = 0; arm < N; arm++) if (!eligible || eligible[arm]) start[bucketOf(rules.worker[arm], W) + 1]++;
  for (let w = 0; w <= W; w++) start[w + 1] += start[w];
  const fill = start.slice(0, W + 1);
  const arms = new Int32Array(start[W + 1]);
  for (let arm = 0; arm < N; arm++) if (!eligible || eligible[arm]) arms[fill[bucketOf(rules.worker[arm], W)]++] = arm;
  const cap = (w: number) => (w < W ? rules.capacity[w] : Infinity);
  const min = (w: number) => (w < W ? rules.minimum[w] : 0);
  // Each bucket: its best `forced` first (the minimum units), then up to `usable` (within capacity and B).
  const forced = new Int32Array(W + 1),
    usable = new Int32Array(W + 1);
  let units = 0,
    rest = 0;
  for (let w = 0; w <= W; w++) {
    const n = start[w + 1] - start[w];
    usable[w] = Math.min(n, cap(w), budget);
    forced[w] = Math.min(min(w), usable[w]);
    selectBest(arms, start[w], start[w + 1], usable[w], order);
    selectBest(arms, start[w], start[w] + usable[w], forced[w], order);
    units += forced[w];
    rest += usable[w] - forced[w];
  }
  const minima = new Int32Array(units),
    others = new Int32Array(rest);
  for (let w = 0, m = 0, o = 0; w <= W; w++) {
    minima.set(arms.subarray(start[w], start[w] + forced[w]), m);
    m += forced[w];
    others.set(arms.subarray(start[w] + forced[w], start[w] + usable[w]), o);
    o += usable[w] - forced[w];
  }
  // Minimum units beyond the budget: the best B of them (each worker's taken are her best, a prefix).
  const takenUnits = Math.min(units, budget);
  selectBest(minima, 0, units, takenUnits, order);
  const free = Math.min(rest, budget - takenUnits);
  selectBest(others, 0, rest, free, order);
  const chosen = new Int32Array(takenUnits + free);
  chosen.set(minima.subarray(0, takenUnits));
  chosen.set(others.subarray(0, free), takenUnits);
  // A minimum brought her in when the list without minima (the best B of every worker's usable arms) lacks her.
  const via = new Int32Array(chosen.length).fill(-1);
  if (takenUnits > 0) {
    const all = new Int32Array(units + rest);
    all.set(minima);
    all.set(others, units);
    const k = Math.min(budget, all.length);
    selectBest(all, 0, all.length, k, order);
    let worst = -1;
    for (let j = 0; j < k; j++) if (worst === -1 || order(all[j], worst) > 0) worst = all[j];
    for (let j = 0; j < takenUnits; j++) {
      const arm = chosen[j];
      if (worst === -1 || order(arm, worst) > 0) via[j] = -2 - rules.worker[arm];
    }
  }
  const binding = bindingCapacities(index, { arms, start, usable }, chosen, takenUnits, budget, rules);
  return { arms: chosen, via, binding };
}

/**
 * Worker w binds when she is at her capacity and one more call of hers would improve the list: the list
 * is short of B, or her best mother not on it has a higher index than the worst mother chosen by index.
 */
function bindingCapacities(
  index: Float64Array,
  buckets: { arms: Int32Array; start: Int32Array; usable: Int32Array },
  chosen: Int32Array,
  byMinimum: number,
  budget: number,
  rules: WorkerRules,
): Uint8Array {
  const { arms, start, usable } = buckets;
  const W = rules.names.length;
  const count = new Int32Array(W);
  for (const arm of chosen) if (rules.worker[arm] >= 0) count[rules.worker[arm]]++;
  let worst = Infinity;
  for (let j = byMinimum; j < chosen.length; j++) worst = Math.min(worst, index[chosen[j]]);
  const short = chosen.length < budget;
  const binding = new Uint8Array(W);
  for (let w = 0; w < W; w++) {
    if (count[w] < rules.capacity[w] || start[w + 1] - start[w] <= count[w]) continue;
    let best = -Infinity;
    for (let j = start[w] + usable[w]; j < start[w + 1]; j++) best = Math.max(best, index[arms[j]]);
    if (short || best > worst) binding[w] = 1;
  }
  return binding;
}

function bucketOf(worker: number, W: number): number {
  return worker < 0 ? W : worker;
}
