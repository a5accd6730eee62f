// The one rule both stores apply before writing a week's outcomes: weeks are applied in order, and
// a week already applied is replaced only when the user asked for it (and only the last one, since
// later lists were planned from it).
import { PlanWeekError } from './errors.ts';
import type { PlanRecord } from './records.ts';

export function checkPlanWeek(stored: PlanRecord | undefined, planId: string, week: number, replace: boolean): void {
  if (!stored) throw new PlanWeekError(`The plan ${planId} is no longer saved; nothing was applied.`);
  const last = stored.weeksApplied;
  if (week === last + 1) return;
  if (week === last) {
    if (replace) return;
    throw new PlanWeekError(`Week ${week}'s outcomes are already applied. Nothing was changed; to apply this file instead, replace week ${week} explicitly.`);
  }
  if (week < last) throw new PlanWeekError(`Week ${week} cannot be changed: weeks up to ${last} are applied and later lists were planned from it. Only week ${last} can be replaced.`);
  throw new PlanWeekError(`Week ${week} cannot be applied before week ${last + 1}: weeks are applied in order.`);
}
