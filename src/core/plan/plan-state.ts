// A plan, week after week: the register (with its growing history), the settings, and one record per
// list made. Plain data with typed arrays: IndexedDB stores it as is (structured clone), plan-json.ts
// writes it as PLAN.json. Columnar, so 10^6 beneficiaries cost bytes per week, not objects.
import { estimateTransitions, type TransitionPosterior } from './estimate-transitions.ts';
import type { PlanSettings } from './plan-settings.ts';
import { currentWeek, type Register } from './register.ts';
import { buildWeeklyList, type IndexFunction, type WeeklyList } from './weekly-list.ts';

export const PLAN_FORMAT = 'allot-plan';
export const PLAN_VERSION = 1;

/** What was planned and what happened in one week. */
export interface WeekRecord {
  week: number;
  /** The seed of the week's tie and posterior draws. */
  tieSeed: number;
  reward: string;
  budget: number;
  /** Arms of the list, in rank order. */
  planned: Int32Array;
  /** Set once the week's outcomes are applied. */
  outcomes: AppliedOutcomes | null;
}

export interface AppliedOutcomes {
  fileName: string;
  /** content-hash.ts of the outcomes file: the same file twice is refused. */
  contentHash: string;
  /** Calls made, planned beneficiaries called, engaged after the week. */
  called: number;
  calledAsPlanned: number;
  engaged: number;
  /** Beneficiaries whose state after the week was observed, when not all (a file of the called only). */
  observed?: number;
  /** Mothers who joined with the week (appended after the arms before it; their state now observed), when any. */
  joined?: number;
}

export interface PlanState {
  format: typeof PLAN_FORMAT;
  version: typeof PLAN_VERSION;
  register: Register;
  settings: PlanSettings;
  /** One record per list made, oldest first; the last is the current week's (outcomes null until applied). */
  weeks: WeekRecord[];
}

/**
 * The posterior of a register whose transitions are estimated under `priorGroup`'s priors (PlanSettings.priorGroup), or
 * null when they are given.
 */
export function planPosterior(register: Register, priorGroup: string | null): TransitionPosterior | null {
  if (register.transitions) return null;
  return estimateTransitions(register.history, register.schema, register.features, register.numArms, {
    groupBy: priorGroup,
  });
}

/** A new plan and its first list (for the history's last week). Throws PlanError for bad settings. */
export function createPlan(
  register: Register,
  settings: PlanSettings,
  whittle: IndexFunction,
): { plan: PlanState; list: WeeklyList } {
  const week = currentWeek(register.history);
  const list = buildWeeklyList(register, settings, week, {
    whittle,
    posterior: planPosterior(register, settings.priorGroup),
  });
  const plan: PlanState = { format: PLAN_FORMAT, version: PLAN_VERSION, register, settings, weeks: [recordOf(list)] };
  return { plan, list };
}

/** The week record of a list (outcomes not yet applied). */
export function recordOf(list: WeeklyList): WeekRecord {
  return {
    week: list.week,
    tieSeed: list.tieSeed,
    reward: list.reward,
    budget: list.budget,
    planned: list.arms.slice(),
    outcomes: null,
  };
}

/** The current week's list again (e.g. after loading a plan): the same seed gives the same list. */
export function currentList(plan: PlanState, whittle: IndexFunction): WeeklyList {
  return buildWeeklyList(plan.register, plan.settings, currentWeek(plan.register.history), {
    whittle,
    posterior: planPosterior(plan.register, plan.settings.priorGroup),
  });
}
