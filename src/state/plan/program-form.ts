// How the program runs, as the Plan screen's setup holds it (text fields, the holdout in percent, a
// capacities CSV as read) and as the plan core takes it (PlanSettings' holdout, workers, and the simple
// rules of the form's "program" section: deactivateAfter, explore): set once when a plan is created, as
// `allot plan` sets them with its flags, from the same defaults (PLAN_DEFAULTS). Every problem names its field.
import { parseCapacityCsv } from '../../core/datasets/capacity-csv.ts';
import { parseIdList } from '../../core/datasets/outcomes-csv.ts';
import { RANGES, rangeProblem } from '../../core/limits/setting-ranges.ts';
import { holdoutProblems, type HoldoutSetting } from '../../core/plan/holdout-plan.ts';
import { PLAN_DEFAULTS, type PlanSettings } from '../../core/plan/plan-settings.ts';
import type { WorkerSetting } from '../../core/plan/plan-workers.ts';
import { defaultRuleForm, formRules, type RuleFormValues } from '../../core/plan/rule-descriptors.ts';
import { formRuleValue, ruleSettings, type RuleValue } from '../../core/plan/rule-values.ts';

/** The form's fields; its simple rules' (deactivateAfter, explore, ...) from their rows (rule-descriptors.ts). */
export interface ProgramForm extends RuleFormValues<'program'> {
  /** The share held out, in percent (0: no holdout). */
  holdout: number | string;
  holdoutRule: 'random' | 'default' | 'given';
  /** With the rule "given": this week's calls by the program's present practice (ids), as read. */
  holdoutList: { fileName: string; text: string } | null;
  holdoutWeeks: number | string;
  /** The register's column naming each mother's worker (her "owner", as CommCare says) ('' for one central budget). */
  ownerColumn: string;
  /** Calls a week of every worker, unless a capacities file is given. */
  capacity: number | string;
  /** A capacities CSV (worker, capacity, optionally minimum) as read, with its name for messages. */
  capacityFile: { fileName: string; text: string } | null;
  minPerWorker: number | string;
}

/** The command line's defaults (core/plan/plan-settings.ts). */
export function defaultProgram(): ProgramForm {
  const d = PLAN_DEFAULTS;
  return {
    holdout: d.holdoutShare * 100,
    holdoutRule: d.holdoutRule,
    holdoutList: null,
    holdoutWeeks: d.holdoutWeeks,
    ownerColumn: '',
    capacity: '',
    capacityFile: null,
    minPerWorker: d.minPerWorker,
    ...defaultRuleForm('program'),
  };
}

/**
 * The columns that can name her worker: the carried ones (no feature, any number of workers: a national
 * program's 2,000), as `allot plan --worker-column` carries the column it names: her worker never changes her
 * estimates, so the same files give the same list in the app and the command line.
 */
export function ownerColumnChoices(carry: readonly string[]): { column: string; label: string }[] {
  return carry.map((c) => ({ column: c, label: `${c} (carried)` }));
}

export type ProgramResult = { ok: true; settings: Partial<PlanSettings> } | { ok: false; problems: string[] };

/** The last capacities file read: parsed when she picks it (PlanProgram), not again on her click. */
let lastCapacities: { file: { fileName: string; text: string }; parsed: ReturnType<typeof parseCapacityCsv> } | null =
  null;

/** A capacities file parsed (worker, capacity, optionally minimum), once per file she picks. */
export function capacitiesOf(file: { fileName: string; text: string }): ReturnType<typeof parseCapacityCsv> {
  const last = lastCapacities;
  if (last && last.file.text === file.text && last.file.fileName === file.fileName) return last.parsed;
  lastCapacities = { file: { ...file }, parsed: parseCapacityCsv(file.text, file.fileName) };
  return lastCapacities.parsed;
}

/** The program's settings from the form (`seed`: the plan's, which fixes the holdout's split), or every problem. */
export function programSettings(form: ProgramForm, seed: number, carry: readonly string[] = []): ProgramResult {
  const problems: string[] = [];
  const number = (
    value: number | string,
    name: string,
    range: (typeof RANGES)[keyof typeof RANGES],
    blank: number | undefined,
  ) => {
    const text = String(value ?? '').trim();
    if (text === '') return blank;
    const x = Number(text),
      problem = rangeProblem(name, x, range);
    if (problem) problems.push(problem);
    return x;
  };
  const share =
    (number(form.holdout, 'Holdout share (%)', { integer: false, min: 0, max: 100 * RANGES.holdoutShare.max }, 0) ??
      0) / 100;
  let holdout: HoldoutSetting | undefined;
  if (share > 0) {
    const weeks = number(form.holdoutWeeks, 'Holdout weeks', RANGES.holdoutWeeks, PLAN_DEFAULTS.holdoutWeeks)!;
    holdout = { share, rule: form.holdoutRule, seed, weeks };
    if (form.holdoutRule === 'given') {
      const file = form.holdoutList;
      if (!file) problems.push("Holdout: give this week's list of the program's calls (an id column, or an id a line)");
      else {
        try {
          holdout.list = { fileName: file.fileName, ids: parseIdList(file.text, file.fileName) };
        } catch (error) {
          problems.push(`Holdout: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    problems.push(...holdoutProblems(holdout).map((p) => `Holdout: ${p}`));
  }
  let workers: WorkerSetting | undefined;
  if (form.ownerColumn !== '') {
    if (!carry.includes(form.ownerColumn))
      problems.push(
        `Health workers: "${form.ownerColumn}" is not carried: set it to "Carry into the list" under Her columns ` +
          `(step 1); a worker column is no feature`,
      );
    const min = number(form.minPerWorker, 'Minimum per worker', RANGES.capacity, PLAN_DEFAULTS.minPerWorker)!;
    if (form.capacityFile) {
      const parsed = capacitiesOf(form.capacityFile);
      if (!parsed.ok) problems.push(...parsed.errors.map((e) => `Capacities: ${e}`));
      else {
        if (parsed.minimum && min > 0)
          problems.push(
            `Minimum per worker: ${form.capacityFile.fileName} has a minimum column; leave this at 0, or drop ` +
              `the column`,
          );
        const minimum = parsed.minimum ? Object.fromEntries(parsed.minimum) : min;
        workers = { column: form.ownerColumn, capacity: Object.fromEntries(parsed.capacity), minimum };
      }
    } else {
      const capacity = number(form.capacity, 'Capacity per worker', RANGES.capacity, undefined);
      if (capacity === undefined)
        problems.push(
          'Capacity per worker: give the calls a week of every worker, or a capacities file (worker, capacity)',
        );
      else workers = { column: form.ownerColumn, capacity, minimum: min };
    }
  }
  const values: Record<string, RuleValue | undefined> = {};
  for (const r of formRules('program'))
    values[r.setting] = formRuleValue(r, form[r.setting as keyof ProgramForm], problems);
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    settings: {
      ...(holdout && { holdout }),
      ...(workers && { workers }),
      ...(ruleSettings(formRules('program'), values) as Partial<PlanSettings>),
    },
  };
}
