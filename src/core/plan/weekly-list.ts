// The weekly list: whom to call this week and why. For the plan's reward and budget, every
// beneficiary's Whittle index for her current state, the constrained top-B (constrained-top-b.ts)
// among those who may be called, the same list under the default reward `state` for comparison, a
// reason per line (explain-priority.ts), the make-up per group in words (list-make-up.ts), and the
// beneficiaries whose place in the list changes across posterior draws.
//
// Pure: the Whittle indices come from an injected IndexFunction (the WASM engine's whittleIndices in
// the app and the CLI), randomness from the seed recorded with the list.
import type { GroupShare } from './list-make-up.ts';
import type { PlanSettings } from './plan-settings.ts';
import type { Register } from './register.ts';
import type { TransitionPosterior } from './estimate-transitions.ts';

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
  /** numLines x 4: credible interval of P(engaged next week) if called (lo, hi) and if not called (lo, hi); NaN with given transitions. */
  intervals: Float64Array;
  /** The default reward's list, arms in rank order (for the make-up comparison). */
  defaultArms: Int32Array;
  /** Per feature group and bucket: shares of calls, of the default list's calls, of the population. */
  groups: GroupShare[];
  /** The make-up in words, computed (never by an LLM). */
  sentences: string[];
  /** Constraints that could not be met (from constrainedTopB), in words. */
  unmet: string[];
  warnings: string[];
}

export interface ListContext {
  whittle: IndexFunction;
  /** The posterior when the register's transitions are estimated (else null: given transitions). */
  posterior: TransitionPosterior | null;
}

/** Eligibility: 1 unless excluded or called within the last `cooldown` weeks of the history. */
export function eligibleArms(register: Register, exclude: readonly string[], cooldown: number): { eligible: Uint8Array; errors: string[] } {
  void register; void exclude; void cooldown;
  throw new Error('eligibleArms: not implemented yet');
}

/** Makes week `week`'s list (throws PlanError for a bad reward or constraints naming unknown groups). */
export function buildWeeklyList(register: Register, settings: PlanSettings, week: number, context: ListContext): WeeklyList {
  void register; void settings; void week; void context;
  throw new Error('buildWeeklyList: not implemented yet');
}
