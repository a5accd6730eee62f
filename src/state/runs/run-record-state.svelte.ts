// A run's state on the page and its record, apart from RunSession (which extends it) so that the
// session keeps to orchestration: the reactive fields the Run screen reads and what they derive
// (settings, the pipelines' states, providers, the clauses to add), and the record written after every
// step (the checkpoint, the transcript, the candidate records, through the ordered RunWriter).
import type { Instance } from '../../core/instance/types.ts';
import type { PolicySummary } from '../../core/measures/policy-summary.ts';
import { Transcript } from '../../llm/transcript.ts';
import type { DlmAdapter } from '../../pipeline/dlm/dlm-adapter.ts';
import type { DlmRunState } from '../../pipeline/dlm/dlm-run-state.ts';
import type { RewriteState } from '../../pipeline/rewrite/rewrite-state.ts';
import { addedClauses } from '../../pipeline/sclm/accept-clauses.ts';
import type { SclmClause, SclmRunState } from '../../pipeline/sclm/sclm-run-state.ts';
import type { RunStatus } from '../../storage/records.ts';
import { runRepository, type PipelineRunRecord } from '../run-records.ts';
import type { RunComparison } from './compare-runs.ts';
import { providersUsed, type ProviderUse } from './providers-used.ts';
import { candidateRecords, type RunCandidateRecord } from './run-candidates.ts';
import type { RunCheckpoint } from './run-checkpoint.ts';
import { explainPause, nothingDone } from './run-events.ts';
import { clausesToReview } from './run-review.ts';
import type { RunHost } from './run-host.ts';
import type { RunSettings } from './run-settings.ts';
import { RunWriter } from './run-writer.ts';

export type RunPhase =
  'loading' | 'missing' | 'running' | 'paused' | 'awaiting-rewrite' | 'awaiting-clauses' | 'done' | 'failed';

export class RunRecordState {
  record = $state.raw<PipelineRunRecord | null>(null);
  phase = $state<RunPhase>('loading');
  /** Why the run stopped, in words the user can act on. */
  message = $state<string | null>(null);
  candidates = $state.raw<RunCandidateRecord[]>([]);
  /** What the run is doing now, and a log of what it did (newest last). */
  activity = $state<string>('');
  log = $state.raw<string[]>([]);
  llmCalls = $state(0);
  simulations = $state(0);
  simulationProgress = $state<number | null>(null);
  /** The clauses to edit while an SCLM run awaits them. */
  clauses = $state<SclmClause[]>([]);
  clauseProblems = $state.raw<string[]>([]);
  instance = $state.raw<Instance | null>(null);
  /** The provider the settings name now differs from the run's: the run's message says so. */
  providerMismatch = $state(false);

  protected controller: AbortController | null = null;
  protected checkpoint: RunCheckpoint = { summaries: {} };
  protected transcript = new Transcript();
  protected readonly runs = runRepository(() => this.app.store);
  protected readonly writer = new RunWriter(
    this.runs,
    () => this.app.store,
    (error) => this.app.reportStorageError(error),
  );
  protected adapter: DlmAdapter | null = null;

  constructor(
    protected readonly app: RunHost,
    readonly id: string,
  ) {}

  get settings(): RunSettings {
    return this.record!.config;
  }
  get sclm(): SclmRunState | undefined {
    return this.checkpoint.sclm;
  }
  get dlm(): DlmRunState | undefined {
    return this.checkpoint.dlm;
  }
  get summaries(): Record<string, PolicySummary> {
    return this.checkpoint.summaries;
  }
  get rewrite(): RewriteState | undefined {
    return this.checkpoint.rewrite;
  }
  /** A rerun: the run it repeats and, once done, whether it reproduced it bit for bit. */
  get replay(): { of: string; comparison?: RunComparison } | undefined {
    return this.checkpoint.replay;
  }
  /** The LLM providers and models the run's calls went to, from its transcript (llmCalls makes it reactive). */
  get providers(): ProviderUse[] {
    return this.llmCalls >= 0 ? providersUsed(this.transcript.entries) : [];
  }
  /**
   * The clauses accepting would add (no-shift on the groups the priority does not name, total utility): shown before
   * she accepts.
   */
  get clausesToAdd(): SclmClause[] {
    return this.checkpoint.sclm && this.instance
      ? addedClauses(this.checkpoint.sclm, this.clauses, this.instance.schema)
      : [];
  }
  /** Nothing done yet: the Run screen starts it on opening. */
  get fresh(): boolean {
    return !!this.record && nothingDone(this.record, this.checkpoint, this.transcript.entries.length);
  }
  get busy(): boolean {
    return this.controller !== null;
  }

  protected showClauses() {
    ({ clauses: this.clauses, problems: this.clauseProblems } = clausesToReview(this.sclm!));
  }

  protected pause(reason: string) {
    this.phase = 'paused';
    this.message = explainPause(reason);
    return this.save('paused', this.message);
  }

  protected note(line: string | null) {
    if (line) this.log = [...this.log.slice(-199), line];
  }

  /** Checkpoints the run (sync hook of the pipelines): the write is queued, in order. */
  protected persist() {
    this.syncCandidates();
    void this.save(
      this.phase === 'running' ? 'running' : (this.record?.status ?? 'running'),
      this.record?.statusMessage,
    );
  }

  protected save(status: RunStatus, statusMessage?: string): Promise<void> {
    const { statusMessage: _, ...rest } = this.record!;
    const record: PipelineRunRecord = {
      ...rest,
      status,
      updatedAt: Date.now(),
      checkpoint: $state.snapshot(this.checkpoint),
      transcript: structuredClone(this.transcript.entries),
      ...(statusMessage && { statusMessage }),
    };
    this.record = record;
    return this.writer.run(record);
  }

  /** Writes the candidate records that changed since the last checkpoint. */
  protected syncCandidates() {
    const records = candidateRecords(
      this.id,
      this.checkpoint,
      this.checkpoint.summaries,
      (n) => this.adapter?.diagnostics(n),
      this.candidates,
    );
    if (this.writer.candidates(records)) this.candidates = records;
  }
}
