// The week's holdout split counted in one pass over the arms, kept for the week's next list: the counts of the two
// arms' budgets (holdout.ts's armBudgets), of each worker's share of her capacity (worker-rules.ts's roomLeft), both
// arms' eligibility and the random calls' pool. Apart from holdout.ts because it puts three of its steps, and one of
// worker-rules.ts, into one pass: each cost a pass over 10^6 arms, twice a week (prepare's rules, then her list's).
import { keepArmFlags } from './holdout.ts';
import { sameValues } from './same-values.ts';
import { scratch } from './scratch.ts';

/** The week's split counted: who may be called (`mothers`), held out; with workers, per worker (`all`, `held`). */
export interface SplitCounts {
  mothers: number;
  holdoutMothers: number;
  all: Int32Array | null;
  held: Int32Array | null;
}

interface KeptSplit {
  inHoldout: Uint8Array;
  eligible: Uint8Array;
  worker: Int32Array | null;
  counts: SplitCounts;
  /** Both arms' armEligible flags (plan, holdout). */
  flags: Uint8Array[];
}
let lastSplit: KeptSplit | null = null;

/**
 * armBudgets' counts, roomLeft's per worker (`worker`: hers, -1 none; W workers), both arms' armEligible flags and
 * the random calls' pool, in one pass over the arms; kept for the week's next list: the same split, eligibility of
 * the same values (prepare's rules, then her list's) and the same worker column. Read only.
 */
export function splitCounts(
  inHoldout: Uint8Array,
  eligible: Uint8Array,
  worker: Int32Array | null,
  W: number,
): SplitCounts {
  const hit = lastSplit,
    N = inHoldout.length;
  if (
    hit &&
    (hit.inHoldout === inHoldout || sameValues(hit.inHoldout, inHoldout)) &&
    hit.worker === worker &&
    (!worker || hit.counts.all!.length === W) &&
    (hit.eligible === eligible || sameValues(hit.eligible, eligible))
  ) {
    // the flags kept with it, for armEligible to find by these arrays
    [hit.inHoldout, hit.eligible] = [inHoldout, eligible];
    keepArmFlags(inHoldout, eligible, hit.flags);
    return hit.counts;
  }
  const plan = new Uint8Array(N),
    holdout = new Uint8Array(N),
    pool = scratch('split-pool', Int32Array, N + 1);
  let mothers = 0,
    holdoutMothers = 0;
  const all = worker ? new Int32Array(W) : null,
    held = worker ? new Int32Array(W) : null;
  // flags and counts of 0 or 1 at every arm (-x >>> 31: 1 for any flag set), no branch on flags random by arm; each
  // arm written to the pool, the next kept when she is held out and may be called
  if (worker) {
    for (let arm = 0; arm < N; arm++) {
      const e = -eligible[arm] >>> 31,
        eh = e & +(inHoldout[arm] === 1),
        w = worker[arm];
      plan[arm] = e & +(inHoldout[arm] === 0);
      holdout[arm] = eh;
      pool[holdoutMothers] = arm;
      mothers += e;
      holdoutMothers += eh;
      if (w >= 0) {
        all![w] += e;
        held![w] += eh;
      }
    }
  } else {
    for (let arm = 0; arm < N; arm++) {
      const e = -eligible[arm] >>> 31,
        eh = e & +(inHoldout[arm] === 1);
      plan[arm] = e & +(inHoldout[arm] === 0);
      holdout[arm] = eh;
      pool[holdoutMothers] = arm;
      mothers += e;
      holdoutMothers += eh;
    }
  }
  const flags = [plan, holdout];
  keepArmFlags(inHoldout, eligible, flags, pool.slice(0, holdoutMothers));
  const counts = { mothers, holdoutMothers, all, held };
  lastSplit = { inHoldout, eligible, worker, counts, flags };
  return counts;
}
