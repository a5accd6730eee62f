// The storage API the app uses, whether backed by IndexedDB or, when that is unusable (some
// private windows), by memory for the session.
import type { CandidateRecord, PopulationRecord, ResultRecord, RunRecord } from './records.ts';
import type { PlanStore } from '../core/plan/plan-record.ts';

/** The plans (PlanStore: the plan worker's use) and everything else the app keeps. */
export interface Store extends PlanStore {
  /** 'indexeddb' keeps data across visits; 'memory' loses it when the tab closes. */
  readonly kind: 'indexeddb' | 'memory';

  putPopulation(record: PopulationRecord): Promise<void>;
  getPopulation(id: string): Promise<PopulationRecord | undefined>;
  /** Newest first. */
  listPopulations(): Promise<PopulationRecord[]>;
  deletePopulation(id: string): Promise<void>;

  /** Saves a run's latest state (a checkpoint after every step). */
  putRun(record: RunRecord): Promise<void>;
  getRun(id: string): Promise<RunRecord | undefined>;
  /** Most recently updated first. */
  listRuns(): Promise<RunRecord[]>;
  /** Deletes a run with its candidates and result. */
  deleteRun(id: string): Promise<void>;

  putCandidate(record: CandidateRecord): Promise<void>;
  /** In pool order. */
  listCandidates(runId: string): Promise<CandidateRecord[]>;

  /** Written with strict durability: on disk before the promise resolves. */
  putResult(record: ResultRecord): Promise<void>;
  getResult(runId: string): Promise<ResultRecord | undefined>;

  /** A saved plan's records as they are, unchecked (to export what a damaged plan still holds). */
  planRecords(id: string): Promise<{ head: unknown; register: unknown; weeks: unknown[] }>;

  getSetting<T>(key: string): Promise<T | undefined>;
  putSetting(key: string, value: unknown): Promise<void>;

  close(): void;
}
