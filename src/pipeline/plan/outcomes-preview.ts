// What a week's outcomes file would do, shown before anything changes: its week, rows, calls made
// (and how many as planned), beneficiaries engaged after the week, those whose state after the week is
// unobserved (a file of the called only), and its first rows.
import type { WeekOutcomes } from '../../core/plan/apply-outcomes.ts';
import type { PlanState } from '../../core/plan/plan-state.ts';
import { MISSING } from '../../core/plan/register.ts';

export interface OutcomesPreview {
  fileName: string;
  week: number;
  rows: number;
  called: number;
  calledAsPlanned: number;
  planned: number;
  engaged: number;
  /** Beneficiaries whose state after the week the file does not give (no row, or a blank): unobserved. */
  unobserved: number;
  /** What the reader assumed, in words. */
  notes: string[];
  /** The first rows as the file gives them (id, called, engaged; engaged null when blank). */
  head: { id: string; called: number; state: number | null }[];
  /** The file replaces the outcomes of `week`, already applied. */
  replaces: boolean;
}

/** The preview against the current week's list, or with `replace` against the last applied week's. */
export function previewOf(plan: PlanState, o: WeekOutcomes, fileName: string, replace: boolean): { ok: true; preview: OutcomesPreview } | { ok: false; errors: string[] } {
  const { register } = plan;
  const target = replace ? plan.weeks.filter((w) => w.outcomes !== null).at(-1) : plan.weeks[plan.weeks.length - 1];
  if (!target) return { ok: false, errors: ['No week is applied yet, so there is nothing to replace.'] };
  const planned = new Uint8Array(register.numArms);
  for (const arm of target.planned) planned[arm] = 1;
  let called = 0, calledAsPlanned = 0, engaged = 0, observed = 0;
  for (let j = 0; j < o.arms.length; j++) {
    called += o.called[j];
    if (o.called[j] && planned[o.arms[j]]) calledAsPlanned++;
    if (o.state[j] === register.numStates - 1) engaged++;
    if (o.state[j] !== MISSING) observed++;
  }
  const head = Array.from({ length: Math.min(5, o.arms.length) }, (_, j) => ({ id: register.ids[o.arms[j]], called: o.called[j], state: o.state[j] === MISSING ? null : o.state[j] }));
  const unobserved = register.numArms - observed;
  const preview = { fileName, week: target.week, rows: o.arms.length, called, calledAsPlanned, planned: target.planned.length, engaged, unobserved, notes: o.notes ?? [], head, replaces: replace };
  return { ok: true, preview };
}
