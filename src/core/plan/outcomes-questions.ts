// What to ask, and what to say, before a week's outcomes are applied. Two files are almost always a
// mistake and are stopped with a question (applied only when the user says yes): a file equal to a
// week already applied, equal by its rows (every beneficiary's calls and state after the week, as
// recorded in the history) whatever its line endings, quoting, byte order mark or column order; and
// a file in which none of the week's planned calls were made. Two are worth a warning only: calls to
// beneficiaries on the exclusion list, and more calls than the week's budget (they were made: the
// history records them as they happened).
import { bitAt } from './bit-plane.ts';
import type { WeekOutcomes } from './apply-outcomes.ts';
import type { PlanState } from './plan-state.ts';
import { stateAt } from './week-states.ts';
import { idAt } from './packed-ids.ts';
import { count } from '../words/count.ts';

export type OutcomesQuestion =
  | { kind: 'same-as-week'; week: number; fileName: string; message: string }
  | { kind: 'no-planned-calls'; planned: number; message: string };

/** The applied week whose recorded calls and states equal the file's rows, or null (latest first). */
export function sameAsAppliedWeek(plan: PlanState, o: WeekOutcomes): { week: number; fileName: string } | null {
  const { history } = plan.register;
  let calls = 0;
  for (let j = 0; j < o.arms.length; j++) calls += o.called[j];
  for (let k = plan.weeks.length - 1; k >= 0; k--) {
    const w = plan.weeks[k];
    if (!w.outcomes || w.outcomes.called !== calls) continue;
    const i = w.week - history.firstWeek;
    const called = history.called[i],
      after = history.states[i + 1];
    if (!called || !after) continue;
    let same = true;
    for (let j = 0; j < o.arms.length && same; j++)
      same = bitAt(called, o.arms[j]) === o.called[j] && stateAt(after, o.arms[j]) === o.state[j];
    if (same) return { week: w.week, fileName: w.outcomes.fileName };
  }
  return null;
}

/** The questions to answer before applying `o` as the outcomes of week `week` with the list `planned`. */
export function outcomesQuestions(
  plan: PlanState,
  o: WeekOutcomes,
  week: number,
  planned: Int32Array,
): OutcomesQuestion[] {
  const questions: OutcomesQuestion[] = [];
  const same = sameAsAppliedWeek(plan, o);
  if (same) {
    const message =
      `${o.fileName} has the same rows as the outcomes of week ${same.week}, already applied (from ` +
      `${same.fileName}): every call and every state after the week are equal. Is it really week ${week}'s file?`;
    questions.push({ kind: 'same-as-week', week: same.week, fileName: same.fileName, message });
  }
  if (planned.length > 0) {
    const listed = new Uint8Array(plan.register.numArms);
    for (const arm of planned) listed[arm] = 1;
    let made = 0,
      calls = 0;
    for (let j = 0; j < o.arms.length; j++) {
      calls += o.called[j];
      if (o.called[j] && listed[o.arms[j]]) made++;
    }
    if (made === 0) {
      const which =
        calls === 0
          ? 'it records no call at all'
          : `its ${count(calls)} call${calls === 1 ? ' is' : 's are'} all to beneficiaries not on the list`;
      questions.push({
        kind: 'no-planned-calls',
        planned: planned.length,
        message:
          `None of the ${count(planned.length)} planned calls of week ${week} were made according to ` +
          `${o.fileName} (${which}). Is it the right file?`,
      });
    }
  }
  return questions;
}

/** Calls the file records to beneficiaries on the exclusion list, and calls beyond the week's budget, in words. */
export function outcomesWarnings(plan: PlanState, o: WeekOutcomes, budget: number): string[] {
  const warnings: string[] = [];
  const { ids } = plan.register;
  const excluded = new Set(plan.settings.exclude);
  const called: string[] = [];
  let calls = 0;
  for (let j = 0; j < o.arms.length; j++) {
    if (!o.called[j]) continue;
    calls++;
    if (excluded.size && excluded.has(idAt(ids, o.arms[j]))) called.push(idAt(ids, o.arms[j]));
  }
  if (called.length) {
    const shown = called
      .slice(0, 5)
      .map((id) => JSON.stringify(id))
      .join(', ');
    warnings.push(
      `${o.fileName} records ${count(called.length)} call${called.length === 1 ? '' : 's'} to beneficiaries on the ` +
        `exclusion list (${shown}${called.length > 5 ? ', ...' : ''}); they are recorded as made.`,
    );
  }
  if (calls > budget)
    warnings.push(
      `${o.fileName} records ${count(calls)} calls, more than the week's budget of ${count(budget)}; they are ` +
        `recorded as made.`,
    );
  return warnings;
}
