// The fallback when IndexedDB is unusable: the same API over Maps for this tab only. Records are
// cloned on the way in and out, as IndexedDB does, so callers cannot alias stored data.
import { assertNoSecret, NO_SECRETS, type SecretSource } from './guard.ts';
import {
  appliedWeekParts,
  currentWeekParts,
  planFromParts,
  planParts,
  sortedListings,
  type PlanHeadRecord,
  type PlanRegisterRecord,
  type PlanWeekRecord,
} from '../core/plan/plan-parts.ts';
import {
  checkCurrentWeek,
  checkListMayChange,
  checkNewPlanId,
  checkPlanWeek,
  type PlanListing,
  type PlanRecord,
  type PlanWeekUpdate,
} from '../core/plan/plan-record.ts';
import type { CandidateRecord, PopulationRecord, ResultRecord, RunRecord } from './records.ts';
import type { Store } from './store.ts';

export class MemoryStore implements Store {
  readonly kind = 'memory';
  private readonly populations = new Map<string, PopulationRecord>();
  private readonly runs = new Map<string, RunRecord>();
  private readonly candidates = new Map<string, CandidateRecord>();
  private readonly results = new Map<string, ResultRecord>();
  private readonly settings = new Map<string, unknown>();
  /** A plan as IndexedDB keeps it (core/plan/plan-parts.ts): its head, its register, its weeks by week. */
  private readonly heads = new Map<string, PlanHeadRecord>();
  private readonly registers = new Map<string, PlanRegisterRecord>();
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
    return [...this.candidates.values()]
      .filter((c) => c.runId === runId)
      .sort((a, b) => a.index - b.index)
      .map((c) => structuredClone(c));
  }

  async putResult(record: ResultRecord) {
    this.results.set(record.runId, this.checked('results', record));
  }
  async getResult(runId: string) {
    return cloneOrUndefined(this.results.get(runId));
  }

  async createPlan(plan: PlanRecord, { replace = false }: { replace?: boolean } = {}) {
    checkNewPlanId(this.heads.get(plan.id), plan.id, replace);
    // Every check and clone first, then the writes: nothing is half-saved.
    const parts = planParts(plan);
    const [h, r, weeks] = [
      this.checked('plans', parts.head),
      this.checked('plan-registers', parts.register),
      parts.weeks.map((w) => this.checked('plan-weeks', w)),
    ];
    this.heads.set(h.id, h);
    this.registers.set(h.id, r);
    this.planWeeks.set(h.id, new Map(weeks.map((w) => [w.week, w])));
  }
  async saveCurrentWeek(plan: PlanRecord) {
    checkCurrentWeek(plan);
    const parts = currentWeekParts(plan);
    checkListMayChange(this.heads.get(plan.id), plan.id, parts.weeks[0].week);
    this.write(parts.head, parts.weeks);
  }
  async getPlan(id: string) {
    const { head, register, weeks } = await this.planRecords(id);
    return head === undefined ? undefined : planFromParts(id, head, register, weeks);
  }
  async listPlans(): Promise<PlanListing[]> {
    return sortedListings([...this.heads.values()].map((h) => structuredClone(h)));
  }
  async planRecords(id: string) {
    const weeks = [...(this.planWeeks.get(id)?.values() ?? [])].sort((a, b) => a.week - b.week);
    return {
      head: cloneOrUndefined(this.heads.get(id)),
      register: cloneOrUndefined(this.registers.get(id)),
      weeks: weeks.map((w) => structuredClone(w)),
    };
  }
  async applyPlanWeek(update: PlanWeekUpdate) {
    checkPlanWeek(this.heads.get(update.plan.id), update.plan.id, update.week, update.replace);
    const parts = appliedWeekParts(update);
    this.write(parts.head, parts.weeks);
  }
  async deletePlan(id: string) {
    this.heads.delete(id);
    this.registers.delete(id);
    this.planWeeks.delete(id);
  }

  async getSetting<T>(key: string) {
    return cloneOrUndefined(this.settings.get(key) as T | undefined);
  }
  async putSetting(key: string, value: unknown) {
    this.settings.set(key, this.checked('settings', { key, value }).value);
  }

  close() {}

  /** A plan's head and week records, checked and cloned first, then written: nothing is half-saved. */
  private write(head: PlanHeadRecord, weeks: PlanWeekRecord[]): void {
    const [h, ws] = [this.checked('plans', head), weeks.map((w) => this.checked('plan-weeks', w))];
    this.heads.set(h.id, h);
    let stored = this.planWeeks.get(h.id);
    if (!stored) this.planWeeks.set(h.id, (stored = new Map()));
    for (const w of ws) stored.set(w.week, w);
  }

  private checked<T>(store: string, record: T): T {
    assertNoSecret(store, record, this.secrets());
    return structuredClone(record);
  }
}

function cloneOrUndefined<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : structuredClone(value);
}
