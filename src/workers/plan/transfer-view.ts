// What crosses from the plan worker to the page: copies of the list's typed arrays (B lines, cheap to
// copy), transferred rather than cloned, so the page's thread pays only for the list's strings. The
// worker keeps its own arrays: the week record it is still saving refers to them. The lines' feature
// values are made for the page alone and are transferred as they are. The register never crosses.
import type { Uncertainty } from '../../pipeline/plan/uncertain-places.ts';
import type { PlanView } from '../../pipeline/plan/weekly-plan.ts';

/** The view with the list's arrays copied, and their buffers to transfer. */
export function viewForPage(view: PlanView): { view: PlanView; buffers: ArrayBuffer[] } {
  const l = view.list;
  const list = {
    ...l,
    arms: l.arms.slice(),
    index: l.index.slice(),
    defaultRank: l.defaultRank.slice(),
    membership: l.membership.slice(),
    intervals: l.intervals.slice(),
    defaultArms: l.defaultArms.slice(),
  };
  const buffers = [
    list.arms,
    list.index,
    list.defaultRank,
    list.membership,
    list.intervals,
    list.defaultArms,
    view.lines.features,
  ].map((a) => a.buffer as ArrayBuffer);
  return { view: { ...view, list }, buffers };
}

export function uncertaintyBuffers(u: Uncertainty | null): ArrayBuffer[] {
  return u ? [u.membership.buffer as ArrayBuffer] : [];
}
