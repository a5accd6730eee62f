// The IndexedDB-backed store (through idb).
import type { IDBPDatabase } from 'idb';
import { asStorageError } from './errors.ts';
import { assertNoSecret, NO_SECRETS, type SecretSource } from './guard.ts';
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

  async getSetting<T>(key: string) {
    return (await this.db.get('settings', key))?.value as T | undefined;
  }
  putSetting(key: string, value: unknown) {
    return this.put('settings', { key, value });
  }

  close() {
    this.db.close();
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
