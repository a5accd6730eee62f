// A plan as every store keeps it (IndexedDB in the plan worker, PLAN.json on the command line, memory
// in tests): the records, what the plan use-case asks of a store (PlanStore), and the one rule every
// store applies before writing a week's outcomes: weeks are applied in order, and a week already
// applied is replaced only when the user asked for it (and only the last one, since later lists were
// planned from it).
import type { PlanState } from './plan-state.ts';
import { lastAppliedWeek } from './plan-summary.ts';

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
 * A weekly plan: the plan as the core keeps it (plan-state.ts): the register with its growing history
 * (columnar typed arrays, the ids packed), the settings (reward expression, budget, exclusions, cooldown,
 * shares per group, seed) and one record per week (calls planned, and once applied, calls made and engaged).
 */
export interface PlanRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** Where the reward (plan.settings.reward) came from. */
  policy: PlanPolicySource;
  plan: PlanState;
}

/** Who a plan is, apart from its state. */
export type PlanMeta = Omit<PlanRecord, 'plan'>;

/** What lists a plan without reading its register (the 'plans' store; the plan itself is in 'plan-states'). */
export interface PlanListing extends Omit<PlanRecord, 'plan'> {
  numArms: number;
  reward: string;
  budget: number;
  /** The plan's weeks in order, and whether each one's outcomes are applied. */
  weeks: { week: number; applied: boolean }[];
  /** Set when the saved plan cannot be read as it is: what is wrong, naming the field. */
  damaged?: string;
}

/** A week's outcomes applied to a plan: the plan after them (its last week the next list) and the week applied. */
export interface PlanWeekUpdate {
  plan: PlanRecord;
  week: number;
  /** Replace the outcomes of a week already applied (the last one only). */
  replace: boolean;
}

/**
 * Where plans are kept, as the plan use-case (src/pipeline/plan/weekly-plan.ts) needs it. A plan is
 * kept as parts (plan-parts.ts: its register once, a record per week), so that a week writes only
 * its own records. Every read is checked (restore-plan.ts): a damaged plan throws PlanReadError.
 */
export interface PlanStore {
  /**
   * Saves a new plan whole (made here, or imported), all or nothing. Never overwrites: a saved plan
   * with the same id is a PlanExistsError, unless `replace` (an import that replaces it on purpose).
   */
  createPlan(plan: PlanRecord, options?: { replace?: boolean }): Promise<void>;
  /**
   * Saves a new list for the plan's current week (the policy, budget or rules changed). Refuses a week whose outcomes
   * are applied.
   */
  saveCurrentWeek(plan: PlanRecord): Promise<void>;
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

/** A new plan whose id (or file) another plan already has: nothing was written. */
export class PlanExistsError extends Error {
  override name = 'PlanExistsError';
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
  return {
    ...meta,
    numArms: plan.register.numArms,
    reward: plan.settings.reward,
    budget: plan.settings.budget,
    weeks: plan.weeks.map((w) => ({ week: w.week, applied: w.outcomes !== null })),
  };
}

/** Refuses a new plan whose id the saved plan `existing` already has, unless `replace` (the app's stores). */
export function checkNewPlanId(existing: { name: string } | undefined, id: string, replace: boolean): void {
  if (existing && !replace)
    throw new PlanExistsError(`A plan with the id ${id} is already saved ("${existing.name}"); nothing was written.`);
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
    throw new PlanWeekError(
      `Week ${week}'s outcomes are already applied. Nothing was changed; to apply this file instead, replace week ` +
        `${week} explicitly.`,
    );
  }
  if (week < last)
    throw new PlanWeekError(
      `Week ${week} cannot be changed: weeks up to ${last} are applied and later lists were planned from them. ` +
        `Only week ${last} can be replaced.`,
    );
  throw new PlanWeekError(`Week ${week} cannot be applied before week ${last + 1}: weeks are applied in order.`);
}

/** A plan saved with a new current list must end with a week whose outcomes are not applied. */
export function checkCurrentWeek(plan: PlanRecord): void {
  const last = plan.plan.weeks[plan.plan.weeks.length - 1];
  if (!last || last.outcomes !== null)
    throw new PlanWeekError(`The plan ${plan.id} has no current week whose list could change.`);
}

/** Refuses a new list for the current `week` of a plan no longer saved (`stored` undefined) or of an applied week. */
export function checkListMayChange(stored: PlanListing | undefined, planId: string, week: number): void {
  if (!stored) throw new PlanWeekError(`The plan ${planId} is no longer saved; nothing was written.`);
  checkNotApplied(stored, week);
}

/** Refuses a new list for a week whose outcomes the stored plan has already applied (a stale page). */
export function checkNotApplied(stored: PlanListing | undefined, week: number): void {
  if (stored?.weeks.some((w) => w.week === week && w.applied))
    throw new PlanWeekError(`Week ${week}'s outcomes are already applied; its list cannot change.`);
}
