// Slow twin of the holdout's room (holdout-counts.ts's counts per worker, worker-rules.ts's roomLeft): each
// worker's capacity times the share of her callable mothers held out, rounded, by a plain loop over the arms.
import type { WorkerRules } from '../../src/core/plan/worker-rules.ts';

export function holdoutRoom(
  workers: Pick<WorkerRules, 'worker' | 'capacity'>,
  inHoldout: Uint8Array,
  eligible: Uint8Array,
): { worker: Int32Array; left: Float64Array } {
  const W = workers.capacity.length;
  const held = new Array<number>(W).fill(0),
    all = new Array<number>(W).fill(0);
  for (let arm = 0; arm < inHoldout.length; arm++) {
    const w = workers.worker[arm];
    if (w < 0 || !eligible[arm]) continue;
    all[w]++;
    if (inHoldout[arm]) held[w]++;
  }
  const left = Float64Array.from(workers.capacity, (c, w) =>
    c === Infinity ? Infinity : all[w] ? Math.round((c * held[w]) / all[w]) : 0,
  );
  return { worker: workers.worker, left };
}
