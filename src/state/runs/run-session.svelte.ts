// One run on the page: creates a DLM or SCLM run from the Start screen's settings, runs it with the
// real parts (the user's LLM provider, compileReward, the engine's worker pool) and checkpoints it
// to the store after every step, so that a reload, a crash or a provider outage loses nothing:
// reopening resumes from the last checkpoint and repeats no answered LLM call and no recorded
// simulation (the pipelines' state holds every reply; candidate records hold policy summaries).
import { sampleArms } from '../../core/instance/sample-arms.ts';
import type { Occupancy } from '../../core/instance/occupancy.ts';
import type { Instance } from '../../core/instance/types.ts';
import { programDomain, dlmGenerationPrompt } from '../../core/prompts/dlm-generation-prompt.ts';
import { dlmReflectionPrompt } from '../../core/prompts/dlm-reflection-prompt.ts';
import { parseRewardReply, ReplyParseError } from '../../core/prompts/parse-reply.ts';
import { compileReward, type RewardDiagnostics } from '../../core/reward/compile-reward.ts';
import { Transcript, type TranscriptEntry } from '../../llm/transcript.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { ReplayProvider } from '../../llm/replay-provider.ts';
import { createDlmRun, type DlmRunState } from '../../pipeline/dlm/dlm-run-state.ts';
import { runDlm, type CompileResult, type DlmEvent, type DlmParts } from '../../pipeline/dlm/run-dlm.ts';
import { createRewrite, editRewrite, effectivePrompt, type RewriteState } from '../../pipeline/rewrite/rewrite-state.ts';
import { runRewrite } from '../../pipeline/rewrite/run-rewrite.ts';
import { acceptClauses, addedClauses, proposedClauses } from '../../pipeline/sclm/accept-clauses.ts';
import { runSclm, type SclmEvent, type SclmParts } from '../../pipeline/sclm/run-sclm.ts';
import { createSclmRun, type SclmClause, type SclmRunState } from '../../pipeline/sclm/sclm-run-state.ts';
import { parseDistributionText, withFeedback } from '../../pipeline/study/multilingual-dlm-parts.ts';
import { distributionText } from '../../core/measures/distribution-text.ts';
import { generatePopulation } from '../../workers/population/generate-population.ts';
import type { CandidateRecord, RunRecord } from '../../storage/records.ts';
import type { RunCheckpoint } from './create-run.svelte.ts';
import type { AppState } from '../app-state.svelte.ts';
import { summarizePolicy, type PolicySummary } from '../../core/measures/policy-summary.ts';
import { bucketCells } from '../../core/measures/trial-counts.ts';
import { providersUsed, type ProviderUse } from './providers-used.ts';
import { compareRuns, type RunComparison } from './compare-runs.ts';
import type { RunSettings } from './run-settings.ts';

/** CandidateRecord.diagnostics of a run made here. */
export interface CandidateDiagnostics extends Partial<RewardDiagnostics> {
  status: 'valid' | 'failed' | 'pending';
  /** Why the last reply was refused, in the words fed back to the LLM. */
  error?: string;
  duplicateOf?: string;
  attempts: number;
}

export type { RunCheckpoint };

export type RunPhase = 'loading' | 'missing' | 'running' | 'paused' | 'awaiting-rewrite' | 'awaiting-clauses' | 'done' | 'failed';

export const DEFAULT_EXPRESSION = 'state';

export class RunSession {
  record = $state.raw<RunRecord | null>(null);
  phase = $state<RunPhase>('loading');
  /** Why the run stopped, in words the user can act on. */
  message = $state<string | null>(null);
  candidates = $state.raw<CandidateRecord[]>([]);
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
  private written = new Map<number, string>();
  private writes: Promise<void> = Promise.resolve();
  private transcript = new Transcript();

  constructor(
    private readonly app: AppState,
    readonly id: string,
  ) {}

  get settings(): RunSettings {
    return this.record!.config as RunSettings;
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
  /** The clauses accepting would add (no-shift on the groups the priority does not name, total utility): shown before she accepts. */
  get clausesToAdd(): SclmClause[] {
    const state = this.checkpoint.sclm;
    return state && this.instance ? addedClauses(state, this.clauses, this.instance.schema) : [];
  }
  /** Nothing done yet: the Run screen starts it on opening. */
  get fresh(): boolean {
    return !!this.record && this.record.status !== 'done' && this.record.status !== 'failed' && !this.checkpoint.dlm && !this.checkpoint.sclm && !this.checkpoint.rewrite && this.transcript.entries.length === 0;
  }
  get busy(): boolean {
    return this.controller !== null;
  }

  /** Loads the run from the store. A run recorded as running was interrupted (a reload, a crash): it shows as paused. */
  async open(): Promise<void> {
    const record = await this.app.store.getRun(this.id);
    if (!record) {
      this.phase = 'missing';
      return;
    }
    this.checkpoint = (record.checkpoint as RunCheckpoint) ?? { summaries: {} };
    this.checkpoint.summaries ??= {};
    this.transcript = new Transcript(record.transcript as TranscriptEntry[]);
    this.candidates = await this.app.store.listCandidates(this.id);
    for (const c of this.candidates) this.written.set(c.index, JSON.stringify(c));
    this.record = record;
    this.llmCalls = this.transcript.entries.length;
    if (this.fresh) {
      this.phase = 'running'; // the Run screen starts it at once
      return;
    }
    if (record.status === 'running' && (await heldElsewhere(this.lockName))) {
      this.phase = 'paused';
      this.message = ELSEWHERE;
      return;
    }
    this.phase = record.status === 'running' ? 'paused' : record.status === 'done' ? 'done' : record.status === 'failed' ? 'failed' : this.sclm?.status === 'awaiting-clauses' ? 'awaiting-clauses' : this.rewriteToReview ? 'awaiting-rewrite' : 'paused';
    this.message = record.status === 'running' ? 'The run was interrupted (the page was closed or reloaded). Resume to continue where it stopped; nothing already answered is asked again.' : (record.statusMessage ?? null);
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
      this.message = ELSEWHERE;
    });
  }

  private get lockName(): string {
    return `allot-run:${this.id}`;
  }

  private async runHere(): Promise<void> {
    const controller = (this.controller = new AbortController());
    const signal = controller.signal;
    this.phase = 'running';
    this.message = null;
    this.app.provider.commitKey(); // the key store holds the typed key: storage refuses records containing it
    try {
      const instance = this.instance ?? (this.instance = await this.loadInstance());
      await this.save('running');
      const llm = this.checkpoint.replay ? await this.replayProvider(this.checkpoint.replay.of) : this.app.provider.providerFor(this.transcript);
      const settings = this.settings;
      if (settings.rewrite && !this.checkpoint.dlm && !this.checkpoint.sclm) {
        this.activity = 'Rewriting the priority into explicit English clauses';
        const rewrite = this.checkpoint.rewrite ?? createRewrite(settings.prompt, { enabled: true });
        this.checkpoint.rewrite = await runRewrite(rewrite, this.counted(llm), instance.schema, { signal, checkpoint: (s) => ((this.checkpoint.rewrite = s), this.persist()) });
        if (this.checkpoint.rewrite.status === 'paused') return this.pause(this.checkpoint.rewrite.pausedBecause ?? 'paused');
        if (this.rewriteToReview) {
          // the user reads the rewrite before any candidate is asked for with it
          this.phase = 'awaiting-rewrite';
          this.message = null;
          return this.save('paused', 'Waiting for you to read the rewritten priority.');
        }
      }
      const goal = this.checkpoint.rewrite ? effectivePrompt(this.checkpoint.rewrite) : settings.prompt;
      if (settings.kind === 'dlm') await this.runDlm(goal, instance, llm, signal);
      else await this.runSclm(goal, instance, llm, signal);
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

  /** Stops the LLM calls and the simulation under way; the run pauses at its last checkpoint. */
  cancel(): void {
    this.controller?.abort(new DOMException('Cancelled by you.', 'AbortError'));
  }

  /** A fresh rewrite the user has not read yet (a rerun replays the original's, read there). */
  get rewriteToReview(): boolean {
    return this.checkpoint.rewrite?.status === 'done' && !this.checkpoint.rewriteReviewed && !this.checkpoint.replay && !this.checkpoint.dlm && !this.checkpoint.sclm;
  }

  /** Gives the LLM `text` (the rewrite as it is, or her edit of it) and continues the run. */
  async acceptRewrite(text: string): Promise<void> {
    const rewrite = this.checkpoint.rewrite;
    if (!rewrite) return;
    try {
      if (text.trim() !== (rewrite.rewrite ?? '').trim()) this.checkpoint.rewrite = editRewrite(rewrite, text);
    } catch (error) {
      this.message = (error as Error).message;
      return;
    }
    this.checkpoint.rewriteReviewed = true;
    this.persist();
    await this.run();
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

  private async loadInstance(): Promise<Instance> {
    const choice = this.settings.population;
    // DLM evaluates a sample of the population per seed (48 of 7,668 arms): the run's seed draws it.
    if (choice.source === 'generator') return generatePopulation(choice.generator, choice.parameters, choice.seed, this.settings.seed);
    const population = await this.app.store.getPopulation(choice.id);
    if (!population) throw new Error(`its population (${choice.id}) is no longer saved; start a new run`);
    const { instance } = population;
    return instance.sampleSize && instance.sampleSize < instance.numArms ? sampleArms(instance, instance.sampleSize, this.settings.seed) : instance;
  }

  private async runDlm(goal: string, instance: Instance, llm: LlmProvider, signal: AbortSignal) {
    const s = this.settings;
    const initial = this.checkpoint.dlm ?? createDlmRun(goal, { rounds: s.rounds, candidates: s.candidates, maxAttempts: s.maxAttempts });
    const final = await runDlm(initial, this.dlmParts(instance, llm, signal), {
      signal,
      checkpoint: (state) => ((this.checkpoint.dlm = state), this.persist()),
      onEvent: (event) => this.note(describeDlmEvent(event)),
    });
    this.checkpoint.dlm = final;
    if (final.status === 'paused') return this.pause(final.pausedBecause ?? 'paused');
    await this.finish(instance, signal);
  }

  private async runSclm(goal: string, instance: Instance, llm: LlmProvider, signal: AbortSignal): Promise<void> {
    const s = this.settings;
    const initial =
      this.checkpoint.sclm ??
      createSclmRun(goal, {
        scorer: s.scorer ?? 'simulator',
        pool: { rounds: s.rounds, candidates: s.candidates },
        clauseDlm: { rounds: s.clauseRounds, candidates: s.clauseCandidates },
        maxAttempts: s.maxAttempts,
        shiftClauses: s.shiftClauses,
        utilityClause: s.utilityClause,
        baselines: s.baselines,
        epsilon: s.epsilon,
        defaultExpression: DEFAULT_EXPRESSION,
        ...(s.weights.length > 0 && { weights: s.weights }),
      });
    const counted = this.counted(llm);
    const compile = (expression: string) => this.compileExpression(expression, instance);
    const parts: SclmParts = {
      ask: async (request) => (await counted.complete(withFeedback(request.chat, request.failures), { signal })).text,
      dlm: () => this.dlmParts(instance, llm, signal),
      compileExpression: compile,
      simulate: (table) => this.simulate(instance, table, signal),
      instance,
    };
    const final = await runSclm(initial, parts, {
      signal,
      checkpoint: (state) => ((this.checkpoint.sclm = state), this.persist()),
      onEvent: (event) => this.note(describeSclmEvent(event)),
    });
    this.checkpoint.sclm = final;
    if (final.status === 'paused') return this.pause(final.pausedBecause ?? 'paused');
    const original = (this.original?.checkpoint as RunCheckpoint | undefined)?.sclm?.clauses;
    if (final.status === 'awaiting-clauses' && this.checkpoint.replay && original) {
      // A rerun accepts the clauses the user accepted in the original run.
      this.checkpoint.sclm = acceptClauses(final, original, instance.schema);
      this.persist();
      return this.runSclm(goal, instance, llm, signal);
    }
    if (final.status === 'awaiting-clauses') {
      this.phase = 'awaiting-clauses';
      this.showClauses();
      await this.save('paused', 'Waiting for you to accept the clauses.');
      return;
    }
    await this.finish(instance, signal);
  }

  /** The run a rerun repeats, loaded by replayProvider. */
  private original: RunRecord | null = null;

  /**
   * A rerun asks no LLM: the original run's transcript answers by request hash, and each reply is
   * recorded in this run's transcript. A request the original never made pauses the rerun.
   */
  private async replayProvider(of: string): Promise<LlmProvider> {
    const original = (this.original ??= (await this.app.store.getRun(of)) ?? null);
    if (!original) throw new Error(`the run it repeats (${of}) is no longer saved`);
    const entries = original.transcript as TranscriptEntry[];
    const first = entries.find((e) => e.reply !== null);
    const replay = new ReplayProvider(first?.provider ?? 'none', first?.model ?? 'none', entries);
    const complete: LlmProvider['complete'] = async (request, options) => {
      const startedAt = new Date().toISOString();
      const reply = await replay.complete(request, options);
      this.transcript.add({ hash: reply.hash, provider: replay.kind, model: replay.model, url: `replay of ${of}`, request, reply: reply.text, usage: reply.usage, error: null, attempts: 0, startedAt, durationMs: 0 });
      return reply;
    };
    return { kind: replay.kind, model: replay.model, complete };
  }

  /** A finished rerun against its original: the selected candidate, every candidate's summary, the summaries by expression. */
  private async compareWithOriginal(of: string, result: unknown): Promise<RunComparison> {
    const store = this.app.store;
    const original = this.original ?? (await store.getRun(of));
    if (!original) return { identical: false, differences: [`the original run (${of}) is no longer saved`] };
    const before = { result: (await store.getResult(of))?.result ?? null, candidates: await store.listCandidates(of), summaries: (original.checkpoint as RunCheckpoint).summaries ?? {} };
    return compareRuns(before, { result, candidates: this.candidates, summaries: this.checkpoint.summaries });
  }

  private showClauses() {
    const state = this.checkpoint.sclm!;
    this.clauses = proposedClauses(state);
    this.clauseProblems = state.clauseProblems ?? [];
  }

  /** The DLM parts over the user's provider: DLM's appendix I and L prompts, compileReward, the engine. */
  private dlmParts(instance: Instance, llm: LlmProvider, signal: AbortSignal): DlmParts {
    const hidden = instance.schema.columns.length === 43 ? [0, 1, 2, 3, 4, 5, 6] : []; // DLM hides the sensitive features 0-6
    const counted = this.counted(llm);
    return {
      propose: async (r) => {
        const request = dlmGenerationPrompt({ goal: r.task, schema: instance.schema, hidden, numStates: instance.numStates, domain: programDomain(instance), previousAttempts: r.previous.map((p) => p.expression) });
        return (await counted.complete(withFeedback(request, r.failures), { signal })).text;
      },
      reflect: async (r) => {
        const request = dlmReflectionPrompt({ goal: r.task, schema: instance.schema, hidden, candidates: r.candidates.map((c) => ({ expression: c.expression, distribution: parseDistributionText(c.distribution) })) });
        return (await counted.complete(withFeedback(request, r.failures), { signal })).text;
      },
      compile: (reply) => {
        let expression: string;
        try {
          expression = parseRewardReply(reply).expression;
        } catch (error) {
          if (error instanceof ReplyParseError) return { ok: false, error: error.feedback };
          throw error;
        }
        return this.compileExpression(expression, instance);
      },
      simulate: async (table) => {
        const summary = await this.simulateSummary(instance, table, signal);
        return { distribution: distributionText(summary.distribution) };
      },
    };
  }

  private tables = new WeakMap<Float64Array, { normalized: string; featuresUsed: number[] }>();
  /** Occupancies of this page's session by normalized expression: SCLM scores what its generator simulated. */
  private occupancies = new Map<string, Occupancy>();

  /** compileReward on the main thread: fine for DLM's 48 arms and a few thousand; populations of 100k+ arms belong in a worker. */
  private compileExpression(expression: string, instance: Instance): CompileResult {
    const compiled = compileReward(expression, instance);
    if (!compiled.ok) {
      const e = compiled.error;
      return { ok: false, error: `${e.message}${e.hint ? ` (${e.hint})` : ''}` };
    }
    this.tables.set(compiled.table, { normalized: compiled.diagnostics.normalized, featuresUsed: compiled.diagnostics.featuresUsed });
    this.diagnostics.set(compiled.diagnostics.normalized, compiled.diagnostics);
    return { ok: true, expression, normalized: compiled.diagnostics.normalized, rewardTable: compiled.table };
  }
  private diagnostics = new Map<string, RewardDiagnostics>();

  private async simulate(instance: Instance, table: Float64Array, signal: AbortSignal): Promise<Occupancy> {
    const key = this.tables.get(table)?.normalized;
    const known = key === undefined ? undefined : this.occupancies.get(key);
    if (known) return known;
    this.activity = 'Simulating a policy';
    this.simulationProgress = 0;
    const request = { instance, rewards: table, policy: 'whittle' as const, trials: this.settings.trials, seed: this.settings.seed, perStep: true, tally: bucketCells(instance) };
    const occupancy = await this.app.simulate(request, { signal, onProgress: (done, total) => (this.simulationProgress = done / total) });
    this.simulations++;
    this.simulationProgress = null;
    if (key !== undefined) {
      this.occupancies.set(key, occupancy);
      this.checkpoint.summaries[key] ??= summarizePolicy(occupancy, instance, table, this.tables.get(table)!.featuresUsed);
    }
    return occupancy;
  }

  private async simulateSummary(instance: Instance, table: Float64Array, signal: AbortSignal): Promise<PolicySummary> {
    const key = this.tables.get(table)!.normalized;
    if (!this.checkpoint.summaries[key]) await this.simulate(instance, table, signal);
    return this.checkpoint.summaries[key];
  }

  /** After the pipeline is done: summaries of the default policy and of every valid candidate not simulated yet, then the result. */
  private async finish(instance: Instance, signal: AbortSignal) {
    const expressions = [DEFAULT_EXPRESSION, ...this.validCandidates().map((c) => c.expression!)];
    try {
      for (const expression of expressions) {
        const compiled = this.compileExpression(expression, instance);
        if (compiled.ok && !this.checkpoint.summaries[compiled.normalized]) await this.simulate(instance, compiled.rewardTable, signal);
        this.persist();
      }
    } catch (error) {
      if (signal.aborted) return this.pause('Cancelled by you.');
      throw error;
    }
    this.syncCandidates();
    const result = this.checkpoint.sclm?.result ?? this.checkpoint.dlm?.result ?? null;
    if (this.checkpoint.replay) this.checkpoint.replay.comparison = await this.compareWithOriginal(this.checkpoint.replay.of, $state.snapshot(result));
    this.writes = this.writes.then(() => this.app.store.putResult({ runId: this.id, createdAt: Date.now(), result: $state.snapshot(result) }));
    if (!result) {
      // nothing was selected: the run did not do what was asked, so it is not "done"
      this.phase = 'failed';
      this.message = 'No candidate was valid, so no policy could be selected. Rephrase the priority, raise the attempts per reply, or try another model.';
      return this.save('failed', this.message);
    }
    this.phase = 'done';
    this.message = null;
    await this.save('done');
  }

  /** Every valid candidate of the run's DLM runs, each once. */
  private validCandidates() {
    return this.allCandidates().filter(({ c }) => c.status === 'valid' && !c.duplicateOf).map(({ c }) => c);
  }

  private allCandidates() {
    const runs: [string, DlmRunState | undefined][] = this.checkpoint.sclm
      ? [
          ['generator', this.checkpoint.sclm.generator],
          ...Object.entries(this.checkpoint.sclm.clauseRuns).map(([name, run]): [string, DlmRunState] => [`clause:${name}`, run]),
          ['zero-shot', this.checkpoint.sclm.baselines.zeroShot],
          ['extended', this.checkpoint.sclm.baselines.extended],
        ]
      : [['dlm', this.checkpoint.dlm]];
    return runs.flatMap(([run, state]) => (state?.rounds ?? []).flatMap((round) => round.candidates.map((c) => ({ run, round: round.index, c }))));
  }

  private pause(reason: string) {
    this.phase = 'paused';
    this.message = explainPause(reason);
    return this.save('paused', this.message);
  }

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

  private save(status: RunRecord['status'], statusMessage?: string): Promise<void> {
    const record: RunRecord = {
      ...this.record!,
      status,
      updatedAt: Date.now(),
      checkpoint: $state.snapshot(this.checkpoint),
      transcript: structuredClone(this.transcript.entries),
    };
    if (statusMessage) record.statusMessage = statusMessage;
    else delete record.statusMessage;
    this.record = record;
    this.writes = this.writes.then(() => this.app.store.putRun(record)).catch((error) => this.app.reportStorageError(error));
    return this.writes;
  }

  /** Writes the candidate records that changed since the last checkpoint. */
  private syncCandidates() {
    const list = this.allCandidates().filter(({ c }) => c.attempts.length > 0 || c.status !== 'pending');
    const records = list.map(({ run, round, c }, index): CandidateRecord => {
      const diagnostics = c.normalized ? this.diagnostics.get(c.normalized) : undefined;
      const error = c.attempts.at(-1)?.error;
      return {
        runId: this.id,
        index,
        expression: c.expression ?? '',
        origin: `${run}/${c.id}`,
        round,
        diagnostics: { status: c.status, attempts: c.attempts.length, ...(diagnostics && { ...diagnostics }), ...(error && { error }), ...(c.duplicateOf && { duplicateOf: c.duplicateOf }) } satisfies CandidateDiagnostics,
        summary: (c.normalized && this.checkpoint.summaries[c.normalized]) || null,
      };
    });
    // Diagnostics are in memory only for expressions compiled on this page: keep the saved ones.
    for (const r of records) {
      const saved = this.candidates.find((x) => x.index === r.index);
      if (saved && !('featuresUsed' in (r.diagnostics as object))) r.diagnostics = { ...(saved.diagnostics as object), ...(r.diagnostics as object) };
    }
    const changed = records.filter((r) => this.written.get(r.index) !== JSON.stringify(r));
    if (changed.length === 0) return;
    for (const r of changed) this.written.set(r.index, JSON.stringify(r));
    this.candidates = records;
    const snapshot = changed.map((r) => structuredClone(r));
    this.writes = this.writes.then(async () => {
      for (const r of snapshot) await this.app.store.putCandidate(r);
    });
  }
}

const ELSEWHERE = 'This run is running in another tab of allot. Follow it there, or close that tab and resume here.';

async function heldElsewhere(name: string): Promise<boolean> {
  const state = await globalThis.navigator?.locks?.query();
  return !!state?.held?.some((lock) => lock.name === name);
}

/** A pause reason (a classified LLM error's message, or an abort) as advice. */
export function explainPause(reason: string): string {
  if (/aborted|cancel/i.test(reason)) return 'Cancelled by you. Resume to continue where it stopped.';
  return `Paused: ${reason} When that is fixed, resume: finished LLM calls and simulations are kept.`;
}

function describeDlmEvent(event: DlmEvent): string | null {
  switch (event.type) {
    case 'llm-request':
      return event.request.kind === 'proposal' ? `Asked the LLM for candidate ${event.request.candidate} (attempt ${event.request.attempt + 1})` : `Asked the LLM to pick the best of round ${event.request.round + 1}`;
    case 'candidate':
      return event.status === 'valid'
        ? `Candidate ${event.id} is valid${event.duplicateOf ? ` (same as ${event.duplicateOf})` : ''}`
        : `Candidate ${event.id} ${event.status === 'refused' ? 'was refused' : 'failed'}: ${event.error ?? ''}`;
    case 'simulated':
      return `Simulated candidate ${event.id}`;
    case 'picked':
      return event.id ? `Round ${event.round + 1}: picked ${event.id}` : `Round ${event.round + 1}: no pick (${event.reason})`;
    default:
      return null;
  }
}

function describeSclmEvent(event: SclmEvent): string | null {
  switch (event.type) {
    case 'step':
      return `Step: ${event.step}`;
    case 'dlm': {
      const line = describeDlmEvent(event.event);
      return line && `${event.run}: ${line}`;
    }
    case 'llm-request':
      return `Asked the LLM: ${event.request.key}`;
    case 'simulated':
      return `Simulated ${event.expression}`;
    case 'rated':
      return `Rated ${event.key}: ${event.score ?? 'failed'}`;
    case 'awaiting-clauses':
      return 'Waiting for you to accept the clauses';
    default:
      return null;
  }
}
