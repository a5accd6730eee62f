// What a plan is asked to do each week: the reward, the budget and the constraints. Plain data
// (JSON-safe), kept with the plan and shown with every list. The defaults are here, once, for the
// Plan screen's form and `allot plan` alike, from the rules' table (rule-descriptors.ts).
import type { FeatureSchema } from '../instance/types.ts';
import type { HoldoutSetting } from './holdout-plan.ts';
import type { WorkerSetting } from './plan-workers.ts';
import { RULES } from './rule-descriptors.ts';

/** A floor and/or a cap on the share of calls that go to one bucket of a feature group. */
export interface ShareSetting {
  /** Feature group name, e.g. "Ages". */
  group: string;
  /** Bucket label of that group, e.g. "51-60" (as in FeatureGroup.buckets). */
  bucket: string;
  /** Share of the budget in [0, 1]; calls at least ceil(min * B). */
  min?: number;
  /** Share of the budget in [0, 1]; calls at most floor(max * B). */
  max?: number;
}

export interface PlanSettings {
  /** The reward expression (Python subset, src/core/reward/). */
  reward: string;
  /** Calls per week. */
  budget: number;
  /** Ids never to call (opted out, unreachable). */
  exclude: string[];
  /** Not called again within this many weeks of a call (0: no cooldown). */
  cooldown: number;
  shares: ShareSetting[];
  /** Seed of the tie draws and the posterior draws; week w uses a seed derived from (seed, w). */
  seed: number;
  /** Posterior draws for the uncertain-membership flags (0: no flags). */
  draws: number;
  /** Feature group whose buckets get their own prior (estimate-transitions.ts); null: one prior. */
  priorGroup: string | null;
  /** Credible level of the intervals shown, e.g. 0.9. */
  level: number;
  /** A randomized holdout (holdout-plan.ts), fixed when the plan is created; absent: none. */
  holdout?: HoldoutSetting;
  /** Health workers and their capacities (plan-workers.ts); absent: one central budget. */
  workers?: WorkerSetting;
  /**
   * Ids that left the program (delivered, moved, opted out), applied with a week: kept in the history, never listed.
   */
  left?: string[];
  /** Not listed after this many latest observed weeks not engaged (deactivation.ts; Kilkari uses 6); absent: never. */
  deactivateAfter?: number;
  /** How the list reads the posterior: its means (absent: the default), or one draw a week (Thompson sampling). */
  explore?: 'means' | 'thompson';
}

/**
 * allot's defaults (own choices, each in its rule's row: rule-descriptors.ts): no cooldown, 20 posterior
 * draws, 90 % intervals, seed 0; no holdout (when set: random calls, its MDE for 12 weeks, a quarter); no
 * minimum per worker; no deactivation; the posterior means (better than Thompson sampling on every simulated
 * population: README, Thompson sampling).
 */
export const PLAN_DEFAULTS = {
  cooldown: RULES.cooldown.default,
  draws: RULES.draws.default,
  level: 0.9,
  seed: RULES.seed.default,
  holdoutShare: RULES.holdout.default,
  holdoutRule: RULES.holdoutRule.default,
  holdoutWeeks: RULES.holdoutWeeks.default,
  minPerWorker: RULES.minPerWorker.default,
  explore: RULES.explore.default,
} as const;

/**
 * The default group whose buckets get their own prior: the register's first group with more than one
 * bucket (a group of one bucket is the whole register again), or none.
 */
export function defaultPriorGroup(schema: FeatureSchema): string | null {
  return schema.groups.find((g) => g.buckets.length > 1)?.name ?? null;
}

/** The seed of week `week`'s draws: splitmix-style mixing of the plan's seed and the week (recorded with the list). */
export function weekSeed(seed: number, week: number): number {
  let z = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(week + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}
