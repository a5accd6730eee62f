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
// Speed: one walk down the eligible arms in list order (rank-order.ts's ListOrder, shared with the
// list's other uses of that order) finds each worker's minimum units and usable arms, and the best of
// each kind are the first met: no selection, no comparator.
import type { WorkerRules } from './worker-rules.ts';

export interface CapacityPick {
  /** The chosen arms: the minimum units taken, then the others, each in list order. */
  arms: Int32Array;
  /** Per entry of `arms`: -2 - w when worker w's minimum brought her in, else -1. */
  via: Int32Array;
  /** W: 1 when worker w's capacity binds (one more call of hers would give a better list). */
  binding: Uint8Array;
  /** Whether `arms` is in list order already (no minimum unit taken). */
  inOrder: boolean;
}

/** The greedy on `all`, the eligible arms in list order (higher index first, ties by lower tie rank). */
export function capacityGreedy(index: Float64Array, all: Int32Array, budget: number, rules: WorkerRules): CapacityPick {
  const n = all.length,
    W = rules.names.length;
  const { worker, capacity, minimum } = rules;
  // Per worker (W: the arms of no worker, without cap or minimum): her best `forced` are minimum units,
  // her best `usable` may be called (within capacity and B).
  const forced = new Int32Array(W + 1),
    usable = new Int32Array(W + 1);
  for (let w = 0; w <= W; w++) {
    usable[w] = w < W ? Math.min(capacity[w], budget) : budget;
    forced[w] = w < W ? Math.min(minimum[w], usable[w]) : 0;
  }
  // kind per position: 2 a minimum unit, 1 another usable arm, 0 beyond her usable ones
  const kind = new Uint8Array(n),
    seen = new Int32Array(W + 1);
  // her best arm beyond her usable ones (binding reads it), -1 none
  const beyond = new Int32Array(W + 1).fill(-1);
  let units = 0,
    rest = 0;
  for (let p = 0; p < n; p++) {
    const arm = all[p],
      w = worker[arm] < 0 ? W : worker[arm];
    const k = seen[w]++;
    if (k < forced[w]) {
      kind[p] = 2;
      units++;
    } else if (k < usable[w]) {
      kind[p] = 1;
      rest++;
    } else if (k === usable[w]) beyond[w] = arm;
  }
  // Minimum units beyond the budget: the best B of them (each worker's taken are her best, a prefix).
  const takenUnits = Math.min(units, budget);
  const free = Math.min(rest, budget - takenUnits);
  // The list without minima (the best B of every worker's usable arms): a unit not on it was brought in.
  const plain = Math.min(budget, units + rest);
  const chosen = new Int32Array(takenUnits + free),
    via = new Int32Array(chosen.length).fill(-1);
  let worst = Infinity;
  for (let p = 0, u = 0, o = 0, seenUsable = 0; p < n && (u < takenUnits || o < free); p++) {
    if (kind[p] === 0) continue;
    const arm = all[p];
    if (kind[p] === 2 && u < takenUnits) {
      if (seenUsable >= plain) via[u] = -2 - worker[arm];
      chosen[u++] = arm;
    } else if (kind[p] === 1 && o < free) {
      chosen[takenUnits + o++] = arm;
      worst = Math.min(worst, index[arm]);
    }
    seenUsable++;
  }
  const binding = bindingCapacities(index, { seen, usable, beyond }, chosen, worst, budget, rules);
  return { arms: chosen, via, binding, inOrder: takenUnits === 0 };
}

/**
 * Worker w binds when she is at her capacity and one more call of hers would improve the list: the list
 * is short of B, or her best mother not on it has a higher index than the worst mother chosen by index.
 */
function bindingCapacities(
  index: Float64Array,
  buckets: { seen: Int32Array; usable: Int32Array; beyond: Int32Array },
  chosen: Int32Array,
  worst: number,
  budget: number,
  rules: WorkerRules,
): Uint8Array {
  const { seen, usable, beyond } = buckets;
  const W = rules.names.length;
  const count = new Int32Array(W);
  for (const arm of chosen) if (rules.worker[arm] >= 0) count[rules.worker[arm]]++;
  const short = chosen.length < budget;
  const binding = new Uint8Array(W);
  for (let w = 0; w < W; w++) {
    if (count[w] < rules.capacity[w] || seen[w] <= count[w]) continue;
    // her best beyond her usable ones (none when B cut her usable below her count)
    const best = seen[w] > usable[w] ? index[beyond[w]] : -Infinity;
    if (short || best > worst) binding[w] = 1;
  }
  return binding;
}
