// The IndexedDB-backed store (through idb).
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { asStorageError } from './errors.ts';
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
import type { AllotDb } from './schema.ts';
import type { Store } from './store.ts';

export class IdbStore implements Store {
  readonly kind = 'indexeddb';

  constructor(
    private readonly db: IDBPDatabase<AllotDb>,
    /** The keys to refuse verbatim (the key store's). */
    private readonly secrets: SecretSource = NO_SECRETS,
  ) {}

  async putPopulation(record: PopulationRecord) {
    // A population may hold 100,000 arms: the key check and the write (a structured clone of the
    // record) run in separate tasks, so that neither blocks the page for long.
    assertNoSecret('populations', record, this.secrets());
    await new Promise((resolve) => setTimeout(resolve, 0));
    await this.write('populations', record);
  }
  getPopulation(id: string) {
    return this.db.get('populations', id);
  }
  async listPopulations() {
    return (await this.db.getAllFromIndex('populations', 'by-created')).reverse();
  }
  deletePopulation(id: string) {
    return this.db.delete('populations', id);
  }

  putRun(record: RunRecord) {
    return this.put('runs', record);
  }
  getRun(id: string) {
    return this.db.get('runs', id);
  }
  async listRuns() {
    return (await this.db.getAllFromIndex('runs', 'by-updated')).reverse();
  }
  async deleteRun(id: string) {
    const tx = this.db.transaction(['runs', 'candidates', 'results'], 'readwrite');
    const keys = await tx.objectStore('candidates').index('by-run').getAllKeys(id);
    await Promise.all([
      tx.objectStore('runs').delete(id),
      tx.objectStore('results').delete(id),
      ...keys.map((key) => tx.objectStore('candidates').delete(key)),
    ]);
    await tx.done;
  }

  putCandidate(record: CandidateRecord) {
    return this.put('candidates', record);
  }
  listCandidates(runId: string) {
    // Keys are [runId, index], so the index returns them in pool order.
    return this.db.getAllFromIndex('candidates', 'by-run', runId);
  }

  async putResult(record: ResultRecord) {
    assertNoSecret('results', record, this.secrets());
    try {
      const tx = this.db.transaction('results', 'readwrite', { durability: 'strict' });
      await Promise.all([tx.store.put(record), tx.done]);
    } catch (error) {
      throw asStorageError(error);
    }
  }
  getResult(runId: string) {
    return this.db.get('results', runId);
  }

  async createPlan(plan: PlanRecord, { replace = false }: { replace?: boolean } = {}) {
    const parts = planParts(plan);
    await this.guard(parts.head, parts.register, parts.weeks);
    await this.atomically(async (tx) => {
      const existing = await tx.objectStore('plans').get(plan.id);
      checkNewPlanId(existing, plan.id, replace);
      if (existing) await deleteWeeks(tx, plan.id);
      await Promise.all([
        head(tx, parts.head),
        observed(tx.objectStore('plan-registers').put(parts.register)),
        ...parts.weeks.map((w) => week(tx, w)),
      ]);
    });
  }
  async saveCurrentWeek(plan: PlanRecord) {
    checkCurrentWeek(plan);
    const parts = currentWeekParts(plan);
    await this.guard(parts.head, null, parts.weeks);
    await this.atomically(async (tx) => {
      const stored = await tx.objectStore('plans').get(plan.id);
      checkListMayChange(stored, plan.id, parts.weeks[0].week);
      await Promise.all([head(tx, parts.head), ...parts.weeks.map((w) => week(tx, w))]);
    });
  }
  async getPlan(id: string): Promise<PlanRecord | undefined> {
    const tx = this.db.transaction(['plans', 'plan-registers', 'plan-weeks']);
    const [stored, register, weeks] = await Promise.all([
      tx.objectStore('plans').get(id),
      tx.objectStore('plan-registers').get(id),
      tx.objectStore('plan-weeks').index('by-plan').getAll(id),
    ]);
    if (!stored) return undefined;
    return planFromParts(id, stored, register, weeks);
  }
  async listPlans(): Promise<PlanListing[]> {
    // Sorted here rather than through the index, which leaves out a damaged record without a time.
    return sortedListings(await this.db.getAll('plans'));
  }
  /** A saved plan's records as they are (for exporting what a damaged plan still holds). */
  async planRecords(id: string): Promise<{ head: unknown; register: unknown; weeks: unknown[] }> {
    const tx = this.db.transaction(['plans', 'plan-registers', 'plan-weeks']);
    const [head, register, weeks] = await Promise.all([
      tx.objectStore('plans').get(id),
      tx.objectStore('plan-registers').get(id),
      tx.objectStore('plan-weeks').index('by-plan').getAll(id),
    ]);
    return { head, register, weeks };
  }
  async applyPlanWeek(update: PlanWeekUpdate) {
    const parts = appliedWeekParts(update);
    await this.guard(parts.head, null, parts.weeks);
    await this.atomically(async (tx) => {
      checkPlanWeek(await tx.objectStore('plans').get(update.plan.id), update.plan.id, update.week, update.replace);
      await Promise.all([head(tx, parts.head), ...parts.weeks.map((w) => week(tx, w))]);
    });
  }
  async deletePlan(id: string) {
    const tx = this.db.transaction(['plans', 'plan-registers', 'plan-weeks'], 'readwrite');
    await Promise.all([
      tx.objectStore('plans').delete(id),
      tx.objectStore('plan-registers').delete(id),
      deleteWeeks(tx, id),
      tx.done,
    ]);
  }

  async getSetting<T>(key: string) {
    return (await this.db.get('settings', key))?.value as T | undefined;
  }
  putSetting(key: string, value: unknown) {
    return this.put('settings', { key, value });
  }

  close() {
    this.db.close();
  }

  /**
   * Runs `writes` in one strict read-write transaction over the plan stores: any failure (a refused
   * check, a value the browser cannot store, a full disk) aborts it, so nothing is half-written.
   */
  private async atomically(writes: (tx: PlanTransaction) => Promise<void>): Promise<void> {
    const tx = this.db.transaction(['plans', 'plan-registers', 'plan-weeks'], 'readwrite', { durability: 'strict' });
    const done = tx.done;
    done.catch(() => {}); // observed below, or aborted on purpose
    try {
      await writes(tx);
      await done;
    } catch (error) {
      try {
        tx.abort();
      } catch {
        // already finished or aborted by the failure itself
      }
      throw asStorageError(error);
    }
  }

  /** The key check of what a plan writes, in a task of its own: a register may hold a million ids. */
  private async guard(
    head: PlanHeadRecord,
    register: PlanRegisterRecord | null,
    weeks: PlanWeekRecord[],
  ): Promise<void> {
    const secrets = this.secrets();
    assertNoSecret('plans', head, secrets);
    if (register) assertNoSecret('plan-registers', register, secrets);
    for (const w of weeks) assertNoSecret('plan-weeks', w, secrets);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  private async put<Name extends 'populations' | 'runs' | 'candidates' | 'settings'>(
    name: Name,
    record: AllotDb[Name]['value'],
  ): Promise<void> {
    assertNoSecret(name, record, this.secrets());
    await this.write(name, record);
  }

  private async write<Name extends 'populations' | 'runs' | 'candidates' | 'settings'>(
    name: Name,
    record: AllotDb[Name]['value'],
  ): Promise<void> {
    try {
      await this.db.put(name, record);
    } catch (error) {
      throw asStorageError(error);
    }
  }
}

type PlanTransaction = IDBPTransaction<AllotDb, ['plans', 'plan-registers', 'plan-weeks'], 'readwrite'>;

const head = (tx: PlanTransaction, record: PlanHeadRecord) => observed(tx.objectStore('plans').put(record));
const week = (tx: PlanTransaction, record: PlanWeekRecord) => observed(tx.objectStore('plan-weeks').put(record));

async function deleteWeeks(tx: PlanTransaction, planId: string): Promise<void> {
  const weeks = tx.objectStore('plan-weeks');
  await Promise.all((await weeks.index('by-plan').getAllKeys(planId)).map((key) => weeks.delete(key)));
}

/**
 * A request whose rejection is also seen by the transaction: marked handled, so that a write refused after it doesn't
 * leave it unobserved.
 */
function observed<T>(request: Promise<T>): Promise<T> {
  request.catch(() => {});
  return request;
}
