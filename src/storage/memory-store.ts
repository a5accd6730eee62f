// The fallback when IndexedDB is unusable: the same API over Maps for this tab only. Records are
// cloned on the way in and out, as IndexedDB does, so callers cannot alias stored data.
import { assertNoSecret, NO_SECRETS, type SecretSource } from './guard.ts';
import { checkCurrentWeek, checkNotApplied, checkPlanWeek, planListing, type PlanListing, type PlanRecord, type PlanWeekRecord, type PlanWeekUpdate } from '../core/plan/plan-record.ts';
import type { CandidateRecord, PopulationRecord, ResultRecord, RunRecord } from './records.ts';
import type { Store } from './store.ts';

export class MemoryStore implements Store {
  readonly kind = 'memory';
  private readonly populations = new Map<string, PopulationRecord>();
  private readonly runs = new Map<string, RunRecord>();
  private readonly candidates = new Map<string, CandidateRecord>();
  private readonly results = new Map<string, ResultRecord>();
  private readonly settings = new Map<string, unknown>();
  private readonly plans = new Map<string, PlanRecord>();
  /** Weeks by plan id, then week. */
  private readonly planWeeks = new Map<string, Map<number, PlanWeekRecord>>();

  /** `secrets`: the keys to refuse verbatim (the key store's). */
  constructor(private readonly secrets: SecretSource = NO_SECRETS) {}

  async putPopulation(record: PopulationRecord) {
    this.populations.set(record.id, this.checked('populations', record));
  }
  async getPopulation(id: string) {
    return cloneOrUndefined(this.populations.get(id));
  }
  async listPopulations() {
    return [...this.populations.values()].sort((a, b) => b.createdAt - a.createdAt).map((r) => structuredClone(r));
  }
  async deletePopulation(id: string) {
    this.populations.delete(id);
  }

  async putRun(record: RunRecord) {
    this.runs.set(record.id, this.checked('runs', record));
  }
  async getRun(id: string) {
    return cloneOrUndefined(this.runs.get(id));
  }
  async listRuns() {
    return [...this.runs.values()].sort((a, b) => b.updatedAt - a.updatedAt).map((r) => structuredClone(r));
  }
  async deleteRun(id: string) {
    this.runs.delete(id);
    this.results.delete(id);
    for (const [key, c] of this.candidates) if (c.runId === id) this.candidates.delete(key);
  }

  async putCandidate(record: CandidateRecord) {
    this.candidates.set(JSON.stringify([record.runId, record.index]), this.checked('candidates', record));
  }
  async listCandidates(runId: string) {
    return [...this.candidates.values()].filter((c) => c.runId === runId).sort((a, b) => a.index - b.index).map((c) => structuredClone(c));
  }

  async putResult(record: ResultRecord) {
    this.results.set(record.runId, this.checked('results', record));
  }
  async getResult(runId: string) {
    return cloneOrUndefined(this.results.get(runId));
  }

  async savePlan(plan: PlanRecord, current: PlanWeekRecord) {
    checkCurrentWeek(plan, current);
    checkNotApplied(this.listing(plan.id), current.week);
    // Every check and clone first, then the writes: nothing is half-saved.
    const [p, w] = [this.checked('plans', plan), this.checked('plan-weeks', current)];
    this.plans.set(p.id, p);
    this.weeksOf(p.id).set(w.week, w);
  }
  async getPlan(id: string) {
    return cloneOrUndefined(this.plans.get(id));
  }
  async listPlans(): Promise<PlanListing[]> {
    return [...this.plans.values()].sort((a, b) => b.updatedAt - a.updatedAt).map((p) => structuredClone(planListing(p)));
  }
  async listPlanWeeks(planId: string) {
    return [...(this.planWeeks.get(planId)?.values() ?? [])].sort((a, b) => a.week - b.week).map((w) => structuredClone(w));
  }
  async applyPlanWeek({ plan, week, next, replace }: PlanWeekUpdate) {
    checkPlanWeek(this.listing(plan.id), plan.id, week, replace);
    const [p, n] = [this.checked('plans', plan), this.checked('plan-weeks', next)];
    this.plans.set(p.id, p);
    this.weeksOf(p.id).set(n.week, n);
  }
  async deletePlan(id: string) {
    this.plans.delete(id);
    this.planWeeks.delete(id);
  }

  async getSetting<T>(key: string) {
    return cloneOrUndefined(this.settings.get(key) as T | undefined);
  }
  async putSetting(key: string, value: unknown) {
    this.settings.set(key, this.checked('settings', { key, value }).value);
  }

  close() {}

  private listing(id: string): PlanListing | undefined {
    const plan = this.plans.get(id);
    return plan && planListing(plan);
  }

  private weeksOf(planId: string): Map<number, PlanWeekRecord> {
    let weeks = this.planWeeks.get(planId);
    if (!weeks) this.planWeeks.set(planId, (weeks = new Map()));
    return weeks;
  }

  private checked<T>(store: string, record: T): T {
    assertNoSecret(store, record, this.secrets());
    return structuredClone(record);
  }
}

function cloneOrUndefined<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : structuredClone(value);
}
