// The randomized holdout inside a plan's weeks (holdout.ts, holdout-evidence.ts put to work): the
// split fixed when the plan is created (its share, rule and seed in the settings, so a new seed or
// budget for the ties never moves a mother between arms), each week's calls shared between the arms
// at one rate, the holdout's calls by its rule, and after each applied week the evidence.
import {
  armBudgets,
  armEligible,
  budgetsOf,
  holdoutArms,
  holdoutList,
  type ArmBudgets,
  type HoldoutRule,
} from './holdout.ts';
import {
  holdoutEvidenceByWeek,
  mdeSentence,
  minimumDetectableEffect,
  type HoldoutEvidence,
} from './holdout-evidence.ts';
import type { ListRules } from './list-rules.ts';
import { PLAN_DEFAULTS, type PlanSettings } from './plan-settings.ts';
import type { PlanState } from './plan-state.ts';
import type { Register } from './register.ts';
import { flagIds } from './id-flags.ts';
import type { PackedIds } from './packed-ids.ts';
import { seededRandom } from '../random/seeded-random.ts';
import { roomLeft, type WorkerRules } from './worker-rules.ts';
import { splitCounts } from './holdout-counts.ts';

/**
 * A plan's holdout as set when it was created: the share held out, the comparison rule, the split's seed, the weeks the
 * MDE is for.
 */
export interface HoldoutSetting {
  share: number;
  /** The holdout's calls: at random, by the default `state` policy, or the program's present practice (`list`). */
  rule: 'random' | 'default' | 'given';
  seed: number;
  weeks: number;
  /** With the rule "given": this week's calls by the program's present practice, as ids (a new list each week). */
  list?: { fileName: string; ids: string[] };
}

/** The largest share a plan may hold out (allot's choice: beyond it the plan's own arm is the control). */
export const MAX_HOLDOUT_SHARE = 0.5;
/** The weeks the minimum detectable effect is stated for unless she says otherwise (a quarter). */
export const HOLDOUT_WEEKS = PLAN_DEFAULTS.holdoutWeeks;

/** Whether the setting can be used; its problems in words. */
export function holdoutProblems(h: HoldoutSetting): string[] {
  const errors: string[] = [];
  if (!(h.share > 0 && h.share <= MAX_HOLDOUT_SHARE))
    errors.push(`the holdout share must be above 0 and at most ${MAX_HOLDOUT_SHARE}, not ${h.share}`);
  if (h.rule !== 'random' && h.rule !== 'default' && h.rule !== 'given') {
    errors.push(`the holdout rule must be "random", "default" or a list of the program's calls, not "${h.rule}"`);
  }
  if (h.rule === 'given' && !h.list)
    errors.push("the holdout follows the program's present practice: give this week's list of its calls");
  if (!(Number.isInteger(h.weeks) && h.weeks >= 1 && h.weeks <= 520))
    errors.push(`the holdout's weeks must be a whole number from 1 to 520, not ${h.weeks}`);
  return errors;
}

/** A week's holdout: who is in it (per arm), the calls of each arm, the rule of its calls. */
export interface HoldoutRules {
  inHoldout: Uint8Array;
  budgets: ArmBudgets;
  rule: HoldoutRule;
  /** Who may be called this week (exclusions, cooldown), and who of them is in the plan's arm. */
  eligible: Uint8Array;
  planEligible: Uint8Array;
  /**
   * What does not fit in the program's list (ids not in the register, mothers of the plan's arm, calls beyond the
   * rate).
   */
  notes: string[];
  /** With health workers: the holdout's share of each worker's capacity (roomLeft); absent without workers. */
  room?: { worker: Int32Array; left: Float64Array };
}

/**
 * The week's holdout from the register's ids (a Bernoulli draw per id: enrolments are randomized alike), or null
 * without one.
 */
export function holdoutRules(
  register: Register,
  settings: PlanSettings,
  eligible: Uint8Array,
  workers: WorkerRules | null = null,
): HoldoutRules | null {
  const h = settings.holdout;
  if (!h) return null;
  const inHoldout = holdoutSplit(register.ids, h.share, h.seed);
  // the budgets, the plan arm's eligibility and the holdout's room counted in one pass (kept for the week's next list)
  const counts = splitCounts(inHoldout, eligible, workers?.worker ?? null, workers?.names.length ?? 0);
  const budgets = budgetsOf(settings.budget, counts.mothers, counts.holdoutMothers);
  const planEligible = armEligible(inHoldout, eligible, false);
  const room = workers
    ? { worker: workers.worker, left: roomLeft(workers.capacity, counts.all!, counts.held!) }
    : undefined;
  const kept = room && { room };
  if (h.rule !== 'given') {
    return { inHoldout, budgets, rule: { kind: h.rule }, eligible, planEligible, notes: [], ...kept };
  }
  const { fileName, ids } = h.list ?? { fileName: "the program's list", ids: [] };
  const arms = givenArms(register, ids);
  const rule = { kind: 'given' as const, arms: arms.arms, fileName };
  // The notes of the given list (its calls depend on no draw): what of it does not fit the holdout this week.
  const { notes } = holdoutList({
    rule,
    inHoldout,
    eligible,
    budget: budgets.holdout,
    random: seededRandom(0),
    ...kept,
  });
  if (arms.unknown.length) {
    const shown = arms.unknown
      .slice(0, 3)
      .map((id) => `"${id}"`)
      .join(', ');
    notes.unshift(`${fileName}: ${arms.unknown.length} id(s) are not in the register (${shown}) and were left out`);
  }
  return { inHoldout, budgets, rule, eligible, planEligible, notes, ...kept };
}

const splits = new WeakMap<PackedIds, { share: number; seed: number; inHoldout: Uint8Array }>();
/** holdoutArms, kept for the register's next list (a hash of every id: the split never changes within a plan). */
function holdoutSplit(ids: PackedIds, share: number, seed: number): Uint8Array {
  const hit = splits.get(ids);
  if (hit && hit.share === share && hit.seed === seed) return hit.inHoldout;
  const inHoldout = holdoutArms(ids, share, seed);
  splits.set(ids, { share, seed, inHoldout });
  return inHoldout;
}

/** The arms of a list of ids, in its order, and the ids the register does not have. */
function givenArms(register: Register, ids: readonly string[]): { arms: Int32Array; unknown: string[] } {
  const { arm } = flagIds(
    register.ids,
    ids.map((id) => id.trim()),
  );
  const arms: number[] = [],
    unknown: string[] = [];
  ids.forEach((id, k) => (arm[k] < 0 ? unknown.push(id) : arms.push(arm[k])));
  return { arms: Int32Array.from(arms), unknown };
}

/** Why a holdout call is on the list, in the list's words. */
export function holdoutReason(rule: HoldoutRule): string {
  if (rule.kind === 'random') return 'holdout: a random call, for the comparison';
  if (rule.kind === 'default') return "holdout: the default policy's call, for the comparison";
  return `holdout: the program's own call (${rule.fileName}), for the comparison`;
}

/** The comparison rule in words. */
export function ruleWords(h: Pick<HoldoutSetting, 'rule' | 'list'>): string {
  if (h.rule === 'random') return 'at random';
  if (h.rule === 'default') return 'by the default policy';
  return `by the program's present practice (${h.list?.fileName ?? 'its list'})`;
}

/**
 * What the holdout shows so far: the evidence after the applied weeks (null before the first), and the MDE for the
 * plan's weeks.
 */
export interface PlanEvidence {
  share: number;
  rule: HoldoutSetting['rule'];
  list?: HoldoutSetting['list'];
  /** Mothers in each arm of the register. */
  planMothers: number;
  holdoutMothers: number;
  evidence: HoldoutEvidence | null;
  /** Applied weeks since the plan began. */
  weeks: number;
  mde: number;
  /** The weeks the MDE is for, and the MDE in words. */
  mdeWeeks: number;
  mdeSentence: string;
  /** The evidence as it stood after each applied week (the chart of the effect, week by week). */
  byWeek: { week: number; evidence: HoldoutEvidence | null }[];
}

/**
 * The plan's evidence: the applied weeks' outcomes since its first list, by arm; the MDE from the
 * transitions its current list plans on, her current states and the week's call rate (the list's rules).
 */
export function planEvidence(plan: PlanState, rules: ListRules): PlanEvidence | null {
  const h = plan.settings.holdout;
  if (!h || !rules.holdout) return null;
  const { transitions, state } = rules,
    eligible = rules.holdout.eligible;
  const { register } = plan;
  const { inHoldout } = rules.holdout;
  let holdoutMothers = 0;
  for (let arm = 0; arm < inHoldout.length; arm++) holdoutMothers += inHoldout[arm];
  const start = plan.weeks[0].week - register.history.firstWeek;
  const weeks = Math.max(0, register.history.states.length - 1 - start);
  // After each applied week k: the outcomes of the weeks up to k (the history cut after them).
  const { history } = register;
  const byWeek = holdoutEvidenceByWeek(history, inHoldout, start, register.numStates).map((evidence, k) => ({
    week: history.firstWeek + start + k,
    evidence,
  }));
  const evidence = weeks > 0 ? byWeek[weeks - 1].evidence : null;
  const b = armBudgets(plan.settings.budget, inHoldout, eligible);
  const may = b.planMothers + b.holdoutMothers;
  const callRate = may ? (b.plan + b.holdout) / may : 0;
  const share = Math.min(Math.max(holdoutMothers / register.numArms, 1e-6), 1 - 1e-6);
  const { mde } = minimumDetectableEffect({
    transitions,
    state,
    numStates: register.numStates,
    callRate,
    weeks: h.weeks,
    share,
  });
  return {
    share: h.share,
    rule: h.rule,
    ...(h.list && { list: h.list }),
    planMothers: register.numArms - holdoutMothers,
    holdoutMothers,
    evidence,
    weeks,
    mde,
    mdeWeeks: h.weeks,
    mdeSentence: mdeSentence(register.numArms, plan.settings.budget, h.weeks, mde, h.share),
    byWeek,
  };
}

/** The evidence in words: the effect with its interval and what it means, or the MDE before the first week. */
export function evidenceSentences(e: PlanEvidence): string[] {
  const held =
    `${Math.round(e.share * 100)}% of mothers held out (${e.holdoutMothers.toLocaleString('en-US')}), ` +
    `their calls ${ruleWords(e)}`;
  if (!e.evidence) return [`${held}: ${e.mdeSentence}`];
  const { plan, holdout, effect, ci95 } = e.evidence;
  const pts = (x: number) => `${(100 * x).toFixed(1)}`;
  const arm = (a: typeof plan) =>
    `${a.engagedWeeks.toFixed(2)} engaged weeks per mother (${pts(a.share)}% of weeks, ` +
    `${a.mothers.toLocaleString('en-US')} mothers)`;
  const verdict =
    ci95[0] > 0
      ? 'the list does better than the comparison'
      : ci95[1] < 0
        ? 'the list does worse than the comparison'
        : 'no difference can be told yet';
  return [
    `${held}; after ${e.weeks} week${e.weeks === 1 ? '' : 's'}: the plan's mothers ${arm(plan)}, the holdout's ` +
      `${arm(holdout)}`,
    `the difference is ${effect >= 0 ? '+' : ''}${pts(effect)} points (95% interval ${pts(ci95[0])} to ` +
      `${pts(ci95[1])}): ${verdict}; ${e.mdeSentence}`,
  ];
}

/** The plan's own lines of a list the rules made: the holdout's calls follow them. */
export function planLines(rules: ListRules, arms: Int32Array): number {
  const h = rules.holdout;
  if (!h) return arms.length;
  const j = arms.findIndex((arm) => h.inHoldout[arm] === 1);
  return j === -1 ? arms.length : j;
}
