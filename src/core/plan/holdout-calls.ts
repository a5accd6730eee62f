// The holdout's calls in a week (holdout-plan.ts's rules put to work): by its comparison rule, and with
// health workers within the holdout's share of each worker's capacity, so that the two arms of one worker
// are called at one rate and the plan's list gets what the holdout's calls leave. Apart from
// holdout-plan.ts, which sets the holdout up and states its evidence, because only this part runs the
// list's solvers (the default rule under capacities is capacityTopB's exact list).
import { armEligible, holdoutList } from './holdout.ts';
import type { HoldoutRules } from './holdout-plan.ts';
import { capacityTopB } from './capacity-top-b.ts';
import { seededRandom } from '../random/seeded-random.ts';

/** The holdout's stream for its random calls: apart from the ties' and the posterior draws'. */
export const holdoutSeed = (tieSeed: number): number => (tieSeed ^ 0x68bc21eb) >>> 0;

/** The holdout's calls this week by its rule (`defaultIndex`: every arm's index under `state`). */
export function holdoutCalls(
  h: HoldoutRules,
  tieSeed: number,
  defaultIndex: Float64Array,
  tieRank: Int32Array,
): Int32Array {
  if (h.room && h.rule.kind === 'default') {
    // The default policy's best within the holdout's share of each capacity: the exact list (capacity-top-b.ts).
    const { room } = h,
      W = room.left.length;
    const workers = { worker: room.worker, names: new Array<string>(W).fill(''), capacity: room.left };
    const eligible = armEligible(h.inHoldout, h.eligible, true);
    const input = { index: defaultIndex, tieRank, eligible, budget: h.budgets.holdout, quotas: [], via: false };
    return capacityTopB({ ...input, workers: { ...workers, minimum: new Float64Array(W) } }).arms;
  }
  const random = seededRandom(holdoutSeed(tieSeed));
  return holdoutList({
    rule: h.rule,
    inHoldout: h.inHoldout,
    eligible: h.eligible,
    budget: h.budgets.holdout,
    random,
    defaultIndex,
    tieRank,
    ...(h.room && { room: h.room }),
  }).arms;
}
