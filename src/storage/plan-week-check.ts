// The one rule both stores apply before writing a week's outcomes: weeks are applied in order, and
// a week already applied is replaced only when the user asked for it (and only the last one, since
// later lists were planned from it).
import { lastAppliedWeek } from '../core/plan/plan-summary.ts';
import { PlanWeekError } from './errors.ts';
import type { PlanListing, PlanRecord, PlanWeekRecord } from './records.ts';

/** The listing of a plan, kept beside it so that listing plans never reads a register. */
export function planListing({ plan, ...meta }: PlanRecord): PlanListing {
  return { ...meta, numArms: plan.register.numArms, reward: plan.settings.reward, budget: plan.settings.budget, weeks: plan.weeks.map((w) => ({ week: w.week, applied: w.outcomes !== null })) };
}

/** Throws PlanWeekError unless outcomes of `week` may be written over `stored` (undefined: not saved). */
export function checkPlanWeek(stored: PlanListing | undefined, planId: string, week: number, replace: boolean): void {
  if (!stored) throw new PlanWeekError(`The plan ${planId} is no longer saved; nothing was applied.`);
  const { weeks } = stored;
  // Weeks continue the register's history: the first plan week follows the weeks before it.
  const last = lastAppliedWeek(weeks) ?? weeks[0].week - 1;
  if (week === last + 1) return;
  if (week === last) {
    if (replace) return;
    throw new PlanWeekError(`Week ${week}'s outcomes are already applied. Nothing was changed; to apply this file instead, replace week ${week} explicitly.`);
  }
  if (week < last) throw new PlanWeekError(`Week ${week} cannot be changed: weeks up to ${last} are applied and later lists were planned from them. Only week ${last} can be replaced.`);
  throw new PlanWeekError(`Week ${week} cannot be applied before week ${last + 1}: weeks are applied in order.`);
}

/** A list saved with a plan must be the plan's current (last) week. */
export function checkCurrentWeek(plan: PlanRecord, current: PlanWeekRecord): void {
  const last = plan.plan.weeks[plan.plan.weeks.length - 1];
  if (current.planId !== plan.id || !last || current.week !== last.week || last.outcomes !== null) {
    throw new PlanWeekError(`The list of week ${current.week} is not the current week of plan ${plan.id}${last ? ` (week ${last.week})` : ''}.`);
  }
}

/** Refuses a new list for a week whose outcomes the stored plan has already applied (a stale page). */
export function checkNotApplied(stored: PlanListing | undefined, week: number): void {
  if (stored?.weeks.some((w) => w.week === week && w.applied)) throw new PlanWeekError(`Week ${week}'s outcomes are already applied; its list cannot change.`);
}
