// The IndexedDB schema and its migration ladder. To change the schema: bump DB_VERSION and add one
// `if (oldVersion < N)` step that moves version N-1 data forward; never edit an old step.
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { PlanHeadRecord, PlanRegisterRecord, PlanWeekRecord } from '../core/plan/plan-parts.ts';
import type { CandidateRecord, PopulationRecord, ResultRecord, RunRecord, SettingRecord } from './records.ts';
import { movePlansToParts } from './plan-migration.ts';

export const DB_NAME = 'allot';
export const DB_VERSION = 3;

export interface AllotDb extends DBSchema {
  populations: { key: string; value: PopulationRecord; indexes: { 'by-created': number } };
  runs: { key: string; value: RunRecord; indexes: { 'by-updated': number } };
  candidates: { key: [string, number]; value: CandidateRecord; indexes: { 'by-run': string } };
  results: { key: string; value: ResultRecord };
  settings: { key: string; value: SettingRecord };
  plans: { key: string; value: PlanHeadRecord; indexes: { 'by-updated': number } };
  'plan-registers': { key: string; value: PlanRegisterRecord };
  'plan-weeks': { key: [string, number]; value: PlanWeekRecord; indexes: { 'by-plan': string } };
}

export type UpgradeTransaction = IDBPTransaction<AllotDb, StoreNames<AllotDb>[], 'versionchange'>;

/** Steps from `oldVersion` up to `newVersion` (a test may open an older version on purpose). */
export function upgrade(
  db: IDBPDatabase<AllotDb>,
  oldVersion: number,
  newVersion: number | null = DB_VERSION,
  tx?: UpgradeTransaction,
): void {
  const target = newVersion ?? DB_VERSION;
  if (oldVersion < 1) {
    db.createObjectStore('populations', { keyPath: 'id' }).createIndex('by-created', 'createdAt');
    db.createObjectStore('runs', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
    db.createObjectStore('candidates', { keyPath: ['runId', 'index'] }).createIndex('by-run', 'runId');
    db.createObjectStore('results', { keyPath: 'runId' });
    db.createObjectStore('settings', { keyPath: 'key' });
  }
  if (oldVersion < 2 && target >= 2) {
    // Weekly plans (issue 13): a listing per plan, the plan itself (register, settings, weeks) apart so
    // that listing plans never reads a register, and each week's list keyed [planId, week].
    db.createObjectStore('plans', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
    (db as unknown as IDBPDatabase).createObjectStore('plan-states', { keyPath: 'id' });
    db.createObjectStore('plan-weeks', { keyPath: ['planId', 'week'] }).createIndex('by-plan', 'planId');
  }
  if (oldVersion < 3 && target >= 3) {
    // A plan as parts (issue 28): the register written once, a record per week with what its outcomes
    // changed. Plans saved whole in 'plan-states' are moved over, then that store goes.
    db.createObjectStore('plan-registers', { keyPath: 'id' });
    if (oldVersion >= 2 && tx) movePlansToParts(tx);
    else (db as unknown as IDBPDatabase).deleteObjectStore('plan-states');
  }
}
