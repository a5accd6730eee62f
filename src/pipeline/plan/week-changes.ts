// Who left and who joined with a week, read and checked with its outcomes, before anything changes:
// the exits against the register's ids (an unknown id is refused), the enrolments (a CSV or a
// workbook) in the register's columns (core/plan/enrol-table.ts). The outcomes file may hold rows of
// the mothers who join: they are known ids then, and their state now is the enrolment's.
import type { WeekOutcomes } from '../../core/plan/apply-outcomes.ts';
import { enrolmentFromTable } from '../../core/plan/enrol-table.ts';
import type { PlanState } from '../../core/plan/plan-state.ts';
import { exitArms, type Enrolment } from '../../core/plan/register-changes.ts';
import { flagIds } from '../../core/plan/id-flags.ts';
import { appendIds, idAt, type PackedIds } from '../../core/plan/packed-ids.ts';
import { readTable } from '../files/read-table.ts';

/** What changed in the register with a week: ids who left (an id list as read), and mothers who joined (a file). */
export interface WeekChanges {
  exits?: { ids: string[]; fileName: string };
  enrol?: { file: Blob; fileName: string };
  /** With a holdout by the program's present practice: its calls for the next week (ids). */
  practice?: { fileName: string; ids: string[] };
}

/** The changes read: who has left after the week (per arm, and how many now), the enrolment. */
export interface ReadChanges {
  left: { ids: string[]; count: number } | null;
  enrolment: { enrolment: Enrolment; carry: string[][] } | null;
  practice: { fileName: string; ids: string[] } | null;
  notes: string[];
}

/** Who has left the plan's program so far (settings.left), per arm (a copy of the list's flags). */
export function leftOf(plan: PlanState): Uint8Array {
  return flagIds(plan.register.ids, plan.settings.left ?? []).flags.slice();
}

export async function readWeekChanges(
  plan: PlanState,
  changes: WeekChanges,
  replace: boolean,
): Promise<{ ok: true; read: ReadChanges } | { ok: false; errors: string[] }> {
  const { exits, enrol, practice } = changes;
  if (replace && (exits || enrol))
    return {
      ok: false,
      errors: ['mothers who left or joined come with a new week, not with the outcomes that replace an applied one'],
    };
  const read: ReadChanges = { left: null, enrolment: null, practice: practice ?? null, notes: [] };
  const given = plan.settings.holdout?.rule === 'given';
  if (practice && !given)
    return {
      ok: false,
      errors: [`${practice.fileName}: this plan's holdout does not follow a list of the program's calls`],
    };
  if (given && !practice && !replace) {
    const need = "this plan's holdout follows the program's present practice: give next week's list of its calls";
    return { ok: false, errors: [`${need} (an id column, or an id a line; allot plan: --holdout-rule FILE.csv)`] };
  }
  if (practice)
    read.notes.push(`the holdout's calls next week: the program's ${practice.ids.length} in ${practice.fileName}`);
  if (exits) {
    const gone = exitArms(plan.register.ids, leftOf(plan), exits.ids);
    if (gone.unknown.length) {
      const shown = gone.unknown
        .slice(0, 5)
        .map((x) => `"${x}"`)
        .join(', ');
      return { ok: false, errors: [`${exits.fileName}: ${gone.unknown.length} id(s) not in the register: ${shown}`] };
    }
    if (gone.count) {
      const ids: string[] = [];
      for (let arm = 0; arm < gone.left.length; arm++) if (gone.left[arm]) ids.push(idAt(plan.register.ids, arm));
      read.left = { ids, count: gone.count };
    }
    read.notes.push(
      `${gone.count} mother${gone.count === 1 ? '' : 's'} leave${gone.count === 1 ? 's' : ''} the program ` +
        `(${exits.fileName})${gone.already.length ? `; ${gone.already.length} had left before` : ''}`,
    );
  }
  if (enrol) {
    let table;
    try {
      table = (await readTable(enrol.file, enrol.fileName)).table;
    } catch (error) {
      return { ok: false, errors: [(error as Error).message] };
    }
    const result = enrolmentFromTable(table, plan.register, enrol.fileName);
    if (!result.ok) return result;
    read.enrolment = { enrolment: result.enrolment, carry: result.carry };
    const n = result.enrolment.ids.length;
    read.notes.push(`${n} mother${n === 1 ? ' joins' : 's join'} the program (${enrol.fileName}), from the prior`);
  }
  return { ok: true, read };
}

/** The ids an outcomes file may name: the register's, and the mothers who join with the week. */
export function outcomesIds(plan: PlanState, read: ReadChanges | null): PackedIds {
  const joining = read?.enrolment?.enrolment.ids;
  return joining?.length
    ? appendIds(
        plan.register.ids,
        joining.map((id) => id.trim()),
      )
    : plan.register.ids;
}

/** The outcomes of the register's mothers: rows of those who join are dropped (their state now is the enrolment's). */
export function registerOutcomes(outcomes: WeekOutcomes, numArms: number): WeekOutcomes {
  let kept = 0;
  for (let j = 0; j < outcomes.arms.length; j++) if (outcomes.arms[j] < numArms) kept++;
  if (kept === outcomes.arms.length) return outcomes;
  const pick = <T extends Int32Array | Uint8Array>(a: T): T => a.filter((_, j) => outcomes.arms[j] < numArms) as T;
  const dropped = outcomes.arms.length - kept;
  const notes = [
    ...(outcomes.notes ?? []),
    `${dropped} row${dropped === 1 ? ' is of a mother' : 's are of mothers'} who join with the week: her state now ` +
      `is the enrolment's`,
  ];
  return {
    ...outcomes,
    arms: pick(outcomes.arms),
    called: pick(outcomes.called),
    state: pick(outcomes.state),
    lines: pick(outcomes.lines),
    notes,
  };
}
