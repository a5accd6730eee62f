// What allot keeps in IndexedDB. Records hold plain data and typed arrays (structured clone keeps
// them exact). API keys are never part of any record: see secrets.ts.
import type { Instance } from '../core/instance/types.ts';
import type { PackedPlan } from '../core/plan/packed-plan.ts';
import type { PlanWarning } from '../core/plan/estimate-warnings.ts';
import type { WeeklyList } from '../core/plan/weekly-list.ts';

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

/** A reward expression and where it came from (a choice on the Plan screen). */
export interface PlanPolicy {
  expression: string;
  source: PlanPolicySource;
}

/**
 * A weekly plan: the plan as the core keeps it (src/core/plan/plan-state.ts), its ids packed
 * (packed-plan.ts): the register with its growing history (columnar typed arrays), the settings
 * (reward expression, budget, exclusions, cooldown, shares per group, seed) and one record per week
 * (calls planned, and once applied, calls made and engaged). The week's full lists are PlanWeekRecords.
 */
export interface PlanRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  /** Where the reward (plan.settings.reward) came from. */
  policy: PlanPolicySource;
  plan: PackedPlan;
}

/** What lists a plan without reading its register (the 'plans' store; the plan itself is in 'plan-states'). */
export interface PlanListing extends Omit<PlanRecord, 'plan'> {
  numArms: number;
  reward: string;
  budget: number;
  /** The plan's weeks in order, and whether each one's outcomes are applied. */
  weeks: { week: number; applied: boolean }[];
}

/** One week's list as it was made (ranks, indices, default ranks, reasons, intervals, make-up per group). */
export interface PlanWeekRecord {
  planId: string;
  /** The plan's week number (weeks continue the register's history). */
  week: number;
  createdAt: number;
  /** Lists saved before warnings had kinds hold them as sentences (plainWords reads both). */
  list: Omit<WeeklyList, 'warnings'> & { warnings: (PlanWarning | string)[] };
}
