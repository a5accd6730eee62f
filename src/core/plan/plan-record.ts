// A plan as every store keeps it (IndexedDB in the plan worker, PLAN.json on the command line, memory
// in tests): the records, what the plan use-case asks of a store (PlanStore), and the one rule every
// store applies before writing a week's outcomes: weeks are applied in order, and a week already
// applied is replaced only when the user asked for it (and only the last one, since later lists were
// planned from it).
import type { PlanWarning } from './estimate-warnings.ts';
import type { PackedPlan } from './packed-plan.ts';
import { lastAppliedWeek } from './plan-summary.ts';
import type { WeeklyList } from './weekly-list.ts';

/**
 * Where a plan's policy came from: the selected reward of a finished run, any candidate of a run
 * (What-if comparisons included), or an expression typed on the Plan screen.
 */
export type PlanPolicySource =
  | { kind: 'run-selected'; runId: string; runTitle: string }
  | { kind: 'run-candidate'; runId: string; runTitle: string; candidate: string }
  | { kind: 'typed' };

/** A reward expression and where it came from (a choice on the Plan screen). */
export interface PlanPolicy {
  expression: string;
  source: PlanPolicySource;
}

/**
 * A weekly plan: the plan as the core keeps it (src/core/plan/plan-state.ts), its ids packed
 * (packed-plan.ts): the register with its growing history (columnar typed arrays), the settings
 * (reward expression, budget, exclusions, cooldown, shares per group, seed) and one record per week
 * (calls planned, and once applied, calls made and engaged). The week's full lists are PlanWeekRecords.
 */
export interface PlanRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** Where the reward (plan.settings.reward) came from. */
  policy: PlanPolicySource;
  plan: PackedPlan;
}

/** What lists a plan without reading its register (the 'plans' store; the plan itself is in 'plan-states'). */
export interface PlanListing extends Omit<PlanRecord, 'plan'> {
  numArms: number;
  reward: string;
  budget: number;
  /** The plan's weeks in order, and whether each one's outcomes are applied. */
  weeks: { week: number; applied: boolean }[];
}

/** One week's list as it was made (ranks, indices, default ranks, reasons, intervals, make-up per group). */
export interface PlanWeekRecord {
  planId: string;
  /** The plan's week number (weeks continue the register's history). */
  week: number;
  createdAt: number;
  /** Lists saved before warnings had kinds hold them as sentences (plainWords reads both). */
  list: Omit<WeeklyList, 'warnings'> & { warnings: (PlanWarning | string)[] };
}

/** A week's outcomes applied to a plan: the plan after them, the week applied, and the next week's list. */
export interface PlanWeekUpdate {
  plan: PlanRecord;
  week: number;
  next: PlanWeekRecord;
  /** Replace the outcomes of a week already applied (the last one only). */
  replace: boolean;
}

/** Where plans are kept, as the plan use-case (src/pipeline/plan/weekly-plan.ts) needs it. */
export interface PlanStore {
  /**
   * Saves a plan with its current week's list, all or nothing (a new plan, or a new list after the
   * policy, budget or rules changed). Refuses a week whose outcomes are already applied.
   */
  savePlan(plan: PlanRecord, current: PlanWeekRecord): Promise<void>;
  getPlan(id: string): Promise<PlanRecord | undefined>;
  /** Most recently updated first, without their registers. */
  listPlans(): Promise<PlanListing[]>;
  /**
   * Applies a week's outcomes, all or nothing. Throws PlanWeekError when the week is not the next
   * one, or is already applied and `replace` is false.
   */
  applyPlanWeek(update: PlanWeekUpdate): Promise<void>;
  /** Deletes a plan with its weeks. */
  deletePlan(id: string): Promise<void>;
}

/** A week's outcomes that cannot be applied as asked (already applied, or not the next week). */
export class PlanWeekError extends Error {
  override name = 'PlanWeekError';
}

/** A new plan's id: the time and a random suffix (`random` is passed in: Math.random in the app and the CLI). */
export function newPlanId(now: number, random: () => number): string {
  return `plan-${now.toString(36)}-${random().toString(36).slice(2, 7)}`;
}

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
