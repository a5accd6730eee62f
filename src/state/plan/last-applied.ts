// The last week of a plan whose outcomes are applied: the one the Plan screen offers to replace.
import type { PlanListing } from '../../storage/records.ts';

/** The last week whose outcomes are applied, or null. */
export function lastApplied(head: Pick<PlanListing, 'weeks'>): number | null {
  const applied = head.weeks.filter((w) => w.applied);
  return applied.length ? applied[applied.length - 1].week : null;
}
