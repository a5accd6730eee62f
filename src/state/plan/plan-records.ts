// The records a plan is saved as (storage/records.ts), from what the plan worker returns.
import type { PackedPlan } from '../../core/plan/packed-plan.ts';
import type { WeeklyList } from '../../core/plan/weekly-list.ts';
import type { PlanPolicySource, PlanRecord, PlanWeekRecord } from '../../storage/records.ts';

export function newPlanId(now: number, random: () => number): string {
  return `plan-${now.toString(36)}-${random().toString(36).slice(2, 7)}`;
}

export function planRecord(base: Pick<PlanRecord, 'id' | 'name' | 'createdAt'>, policy: PlanPolicySource, plan: PackedPlan, now: number): PlanRecord {
  return { ...base, updatedAt: now, policy, plan };
}

export function weekRecord(planId: string, list: WeeklyList, now: number): PlanWeekRecord {
  return { planId, week: list.week, createdAt: now, list };
}

/** The last week whose outcomes are applied (the one "replace" replaces), or null. */
export function lastApplied(record: PlanRecord): number | null {
  const applied = record.plan.weeks.filter((w) => w.outcomes !== null);
  return applied.length ? applied[applied.length - 1].week : null;
}
