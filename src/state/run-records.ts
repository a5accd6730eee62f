// What each kind of run stores, named once for the typed run repository (src/storage/run-repository.ts):
// DLM and SCLM runs keep their settings, the pipelines' checkpoint, the LLM transcript and candidate
// records with diagnostics and policy summaries; a what-if comparison keeps its configuration and
// one summary per candidate.
import { upgradePopulationChoice } from '../core/datasets/population-choice.ts';
import type { PolicySummary } from '../core/measures/policy-summary.ts';
import type { TranscriptEntry } from '../llm/transcript.ts';
import type { RunRecord } from '../storage/records.ts';
import { RunRepository, type TypedCandidate, type TypedRun } from '../storage/run-repository.ts';
import type { Store } from '../storage/store.ts';
import type { CandidateDiagnostics } from './runs/run-candidates.ts';
import type { RunCheckpoint } from './runs/run-checkpoint.ts';
import type { RunSettings } from './runs/run-settings.ts';
import type { WhatIfConfig } from './what-if-record.ts';

interface PipelineRun {
  config: RunSettings;
  checkpoint: RunCheckpoint;
  transcript: TranscriptEntry;
  diagnostics: CandidateDiagnostics;
  summary: PolicySummary | null;
}

export interface AllotRuns {
  dlm: PipelineRun;
  sclm: PipelineRun;
  'what-if': {
    config: WhatIfConfig;
    checkpoint: null;
    transcript: never;
    diagnostics: null;
    summary: PolicySummary | null;
  };
}

export type AnyRunRecord = TypedRun<AllotRuns>;
export type AnyCandidateRecord = TypedCandidate<AllotRuns>;
export type PipelineRunRecord = TypedRun<AllotRuns, 'dlm' | 'sclm'>;
export type WhatIfRunRecord = TypedRun<AllotRuns, 'what-if'>;

export const PIPELINE_KINDS = ['dlm', 'sclm'] as const;

export function runRepository(store: () => Store): RunRepository<AllotRuns> {
  return new RunRepository<AllotRuns>(store, upgradeRun);
}

/** Runs saved by an older allot: the population choice of their settings in its current shape. */
function upgradeRun(run: RunRecord): RunRecord {
  const config = run.config;
  if (!config || typeof config !== 'object' || !('population' in config)) return run;
  return { ...run, config: { ...config, population: upgradePopulationChoice(config.population) } };
}
