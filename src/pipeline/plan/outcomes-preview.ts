// What a week's outcomes file would do, shown before anything changes: the week it is for (and, when
// its week column names another week, why it cannot be applied), its rows, calls made (and how many
// as planned), beneficiaries engaged after the week, those whose state after the week is unobserved (a
// file of the called only), its first rows, the questions to answer before applying it (the same rows
// as a week already applied; none of the planned calls made) and the warnings (calls to excluded
// beneficiaries, more calls than the budget).
import { weekProblem, type WeekOutcomes } from '../../core/plan/apply-outcomes.ts';
import { outcomesQuestions, outcomesWarnings, type OutcomesQuestion } from '../../core/plan/outcomes-questions.ts';
import type { PlanState } from '../../core/plan/plan-state.ts';
import { MISSING } from '../../core/plan/register.ts';
import { idAt } from '../../core/plan/packed-ids.ts';

export type { OutcomesQuestion } from '../../core/plan/outcomes-questions.ts';

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
  /** Answered yes before the file is applied. */
  questions: OutcomesQuestion[];
  warnings: string[];
}

/** The preview against the current week's list, or with `replace` against the last applied week's. */
export function previewOf(
  plan: PlanState,
  o: WeekOutcomes,
  fileName: string,
  replace: boolean,
): { ok: true; preview: OutcomesPreview } | { ok: false; errors: string[] } {
  const { register } = plan;
  let k = plan.weeks.length - 1;
  if (replace) while (k >= 0 && plan.weeks[k].outcomes === null) k--;
  const target = plan.weeks[k];
  if (!target) return { ok: false, errors: ['No week is applied yet, so there is nothing to replace.'] };
  const wrongWeek = weekProblem(o, target.week);
  if (wrongWeek) return { ok: false, errors: [wrongWeek] };
  const planned = new Uint8Array(register.numArms);
  for (const arm of target.planned) planned[arm] = 1;
  let called = 0,
    calledAsPlanned = 0,
    engaged = 0,
    observed = 0;
  for (let j = 0; j < o.arms.length; j++) {
    called += o.called[j];
    if (o.called[j] && planned[o.arms[j]]) calledAsPlanned++;
    if (o.state[j] === register.numStates - 1) engaged++;
    if (o.state[j] !== MISSING) observed++;
  }
  // Against the plan as it was before the week replaced: its own outcomes are not a repeat.
  const before = replace ? { ...plan, weeks: plan.weeks.slice(0, k).concat({ ...target, outcomes: null }) } : plan;
  const questions = outcomesQuestions(before, o, target.week, target.planned);
  const warnings = outcomesWarnings(plan, o, target.budget);
  const head = Array.from({ length: Math.min(5, o.arms.length) }, (_, j) => ({
    id: idAt(register.ids, o.arms[j]),
    called: o.called[j],
    state: o.state[j] === MISSING ? null : o.state[j],
  }));
  const unobserved = register.numArms - observed;
  const preview = {
    fileName,
    week: target.week,
    rows: o.arms.length,
    called,
    calledAsPlanned,
    planned: target.planned.length,
    engaged,
    unobserved,
    notes: o.notes ?? [],
    head,
    replaces: replace,
    questions,
    warnings,
  };
  return { ok: true, preview };
}
