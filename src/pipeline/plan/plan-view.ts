// What the page is shown of the open plan after each step (PlanView), and the results that carry it,
// apart from WeeklyPlan so that the use-case keeps to its steps: the list's lines, the register's
// summary, the weeks so far and, with a holdout, the evidence.
import { listLines, type ListLines } from '../../core/plan/list-csv.ts';
import { planEvidence, type PlanEvidence } from '../../core/plan/holdout-plan.ts';
import type { PlanState } from '../../core/plan/plan-state.ts';
import { planSummary, type WeekSummary } from '../../core/plan/plan-summary.ts';
import type { WeeklyList } from '../../core/plan/weekly-list.ts';
import type { ListMaker } from './list-maker.ts';
import { span } from './list-spans.ts';
import type { OutcomesQuestion } from './outcomes-preview.ts';
import { planHead, type PlanHead, type PlanMeta } from './plan-records.ts';
import { summaryOf } from './register-draft.ts';
import type { RegisterSummary } from './register-summary.ts';

export interface PlanView {
  head: PlanHead;
  list: WeeklyList;
  /**
   * Per line of the list: her id, her bucket in every group ("Ages 51-60 · Income low") and her feature values (for the
   * CSV).
   */
  lines: ListLines;
  summary: RegisterSummary;
  /** Week by week: calls planned and made, engagement after the week per group (plan-summary.ts). */
  weeks: WeekSummary[];
  /** With a holdout: the evidence so far, or before the first week the MDE (core/plan/holdout-plan.ts). */
  evidence: PlanEvidence | null;
}

/**
 * Applied (the week, its calls made and engaged after it, and the next list's view), or what is wrong, or the questions
 * not yet answered yes.
 */
export type WeekApplyResult =
  | {
      ok: true;
      view: PlanView;
      applied: { week: number; called: number; engaged: number; left: number; joined: number };
    }
  | { ok: false; errors: string[]; questions?: OutcomesQuestion[] };

/** The view of `plan` with `list`, its current list; the evidence is under the list's own rules. */
export function planView(plan: PlanState, meta: PlanMeta, list: WeeklyList, lists: ListMaker): PlanView {
  return span('view', () => viewOf(plan, meta, list, lists));
}

function viewOf(plan: PlanState, meta: PlanMeta, list: WeeklyList, lists: ListMaker): PlanView {
  const rules = plan.settings.holdout ? lists.rules(plan.register, plan.settings, list.week) : null;
  const column = plan.settings.workers?.column;
  const view = {
    head: planHead(meta, plan),
    list,
    lines: listLines(plan.register, list.arms, column),
    summary: summaryOf(plan.register),
    weeks: planSummary(plan),
    evidence: rules && planEvidence(plan, rules),
  };
  firstLines.set(view, (lines) => listLines(plan.register, list.arms.subarray(0, lines), column));
  return view;
}

/** Each view's first lines made alone (the whole list's buckets and feature values cost 20-40 ms at 10^5 lines). */
const firstLines = new WeakMap<PlanView, (lines: number) => ListLines>();

/**
 * The lines of the list's first `lines` calls (what the page shows first, transfer-view.ts), made without the others':
 * the same as the view's own lines cut there. Null for a view planView did not make.
 */
export function firstLinesOf(view: PlanView, lines: number): ListLines | null {
  return firstLines.get(view)?.(lines) ?? null;
}
