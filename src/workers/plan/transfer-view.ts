// What crosses from the plan worker to the page: the list's typed arrays are transferred rather
// than cloned (the worker keeps its own copy of the planned arms in the plan's week record), so a
// list of 10^5 lines costs the page's thread only its strings. The register never crosses.
import type { Uncertainty } from './uncertain-places.ts';
import type { PlanView } from './plan-session.ts';

/** The buffers of the view's list. */
export function listBuffers(view: PlanView): ArrayBuffer[] {
  const { list } = view;
  return [...new Set([list.arms, list.index, list.defaultRank, list.membership, list.intervals, list.defaultArms].map((a) => a.buffer as ArrayBuffer))];
}

export function uncertaintyBuffers(u: Uncertainty | null): ArrayBuffer[] {
  return u ? [u.membership.buffer as ArrayBuffer] : [];
}
