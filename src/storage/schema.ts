// The IndexedDB schema and its migration ladder. To change the schema: bump DB_VERSION and add one
// `if (oldVersion < N)` step that moves version N-1 data forward; never edit an old step.
import type { DBSchema, IDBPDatabase } from 'idb';
import type { CandidateRecord, PopulationRecord, ResultRecord, RunRecord, SettingRecord } from './records.ts';

export const DB_NAME = 'allot';
export const DB_VERSION = 1;

export interface AllotDb extends DBSchema {
  populations: { key: string; value: PopulationRecord; indexes: { 'by-created': number } };
  runs: { key: string; value: RunRecord; indexes: { 'by-updated': number } };
  candidates: { key: [string, number]; value: CandidateRecord; indexes: { 'by-run': string } };
  results: { key: string; value: ResultRecord };
  settings: { key: string; value: SettingRecord };
}

export function upgrade(db: IDBPDatabase<AllotDb>, oldVersion: number): void {
  if (oldVersion < 1) {
    db.createObjectStore('populations', { keyPath: 'id' }).createIndex('by-created', 'createdAt');
    db.createObjectStore('runs', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
    db.createObjectStore('candidates', { keyPath: ['runId', 'index'] }).createIndex('by-run', 'runId');
    db.createObjectStore('results', { keyPath: 'runId' });
    db.createObjectStore('settings', { keyPath: 'key' });
  }
}
