// What allot keeps in IndexedDB. Records hold plain data and typed arrays (structured clone keeps
// them exact). API keys are never part of any record: see secrets.ts.
import type { Instance } from '../core/instance/types.ts';

// Placeholders until the plan core's types land (src/core/plan).
type PlanRegisterData = unknown;
type PlanConstraintsData = unknown;
type PlanListData = unknown;

export interface PopulationRecord {
  id: string;
  name: string;
  createdAt: number;
  /** The validated instance; its provenance says where it came from. */
  instance: Instance;
}

export type RunStatus = 'running' | 'paused' | 'failed' | 'done';

export interface RunRecord {
  id: string;
  /** Which pipeline: a DLM generator run, an SCLM adjudication, or a what-if comparison. */
  kind: 'dlm' | 'sclm' | 'what-if';
  title: string;
  createdAt: number;
  updatedAt: number;
  status: RunStatus;
  /** Why it stopped, in words a user can act on, when status is failed or paused. */
  statusMessage?: string;
  populationId: string;
  /** The user's priority as typed, and its language (BCP 47) when known. */
  prompt: string;
  language?: string;
  /** The pipeline's configuration and resumable state; their shapes belong to src/pipeline. */
  config: unknown;
  checkpoint: unknown;
  /** Every LLM request and reply of the run, without keys or auth headers. */
  transcript: unknown[];
}

export interface CandidateRecord {
  runId: string;
  /** Position in the run's pool. */
  index: number;
  expression: string;
  /** Where it came from: an LLM round, the user, an example pool. */
  origin: string;
  round: number;
  diagnostics: unknown;
  /** Occupancy summaries and scores, as the pipeline computed them. */
  summary: unknown;
}

export interface ResultRecord {
  runId: string;
  createdAt: number;
  /** The selection and everything shown on the results screen. */
  result: unknown;
}

export interface SettingRecord {
  key: string;
  value: unknown;
}

/**
 * Where a plan's policy came from: the selected reward of a finished run, any candidate of a run
 * (What-if comparisons included), or an expression typed on the Plan screen.
 */
export type PlanPolicySource =
  | { kind: 'run-selected'; runId: string; runTitle: string }
  | { kind: 'run-candidate'; runId: string; runTitle: string; candidate: string }
  | { kind: 'typed' };

export interface PlanPolicy {
  expression: string;
  source: PlanPolicySource;
}

/**
 * A weekly plan: the register as it stands after the applied weeks (columnar typed arrays, see
 * src/core/plan), the policy and the rules of the list. Its weeks are PlanWeekRecords.
 */
export interface PlanRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** The register now: ids, features, current states and histories (layout: src/core/plan). */
  register: PlanRegisterData;
  policy: PlanPolicy;
  budget: number;
  constraints: PlanConstraintsData;
  /** Seed of the tie-breaking and posterior draws, recorded so a list can be drawn again. */
  seed: number;
  /** Weeks whose outcomes are applied; the current list is week weeksApplied + 1. */
  weeksApplied: number;
  /**
   * The register before the last applied week's outcomes, so that week can be replaced (only the
   * last week can: later weeks were planned from it).
   */
  previous: { week: number; register: PlanRegisterData } | null;
}

/** One week of a plan: its list, and once applied, the outcomes and what they did. */
export interface PlanWeekRecord {
  planId: string;
  /** 1-based. */
  week: number;
  createdAt: number;
  /** The week's list as the core computed it (ranks, indices, reasons, make-up per group). */
  list: PlanListData;
  outcomes: PlanOutcomesData | null;
}

export interface PlanOutcomesData {
  fileName: string;
  appliedAt: number;
  /** Per beneficiary of the register (register order): 1 called this week, 1 engaged after it. */
  called: Uint8Array;
  engaged: Uint8Array;
  /** Calls in the list (planned) and calls the file says were made. */
  planned: number;
  made: number;
  /** Engaged share per group bucket after the week, by group name, in bucket order. */
  engagedByGroup: Record<string, number[]>;
}
