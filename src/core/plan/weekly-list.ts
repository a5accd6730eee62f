// The weekly list: whom to call this week and why. For the plan's reward and budget, every
// beneficiary's Whittle index for her current state, the constrained top-B (constrained-top-b.ts)
// among those who may be called, the same list under the default reward `state` for comparison, a
// reason per line (explain-priority.ts), the make-up per group in words (list-make-up.ts), and the
// beneficiaries whose place in the list changes across posterior draws (posterior-draws.ts).
//
// Pure: the Whittle indices come from an injected IndexFunction (the WASM engine's whittleIndices in
// the app and the CLI), randomness from the seed recorded with the list.
import { constrainedTopB } from './constrained-top-b.ts';
import { credibleInterval, type TransitionPosterior } from './estimate-transitions.ts';
import { note, type PlanWarning } from './estimate-warnings.ts';
import { explainPriority, meanTermWeights, rewardTerms } from './explain-priority.ts';
import { listMakeUp, makeUpSentences, type GroupShare } from './list-make-up.ts';
import { listRules, tieDraw, type ListRules } from './list-rules.ts';
import type { PlanSettings } from './plan-settings.ts';
import { currentIndex, MembershipCount, posteriorDrawIndex, type IndexFunction } from './posterior-draws.ts';
import type { Register } from './register.ts';
import { ranksAmong } from './ranks-among.ts';

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

/**
 * Makes week `week`'s list (throws PlanError for a bad reward, budget or constraints). `rules` are
 * listRules(register, settings, week, context.posterior), passed by a caller that keeps them (the
 * plan worker counts the list's posterior draws with them later).
 */
export function buildWeeklyList(register: Register, settings: PlanSettings, week: number, context: ListContext, rules: ListRules = listRules(register, settings, week, context.posterior)): WeeklyList {
  const { numArms: N, numStates: S, schema, features } = register;
  const { state, tieSeed, top } = rules;
  const { tieRank, eligible, budget, quotas } = top;
  // The default reward (DEFAULT_REWARD, `state`): r(arm, s) = s, as compileReward gives it, without compiling.
  const defaultTable = new Float64Array(N * S);
  for (let arm = 0; arm < N; arm++) for (let s = 0; s < S; s++) defaultTable[arm * S + s] = s;
  const index = currentIndex(rules, context.whittle, rules.transitions);
  const defaultIndex = currentIndex(rules, context.whittle, rules.transitions, defaultTable);
  const list = constrainedTopB({ index, ...top });
  const defaults = constrainedTopB({ index: defaultIndex, ...top });
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
  let membership: Float64Array = new Float64Array(B).fill(NaN);
  let uncertainCount = 0;
  const posterior = register.transitions ? null : context.posterior;
  const intervals = posterior ? lineIntervals(posterior, state, list.arms.subarray(0, INTERVAL_LINES), settings.level) : new Float64Array(Math.min(B, INTERVAL_LINES) * 4).fill(NaN);
  if (posterior && settings.draws > 0) {
    const count = new MembershipCount(top, N);
    const { random } = tieDraw(tieSeed, N);
    for (let d = 0; d < settings.draws; d++) count.add(posteriorDrawIndex(posterior, rules, context.whittle, random));
    ({ membership, uncertainCount } = count.of(list.arms));
  }
  const groups = listMakeUp(schema, features, N, list.arms, defaults.arms);
  return {
    week, tieSeed, reward: settings.reward, budget,
    arms: list.arms, index: Float64Array.from(list.arms, (arm) => index[arm]), defaultRank, via, reasons,
    membership, uncertainCount, intervals, defaultArms: defaults.arms, groups,
    sentences: makeUpSentences(groups, B), unmet: list.unmet,
    warnings: [...rules.warnings.map(note), ...(posterior?.warnings ?? [])],
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
