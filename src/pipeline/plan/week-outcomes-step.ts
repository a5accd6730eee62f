// A week's outcomes for the open plan, apart from WeeklyPlan so that the use-case stays one screen of
// steps: the file read and checked into a preview, kept until it is applied (readWeekOutcomes), then
// applied with who left and joined and the holdout's new list, giving the next plan and list
// (applyWeekOutcomes). Nothing is stored here: WeeklyPlan saves the result and shows the next list.
import type { ColumnMapping } from '../../core/datasets/column-mapping.ts';
import { outcomesFromTable } from '../../core/datasets/outcomes-csv.ts';
import { applyOutcomes, type WeekOutcomes } from '../../core/plan/apply-outcomes.ts';
import type { PlanState } from '../../core/plan/plan-state.ts';
import type { Register } from '../../core/plan/register.ts';
import type { IndexFunction, WeeklyList } from '../../core/plan/weekly-list.ts';
import type { ListMaker } from './list-maker.ts';
import { readTable } from '../files/read-table.ts';
import { previewOf, type OutcomesPreview, type OutcomesQuestion } from './outcomes-preview.ts';
import { outcomesIds, readWeekChanges, registerOutcomes, type ReadChanges, type WeekChanges } from './week-changes.ts';

export type PreviewResult = { ok: true; preview: OutcomesPreview } | { ok: false; errors: string[] };

/** A previewed week's outcomes, kept until apply. */
export interface PendingOutcomes {
  parsed: WeekOutcomes;
  week: number;
  questions: OutcomesQuestion[];
  changes: ReadChanges;
}

/** The next plan and list after a week's outcomes, or what is wrong, or the questions not yet answered yes. */
export type AppliedWeek =
  | { ok: true; plan: PlanState; list: WeeklyList; left: number }
  | { ok: false; errors: string[]; questions?: OutcomesQuestion[] };

/** Reads and checks a week's outcomes file against the plan (WeeklyPlan.previewOutcomes says how). */
export async function readWeekOutcomes(
  plan: PlanState,
  file: Blob,
  fileName: string,
  replace: boolean,
  mapping: ColumnMapping | undefined,
  changes: WeekChanges,
): Promise<{ result: PreviewResult; pending: PendingOutcomes | null }> {
  const who = await readWeekChanges(plan, changes, replace);
  if (!who.ok) return { result: who, pending: null };
  let read;
  try {
    read = await readTable(file, fileName);
  } catch (error) {
    return { result: { ok: false, errors: [(error as Error).message] }, pending: null };
  }
  const { numStates, numArms } = plan.register;
  const names = { mapping, register: plan.register.mapping };
  const ids = outcomesIds(plan, who.read);
  const parsed = outcomesFromTable(read.table, read.read.hash, ids, numStates, read.read.where, names);
  if (!parsed.ok) return { result: parsed, pending: null };
  const outcomes = registerOutcomes(parsed.outcomes, numArms);
  const result = previewOf(plan, outcomes, fileName, replace);
  if (!result.ok) return { result, pending: null };
  result.preview.notes.push(...who.read.notes);
  const { week, questions } = result.preview;
  return { result, pending: { parsed: outcomes, week, questions, changes: who.read } };
}

/**
 * The plan after the previewed outcomes with its next list (made without its draws, as every list is
 * shown first), or what is wrong; a file with questions is applied only when `confirmed`.
 */
export async function applyWeekOutcomes(
  open: PlanState,
  pending: PendingOutcomes,
  lists: ListMaker,
  replace: boolean,
  confirmed: boolean,
): Promise<AppliedWeek> {
  const { parsed, questions, changes } = pending;
  // Mothers who left with this week (core/plan/register-changes.ts): never listed from the next list on.
  const gone = changes.left;
  let plan = gone ? { ...open, settings: { ...open.settings, left: gone.ids } } : open;
  // The program's present practice for the week after: the holdout's new list.
  const h = plan.settings.holdout;
  if (changes.practice && h)
    plan = { ...plan, settings: { ...plan.settings, holdout: { ...h, list: changes.practice } } };
  if (questions.length && !confirmed) return { ok: false, errors: questions.map((q) => q.message), questions };
  // The list maker estimates the week (the core's planPosterior) and keeps it for the draws: once.
  const posterior = (register: Register, group: string | null) => lists.posterior(register, group);
  const enrolment = changes.enrolment ?? undefined;
  const options = { replace, posterior, confirmed: true, enrolment };
  const whittle: IndexFunction = await lists.whittle();
  const result = applyOutcomes({ ...plan, settings: { ...plan.settings, draws: 0 } }, parsed, whittle, options);
  if (!result.ok) return result;
  return { ok: true, plan: { ...result.plan, settings: plan.settings }, list: result.list, left: gone?.count ?? 0 };
}
