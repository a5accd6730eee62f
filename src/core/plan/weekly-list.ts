// The weekly list: whom to call this week and why. For the plan's reward and budget, every
// beneficiary's Whittle index for her current state, the constrained top-B (constrained-top-b.ts)
// among those who may be called, the same list under the default reward `state` for comparison, a
// plain reason per line (plain-reason.ts) and its term-by-term account (explain-priority.ts), the
// share minimum that brought a line in (only when she would not be listed without it), the make-up
// per group in words (list-make-up.ts), and each line's chance of being on the list across posterior
// draws (posterior-draws.ts).
//
// Pure: the Whittle indices come from an injected IndexFunction (the WASM engine's whittleIndices in
// the app and the CLI), randomness from the seed recorded with the list.
import { constrainedTopB, type ConstrainedTopB } from './constrained-top-b.ts';
import type { TransitionPosterior } from './estimate-transitions.ts';
import { INTERVAL_LINES, lineIntervals } from './line-intervals.ts';
import { note, type PlanWarning } from './estimate-warnings.ts';
import { listMakeUp, makeUpSentences, priorityGroups, type GroupShare } from './list-make-up.ts';
import { drawStream, listRules, type ActiveCounts, type ListRules, type TopRules } from './list-rules.ts';
import { lineReasons, type LineReasons } from './line-reasons.ts';
import type { PlanSettings } from './plan-settings.ts';
import { MembershipCount, posteriorDrawIndex, type IndexFunction } from './posterior-draws.ts';
import type { Register } from './register.ts';
import { ranksInUnion, ranksUnder } from './ranks-among.ts';
import { armEligible } from './holdout.ts';
import { ListOrder } from './list-order.ts';
import { holdoutReason } from './holdout-plan.ts';
import { holdoutCalls } from './holdout-calls.ts';
import { planningTransitions } from './thompson.ts';
import { capacityTopB, type CapacityTopB } from './capacity-top-b.ts';
import type { WorkerCalls } from './plan-workers.ts';
import { afterCalls, type WorkerRules } from './worker-rules.ts';
import { scratch } from './scratch.ts';
import { defaultIndexOf, stateIndices } from './default-index.ts';
import { defaultListOrder } from './default-order.ts';

export { reasonAt, detailAt, REASON_SAMPLE } from './line-reasons.ts';
export { INTERVAL_LINES, lineIntervals } from './line-intervals.ts';
export { ranksAmong } from './ranks-among.ts';
export { PlanError } from './list-rules.ts';
export type { IndexFunction } from './posterior-draws.ts';

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
  /**
   * 1-based rank under the default reward `state` (same ties) and the same rules: her place on the default list,
   * else after it among the eligible it left out (ranksUnder); a holdout line's, among all who may be called.
   */
  defaultRank: Int32Array;
  /**
   * The label of the share minimum that brought her in ("Ages 51-60"): only when she would not be on
   * the list without that minimum; "" otherwise.
   */
  via: string[];
  /**
   * Why each line is there, as numbers (line-reasons.ts): reasonAt(list, j) is line j's plain reason (at
   * most REASON_CHARS characters, plain-reason.ts), detailAt(list, j) its term-by-term account.
   */
  why: LineReasons;
  /** Her chance of being on the list: the share of posterior draws whose list has her (NaN: not counted). */
  membership: Float64Array;
  /** Beneficiaries (listed or not) whose membership changes across draws; 0 without draws. */
  uncertainCount: number;
  /**
   * min(numLines, INTERVAL_LINES) x 4: credible interval of P(engaged next week) if called (lo, hi) and if not called
   * (lo, hi); NaN with given transitions (lineIntervals gives more lines).
   */
  intervals: Float64Array;
  /** The default reward's list, arms in rank order (for the make-up comparison). */
  defaultArms: Int32Array;
  /** Per feature group and bucket: shares of calls, of the default list's calls, of the population. */
  groups: GroupShare[];
  /** The make-up in words, computed (never by an LLM): the groups the priority names first (`asked`), then the rest. */
  sentences: string[];
  /** How many of the first sentences are about the groups the priority names (its reward's features, its shares). */
  asked: number;
  /** Constraints that could not be met (from constrainedTopB), in words. */
  unmet: string[];
  /** The estimator's warnings (with kinds), after the exclusion list's; plainWords says them. */
  warnings: PlanWarning[];
  /** With a holdout (holdout-plan.ts): per line, 1 for a holdout call (after the plan's lines); absent without one. */
  arm?: Uint8Array;
  /** With health workers (plan-workers.ts): per line her worker ('' none), and per worker her calls and capacity. */
  lineWorker?: string[];
  workers?: WorkerCalls[];
  /** Mothers not listed because they left or the deactivation rule made them inactive (list-rules.ts). */
  active?: ActiveCounts;
}

export interface ListContext {
  whittle: IndexFunction;
  /** The posterior when the register's transitions are estimated (else null: given transitions). */
  posterior: TransitionPosterior | null;
}

/**
 * Makes week `week`'s list (throws PlanError for a bad reward, budget or constraints). `rules` are
 * listRules(register, settings, week, context.posterior), passed by a caller that keeps them (the
 * plan worker counts the list's posterior draws with them later).
 */
export function buildWeeklyList(
  register: Register,
  settings: PlanSettings,
  week: number,
  context: ListContext,
  rules: ListRules = listRules(register, settings, week, context.posterior),
): WeeklyList {
  const { numArms: N, schema, features } = register;
  const { state, tieSeed, top } = rules;
  const { tieRank, eligible, budget } = top;
  // Thompson sampling (thompson.ts): the plan's index on one posterior draw seeded by the week; the default list on the
  // means.
  const draw = settings.explore === 'thompson' && !register.transitions ? context.posterior : null;
  const sampler = context.whittle.sampleBeta;
  if (draw && !sampler) throw new Error("Thompson sampling needs the engine's Beta sampler (IndexFunction.sampleBeta)");
  const index = stateIndices(
    context.whittle,
    draw ? planningTransitions(draw, 'thompson', tieSeed, sampler!) : rules.transitions,
    rules.rewards,
    rules.numStates,
    rules.discount,
    state,
    scratch('plan-index', Float64Array, N), // read within this call alone: the list keeps its lines' indices
  );
  const defaultIndex = defaultIndexOf(rules, context.whittle);
  const held = rules.holdout;
  // The holdout's calls follow the plan's lines: its comparison rule, not this priority, chose them.
  const holdoutArms = held ? holdoutCalls(held, tieSeed, defaultIndex, tieRank) : new Int32Array(0);
  // With workers the exact list under capacities (capacity-top-b.ts), what the holdout's calls leave of them.
  const workers = top.workers ? afterCalls(top.workers, holdoutArms) : null;
  // Each index's order of the eligible, made as far as needed once: its list, its twins and the default ranks.
  const planOrder = new ListOrder(index, tieRank, eligible, 'plan-order');
  const defaultOrder = defaultListOrder(defaultIndex, tieRank, eligible, 'default-order');
  const solve = (ix: Float64Array, order: ListOrder, via: boolean) =>
    workers ? capacityTopB({ index: ix, ...top, workers, order, via }) : constrainedTopB({ index: ix, ...top, order });
  const planList = solve(index, planOrder, true);
  // The default list is read for its arms alone (the make-up): no twin without minima for its via.
  const defaults = solve(defaultIndex, defaultOrder, false);
  const list = held ? withHoldout(planList, holdoutArms) : planList;
  const P = planList.arms.length,
    B = list.arms.length;
  const defaultRank = new Int32Array(B);
  // Her place under the default list made with the same rules: what a capacity or a minimum did is not the priority's.
  // A holdout line's default rank among all who may be called (the plan's arm and the holdout's: held.eligible): in the
  // same walk down the default order when it is kept, else counted (no order sorted whole).
  const heldAsk = held ? { among: held.eligible, arms: holdoutArms, ranks: null } : null;
  ranksUnder(defaultOrder, N, defaults.arms, planList.arms, defaultRank.subarray(0, P), heldAsk);
  if (held) {
    const ranks =
      heldAsk!.ranks ??
      ranksInUnion(defaultIndex, tieRank, eligible, armEligible(held.inHoldout, held.eligible, true), holdoutArms);
    defaultRank.set(ranks, P);
  }
  const via = workers ? viaLabels(list.via, top.quotas, workers) : broughtIn(list, planOrder, top);
  const why = lineReasons(register, settings.reward, planList.arms, eligible, held ? holdoutReason(held.rule) : null);
  let membership: Float64Array = new Float64Array(B).fill(NaN);
  let uncertainCount = 0;
  const posterior = register.transitions ? null : context.posterior;
  const intervals = posterior
    ? lineIntervals(posterior, state, list.arms.subarray(0, INTERVAL_LINES), settings.level)
    : new Float64Array(Math.min(B, INTERVAL_LINES) * 4).fill(NaN);
  if (posterior && settings.draws > 0) {
    const count = new MembershipCount(top, N);
    const random = drawStream(tieSeed, N);
    for (let d = 0; d < settings.draws; d++) count.add(posteriorDrawIndex(posterior, rules, context.whittle, random));
    ({ membership, uncertainCount } = count.of(list.arms, P));
  }
  const groups = listMakeUp(schema, features, N, planList.arms, defaults.arms);
  return {
    week,
    tieSeed,
    reward: settings.reward,
    budget: held ? settings.budget : budget,
    arms: list.arms,
    index: indexOf(index, list.arms),
    defaultRank,
    via,
    why,
    membership,
    uncertainCount,
    intervals,
    defaultArms: defaults.arms,
    groups,
    ...sentencesOf(groups, B, schema, settings),
    unmet: list.unmet,
    warnings: [...rules.warnings.map(note), ...(posterior?.warnings ?? [])],
    ...((rules.active.left || rules.active.inactive || settings.deactivateAfter) && { active: rules.active }),
    ...(held && { arm: new Uint8Array(B).fill(1, P) }),
    ...(workers && workersOf(top.workers!, list.arms, planList as CapacityTopB)),
  };
}

/** Each line's index (a plain loop: Float64Array.from with a function per line cost 5-8 ms at 10^5 lines). */
function indexOf(index: Float64Array, arms: Int32Array): Float64Array {
  const out = new Float64Array(arms.length);
  for (let j = 0; j < arms.length; j++) out[j] = index[arms[j]];
  return out;
}

/**
 * capacityTopB's `via` in words: the share's label, or "worker NAME" for a worker's minimum (she is not on the list
 * without minima).
 */
function viaLabels(via: Int32Array, quotas: TopRules['quotas'], workers: WorkerRules): string[] {
  const share = quotas.map((q) => q.label),
    worker = workers.names.map((name) => `worker ${name}`);
  // a plain loop, each label made once: Array.from with a function per line cost 1-3 ms at 10^5 lines
  const out = new Array<string>(via.length);
  for (let j = 0; j < via.length; j++) {
    const v = via[j];
    out[j] = v >= 0 ? share[v] : v <= -2 ? worker[-2 - v] : '';
  }
  return out;
}

/** Per line her worker, and per worker her calls (the holdout's too), capacity and whether it binds. */
function workersOf(
  rules: WorkerRules,
  arms: Int32Array,
  list: CapacityTopB,
): { lineWorker: string[]; workers: WorkerCalls[] } {
  const calls = new Int32Array(rules.names.length),
    binding = new Uint8Array(rules.names.length);
  for (const w of list.binding) binding[w] = 1;
  // one loop, her worker read once per line (at random among 10^6)
  const { worker, names } = rules;
  const lineWorker = new Array<string>(arms.length);
  for (let j = 0; j < arms.length; j++) {
    const w = worker[arms[j]];
    if (w >= 0) {
      calls[w]++;
      lineWorker[j] = names[w];
    } else lineWorker[j] = '';
  }
  const workers = rules.names.map((worker, w) => ({
    worker,
    calls: calls[w],
    capacity: rules.capacity[w],
    minimum: rules.minimum[w],
    binding: binding[w] === 1,
  }));
  return { lineWorker, workers };
}

/** The plan's list with the holdout's calls after its lines (taken for no quota). */
function withHoldout(list: ConstrainedTopB, holdoutArms: Int32Array): ConstrainedTopB {
  const arms = new Int32Array(list.arms.length + holdoutArms.length);
  arms.set(list.arms);
  arms.set(holdoutArms, list.arms.length);
  const via = new Int32Array(arms.length).fill(-1);
  via.set(list.via);
  return { ...list, arms, via };
}

/** The make-up sentences, those about the groups the priority names first (list-make-up.ts). */
function sentencesOf(groups: GroupShare[], B: number, schema: Register['schema'], settings: PlanSettings) {
  const named = priorityGroups(schema, settings).map((g) => schema.groups[g].name);
  return { sentences: makeUpSentences(groups, B, named), asked: named.length };
}

/**
 * Per line, the label of the share minimum that brought her in: she was taken for that minimum and is
 * not on the list made without it (the same rules, that quota's minimum 0); "" for everyone else.
 */
function broughtIn(list: ConstrainedTopB, order: ListOrder, top: TopRules): string[] {
  const { index } = order;
  const via = new Array<string>(list.arms.length).fill('');
  // plain loops: a closure per line cost 1-2 ms at 10^5 lines
  for (let q = 0; q < top.quotas.length; q++) {
    const quota = top.quotas[q];
    if (quota.min === 0 || !list.via.includes(q)) continue;
    const quotas = top.quotas.map((x, k) => (k === q ? { ...x, min: 0 } : x));
    const without = constrainedTopB({ index, ...top, quotas, order });
    const listed = scratch('brought-in', Uint8Array, index.length, true);
    for (let j = 0; j < without.arms.length; j++) listed[without.arms[j]] = 1;
    for (let j = 0; j < list.via.length; j++) if (list.via[j] === q && !listed[list.arms[j]]) via[j] = quota.label;
  }
  return via;
}
