// Who left and who joined with a week, as she uploads them beside the outcomes: the exits are a short
// id list read here (one id a line, or a CSV with an id column); the enrolments, a register-like file
// of new mothers, go to the plan worker whole (it reads them in the register's columns).
import { parseIdList } from '../../core/datasets/outcomes-csv.ts';
import type { WeekChanges } from '../../pipeline/plan/weekly-plan.ts';
import { ProblemList } from './plan-step.ts';

export interface WeekChangeFiles {
  exits?: File | null;
  enrol?: File | null;
  /** With a holdout by the program's present practice: its calls next week (ids). */
  practice?: File | null;
}

export async function weekChanges(files: WeekChangeFiles): Promise<WeekChanges> {
  const out: WeekChanges = {};
  if (files.exits) {
    try {
      out.exits = { ids: parseIdList(await files.exits.text(), files.exits.name), fileName: files.exits.name };
    } catch (error) {
      throw new ProblemList([error instanceof Error ? error.message : String(error)]);
    }
  }
  if (files.practice) {
    try {
      out.practice = {
        ids: parseIdList(await files.practice.text(), files.practice.name),
        fileName: files.practice.name,
      };
    } catch (error) {
      throw new ProblemList([error instanceof Error ? error.message : String(error)]);
    }
  }
  if (files.enrol) out.enrol = { file: files.enrol, fileName: files.enrol.name };
  return out;
}
