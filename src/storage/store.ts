// The storage API the app uses, whether backed by IndexedDB or, when that is unusable (some
// private windows), by memory for the session.
import type { CandidateRecord, PlanListing, PlanRecord, PlanWeekRecord, PopulationRecord, ResultRecord, RunRecord } from './records.ts';

/** A week's outcomes applied to a plan: the plan after them, the week applied, and the next week's list. */
export interface PlanWeekUpdate {
  plan: PlanRecord;
  week: number;
  next: PlanWeekRecord;
  /** Replace the outcomes of a week already applied (the last one only). */
  replace: boolean;
}

export interface Store {
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

  /**
   * Saves a plan with its current week's list, in one transaction (a new plan, or a new list after
   * the policy, budget or rules changed). Refuses a week whose outcomes are already applied.
   */
  savePlan(plan: PlanRecord, current: PlanWeekRecord): Promise<void>;
  getPlan(id: string): Promise<PlanRecord | undefined>;
  /** Most recently updated first, without their registers. */
  listPlans(): Promise<PlanListing[]>;
  /** In week order. */
  listPlanWeeks(planId: string): Promise<PlanWeekRecord[]>;
  /**
   * Applies a week's outcomes in one transaction: all of it is written, or nothing. Throws
   * PlanWeekError when the week is not the next one, or is already applied and `replace` is false.
   */
  applyPlanWeek(update: PlanWeekUpdate): Promise<void>;
  /** Deletes a plan with its weeks. */
  deletePlan(id: string): Promise<void>;

  getSetting<T>(key: string): Promise<T | undefined>;
  putSetting(key: string, value: unknown): Promise<void>;

  close(): void;
}
