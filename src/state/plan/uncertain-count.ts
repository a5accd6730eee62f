// Whose place in the list just shown is uncertain, counted by the plan worker after the list, apart from
// PlanSession so that the session keeps to its steps: the counts so far shown as they come, a count for
// a list no longer shown dropped.
import type { WeeklyList } from '../../core/plan/weekly-list.ts';
import type { Uncertainty } from '../../pipeline/plan/uncertain-places.ts';
import type { PlanClient } from '../../workers/plan/plan-client.ts';
import { afterPaint } from './after-paint.ts';

export interface CountTarget {
  list: WeeklyList | null;
  uncertainty: Uncertainty | null;
  checking: boolean;
}

/** Counts into `target.uncertainty` while `target.list` is `list` (`wanted`: the plan has draws to count). */
export async function countUncertain(
  target: CountTarget,
  client: PlanClient,
  list: WeeklyList,
  wanted: boolean,
): Promise<void> {
  target.checking = wanted;
  if (!wanted) return;
  // The counts so far are shown as they come (the marks of the first draw, then refined). They come on
  // the callback's own channel, so one may arrive after a later count or the final one: only more draws count.
  const partial = (u: Uncertainty) => {
    if (target.list === list && target.checking && u.week === list.week && u.draws > (target.uncertainty?.draws ?? 0))
      target.uncertainty = u;
  };
  // The worker starts the count when asked: once the list is on screen (its draws would slow its first frame).
  await afterPaint();
  if (target.list !== list) return;
  const u = await client.uncertainty(partial).catch(() => null);
  if (target.list !== list) return;
  target.checking = false;
  if (u && u.week === list.week) target.uncertainty = u;
}
