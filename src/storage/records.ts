// What allot keeps in IndexedDB. Records hold plain data and typed arrays (structured clone keeps
// them exact). API keys are never part of any record: see secrets.ts.
import type { Instance } from '../core/instance/types.ts';

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
