// Plans and views cross between the page and the plan worker with their typed arrays transferred
// rather than cloned, so that neither thread copies a 10^6-beneficiary register on the way (the
// page's thread must stay free). The worker keeps its open plan, so it transfers copies made on its
// own thread; the page hands over the stored plan it has just read (it keeps the view it gets back).
import type { PackedPlan } from '../../core/plan/packed-plan.ts';
import type { PlanView } from './plan-session.ts';

/** The buffers of a packed plan's typed arrays (each once). */
export function planBuffers(plan: PackedPlan): ArrayBuffer[] {
  const { register, weeks } = plan;
  const arrays: (ArrayBufferView | null)[] = [register.ids.ends, register.features, register.transitions, ...register.history.states, ...register.history.called, ...weeks.map((w) => w.planned)];
  return [...new Set(arrays.filter((a) => a !== null).map((a) => a.buffer as ArrayBuffer))];
}

/** A copy of the plan whose arrays are its own (copied on this thread). */
export function copyArrays(plan: PackedPlan): PackedPlan {
  const { register } = plan;
  return {
    ...plan,
    register: {
      ...register,
      ids: { text: register.ids.text, ends: register.ids.ends.slice() },
      features: register.features.slice(),
      transitions: register.transitions && register.transitions.slice(),
      history: { ...register.history, states: register.history.states.map((s) => s.slice()), called: register.history.called.map((c) => c.slice()) },
    },
    weeks: plan.weeks.map((w) => ({ ...w, planned: w.planned.slice() })),
  };
}

/** The view with the plan's arrays copied, and every buffer to transfer (the list's are the worker's to give). */
export function transferables(view: PlanView): { view: PlanView; buffers: ArrayBuffer[] } {
  const packed = copyArrays(view.packed);
  const { list } = view;
  const listBuffers = [list.arms, list.index, list.defaultRank, list.membership, list.intervals, list.defaultArms].map((a) => a.buffer as ArrayBuffer);
  return { view: { ...view, packed }, buffers: [...new Set([...planBuffers(packed), ...listBuffers])] };
}
