// The IndexedDB-backed store (through idb).
import type { IDBPDatabase, IDBPTransaction } from 'idb';
import { asStorageError } from './errors.ts';
import { assertNoSecret, NO_SECRETS, type SecretSource } from './guard.ts';
import { checkCurrentWeek, checkNotApplied, checkPlanWeek, planListing, type PlanListing, type PlanRecord, type PlanWeekRecord, type PlanWeekUpdate } from '../core/plan/plan-record.ts';
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
    await Promise.all([tx.objectStore('runs').delete(id), tx.objectStore('results').delete(id), ...keys.map((key) => tx.objectStore('candidates').delete(key))]);
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

  async savePlan(plan: PlanRecord, current: PlanWeekRecord) {
    checkCurrentWeek(plan, current);
    await this.guardPlan(plan, [current]);
    await this.atomically(async (tx) => {
      checkNotApplied(await tx.objectStore('plans').get(plan.id), current.week);
      await Promise.all([...putPlan(tx, plan), observed(tx.objectStore('plan-weeks').put(current))]);
    });
  }
  async getPlan(id: string): Promise<PlanRecord | undefined> {
    const tx = this.db.transaction(['plans', 'plan-states']);
    const [listing, state] = await Promise.all([tx.objectStore('plans').get(id), tx.objectStore('plan-states').get(id)]);
    if (!listing || !state) return undefined;
    const { id: planId, name, createdAt, updatedAt, policy } = listing;
    return { id: planId, name, createdAt, updatedAt, policy, plan: state.plan };
  }
  async listPlans(): Promise<PlanListing[]> {
    return (await this.db.getAllFromIndex('plans', 'by-updated')).reverse();
  }
  listPlanWeeks(planId: string) {
    // Keys are [planId, week], so the index returns them in week order.
    return this.db.getAllFromIndex('plan-weeks', 'by-plan', planId);
  }
  async applyPlanWeek({ plan, week, next, replace }: PlanWeekUpdate) {
    await this.guardPlan(plan, [next]);
    await this.atomically(async (tx) => {
      checkPlanWeek(await tx.objectStore('plans').get(plan.id), plan.id, week, replace);
      const weeks = tx.objectStore('plan-weeks');
      await Promise.all([...putPlan(tx, plan), observed(weeks.put(next))]);
    });
  }
  async deletePlan(id: string) {
    const tx = this.db.transaction(['plans', 'plan-states', 'plan-weeks'], 'readwrite');
    const keys = await tx.objectStore('plan-weeks').index('by-plan').getAllKeys(id);
    await Promise.all([tx.objectStore('plans').delete(id), tx.objectStore('plan-states').delete(id), ...keys.map((key) => tx.objectStore('plan-weeks').delete(key)), tx.done]);
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
    const tx = this.db.transaction(['plans', 'plan-states', 'plan-weeks'], 'readwrite', { durability: 'strict' });
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

  /** The key check of a plan and its weeks, in a task of its own: a register may hold a million ids. */
  private async guardPlan(plan: PlanRecord, weeks: PlanWeekRecord[]): Promise<void> {
    assertNoSecret('plans', plan, this.secrets());
    for (const week of weeks) assertNoSecret('plan-weeks', week, this.secrets());
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  private async put<Name extends 'populations' | 'runs' | 'candidates' | 'settings'>(name: Name, record: AllotDb[Name]['value']): Promise<void> {
    assertNoSecret(name, record, this.secrets());
    await this.write(name, record);
  }

  private async write<Name extends 'populations' | 'runs' | 'candidates' | 'settings'>(name: Name, record: AllotDb[Name]['value']): Promise<void> {
    try {
      await this.db.put(name, record);
    } catch (error) {
      throw asStorageError(error);
    }
  }
}

type PlanTransaction = IDBPTransaction<AllotDb, ['plans', 'plan-states', 'plan-weeks'], 'readwrite'>;

/** The two writes of a plan: its listing and the plan itself. */
function putPlan(tx: PlanTransaction, record: PlanRecord): Promise<unknown>[] {
  return [observed(tx.objectStore('plans').put(planListing(record))), observed(tx.objectStore('plan-states').put({ id: record.id, plan: record.plan }))];
}

/** A request whose rejection is also seen by the transaction: marked handled, so that a write refused after it doesn't leave it unobserved. */
function observed<T>(request: Promise<T>): Promise<T> {
  request.catch(() => {});
  return request;
}
