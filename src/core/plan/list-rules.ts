// What a week's list is ranked by, checked and compiled once: the reward's table, her current state,
// who may be called (exclusions, cooldown), the share quotas, the budget and the week's tie draw. The
// list (weekly-list.ts) and its posterior draws (posterior-draws.ts), in the core and in the plan
// worker, all rank by one ListRules, so that each of these is made in one place.
import { seededRandom, type Random } from '../random/seeded-random.ts';
import { shareQuota, type CallQuota } from './constrained-top-b.ts';
import type { TransitionPosterior } from './estimate-transitions.ts';
import { groupBuckets } from '../measures/group-buckets.ts';
import { bucketName } from '../words/bucket-name.ts';
import { weekSeed, type PlanSettings } from './plan-settings.ts';
import { currentState, type Register } from './register.ts';
import { holdoutProblems, holdoutRules, type HoldoutRules } from './holdout-plan.ts';
import { planWorkerRules } from './plan-workers.ts';
import { deactivation } from './deactivation.ts';
import { registerRewards } from './reward-rows.ts';
import { flagIds } from './id-flags.ts';
import type { WorkerRules } from './worker-rules.ts';
import { scratch } from './scratch.ts';
import { clearCalled, flipClearCalled } from './flag-words.ts';

/**
 * Why a list could not be made: each entry says what is wrong and where (e.g. the reward's error with its position).
 */
export class PlanError extends Error {
  override name = 'PlanError';
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
  }
}

/** constrainedTopB's input but the index: the same for the list, the default list and every posterior draw. */
export interface TopRules {
  tieRank: Int32Array;
  eligible: Uint8Array;
  budget: number;
  quotas: CallQuota[];
  /** Health workers' capacities and minima (plan-workers.ts): the list is then capacityTopB's; null or absent: none. */
  workers?: WorkerRules | null;
}

export interface ListRules {
  numArms: number;
  numStates: number;
  discount: number;
  /** The reward's text (with the tie seed and the posterior, it fixes the posterior draws' indices). */
  reward: string;
  /** The reward compiled: r(arm, s), numArms x numStates. */
  rewards: Float64Array;
  /** The transitions the list is planned on: the register's, else the posterior means. */
  transitions: Float64Array;
  /** Her current state (the history's last week). */
  state: Uint8Array;
  /** The seed of the week's tie draw and posterior draws (weekSeed(settings.seed, week)). */
  tieSeed: number;
  /** The plan's own list: with a holdout, its arm and its share of the budget. */
  top: TopRules;
  /** The week's holdout (null: none); its calls come after the plan's lines. */
  holdout: HoldoutRules | null;
  /** Mothers who left (settings.left) and those inactive by the deactivation rule, never listed. */
  active: ActiveCounts;
  /** Unknown excluded ids. */
  warnings: string[];
}

/**
 * Checks the settings and compiles the rules of week `week`'s list (throws PlanError for a bad reward, budget or
 * constraints).
 */
export function listRules(
  register: Register,
  settings: PlanSettings,
  week: number,
  posterior: TransitionPosterior | null,
): ListRules {
  const { numArms: N, numStates: S } = register;
  const errors: string[] = [];
  if (!(Number.isInteger(settings.budget) && settings.budget >= 0))
    errors.push(`the budget must be a whole number of calls, not ${settings.budget}`);
  else if (settings.budget > N)
    errors.push(`the budget ${settings.budget} is more than the ${N} beneficiaries of the register`);
  if (!(Number.isInteger(settings.cooldown) && settings.cooldown >= 0))
    errors.push(`the cooldown must be a whole number of weeks >= 0, not ${settings.cooldown}`);
  if (!(Number.isInteger(settings.draws) && settings.draws >= 0))
    errors.push(`the number of posterior draws must be a whole number >= 0, not ${settings.draws}`);
  const transitions = register.transitions ?? posterior?.transitions;
  if (!transitions)
    errors.push('the register has no transitions and no posterior: estimate them from its history first');
  const compiled = registerRewards(register, settings.reward);
  if (!compiled.ok)
    errors.push(
      `the reward, at character ${compiled.error.position + 1}: ` +
        `${compiled.error.message}${compiled.error.hint ? ` (${compiled.error.hint})` : ''}\n${compiled.error.excerpt}`,
    );
  if (settings.holdout) errors.push(...holdoutProblems(settings.holdout));
  if (errors.length || !compiled.ok || !transitions) throw new PlanError(errors);
  const { eligible, warnings } = eligibleArms(register, settings.exclude, settings.cooldown);
  const active = activeArms(register, settings, eligible);
  const workers = settings.workers ? planWorkerRules(register, settings.workers) : null;
  if (workers && !workers.ok) throw new PlanError(workers.errors);
  // With a holdout the plan's list is made in its own arm, with its share of the calls (and of each capacity).
  const holdout = holdoutRules(register, settings, eligible, workers ? workers.rules : null);
  if (holdout) warnings.push(...holdout.notes);
  if (workers) warnings.push(...workers.warnings);
  const budget = holdout ? holdout.budgets.plan : settings.budget;
  const quotas = shareQuotas(register, settings, budget);
  const tieSeed = weekSeed(settings.seed, week);
  const top = {
    tieRank: weekTieRanks(tieSeed, N),
    eligible: holdout ? holdout.planEligible : eligible,
    budget,
    quotas,
    workers: workers ? workers.rules : null,
  };
  return {
    numArms: N,
    numStates: S,
    discount: register.discount,
    reward: settings.reward,
    rewards: compiled.table,
    transitions,
    state: currentState(register),
    tieSeed,
    top,
    holdout,
    active,
    warnings,
  };
}

/** Who is no longer listed: left the program, inactive (and newly so with the last week's outcome). */
export interface ActiveCounts {
  left: number;
  inactive: number;
  newly: number;
}

/** Takes those who left and those the deactivation rule makes inactive out of `eligible` (in place). */
function activeArms(register: Register, settings: PlanSettings, eligible: Uint8Array): ActiveCounts {
  let left = 0;
  if (settings.left?.length) {
    const { flags } = flagIds(register.ids, settings.left);
    for (let arm = 0; arm < eligible.length; arm++) {
      if (!flags[arm]) continue;
      eligible[arm] = 0;
      left++;
    }
  }
  if (!settings.deactivateAfter) return { left, inactive: 0, newly: 0 };
  const d = deactivation(register.history, register.numStates, settings.deactivateAfter, null);
  for (let arm = 0; arm < eligible.length; arm++) if (d.inactive[arm]) eligible[arm] = 0;
  return { left, inactive: d.count, newly: d.newly };
}

/** The week's tie draw and the stream after it, from which the posterior draws are taken in order. */
export function tieDraw(tieSeed: number, numArms: number): { tieRank: Int32Array; random: Random } {
  const random = seededRandom(tieSeed);
  return { tieRank: blockTieRanks(numArms, random), random };
}

/** Numbers per block drawn at once (Random.fill): 512 KB. */
const BLOCK = 65536;
/**
 * A seeded permutation as tie ranks (Fisher-Yates by random.int, as its twin test/reference/tie-ranks.ts) with its
 * numbers drawn a block at a time (Random.fill: the same numbers, the same state after, no call per number; the
 * closure's call per number cost the app's worker most of a second at 10^6).
 */
function blockTieRanks(numArms: number, random: Random): Int32Array {
  const order = new Int32Array(numArms);
  for (let i = 0; i < numArms; i++) order[i] = i;
  const u = scratch('tie-draw-block', Float64Array, Math.min(BLOCK, Math.max(1, numArms - 1)));
  for (let i = numArms - 1; i > 0;) {
    const m = Math.min(u.length, i);
    random.fill(u, 0, m);
    for (let k = 0; k < m; k++, i--) {
      const j = Math.floor(u[k] * (i + 1));
      const t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  }
  const rank = new Int32Array(numArms);
  for (let r = 0; r < numArms; r++) rank[order[r]] = r;
  return rank;
}

let lastTies: { tieSeed: number; tieRank: Int32Array } | null = null;
/**
 * The week's tie ranks (tieDraw's), kept for the week's next list: the list, a replan and the draws of one week
 * share them (read only, as every tie-rank array; rank-order.ts keeps their inverse by the same array).
 */
export function weekTieRanks(tieSeed: number, numArms: number): Int32Array {
  if (lastTies?.tieSeed !== tieSeed || lastTies.tieRank.length !== numArms) {
    lastTies = { tieSeed, tieRank: tieDraw(tieSeed, numArms).tieRank };
  }
  return lastTies.tieRank;
}

/** tieDraw's stream after the tie draw, without drawing the ranks (a tenth of the time): each took one number. */
export function drawStream(tieSeed: number, numArms: number): Random {
  const random = seededRandom(tieSeed);
  const u = scratch('tie-draw-block', Float64Array, Math.min(BLOCK, Math.max(1, numArms - 1)));
  for (let left = numArms - 1; left > 0; left -= u.length) random.fill(u, 0, Math.min(u.length, left));
  return random;
}

/**
 * Eligibility: 1 unless excluded or called within the last `cooldown` weeks of the history. Unknown excluded ids are
 * warnings.
 */
export function eligibleArms(
  register: Register,
  exclude: readonly string[],
  cooldown: number,
): { eligible: Uint8Array; warnings: string[] } {
  const N = register.numArms;
  const eligible = new Uint8Array(N);
  const unknown: string[] = [];
  const { called } = register.history;
  // The current week (last) is being planned: its calls are not history yet.
  // A bit per arm (bit-plane.ts): the weeks' bytes of eight arms or'ed, their flags cleared two words at a time, in
  // the pass that flips the excluded into who may be called.
  const planes = called.slice(Math.max(0, called.length - 1 - cooldown), -1).map((c) => c.bits);
  if (exclude.length > 0) {
    const { flags, arm } = flagIds(register.ids, exclude);
    flipClearCalled(flags, planes, eligible);
    const said = new Set<string>();
    exclude.forEach((id, k) => {
      if (arm[k] >= 0 || said.has(id)) return;
      said.add(id);
      unknown.push(id);
    });
  } else {
    eligible.fill(1);
    clearCalled(eligible, planes);
  }
  const one = unknown.length === 1;
  const shown = unknown
    .slice(0, 5)
    .map((x) => `"${x}"`)
    .join(', ');
  const warnings = unknown.length
    ? [
        `${unknown.length} id${one ? '' : 's'} of the exclusion list ${one ? 'is' : 'are'} not in the register ` +
          `and ${one ? 'was' : 'were'} ignored: ${shown}${unknown.length > 5 ? ', ...' : ''}`,
      ]
    : [];
  return { eligible, warnings };
}

const memberships = new WeakMap<ArrayLike<number>, Map<number, Uint8Array>>();
/**
 * 1 for the arms in bucket b of a group's bucket array: kept per array (a register's buckets are made once) for the
 * next list, whose quotas then share their members (and the orders' members kept per members array). Read only.
 */
function bucketMembers(bucket: ArrayLike<number>, b: number): Uint8Array {
  let of = memberships.get(bucket);
  if (!of) memberships.set(bucket, (of = new Map()));
  let members = of.get(b);
  if (!members) {
    members = new Uint8Array(bucket.length);
    for (let arm = 0; arm < bucket.length; arm++) members[arm] = bucket[arm] === b ? 1 : 0;
    of.set(b, members);
  }
  return members;
}

/** The settings' share constraints as quotas over arms (unknown group or bucket: PlanError naming the known ones). */
export function shareQuotas(register: Register, settings: PlanSettings, budget: number): CallQuota[] {
  const { schema, features, numArms: N } = register;
  const errors: string[] = [];
  const quotas: CallQuota[] = [];
  for (const share of settings.shares) {
    const group = schema.groups.find((g) => g.name === share.group);
    if (!group) {
      errors.push(
        `the share constraint names the group "${share.group}", which the register does not have; its groups are ` +
          `${schema.groups.map((g) => `"${g.name}"`).join(', ') || '(none)'}`,
      );
      continue;
    }
    const b = group.buckets.indexOf(share.bucket);
    if (b === -1) {
      errors.push(
        `the group "${group.name}" has no bucket "${share.bucket}"; its buckets are ` +
          `${group.buckets.map((x) => `"${x}"`).join(', ')}`,
      );
      continue;
    }
    const members = bucketMembers(groupBuckets(schema, features, N)[schema.groups.indexOf(group)], b);
    try {
      quotas.push(
        shareQuota(`${bucketName(group.name, share.bucket)}`, members, budget, share.min ?? 0, share.max ?? 1),
      );
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  if (errors.length) throw new PlanError(errors);
  return quotas;
}
