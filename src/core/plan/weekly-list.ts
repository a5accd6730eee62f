// The weekly list: whom to call this week and why. For the plan's reward and budget, every
// beneficiary's Whittle index for her current state, the constrained top-B (constrained-top-b.ts)
// among those who may be called, the same list under the default reward `state` for comparison, a
// reason per line (explain-priority.ts), the make-up per group in words (list-make-up.ts), and the
// beneficiaries whose place in the list changes across posterior draws.
//
// Pure: the Whittle indices come from an injected IndexFunction (the WASM engine's whittleIndices in
// the app and the CLI), randomness from the seed recorded with the list.
import { seededRandom, type Random } from '../random/seeded-random.ts';
import { compileReward } from '../reward/compile-reward.ts';
import { constrainedTopB, seededTieRanks, shareQuota, type CallQuota } from './constrained-top-b.ts';
import { credibleInterval, type TransitionPosterior } from './estimate-transitions.ts';
import { note, type PlanWarning } from './estimate-warnings.ts';
import { explainPriority, meanTermWeights, rewardTerms } from './explain-priority.ts';
import { groupBuckets } from './group-buckets.ts';
import { bucketName, listMakeUp, makeUpSentences, type GroupShare } from './list-make-up.ts';
import { weekSeed, type PlanSettings } from './plan-settings.ts';
import { currentState, type Register } from './register.ts';
import { ranksAmong } from './ranks-among.ts';
import { sampleBeta } from './sample-beta.ts';

export { ranksAmong } from './ranks-among.ts';

/** Whittle indices numArms x numStates of arms with the given transitions and reward table (Engine.whittleIndices(...).indices). */
export type IndexFunction = (transitions: Float64Array, rewards: Float64Array, numStates: number, discount: number) => Float64Array;

/** Why a list could not be made: each entry says what is wrong and where (e.g. the reward's error with its position). */
export class PlanError extends Error {
  override name = 'PlanError';
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
  }
}

/** One list, columnar: entry j of each array is line j (rank j + 1). */
export interface WeeklyList {
  week: number;
  /** The seed of this week's tie draw and posterior draws (weekSeed(settings.seed, week)). */
  tieSeed: number;
  reward: string;
  budget: number;
  /** Arm index of each line, in rank order. */
  arms: Int32Array;
  /** Whittle index of her current state under the reward. */
  index: Float64Array;
  /** 1-based rank among eligible beneficiaries under the default reward `state` (same ties). */
  defaultRank: Int32Array;
  /** The constraint that brought her in ("minimum of Ages = 51-60"), or "" when chosen by index. */
  via: string[];
  /** Why her priority differs from the default, in words. */
  reasons: string[];
  /** Share of posterior draws in which she is on the list (NaN without draws or with given transitions). */
  membership: Float64Array;
  /** Beneficiaries (listed or not) whose membership changes across draws; 0 without draws. */
  uncertainCount: number;
  /** min(numLines, INTERVAL_LINES) x 4: credible interval of P(engaged next week) if called (lo, hi) and if not called (lo, hi); NaN with given transitions (lineIntervals gives more lines). */
  intervals: Float64Array;
  /** The default reward's list, arms in rank order (for the make-up comparison). */
  defaultArms: Int32Array;
  /** Per feature group and bucket: shares of calls, of the default list's calls, of the population. */
  groups: GroupShare[];
  /** The make-up in words, computed (never by an LLM). */
  sentences: string[];
  /** Constraints that could not be met (from constrainedTopB), in words. */
  unmet: string[];
  /** The estimator's warnings (with kinds), after the exclusion list's; plainWords says them. */
  warnings: PlanWarning[];
}

export interface ListContext {
  whittle: IndexFunction;
  /** The posterior when the register's transitions are estimated (else null: given transitions). */
  posterior: TransitionPosterior | null;
}

/** Eligibility: 1 unless excluded or called within the last `cooldown` weeks of the history. Unknown excluded ids are warnings. */
export function eligibleArms(register: Register, exclude: readonly string[], cooldown: number): { eligible: Uint8Array; warnings: string[] } {
  const N = register.numArms;
  const eligible = new Uint8Array(N).fill(1);
  const unknown: string[] = [];
  if (exclude.length > 0) {
    const excluded = new Set(exclude);
    const found = new Set<string>();
    for (let arm = 0; arm < N; arm++) {
      if (!excluded.has(register.ids[arm])) continue;
      eligible[arm] = 0;
      found.add(register.ids[arm]);
    }
    for (const id of excluded) if (!found.has(id)) unknown.push(id);
  }
  const { called } = register.history;
  // The current week (last) is being planned: its calls are not history yet.
  for (let w = Math.max(0, called.length - 1 - cooldown); w < called.length - 1; w++) {
    const c = called[w];
    for (let arm = 0; arm < N; arm++) if (c[arm]) eligible[arm] = 0;
  }
  const warnings = unknown.length ? [`${unknown.length} id${unknown.length === 1 ? '' : 's'} of the exclusion list ${unknown.length === 1 ? 'is' : 'are'} not in the register and ${unknown.length === 1 ? 'was' : 'were'} ignored: ${unknown.slice(0, 5).map((x) => `"${x}"`).join(', ')}${unknown.length > 5 ? ', ...' : ''}`] : [];
  return { eligible, warnings };
}

/** The settings' share constraints as quotas over arms (unknown group or bucket: PlanError naming the known ones). */
export function shareQuotas(register: Register, settings: PlanSettings, budget: number): CallQuota[] {
  const { schema, features, numArms: N } = register;
  const errors: string[] = [];
  const quotas: CallQuota[] = [];
  for (const share of settings.shares) {
    const group = schema.groups.find((g) => g.name === share.group);
    if (!group) {
      errors.push(`the share constraint names the group "${share.group}", which the register does not have; its groups are ${schema.groups.map((g) => `"${g.name}"`).join(', ') || '(none)'}`);
      continue;
    }
    const b = group.buckets.indexOf(share.bucket);
    if (b === -1) {
      errors.push(`the group "${group.name}" has no bucket "${share.bucket}"; its buckets are ${group.buckets.map((x) => `"${x}"`).join(', ')}`);
      continue;
    }
    const bucket = groupBuckets(schema, features, N)[schema.groups.indexOf(group)];
    const members = new Uint8Array(N);
    for (let arm = 0; arm < N; arm++) members[arm] = bucket[arm] === b ? 1 : 0;
    try {
      quotas.push(shareQuota(`${bucketName(group.name, share.bucket)}`, members, budget, share.min ?? 0, share.max ?? 1));
    } catch (error) {
      errors.push((error as Error).message);
    }
  }
  if (errors.length) throw new PlanError(errors);
  return quotas;
}

/** Makes week `week`'s list (throws PlanError for a bad reward, budget or constraints). */
export function buildWeeklyList(register: Register, settings: PlanSettings, week: number, context: ListContext): WeeklyList {
  const { numArms: N, numStates: S, schema, features } = register;
  const errors: string[] = [];
  if (!(Number.isInteger(settings.budget) && settings.budget >= 0)) errors.push(`the budget must be a whole number of calls, not ${settings.budget}`);
  else if (settings.budget > N) errors.push(`the budget ${settings.budget} is more than the ${N} beneficiaries of the register`);
  if (!(Number.isInteger(settings.cooldown) && settings.cooldown >= 0)) errors.push(`the cooldown must be a whole number of weeks >= 0, not ${settings.cooldown}`);
  if (!(Number.isInteger(settings.draws) && settings.draws >= 0)) errors.push(`the number of posterior draws must be a whole number >= 0, not ${settings.draws}`);
  const transitions = register.transitions ?? context.posterior?.transitions;
  if (!transitions) errors.push('the register has no transitions and no posterior: estimate them from its history first');
  const population = { numArms: N, numStates: S, schema, features };
  const compiled = compileReward(settings.reward, population);
  if (!compiled.ok) errors.push(`the reward, at character ${compiled.error.position + 1}: ${compiled.error.message}${compiled.error.hint ? ` (${compiled.error.hint})` : ''}\n${compiled.error.excerpt}`);
  if (errors.length || !compiled.ok || !transitions) throw new PlanError(errors);
  const budget = settings.budget;
  const quotas = shareQuotas(register, settings, budget);
  // The default reward (DEFAULT_REWARD, `state`): r(arm, s) = s, as compileReward gives it, without compiling.
  const defaultTable = new Float64Array(N * S);
  for (let arm = 0; arm < N; arm++) for (let s = 0; s < S; s++) defaultTable[arm * S + s] = s;
  const state = currentState(register);
  const current = (table: Float64Array) => {
    const w = context.whittle(transitions, table, S, register.discount);
    const out = new Float64Array(N);
    for (let arm = 0; arm < N; arm++) out[arm] = w[arm * S + state[arm]];
    return out;
  };
  const index = current(compiled.table);
  const defaultIndex = current(defaultTable);
  const { eligible, warnings } = eligibleArms(register, settings.exclude, settings.cooldown);
  const tieSeed = weekSeed(settings.seed, week);
  const random = seededRandom(tieSeed);
  const tieRank = seededTieRanks(N, random.int);
  const list = constrainedTopB({ index, tieRank, eligible, budget, quotas });
  const defaults = constrainedTopB({ index: defaultIndex, tieRank, eligible, budget, quotas });
  const B = list.arms.length;
  const defaultRank = ranksAmong(defaultIndex, tieRank, eligible, list.arms);
  const why = reasonRows(register, list.arms, eligible);
  const terms = rewardTerms(settings.reward, why.population);
  const means = meanTermWeights(terms, why.sample);
  const reasons: string[] = new Array(B);
  const via: string[] = new Array(B);
  for (let j = 0; j < B; j++) {
    reasons[j] = explainPriority(terms, means, j, schema, why.population.features, defaultRank[j], j + 1);
    via[j] = list.via[j] >= 0 ? `minimum of ${quotas[list.via[j]].label}` : '';
  }
  const membership = new Float64Array(B).fill(NaN);
  let uncertainCount = 0;
  const posterior = register.transitions ? null : context.posterior;
  const intervals = posterior ? lineIntervals(posterior, state, list.arms.subarray(0, INTERVAL_LINES), settings.level) : new Float64Array(Math.min(B, INTERVAL_LINES) * 4).fill(NaN);
  if (posterior) {
    if (settings.draws > 0) {
      const counts = membershipCounts(posterior, compiled.table, state, S, register.discount, context.whittle, { tieRank, eligible, budget, quotas }, settings.draws, random);
      for (let j = 0; j < B; j++) membership[j] = counts[list.arms[j]] / settings.draws;
      for (let arm = 0; arm < N; arm++) if (counts[arm] > 0 && counts[arm] < settings.draws) uncertainCount++;
    }
  }
  const groups = listMakeUp(schema, features, N, list.arms, defaults.arms);
  return {
    week, tieSeed, reward: settings.reward, budget,
    arms: list.arms, index: Float64Array.from(list.arms, (arm) => index[arm]), defaultRank, via, reasons,
    membership, uncertainCount, intervals, defaultArms: defaults.arms, groups,
    sentences: makeUpSentences(groups, B), unmet: list.unmet,
    warnings: [...warnings.map(note), ...(posterior?.warnings ?? [])],
  };
}

/** Eligible beneficiaries whose term weights give the averages the reasons compare with, beyond the listed. */
export const REASON_SAMPLE = 65536;

/**
 * The rows the reasons need: the listed beneficiaries first (row j is line j), then the eligible ones
 * the averages are taken over: all of them, or for big registers an even stride of REASON_SAMPLE (the
 * reward's terms are compiled on these rows only; a column typed int or float by values all outside the
 * rows could type differently, which only the wording of a reason would show).
 */
function reasonRows(register: Register, listed: Int32Array, eligible: Uint8Array): { population: { numArms: number; numStates: number; schema: Register['schema']; features: Float64Array }; sample: Uint8Array } {
  const { numArms: N, schema, features } = register;
  const F = schema.columns.length;
  let count = 0;
  for (let arm = 0; arm < N; arm++) count += eligible[arm];
  const stride = Math.max(1, Math.ceil(count / REASON_SAMPLE));
  const rows: number[] = Array.from(listed);
  for (let arm = 0, e = 0; arm < N; arm++) if (eligible[arm] && e++ % stride === 0) rows.push(arm);
  const sub = new Float64Array(rows.length * F);
  rows.forEach((arm, r) => sub.set(features.subarray(arm * F, arm * F + F), r * F));
  const sample = new Uint8Array(rows.length);
  sample.fill(1, listed.length);
  return { population: { numArms: rows.length, numStates: register.numStates, schema, features: sub }, sample };
}

/** Lines whose credible intervals come with the list (the rest on request, with lineIntervals). */
export const INTERVAL_LINES = 1000;

/** arms.length x 4: the credible interval of P(engaged next week) if called (lo, hi) and if not called (lo, hi), from her current state. */
export function lineIntervals(posterior: TransitionPosterior, state: Uint8Array, arms: Int32Array, level: number): Float64Array {
  const out = new Float64Array(arms.length * 4);
  arms.forEach((arm, j) => {
    const [a, b] = credibleInterval(posterior, arm, state[arm], 1, level);
    const [c, d] = credibleInterval(posterior, arm, state[arm], 0, level);
    out.set([a, b, c, d], j * 4);
  });
  return out;
}

/** How many of `draws` posterior draws of the transitions put each arm on the list (same ties and constraints). */
function membershipCounts(
  posterior: TransitionPosterior, table: Float64Array, state: Uint8Array, S: number, discount: number, whittle: IndexFunction,
  top: { tieRank: Int32Array; eligible: Uint8Array; budget: number; quotas: CallQuota[] }, draws: number, random: Random,
): Uint16Array {
  const N = posterior.numArms;
  const counts = new Uint16Array(N);
  const scratch = new Float64Array(N * 8);
  for (let d = 0; d < draws; d++) {
    const index = posteriorDrawIndex(posterior, table, state, S, discount, whittle, random, scratch);
    for (const arm of constrainedTopB({ index, ...top }).arms) counts[arm]++;
  }
  return counts;
}

/**
 * One posterior draw: a Beta draw of every (state, action) row, then each arm's Whittle index of her
 * current state under those transitions. Draws taken in turn from `random` after the tie draw
 * (seededTieRanks) are the list's draws: the plan worker caches them to count membership again
 * under new rules. `scratch` (N x 8) holds the drawn transitions.
 */
export function posteriorDrawIndex(
  posterior: TransitionPosterior, table: Float64Array, state: Uint8Array, S: number, discount: number, whittle: IndexFunction, random: Random, scratch = new Float64Array(posterior.numArms * 8),
): Float64Array {
  const N = posterior.numArms;
  for (let cell = 0; cell < N * 4; cell++) {
    const q = sampleBeta(random, posterior.alpha[cell], posterior.beta[cell]);
    scratch[cell * 2] = 1 - q;
    scratch[cell * 2 + 1] = q;
  }
  const w = whittle(scratch, table, S, discount);
  const index = new Float64Array(N);
  for (let arm = 0; arm < N; arm++) index[arm] = w[arm * S + state[arm]];
  return index;
}
