// One run on the page: runs a DLM or SCLM run with the real parts (the user's LLM provider through
// the one DLM adapter, the engine's worker pool) and checkpoints it to the store after every step,
// so that a reload, a crash or a provider outage loses nothing: reopening resumes from the last
// checkpoint and repeats no answered LLM call and no recorded simulation (the pipelines' state holds
// every reply; the checkpoint holds a policy summary per simulated expression). Orchestration only:
// the log's words are in run-events.ts, the candidate records in run-candidates.ts.
import type { PopulationChoice } from '../../core/datasets/population-choice.ts';
import type { Occupancy } from '../../core/instance/occupancy.ts';
import { armsOfSeed } from '../../core/instance/sample-arms.ts';
import type { Instance } from '../../core/instance/types.ts';
import { summarizePolicy, type PolicySummary } from '../../core/measures/policy-summary.ts';
import { DEFAULT_REWARD } from '../../core/reward/default-reward.ts';
import type { Simulate } from '../../core/simulation/simulate-port.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { ReplayProvider } from '../../llm/replay-provider.ts';
import { Transcript } from '../../llm/transcript.ts';
import { createDlmAdapter, withFeedback, type DlmAdapter } from '../../pipeline/dlm/dlm-adapter.ts';
import { createDlmRun, type DlmRunState } from '../../pipeline/dlm/dlm-run-state.ts';
import { runDlm } from '../../pipeline/dlm/run-dlm.ts';
import { createRewrite, effectivePrompt, type RewriteState } from '../../pipeline/rewrite/rewrite-state.ts';
import { runRewrite } from '../../pipeline/rewrite/run-rewrite.ts';
import { acceptClauses, proposedClauses } from '../../pipeline/sclm/accept-clauses.ts';
import { runSclm, type SclmEvent, type SclmParts } from '../../pipeline/sclm/run-sclm.ts';
import { createSclmRun, type SclmClause, type SclmRunState } from '../../pipeline/sclm/sclm-run-state.ts';
import { registerSessionKey } from '../../storage/guard.ts';
import type { RunStatus } from '../../storage/records.ts';
import type { Store } from '../../storage/store.ts';
import { PIPELINE_KINDS, runRepository, type PipelineRunRecord } from '../run-records.ts';
import { compareRuns, type RunComparison } from './compare-runs.ts';
import { candidateRecords, changedCandidates, validCandidates, type RunCandidateRecord } from './run-candidates.ts';
import type { RunCheckpoint } from './run-checkpoint.ts';
import { describeDlmEvent, describeSclmEvent, explainPause, INTERRUPTED, RUNNING_ELSEWHERE } from './run-events.ts';
import type { RunSettings } from './run-settings.ts';

export type RunPhase = 'loading' | 'missing' | 'running' | 'paused' | 'awaiting-clauses' | 'done' | 'failed';

/** What a run needs of the app (AppState in the page; the in-memory store and the Node engine in tests). */
export interface RunHost {
  readonly store: Store;
  readonly simulate: Simulate;
  readonly provider: { readonly key: string; providerFor(transcript: Transcript): LlmProvider };
  /** A built-in population, sampled for `sampleSeed` (the page generates it in a worker). */
  generatePopulation(name: string, parameters: Record<string, number>, seed: number, sampleSeed: number): Promise<Instance>;
  reportStorageError(error: unknown): void;
}

export class RunSession {
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

  private controller: AbortController | null = null;
  private checkpoint: RunCheckpoint = { summaries: {} };
  private transcript = new Transcript();
  private readonly written = new Map<number, string>();
  private writes: Promise<void> = Promise.resolve();
  private readonly runs = runRepository(() => this.app.store);
  /** Occupancies simulated on this page, by normalized expression: SCLM scores what its generator simulated. */
  private readonly occupancies = new Map<string, Occupancy>();
  private adapter: DlmAdapter | null = null;
  /** The run a rerun repeats. */
  private original: PipelineRunRecord | null = null;

  constructor(
    private readonly app: RunHost,
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
  /** Nothing done yet: the Run screen starts it on opening. */
  get fresh(): boolean {
    const c = this.checkpoint;
    return !!this.record && this.record.status !== 'done' && this.record.status !== 'failed' && !c.dlm && !c.sclm && !c.rewrite && this.transcript.entries.length === 0;
  }
  get busy(): boolean {
    return this.controller !== null;
  }

  /** Loads the run from the store. A run recorded as running was interrupted (a reload, a crash): it shows as paused. */
  async open(): Promise<void> {
    const record = await this.runs.get(this.id, PIPELINE_KINDS);
    if (!record) return void (this.phase = 'missing');
    this.checkpoint = { ...record.checkpoint, summaries: record.checkpoint?.summaries ?? {} };
    this.transcript = new Transcript(record.transcript);
    this.candidates = await this.runs.candidates(record);
    changedCandidates(this.candidates, this.written);
    this.record = record;
    this.llmCalls = this.transcript.entries.length;
    if (this.fresh) return void (this.phase = 'running'); // the Run screen starts it at once
    if (record.status === 'running' && (await heldElsewhere(this.lockName))) {
      this.phase = 'paused';
      this.message = RUNNING_ELSEWHERE;
      return;
    }
    const awaiting = this.sclm?.status === 'awaiting-clauses';
    this.phase = record.status === 'running' ? 'paused' : record.status === 'done' || record.status === 'failed' ? record.status : awaiting ? 'awaiting-clauses' : 'paused';
    this.message = record.status === 'running' ? INTERRUPTED : (record.statusMessage ?? null);
    if (this.phase === 'awaiting-clauses' || this.phase === 'done') this.instance = await this.loadInstance();
    if (this.phase === 'awaiting-clauses') this.showClauses();
    if (record.status === 'running' && !this.busy) await this.save('paused', this.message!);
  }

  /** Starts or resumes the run; resolves when it is done, paused, awaiting clauses or failed. */
  async run(): Promise<void> {
    if (this.busy || !this.record || this.phase === 'done') return;
    // One tab runs a run at a time (Web Locks; where they are missing, the last writer wins).
    if (!globalThis.navigator?.locks) return this.runHere();
    await navigator.locks.request(this.lockName, { ifAvailable: true }, async (lock) => {
      if (lock) return this.runHere();
      this.phase = 'paused';
      this.message = RUNNING_ELSEWHERE;
    });
  }

  /** Stops the LLM calls and the simulation under way; the run pauses at its last checkpoint. */
  cancel(): void {
    this.controller?.abort(new DOMException('Cancelled by you.', 'AbortError'));
  }

  /** Accepts the edited clauses of an SCLM run and continues it. */
  async acceptClauses(clauses: SclmClause[]): Promise<void> {
    const state = this.checkpoint.sclm;
    if (!state || !this.instance) return;
    try {
      this.checkpoint.sclm = acceptClauses(state, $state.snapshot(clauses) as SclmClause[], this.instance.schema);
    } catch (error) {
      this.clauseProblems = [(error as Error).message];
      return;
    }
    this.clauseProblems = [];
    this.persist();
    await this.run();
  }

  private get lockName(): string {
    return `allot-run:${this.id}`;
  }

  private async runHere(): Promise<void> {
    const signal = (this.controller = new AbortController()).signal;
    this.phase = 'running';
    this.message = null;
    registerSessionKey(this.app.provider.key);
    try {
      const instance = this.instance ?? (this.instance = await this.loadInstance());
      await this.save('running');
      const llm = this.counted(await this.provider());
      const s = this.settings;
      const adapter = (this.adapter = createDlmAdapter({ llm, population: instance, signal, distributions: async (c) => (await this.summaryOf(c.normalized, c.rewardTable, instance, signal)).distribution }));
      if (s.rewrite && !this.checkpoint.dlm && !this.checkpoint.sclm) {
        this.activity = 'Rewriting the priority into explicit English clauses';
        const rewrite = this.checkpoint.rewrite ?? createRewrite(s.prompt, { enabled: true });
        this.checkpoint.rewrite = await runRewrite(rewrite, llm, instance.schema, { signal, checkpoint: (r) => ((this.checkpoint.rewrite = r), this.persist()) });
        if (this.checkpoint.rewrite.status === 'paused') return this.pause(this.checkpoint.rewrite.pausedBecause ?? 'paused');
      }
      const goal = this.checkpoint.rewrite ? effectivePrompt(this.checkpoint.rewrite) : s.prompt;
      const status = s.kind === 'dlm' ? await this.runDlm(goal, adapter, signal) : await this.runSclm(goal, adapter, llm, instance, signal);
      if (status === 'paused') return this.pause((this.checkpoint.dlm ?? this.checkpoint.sclm)?.pausedBecause ?? 'paused');
      if (status === 'awaiting-clauses') {
        this.phase = 'awaiting-clauses';
        this.showClauses();
        return this.save('paused', 'Waiting for you to accept the clauses.');
      }
      await this.finish(instance, adapter, signal);
    } catch (error) {
      this.phase = 'failed';
      this.message = `The run stopped on an error allot did not expect: ${error instanceof Error ? error.message : String(error)}. Its progress up to here is saved.`;
      await this.save('failed', this.message);
    } finally {
      this.controller = null;
      this.activity = '';
      this.simulationProgress = null;
      await this.writes;
    }
  }

  private async runDlm(goal: string, adapter: DlmAdapter, signal: AbortSignal): Promise<DlmRunState['status']> {
    const s = this.settings;
    const initial = this.checkpoint.dlm ?? createDlmRun(goal, { rounds: s.rounds, candidates: s.candidates, maxAttempts: s.maxAttempts });
    const checkpoint = (state: DlmRunState) => ((this.checkpoint.dlm = state), this.persist());
    this.checkpoint.dlm = await runDlm(initial, adapter, { signal, checkpoint, onEvent: (e) => this.note(describeDlmEvent(e)) });
    return this.checkpoint.dlm.status;
  }

  private async runSclm(goal: string, adapter: DlmAdapter, llm: LlmProvider, instance: Instance, signal: AbortSignal): Promise<SclmRunState['status']> {
    const s = this.settings;
    const config = { scorer: s.scorer ?? 'simulator', pool: { rounds: s.rounds, candidates: s.candidates }, clauseDlm: { rounds: s.clauseRounds, candidates: s.clauseCandidates }, maxAttempts: s.maxAttempts } as const;
    const initial = this.checkpoint.sclm ?? createSclmRun(goal, { ...config, shiftClauses: s.shiftClauses, utilityClause: s.utilityClause, baselines: s.baselines, epsilon: s.epsilon, defaultExpression: DEFAULT_REWARD, ...(s.weights.length > 0 && { weights: s.weights }) });
    const parts: SclmParts = {
      ask: async (r) => (await llm.complete(withFeedback(r.chat, r.failures), { signal })).text,
      dlm: () => adapter,
      compileExpression: adapter.compileExpression,
      simulate: (c) => this.occupancyOf(c.normalized, c.rewardTable, instance, signal),
      instance,
    };
    const options = { signal, checkpoint: (state: SclmRunState) => ((this.checkpoint.sclm = state), this.persist()), onEvent: (e: SclmEvent) => this.note(describeSclmEvent(e)) };
    this.checkpoint.sclm = await runSclm(initial, parts, options);
    const accepted = this.original?.checkpoint.sclm?.clauses;
    // A rerun accepts the clauses the user accepted in the original run.
    if (this.checkpoint.sclm.status === 'awaiting-clauses' && this.checkpoint.replay && accepted) this.checkpoint.sclm = await runSclm(acceptClauses(this.checkpoint.sclm, accepted, instance.schema), parts, options);
    return this.checkpoint.sclm.status;
  }

  /** The user's provider recording into the run's transcript; a rerun's replay of the original's transcript instead (no LLM is asked). */
  private async provider(): Promise<LlmProvider> {
    const of = this.checkpoint.replay?.of;
    if (!of) return this.app.provider.providerFor(this.transcript);
    this.original ??= (await this.runs.get(of, PIPELINE_KINDS)) ?? null;
    if (!this.original) throw new Error(`the run it repeats (${of}) is no longer saved`);
    return ReplayProvider.of(this.original.transcript, { transcript: this.transcript, source: `replay of ${of}` });
  }

  /** The run's population: a built-in one regenerated, or the saved one; DLM evaluates the sample its seed draws (48 of 7,668 arms). */
  private async loadInstance(): Promise<Instance> {
    const choice: PopulationChoice = this.settings.population;
    if (choice.kind === 'generator') return this.app.generatePopulation(choice.generator, choice.parameters, choice.seed, this.settings.seed);
    const population = await this.app.store.getPopulation(choice.id);
    if (!population) throw new Error(`its population (${choice.name}) is no longer saved; start a new run`);
    return armsOfSeed(population.instance, this.settings.seed);
  }

  /** The occupancy of a compiled reward's policy, simulated once per page; its summary is checkpointed. */
  private async occupancyOf(normalized: string, table: Float64Array, instance: Instance, signal: AbortSignal): Promise<Occupancy> {
    const known = this.occupancies.get(normalized);
    if (known) return known;
    this.activity = 'Simulating a policy';
    this.simulationProgress = 0;
    const request = { instance, rewards: table, policy: 'whittle' as const, trials: this.settings.trials, seed: this.settings.seed, perStep: true };
    const occupancy = await this.app.simulate(request, { signal, onProgress: (done, total) => (this.simulationProgress = done / total) });
    this.simulations++;
    this.simulationProgress = null;
    this.occupancies.set(normalized, occupancy);
    this.checkpoint.summaries[normalized] ??= summarizePolicy(occupancy, instance, table, this.adapter?.diagnostics(normalized)?.featuresUsed ?? []);
    return occupancy;
  }

  private async summaryOf(normalized: string, table: Float64Array, instance: Instance, signal: AbortSignal): Promise<PolicySummary> {
    if (!this.checkpoint.summaries[normalized]) await this.occupancyOf(normalized, table, instance, signal);
    return this.checkpoint.summaries[normalized];
  }

  /** After the pipeline: summaries of the default policy and of every valid candidate not simulated yet, then the result. */
  private async finish(instance: Instance, adapter: DlmAdapter, signal: AbortSignal) {
    try {
      for (const expression of [DEFAULT_REWARD, ...validCandidates(this.checkpoint).map((c) => c.expression!)]) {
        const compiled = adapter.compileExpression(expression);
        if (compiled.ok) await this.summaryOf(compiled.normalized, compiled.rewardTable, instance, signal);
        this.persist();
      }
    } catch (error) {
      if (signal.aborted) return this.pause('Cancelled by you.');
      throw error;
    }
    this.syncCandidates();
    const result = $state.snapshot(this.checkpoint.sclm?.result ?? this.checkpoint.dlm?.result ?? null);
    if (this.checkpoint.replay) this.checkpoint.replay.comparison = await this.compareWithOriginal(this.checkpoint.replay.of, result);
    this.writes = this.writes.then(() => this.app.store.putResult({ runId: this.id, createdAt: Date.now(), result }));
    this.phase = 'done';
    this.message = null;
    await this.save('done');
  }

  /** A finished rerun against its original: the selected candidate, every candidate's summary, the summaries by expression. */
  private async compareWithOriginal(of: string, result: unknown): Promise<RunComparison> {
    const original = this.original ?? (await this.runs.get(of, PIPELINE_KINDS));
    if (!original) return { identical: false, differences: [`the original run (${of}) is no longer saved`] };
    const before = { result: (await this.app.store.getResult(of))?.result ?? null, candidates: await this.runs.candidates(original), summaries: original.checkpoint.summaries ?? {} };
    return compareRuns(before, { result, candidates: this.candidates, summaries: this.checkpoint.summaries });
  }

  private showClauses() {
    this.clauses = proposedClauses(this.checkpoint.sclm!);
    this.clauseProblems = this.checkpoint.sclm!.clauseProblems ?? [];
  }

  private pause(reason: string) {
    this.phase = 'paused';
    this.message = explainPause(reason);
    return this.save('paused', this.message);
  }

  /** The provider with the page's call counter and activity line. */
  private counted(llm: LlmProvider): LlmProvider {
    const complete: LlmProvider['complete'] = async (request, options) => {
      this.llmCalls++;
      this.activity = 'Waiting for the LLM';
      try {
        return await llm.complete(request, options);
      } finally {
        this.activity = '';
      }
    };
    return { kind: llm.kind, model: llm.model, complete };
  }

  private note(line: string | null) {
    if (line) this.log = [...this.log.slice(-199), line];
  }

  /** Checkpoints the run (sync hook of the pipelines): the write is queued, in order. */
  private persist() {
    this.syncCandidates();
    void this.save(this.phase === 'running' ? 'running' : (this.record?.status ?? 'running'), this.record?.statusMessage);
  }

  private save(status: RunStatus, statusMessage?: string): Promise<void> {
    const { statusMessage: _, ...rest } = this.record!;
    const record: PipelineRunRecord = { ...rest, status, updatedAt: Date.now(), checkpoint: $state.snapshot(this.checkpoint), transcript: structuredClone(this.transcript.entries), ...(statusMessage && { statusMessage }) };
    this.record = record;
    this.writes = this.writes.then(() => this.runs.put(record)).catch((error) => this.app.reportStorageError(error));
    return this.writes;
  }

  /** Writes the candidate records that changed since the last checkpoint. */
  private syncCandidates() {
    const records = candidateRecords(this.id, this.checkpoint, this.checkpoint.summaries, (n) => this.adapter?.diagnostics(n), this.candidates);
    const changed = changedCandidates(records, this.written);
    if (changed.length === 0) return;
    this.candidates = records;
    const snapshot = changed.map((r) => structuredClone(r));
    this.writes = this.writes.then(async () => {
      for (const r of snapshot) await this.runs.putCandidate(r);
    });
  }
}

async function heldElsewhere(name: string): Promise<boolean> {
  const state = await globalThis.navigator?.locks?.query();
  return !!state?.held?.some((lock) => lock.name === name);
}
