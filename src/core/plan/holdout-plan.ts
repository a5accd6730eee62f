// The randomized holdout inside a plan's weeks (holdout.ts, holdout-evidence.ts put to work): the
// split fixed when the plan is created (its share, rule and seed in the settings, so a new seed or
// budget for the ties never moves a mother between arms), each week's calls shared between the arms
// at one rate, the holdout's calls by its rule, and after each applied week the evidence.
import { armBudgets, armEligible, holdoutArms, holdoutList, type ArmBudgets, type HoldoutRule } from './holdout.ts';
import { holdoutEvidence, mdeSentence, minimumDetectableEffect, type HoldoutEvidence } from './holdout-evidence.ts';
import type { ListRules } from './list-rules.ts';
import { PLAN_DEFAULTS, type PlanSettings } from './plan-settings.ts';
import type { PlanState } from './plan-state.ts';
import type { Register } from './register.ts';
import { seededRandom } from '../random/seeded-random.ts';

/** A plan's holdout as set when it was created: the share held out, the comparison rule, the split's seed, the weeks the MDE is for. */
export interface HoldoutSetting {
  share: number;
  rule: 'random' | 'default';
  seed: number;
  weeks: number;
}

/** The largest share a plan may hold out (allot's choice: beyond it the plan's own arm is the control). */
export const MAX_HOLDOUT_SHARE = 0.5;
/** The weeks the minimum detectable effect is stated for unless she says otherwise (a quarter). */
export const HOLDOUT_WEEKS = PLAN_DEFAULTS.holdoutWeeks;

/** Whether the setting can be used; its problems in words. */
export function holdoutProblems(h: HoldoutSetting): string[] {
  const errors: string[] = [];
  if (!(h.share > 0 && h.share <= MAX_HOLDOUT_SHARE)) errors.push(`the holdout share must be above 0 and at most ${MAX_HOLDOUT_SHARE}, not ${h.share}`);
  if (h.rule !== 'random' && h.rule !== 'default') errors.push(`the holdout rule must be "random" or "default", not "${h.rule}"`);
  if (!(Number.isInteger(h.weeks) && h.weeks >= 1 && h.weeks <= 520)) errors.push(`the holdout's weeks must be a whole number from 1 to 520, not ${h.weeks}`);
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
}

/** The week's holdout from the register's ids (a Bernoulli draw per id: enrolments are randomized alike), or null without one. */
export function holdoutRules(register: Register, settings: PlanSettings, eligible: Uint8Array): HoldoutRules | null {
  const h = settings.holdout;
  if (!h) return null;
  const inHoldout = holdoutArms(register.ids, h.share, h.seed);
  const budgets = armBudgets(settings.budget, inHoldout, eligible);
  return { inHoldout, budgets, rule: { kind: h.rule }, eligible, planEligible: armEligible(inHoldout, eligible, false) };
}

/** The holdout's stream for its random calls: apart from the ties' and the posterior draws'. */
export const holdoutSeed = (tieSeed: number): number => (tieSeed ^ 0x68bc21eb) >>> 0;

/** The holdout's calls this week by its rule (`defaultIndex`: every arm's index under `state`). */
export function holdoutCalls(h: HoldoutRules, tieSeed: number, defaultIndex: Float64Array, tieRank: Int32Array): Int32Array {
  const random = seededRandom(holdoutSeed(tieSeed));
  return holdoutList({ rule: h.rule, inHoldout: h.inHoldout, eligible: h.eligible, budget: h.budgets.holdout, random, defaultIndex, tieRank }).arms;
}

/** What the holdout shows so far: the evidence after the applied weeks (null before the first), and the MDE for the plan's weeks. */
export interface PlanEvidence {
  share: number;
  rule: 'random' | 'default';
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
}

/**
 * The plan's evidence: the applied weeks' outcomes since its first list, by arm; the MDE from the
 * transitions its current list plans on, her current states and the week's call rate (the list's rules).
 */
export function planEvidence(plan: PlanState, rules: ListRules): PlanEvidence | null {
  const h = plan.settings.holdout;
  if (!h || !rules.holdout) return null;
  const { transitions, state } = rules, eligible = rules.holdout.eligible;
  const { register } = plan;
  const inHoldout = holdoutArms(register.ids, h.share, h.seed);
  let holdoutMothers = 0;
  for (let arm = 0; arm < inHoldout.length; arm++) holdoutMothers += inHoldout[arm];
  const start = plan.weeks[0].week - register.history.firstWeek;
  const weeks = Math.max(0, register.history.states.length - 1 - start);
  const evidence = weeks > 0 ? holdoutEvidence(register.history, inHoldout, start, register.numStates) : null;
  const b = armBudgets(plan.settings.budget, inHoldout, eligible);
  const may = b.planMothers + b.holdoutMothers;
  const callRate = may ? (b.plan + b.holdout) / may : 0;
  const share = Math.min(Math.max(holdoutMothers / register.numArms, 1e-6), 1 - 1e-6);
  const { mde } = minimumDetectableEffect({ transitions, state, numStates: register.numStates, callRate, weeks: h.weeks, share });
  return {
    share: h.share, rule: h.rule, planMothers: register.numArms - holdoutMothers, holdoutMothers, evidence, weeks, mde, mdeWeeks: h.weeks,
    mdeSentence: mdeSentence(register.numArms, plan.settings.budget, h.weeks, mde, h.share),
  };
}

/** The evidence in words: the effect with its interval and what it means, or the MDE before the first week. */
export function evidenceSentences(e: PlanEvidence): string[] {
  const held = `${Math.round(e.share * 100)}% of mothers held out (${e.holdoutMothers.toLocaleString('en-US')}), their calls ${e.rule === 'random' ? 'at random' : 'by the default policy'}`;
  if (!e.evidence) return [`${held}: ${e.mdeSentence}`];
  const { plan, holdout, effect, ci95 } = e.evidence;
  const pts = (x: number) => `${(100 * x).toFixed(1)}`;
  const arm = (a: typeof plan) => `${a.engagedWeeks.toFixed(2)} engaged weeks per mother (${pts(a.share)}% of weeks, ${a.mothers.toLocaleString('en-US')} mothers)`;
  const verdict = ci95[0] > 0 ? 'the list does better than the comparison' : ci95[1] < 0 ? 'the list does worse than the comparison' : 'no difference can be told yet';
  return [
    `${held}; after ${e.weeks} week${e.weeks === 1 ? '' : 's'}: the plan's mothers ${arm(plan)}, the holdout's ${arm(holdout)}`,
    `the difference is ${effect >= 0 ? '+' : ''}${pts(effect)} points (95% interval ${pts(ci95[0])} to ${pts(ci95[1])}): ${verdict}; ${e.mdeSentence}`,
  ];
}

/** The plan's own lines of a list the rules made: the holdout's calls follow them. */
export function planLines(rules: ListRules, arms: Int32Array): number {
  const h = rules.holdout;
  if (!h) return arms.length;
  const j = arms.findIndex((arm) => h.inHoldout[arm] === 1);
  return j === -1 ? arms.length : j;
}
