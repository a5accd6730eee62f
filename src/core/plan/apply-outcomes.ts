// Week after week: the week's outcomes (id, called, engaged) move each beneficiary to her new state,
// extend her history (and so her posterior) and give the next week's list. Pure and all-or-nothing:
// the result is a new PlanState, or the list of what is wrong; the plan given is never changed.
import type { PlanState } from './plan-state.ts';
import type { IndexFunction, WeeklyList } from './weekly-list.ts';

/** A parsed outcomes file (src/core/datasets/outcomes-csv.ts), columnar: entry j is row j. */
export interface WeekOutcomes {
  fileName: string;
  contentHash: string;
  /** The file's week column when it has one (must equal the plan's current week). */
  week: number | null;
  /** Arm index of each row (ids resolved against the register). */
  arms: Int32Array;
  called: Uint8Array;
  /** The state after the week: 0/1 (`engaged`) or 0..S-1 (`state`). */
  state: Uint8Array;
  /** File line of each row, for errors. */
  lines: Int32Array;
}

export interface ApplyOptions {
  /** Replace the last applied week with these outcomes (re-plans that week's successor). */
  replace?: boolean;
}

export type ApplyResult = { ok: true; plan: PlanState; list: WeeklyList } | { ok: false; errors: string[] };

/** Applies the current week's outcomes and makes the next list; refuses a week already applied unless replace. */
export function applyOutcomes(plan: PlanState, outcomes: WeekOutcomes, whittle: IndexFunction, options: ApplyOptions = {}): ApplyResult {
  void plan; void outcomes; void whittle; void options;
  throw new Error('applyOutcomes: not implemented yet');
}
