// Week after week: the week's outcomes (id, called, engaged) move each beneficiary to her new state,
// extend her history (and so her posterior) and give the next week's list. Pure and all-or-nothing:
// the result is a new PlanState, or the list of what is wrong; the plan given is never changed.
//
// A week is applied once. A file whose week column names a week already applied is refused unless
// `replace` is set: then the last applied week is taken back (its outcomes and the list that followed)
// and these outcomes take its place. Only the last week can be replaced, since every later week was
// planned from it. A file equal by its rows to a week already applied, or in which none of the
// planned calls were made, is applied only when `confirmed` (outcomes-questions.ts asks).
import type { TransitionPosterior } from './estimate-transitions.ts';
import type { PlanState, WeekRecord } from './plan-state.ts';
import { outcomesQuestions } from './outcomes-questions.ts';
import { planPosterior, recordOf } from './plan-state.ts';
import { toPlane, zeroPlane } from './bit-plane.ts';
import { currentWeek, MISSING, type History, type Register } from './register.ts';
import { appendIds } from './packed-ids.ts';
import { enrol, type Enrolment } from './register-changes.ts';
import { buildWeeklyList, PlanError, type IndexFunction, type WeeklyList } from './weekly-list.ts';

/** A parsed outcomes file (src/core/datasets/outcomes-csv.ts), columnar: entry j is row j. */
export interface WeekOutcomes {
  fileName: string;
  contentHash: string;
  /** The file's week column when it has one (must equal the plan's current week). */
  week: number | null;
  /**
   * Arm index of each row (ids resolved against the register); an arm appears at most once, and one
   * without a row was not called and her state after the week is unobserved.
   */
  arms: Int32Array;
  called: Uint8Array;
  /** The state after the week: 0/1 (`engaged`) or 0..S-1 (`state`), MISSING when unobserved (blank). */
  state: Uint8Array;
  /** File line of each row, for errors. */
  lines: Int32Array;
  /** What the reader assumed, in words (the preview shows them). */
  notes?: string[];
}

export interface ApplyOptions {
  /** Replace the last applied week with these outcomes (re-plans the week after it). */
  replace?: boolean;
  /**
   * Estimates the register after the week for the next list (default planPosterior). The plan worker
   * passes its list maker's, which keeps the estimate for the next list's posterior draws, so that a
   * week's outcomes are estimated once (one estimate of 10^6 beneficiaries is over a second).
   */
  posterior?: (register: Register, priorGroup: string | null) => TransitionPosterior | null;
  /** The user answered yes to the file's questions (outcomesQuestions): apply it anyway. */
  confirmed?: boolean;
  /**
   * Mothers who join with the week (enrol-table.ts): appended after its outcomes, their state now the
   * current one, their earlier weeks unobserved (the prior); `carry`: their carried values per column.
   */
  enrolment?: { enrolment: Enrolment; carry: string[][] };
}

export type ApplyResult = { ok: true; plan: PlanState; list: WeeklyList } | { ok: false; errors: string[] };

/** Applies the current week's outcomes and makes the next list; refuses a week already applied unless replace. */
export function applyOutcomes(
  plan: PlanState,
  outcomes: WeekOutcomes,
  whittle: IndexFunction,
  options: ApplyOptions = {},
): ApplyResult {
  let base = plan;
  if (options.replace) {
    const rolled = withoutLastWeek(plan);
    if (!rolled.ok) return rolled;
    base = rolled.plan;
  }
  const { register } = base;
  const week = currentWeek(register.history);
  const errors: string[] = [];
  const wrongWeek = weekProblem(outcomes, week);
  if (wrongWeek) errors.push(wrongWeek);
  if (!options.confirmed && errors.length === 0) {
    errors.push(
      ...outcomesQuestions(base, outcomes, week, base.weeks[base.weeks.length - 1].planned).map((q) => q.message),
    );
  }
  const N = register.numArms;
  for (let j = 0; j < outcomes.state.length; j++) {
    if (outcomes.state[j] >= register.numStates && outcomes.state[j] !== MISSING) {
      errors.push(
        `${outcomes.fileName}, line ${outcomes.lines[j]}: state ${outcomes.state[j]} is out of range (states are ` +
          `0..${register.numStates - 1})`,
      );
      break;
    }
  }
  if (errors.length) return { ok: false, errors };

  // Without a row: not called, and her state after the week unobserved (she is planned from her last observed).
  const state = new Uint8Array(N).fill(MISSING),
    called = new Uint8Array(N);
  for (let j = 0; j < outcomes.arms.length; j++) {
    state[outcomes.arms[j]] = outcomes.state[j];
    called[outcomes.arms[j]] = outcomes.called[j];
  }
  const { states, called: calls } = register.history;
  const history: History = {
    firstWeek: register.history.firstWeek,
    states: [...states, state],
    called: [...calls.slice(0, -1), toPlane(called), zeroPlane(N)],
  };
  let next: Register = { ...register, history };
  let joined = 0;
  if (options.enrolment) {
    const grown = enrol(next, options.enrolment.enrolment);
    if (!grown.ok) return grown;
    const carry = next.carry?.map((k, c) => ({
      ...k,
      values: appendIds(k.values, options.enrolment!.carry[c]),
    }));
    next = { ...grown.register, ...(carry && { carry }) };
    joined = grown.joined;
  }
  const last = base.weeks[base.weeks.length - 1];
  const planned = new Uint8Array(N);
  for (const arm of last.planned) planned[arm] = 1;
  let made = 0,
    asPlanned = 0,
    engaged = 0,
    observed = 0;
  for (let arm = 0; arm < N; arm++) {
    made += called[arm];
    asPlanned += called[arm] & planned[arm];
    engaged += state[arm] === register.numStates - 1 ? 1 : 0;
    observed += state[arm] === MISSING ? 0 : 1;
  }
  const counts = {
    called: made,
    calledAsPlanned: asPlanned,
    engaged,
    ...(observed < N && { observed }),
    ...(joined && { joined }),
  };
  const done: WeekRecord = {
    ...last,
    outcomes: { fileName: outcomes.fileName, contentHash: outcomes.contentHash, ...counts },
  };
  let list: WeeklyList;
  try {
    list = buildWeeklyList(next, base.settings, week + 1, {
      whittle,
      posterior: (options.posterior ?? planPosterior)(next, base.settings.priorGroup),
    });
  } catch (error) {
    if (error instanceof PlanError) return { ok: false, errors: error.errors };
    throw error;
  }
  return {
    ok: true,
    plan: { ...base, register: next, weeks: [...base.weeks.slice(0, -1), done, recordOf(list)] },
    list,
  };
}

/** Why a file whose week column names `outcomes.week` cannot be the outcomes of `week`, or null. */
export function weekProblem(outcomes: Pick<WeekOutcomes, 'week' | 'fileName'>, week: number): string | null {
  if (outcomes.week === null || outcomes.week === week) return null;
  return outcomes.week < week
    ? `${outcomes.fileName} holds week ${outcomes.week}, which is already applied (the plan is at week ` +
        `${week})${
          outcomes.week === week - 1
            ? '; to replace it, apply it with replace (--replace)'
            : '; only the last applied week can be replaced'
        }`
    : `${outcomes.fileName} holds week ${outcomes.week}, but the plan is at week ${week}: apply week ` +
        `${week}${outcomes.week > week + 1 ? ` to ${outcomes.week - 1}` : ''} first`;
}

/** The plan as it was before its last applied week's outcomes (for replace). */
export function withoutLastWeek(plan: PlanState): { ok: true; plan: PlanState } | { ok: false; errors: string[] } {
  const n = plan.weeks.length;
  if (n < 2 || plan.weeks[n - 2].outcomes === null)
    return {
      ok: false,
      errors: ['no week has been applied yet: there is nothing to replace (apply the outcomes without replace)'],
    };
  const { register } = plan;
  const { states, called } = register.history;
  const N = register.numArms;
  const history: History = {
    firstWeek: register.history.firstWeek,
    states: states.slice(0, -1),
    called: [...called.slice(0, -2), zeroPlane(N)],
  };
  const weeks = [...plan.weeks.slice(0, -2), { ...plan.weeks[n - 2], outcomes: null }];
  return { ok: true, plan: { ...plan, register: { ...register, history }, weeks } };
}
