// The Plan screen's session: a register being set up, or one open plan, with its current list, its
// weeks and a previewed outcomes file. The register lives in the plan worker (workers/plan/); the
// page holds summaries, the list (B lines) and the packed plan it saves. Nothing is saved until the
// user makes the list or confirms a preview; a week is applied in one transaction (storage).
import type { PlanSettings } from '../core/plan/plan-settings.ts';
import type { WeeklyList } from '../core/plan/weekly-list.ts';
import type { PlanListing, PlanPolicySource, PlanRecord } from '../storage/records.ts';
import type { Store } from '../storage/store.ts';
import { PlanClient, type Banding, type OutcomesPreview, type PlanView, type RegisterSource, type RegisterSummary } from '../workers/plan/plan-client.ts';
import type { WeekSummary } from '../core/plan/plan-summary.ts';
import { planListing } from '../storage/plan-week-check.ts';

export type { Banding, OutcomesPreview, PlanView, RegisterSource, RegisterSummary, WeekSummary };
export type { PlanListing, PlanRecord, PopulationRecord } from '../storage/records.ts';
import { newPlanId, planRecord, weekRecord } from './plan/plan-records.ts';

export class PlanSession {
  plans = $state.raw<PlanListing[]>([]);
  summary = $state.raw<RegisterSummary | null>(null);
  /** The open plan (its register packed), its current list and its weeks. */
  record = $state.raw<PlanRecord | null>(null);
  list = $state.raw<WeeklyList | null>(null);
  weeks = $state.raw<WeekSummary[] | null>(null);
  /** Ids and buckets of the list's lines. */
  lines = $state.raw<PlanView['lines'] | null>(null);
  preview = $state.raw<OutcomesPreview | null>(null);
  /** What went wrong, each naming where (file, row, column; the field), and which step it was about. */
  problems = $state.raw<string[]>([]);
  problemsOf = $state<'outcomes' | 'plan'>('plan');
  /** What is being done, in words, while the worker works. */
  busy = $state<string | null>(null);
  /** Milliseconds the last list took, seen from the page (worker, transfer and save). */
  lastListMs = $state<number | null>(null);

  constructor(private readonly store: () => Store, private readonly client = new PlanClient()) {}

  async refresh(): Promise<void> {
    this.plans = await this.store().listPlans();
  }

  loadRegister(source: RegisterSource): Promise<boolean> {
    this.record = this.list = this.weeks = this.preview = null;
    return this.work('Reading the register…', async () => void (this.summary = await this.client.loadRegister(source)));
  }

  band(group: string, banding: Banding): Promise<boolean> {
    return this.work('Banding…', async () => void (this.summary = await this.client.band(group, banding)));
  }

  /** Makes week 1's list and saves the new plan; returns its id (null on problems). */
  async create(name: string, policy: PlanPolicySource, settings: PlanSettings, now = Date.now()): Promise<string | null> {
    const id = newPlanId(now, Math.random);
    const ok = await this.work('Making this week’s list…', async () => {
      const view = await this.client.create(settings);
      const record = planRecord({ id, name, createdAt: now }, policy, view.packed, now);
      await this.store().savePlan(record, weekRecord(id, view.list, now));
      this.show(record, view);
    });
    return ok ? id : null;
  }

  open(id: string): Promise<boolean> {
    return this.work('Opening the plan…', async () => {
      const record = await this.store().getPlan(id);
      if (!record) throw new Error(`There is no saved plan "${id}".`);
      // The stored plan's arrays go to the worker; the record keeps the copy the worker sends back.
      const view = await this.client.open(record.plan);
      this.show({ ...record, plan: view.packed }, view);
    });
  }

  /** The current week's list under new rules or a new policy, saved in place of the old one. */
  replan(settings: PlanSettings, policy: PlanPolicySource, now = Date.now()): Promise<boolean> {
    const base = this.record;
    if (!base) return Promise.resolve(false);
    return this.work('Making this week’s list…', async () => {
      const view = await this.client.replan(settings);
      const record = planRecord(base, policy, view.packed, now);
      await this.store().savePlan(record, weekRecord(base.id, view.list, now));
      this.show(record, view);
    });
  }

  /** Checks a week's outcomes file (replace: against the last applied week, to replace its outcomes). */
  previewOutcomes(file: Blob, fileName: string, replace = false): Promise<boolean> {
    this.preview = null;
    return this.work('Checking the outcomes…', async () => {
      const result = await this.client.previewOutcomes(file, fileName, replace);
      if (!result.ok) throw new ProblemList(result.errors);
      this.preview = result.preview;
    }, 'outcomes');
  }

  /** Applies the previewed outcomes (replace: the user chose to replace the last applied week) and saves the next list. */
  confirmOutcomes(replace: boolean, now = Date.now()): Promise<boolean> {
    const base = this.record, preview = this.preview;
    if (!base || !preview) return Promise.resolve(false);
    return this.work('Applying the outcomes…', async () => {
      const result = await this.client.apply(replace);
      if (!result.ok) throw new ProblemList(result.errors);
      const { view } = result;
      const record = planRecord(base, base.policy, view.packed, now);
      try {
        await this.store().applyPlanWeek({ plan: record, week: preview.week, next: weekRecord(base.id, view.list, now), replace });
      } catch (error) {
        // Nothing was saved: the worker goes back to the stored plan, so that it is not a week ahead.
        const stored = await this.store().getPlan(base.id);
        if (stored) await this.client.open(stored.plan);
        throw error;
      }
      this.preview = null;
      this.show(record, view);
    }, 'outcomes');
  }

  discardOutcomes(): void {
    this.preview = null;
    this.problems = [];
    void this.client.discardOutcomes();
  }

  async remove(id: string): Promise<void> {
    await this.store().deletePlan(id);
    this.plans = this.plans.filter((p) => p.id !== id);
    if (this.record?.id === id) this.record = this.list = this.weeks = null;
  }

  private show(record: PlanRecord, view: PlanView): void {
    this.record = record;
    this.list = view.list;
    this.lines = view.lines;
    this.weeks = view.weeks;
    this.summary = view.summary;
    this.plans = [planListing(record), ...this.plans.filter((p) => p.id !== record.id)];
  }

  /** Runs a step; its problems (a ProblemList, or one error) are shown and nothing is kept. */
  private async work(what: string, step: () => Promise<void>, of: 'outcomes' | 'plan' = 'plan'): Promise<boolean> {
    this.busy = what;
    this.problems = [];
    this.problemsOf = of;
    const started = performance.now();
    try {
      await step();
      this.lastListMs = performance.now() - started;
      return true;
    } catch (error) {
      this.problems = error instanceof ProblemList ? error.problems : [error instanceof Error ? error.message : String(error)];
      return false;
    } finally {
      this.busy = null;
    }
  }
}

class ProblemList extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}
