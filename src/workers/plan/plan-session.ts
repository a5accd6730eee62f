// The plan worker's state and work, apart from the worker plumbing so that Node tests run it with the
// Node engine: a register being set up (read, banded), then one open plan (unpacked, ids as strings)
// whose lists, outcomes and weeks are computed here, never on the page. What goes back to the page is
// small (the list: B lines) or packed (the plan to store: packed-plan.ts).
import { parseOutcomesCsv } from '../../core/datasets/outcomes-csv.ts';
import { applyOutcomes, type WeekOutcomes } from '../../core/plan/apply-outcomes.ts';
import { packPlan, unpackPlan, type PackedPlan } from '../../core/plan/packed-plan.ts';
import type { PlanSettings } from '../../core/plan/plan-settings.ts';
import { createPlan, currentList, recordOf, type PlanState } from '../../core/plan/plan-state.ts';
import { currentWeek, type Register } from '../../core/plan/register.ts';
import type { IndexFunction, WeeklyList } from '../../core/plan/weekly-list.ts';
import { readRegister, type RegisterSource } from './register-source.ts';
import { reband, type Banding } from './reband.ts';
import { registerSummary, type RegisterSummary } from './register-summary.ts';
import { planSummary, type WeekSummary } from '../../core/plan/plan-summary.ts';
import { bucketOfArms } from '../../core/measures/bucket-of-arms.ts';

/** A bucket as a reader needs it: "Speaks Gujarati" says enough, "<= 30" needs its group ("age <= 30"). */
export function bucketText(group: string, bucket: string): string {
  return /^[\p{L}]/u.test(bucket) && !/^(no|yes|all)$/.test(bucket) ? bucket : `${group} ${bucket}`;
}

/** Ids and bucket labels of the listed arms (only B of them cross to the page). */
export function listLines(register: Register, arms: Int32Array): PlanView['lines'] {
  const { schema, features, numArms } = register;
  const buckets = schema.groups.map((g) => ({ g, of: bucketOfArms(features, numArms, schema.columns.length, g) }));
  return {
    ids: Array.from(arms, (arm) => register.ids[arm]),
    buckets: Array.from(arms, (arm) => buckets.map(({ g, of }) => bucketText(g.name, of[arm] >= 0 ? g.buckets[of[arm]] : '?')).join(' · ')),
  };
}

export interface PlanView {
  packed: PackedPlan;
  list: WeeklyList;
  /** Per line of the list: her id, and her bucket in every group ("Ages 51-60 · Income low"). */
  lines: { ids: string[]; buckets: string[] };
  summary: RegisterSummary;
  /** Week by week: calls planned and made, engagement after the week per group (plan-summary.ts). */
  weeks: WeekSummary[];
}

export interface OutcomesPreview {
  fileName: string;
  week: number;
  rows: number;
  called: number;
  calledAsPlanned: number;
  planned: number;
  engaged: number;
  /** The first rows as the file gives them (id, called, engaged). */
  head: { id: string; called: number; state: number }[];
  /** The file replaces the outcomes of `week`, already applied. */
  replaces: boolean;
}

export type PreviewResult = { ok: true; preview: OutcomesPreview } | { ok: false; errors: string[] };
export type ApplyResult = { ok: true; view: PlanView } | { ok: false; errors: string[] };

export class PlanSession {
  private draft: Register | null = null;
  private plan: PlanState | null = null;
  private outcomes: WeekOutcomes | null = null;

  constructor(private readonly whittle: () => Promise<IndexFunction>) {}

  async loadRegister(source: RegisterSource): Promise<RegisterSummary> {
    this.draft = await readRegister(source);
    return registerSummary(this.draft);
  }

  band(group: string, banding: Banding): RegisterSummary {
    const r = this.need(this.draft, 'no register is loaded');
    this.draft = { ...r, schema: reband(r.schema, r.features, r.numArms, group, banding) };
    return registerSummary(this.draft);
  }

  /** A new plan on the loaded register: week 1's list (the history's last week). Throws PlanError on bad settings. */
  async create(settings: PlanSettings): Promise<PlanView> {
    const register = this.need(this.draft, 'no register is loaded');
    const { plan, list } = createPlan(register, settings, await this.whittle());
    this.plan = plan;
    return this.view(list);
  }

  /** Opens a stored plan and makes its current list again (the same seed gives the same list). */
  async open(packed: PackedPlan): Promise<PlanView> {
    this.plan = unpackPlan(packed);
    this.outcomes = null;
    return this.view(currentList(this.plan, await this.whittle()));
  }

  /** The current week's list under new settings (reward, budget, rules); the register is unchanged. */
  async replan(settings: PlanSettings): Promise<PlanView> {
    const plan = this.need(this.plan, 'no plan is open');
    const next: PlanState = { ...plan, settings };
    const list = currentList(next, await this.whittle());
    this.plan = { ...next, weeks: [...plan.weeks.slice(0, -1), recordOf(list)] };
    return this.view(list);
  }

  /**
   * Reads and checks a week's outcomes file, against the current week's list, or with `replace`
   * against the last applied week's (whose outcomes it would replace); nothing changes until apply().
   */
  async previewOutcomes(file: Blob, fileName: string, replace = false): Promise<PreviewResult> {
    const plan = this.need(this.plan, 'no plan is open');
    const { register } = plan;
    const parsed = parseOutcomesCsv(await file.text(), register.ids, register.numStates, fileName);
    if (!parsed.ok) return parsed;
    const o = (this.outcomes = parsed.outcomes);
    const target = replace ? plan.weeks.filter((w) => w.outcomes !== null).at(-1) : plan.weeks[plan.weeks.length - 1];
    if (!target) return { ok: false, errors: ['No week is applied yet, so there is nothing to replace.'] };
    const week = target.week;
    const planned = new Uint8Array(register.numArms);
    for (const arm of target.planned) planned[arm] = 1;
    let called = 0, calledAsPlanned = 0, engaged = 0;
    for (let j = 0; j < o.arms.length; j++) {
      called += o.called[j];
      if (o.called[j] && planned[o.arms[j]]) calledAsPlanned++;
      if (o.state[j] === register.numStates - 1) engaged++;
    }
    const head = Array.from({ length: Math.min(5, o.arms.length) }, (_, j) => ({ id: register.ids[o.arms[j]], called: o.called[j], state: o.state[j] }));
    return { ok: true, preview: { fileName, week, rows: o.arms.length, called, calledAsPlanned, planned: target.planned.length, engaged, head, replaces: replace } };
  }

  /** Applies the previewed outcomes: the plan after them and the next list, or what is wrong. */
  async apply(replace: boolean): Promise<ApplyResult> {
    const plan = this.need(this.plan, 'no plan is open');
    const outcomes = this.need(this.outcomes, 'no outcomes file was previewed');
    const result = applyOutcomes(plan, outcomes, await this.whittle(), { replace });
    if (!result.ok) return result;
    this.plan = result.plan;
    this.outcomes = null;
    return { ok: true, view: this.view(result.list) };
  }

  /** Forgets the previewed outcomes. */
  discardOutcomes(): void {
    this.outcomes = null;
  }

  private view(list: WeeklyList): PlanView {
    const plan = this.plan!;
    return { packed: packPlan(plan), list, lines: listLines(plan.register, list.arms), summary: registerSummary(plan.register), weeks: planSummary(plan) };
  }

  private need<T>(value: T | null, message: string): T {
    if (value === null) throw new Error(message);
    return value;
  }
}
