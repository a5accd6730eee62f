// Slow, obviously correct twin of src/core/plan/capacity-top-b.ts: every subset of the eligible arms
// (small registers only), the hard rules checked literally (B, capacities, maxima), and the best by the
// same lexicographic objective: minimum calls met, then calls, then the sum of indices.
import type { CallQuota } from '../../src/core/plan/constrained-top-b.ts';
import type { WorkerRules } from '../../src/core/plan/worker-rules.ts';

export interface ExactValue {
  /** Sum over minima of min(calls, minimum). */
  minimumCalls: number;
  calls: number;
  sum: number;
}

/** The objective of a list, or null when it breaks a hard rule (B, eligibility, a capacity, a maximum). */
export function listValue(
  arms: readonly number[],
  index: Float64Array,
  eligible: Uint8Array | null,
  budget: number,
  quotas: readonly CallQuota[],
  workers: WorkerRules | null,
): ExactValue | null {
  if (arms.length > budget || new Set(arms).size !== arms.length) return null;
  if (eligible && arms.some((arm) => !eligible[arm])) return null;
  let minimumCalls = 0;
  for (const q of quotas) {
    const n = arms.filter((arm) => q.members[arm] === 1).length;
    if (n > q.max) return null;
    minimumCalls += Math.min(n, q.min);
  }
  if (workers) {
    for (let w = 0; w < workers.names.length; w++) {
      const n = arms.filter((arm) => workers.worker[arm] === w).length;
      if (n > workers.capacity[w]) return null;
      minimumCalls += Math.min(n, workers.minimum[w]);
    }
  }
  return { minimumCalls, calls: arms.length, sum: arms.reduce((a, arm) => a + index[arm], 0) };
}

/** -1, 0, 1 as a is worse, equal (sums within 1e-9), better than b. */
export function compareValues(a: ExactValue, b: ExactValue): number {
  if (a.minimumCalls !== b.minimumCalls) return a.minimumCalls < b.minimumCalls ? -1 : 1;
  if (a.calls !== b.calls) return a.calls < b.calls ? -1 : 1;
  if (Math.abs(a.sum - b.sum) <= 1e-9 * (1 + Math.abs(a.sum))) return 0;
  return a.sum < b.sum ? -1 : 1;
}

/** The best value over every subset of the eligible arms (2^eligible subsets: keep registers at ~16 arms). */
export function exactBestValue(
  index: Float64Array,
  eligible: Uint8Array | null,
  budget: number,
  quotas: readonly CallQuota[],
  workers: WorkerRules | null,
): ExactValue {
  const candidates = Array.from(index.keys()).filter((arm) => !eligible || eligible[arm]);
  if (candidates.length > 20) throw new Error(`the brute force is for small registers, not ${candidates.length} arms`);
  let best: ExactValue | null = null;
  for (let mask = 0; mask < 1 << candidates.length; mask++) {
    const arms = candidates.filter((_, j) => mask & (1 << j));
    if (arms.length > budget) continue;
    const v = listValue(arms, index, eligible, budget, quotas, workers);
    if (v && (!best || compareValues(v, best) > 0)) best = v;
  }
  return best!;
}
