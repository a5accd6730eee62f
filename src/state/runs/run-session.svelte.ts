// One run on the page: runs a DLM or SCLM run with the real parts (the user's LLM provider through
// the one DLM adapter, the engine's worker pool) and checkpoints it to the store after every step,
// so that a reload, a crash or a provider outage loses nothing: reopening resumes from the last
// checkpoint and repeats no answered LLM call and no recorded simulation (the pipelines' state holds
// every reply; the checkpoint holds a policy summary per simulated expression). Orchestration only:
// the steps' wiring is in run-pipeline.ts, the log's words in run-events.ts, what the user reviews
// mid-run in run-review.ts, the candidate records in run-candidates.ts, the reactive fields and the
// record written after every step in run-record-state.svelte.ts, which RunSession extends (see README.md).
import type { Instance } from '../../core/instance/types.ts';
import { DEFAULT_REWARD } from '../../core/reward/default-reward.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import { observedProvider } from '../../llm/observed-provider.ts';
import { readIdentity } from '../../llm/provider-identity.ts';
import { Transcript } from '../../llm/transcript.ts';
import { createDlmAdapter, type DlmAdapter } from '../../pipeline/dlm/dlm-adapter.ts';
import { effectivePrompt } from '../../pipeline/rewrite/rewrite-state.ts';
import { programDomain } from '../../core/prompts/dlm-generation-prompt.ts';
import type { SclmClause } from '../../pipeline/sclm/sclm-run-state.ts';
import { PIPELINE_KINDS } from '../run-records.ts';
import { validCandidates, type DialProvenance, type RunCandidateRecord } from './run-candidates.ts';
import { NO_VALID_CANDIDATE, phaseOnOpening, RUNNING_ELSEWHERE, saveRefused, unexpectedStop } from './run-events.ts';
import { runPipeline, runRewriteStep } from './run-pipeline.ts';
import { heldElsewhere, runExclusively } from './run-lock.ts';
import { loadRunPopulation } from './run-population.ts';
import { checkRunProvider } from './run-provider.ts';
import { RunSimulations } from './run-simulations.ts';
import { RunReplay } from './run-replay.ts';
import { reviewClauses, reviewRewrite, rewriteToReview } from './run-review.ts';
import { RunRecordState } from './run-record-state.svelte.ts';
import { addDialCandidate } from '../tradeoff/dial-candidate.ts';

export type { RunPhase } from './run-record-state.svelte.ts';

export class RunSession extends RunRecordState {
  private sims: RunSimulations | null = null;
  private rerun: RunReplay | null = null;

  private opening: Promise<void> = Promise.resolve();

  /**
   * Loads the run from the store. A run recorded as running was interrupted (a reload, a crash): it shows as paused.
   * One load at a time (another tab's saves each ask for one): a slow load must not end after, and over, a newer one.
   */
  open(): Promise<void> {
    return (this.opening = this.opening.then(() => this.load()));
  }

  private async load(): Promise<void> {
    const record = await this.runs.get(this.id, PIPELINE_KINDS);
    if (!record) return void (this.phase = 'missing');
    this.checkpoint = { ...record.checkpoint, summaries: record.checkpoint?.summaries ?? {} };
    this.transcript = new Transcript(record.transcript);
    this.candidates = await this.runs.candidates(record);
    this.writer.loaded(this.candidates);
    this.record = record;
    this.llmCalls = this.transcript.entries.length;
    // Resume talks to the provider the run started on: the settings are pointed at it, so only the key is asked for.
    const named = readIdentity(record.config.provider);
    if (named && record.status !== 'done' && !this.checkpoint.replay) this.app.provider.useIdentity?.(named);
    if (this.fresh) return void (this.phase = 'running'); // the Run screen starts it at once
    if (record.status === 'running' && (await heldElsewhere(this.lockName))) {
      this.phase = 'paused';
      this.message = RUNNING_ELSEWHERE;
      return;
    }
    ({ phase: this.phase, message: this.message } = phaseOnOpening(record, this.sclm?.status === 'awaiting-clauses'));
    if (this.phase === 'paused' && rewriteToReview(this.checkpoint)) this.phase = 'awaiting-rewrite';
    if (this.phase === 'awaiting-clauses' || this.phase === 'done')
      this.instance = await loadRunPopulation(this.app, this.settings);
    if (this.phase === 'awaiting-clauses') this.showClauses();
    if (record.status === 'running' && !this.busy) {
      // Marked paused only under the run's lock and if unchanged since read: a tab that read "running" just
      // before another tab finished the run must not write its stale copy over the finished one.
      let changed = false;
      await runExclusively(
        this.lockName,
        async () => {
          const now = await this.runs.get(this.id, PIPELINE_KINDS);
          changed = now?.status !== 'running' || now.updatedAt !== record.updatedAt;
          if (!changed) await this.save('paused', this.message!);
        },
        () => void (changed = true),
      );
      if (changed) return this.load();
    }
  }

  /** Starts or resumes the run; resolves when it is done, paused, awaiting clauses or failed. */
  async run(): Promise<void> {
    if (this.busy || !this.record || this.phase === 'done') return;
    await runExclusively(
      this.lockName,
      () => this.runHere(),
      () => ((this.phase = 'paused'), (this.message = RUNNING_ELSEWHERE)),
    );
  }

  /** Switches the run, explicitly, to the provider the settings name now, and resumes it. */
  async continueWithCurrentProvider(): Promise<void> {
    const panel = this.app.provider.identity?.();
    if (!panel || !this.record || this.busy) return;
    this.record = { ...this.record, config: { ...this.record.config, provider: panel } };
    this.providerMismatch = false;
    await this.save(this.record.status, this.record.statusMessage);
    await this.run();
  }

  /** Stops the LLM calls and the simulation under way; the run pauses at its last checkpoint. */
  cancel(): void {
    this.controller?.abort(new DOMException('Cancelled by you.', 'AbortError'));
  }

  /** The dial's pick joins the run's pool, simulated and stored as its candidates were (tradeoff/dial-candidate.ts). */
  async addDial(expression: string, dial: DialProvenance): Promise<RunCandidateRecord> {
    const { store, simulate } = this.app,
      run = { runId: this.id, instance: this.instance!, settings: this.settings };
    const record = await addDialCandidate({ store, simulate, ...run, saved: this.candidates, expression, dial });
    this.candidates = [...this.candidates, record];
    return record;
  }

  /** Gives the LLM `text` (the rewrite as it is, or her edit of it) and continues the run. */
  async acceptRewrite(text: string): Promise<void> {
    if (!this.checkpoint.rewrite) return;
    const problem = reviewRewrite(this.checkpoint, text);
    if (problem) return void (this.message = problem);
    this.persist();
    await this.run();
  }

  /** Accepts the edited clauses of an SCLM run and continues it. */
  async acceptClauses(clauses: SclmClause[]): Promise<void> {
    const state = this.checkpoint.sclm;
    if (!state || !this.instance) return;
    const accepted = reviewClauses(state, $state.snapshot(clauses) as SclmClause[], this.instance.schema);
    this.clauseProblems = accepted.problems;
    if (!accepted.state) return;
    this.checkpoint.sclm = accepted.state;
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
    this.app.provider.commitKey(); // the key store holds the typed key: storage refuses records containing it
    // A key goes only to the provider the run names: other settings are refused, not used.
    const check = checkRunProvider(
      this.settings.provider,
      this.checkpoint.replay ? undefined : this.app.provider.identity?.(),
    );
    if ((this.providerMismatch = check.refused !== null))
      return void ((this.controller = null), (this.phase = 'paused'), (this.message = check.refused));
    if (check.record) this.record = { ...this.record!, config: { ...this.record!.config, provider: check.record } };
    try {
      const instance = this.instance ?? (this.instance = await loadRunPopulation(this.app, this.settings));
      await this.save('running');
      const llm = observedProvider(await this.provider(), {
        start: () => ((this.llmCalls += 1), (this.activity = 'Waiting for the LLM')),
        end: () => (this.activity = ''),
      });
      const s = this.settings;
      const sims = (this.sims ??= this.simulationsOf(instance));
      const adapter = (this.adapter = createDlmAdapter({
        llm,
        population: instance,
        signal,
        domain: programDomain(instance),
        distributions: async (c) => (await sims.summary(c.normalized, c.rewardTable, signal)).distribution,
      }));
      // a rerun's: accepted as there
      const acceptedClauses = async () => (await this.rerun?.originalRun())?.checkpoint.sclm?.clauses;
      const parts = {
        checkpoint: this.checkpoint,
        settings: s,
        llm,
        adapter,
        sims,
        instance,
        signal,
        persist: () => this.persist(),
        note: (line: string | null) => this.note(line),
        acceptedClauses,
      };
      if (s.rewrite && !this.checkpoint.dlm && !this.checkpoint.sclm) {
        this.activity = 'Rewriting the priority into explicit English clauses';
        const step = await runRewriteStep(s.prompt, parts);
        if (step === 'paused') return this.pause(this.checkpoint.rewrite?.pausedBecause ?? 'paused');
        // the user reads the rewrite before any candidate is asked for with it
        if (step === 'review')
          return (
            (this.phase = 'awaiting-rewrite'),
            (this.message = null),
            this.save('paused', 'Waiting for you to read the rewritten priority.')
          );
      }
      const goal = this.checkpoint.rewrite ? effectivePrompt(this.checkpoint.rewrite) : s.prompt;
      const status = await runPipeline(goal, parts);
      if (status === 'paused')
        return this.pause((this.checkpoint.dlm ?? this.checkpoint.sclm)?.pausedBecause ?? 'paused');
      if (status === 'awaiting-clauses')
        return (
          (this.phase = 'awaiting-clauses'),
          this.showClauses(),
          this.save('paused', 'Waiting for you to accept the clauses.')
        );
      await this.finish(adapter, sims, signal);
    } catch (error) {
      this.phase = 'failed';
      this.message = unexpectedStop(error);
      await this.save('failed', this.message);
    } finally {
      this.controller = null;
      this.activity = '';
      this.simulationProgress = null;
      await this.writer.flushed();
    }
  }

  /**
   * The user's provider recording into the run's transcript; a rerun's replay of the original's transcript instead (no
   * LLM is asked).
   */
  private provider(): Promise<LlmProvider> | LlmProvider {
    const of = this.checkpoint.replay?.of;
    if (!of) return this.app.provider.providerFor(this.transcript);
    this.rerun ??= new RunReplay(() => this.app.store, of);
    return this.rerun.provider(this.transcript);
  }

  private simulationsOf(instance: Instance): RunSimulations {
    const onProgress = (fraction: number | null) => {
      this.simulationProgress = fraction;
      if (fraction === 0) this.activity = 'Simulating a policy';
      if (fraction === null) this.simulations = this.sims?.count ?? 0;
    };
    return new RunSimulations({
      simulate: this.app.simulate,
      instance,
      settings: this.settings,
      summaries: () => this.checkpoint.summaries,
      featuresUsed: (n) => this.adapter?.diagnostics(n)?.featuresUsed ?? [],
      onProgress,
    });
  }

  /**
   * After the pipeline: summaries of the default policy and of every valid candidate not simulated yet, then the
   * result.
   */
  private async finish(adapter: DlmAdapter, sims: RunSimulations, signal: AbortSignal) {
    try {
      await sims.summarizeAll(
        [DEFAULT_REWARD, ...validCandidates(this.checkpoint).map((c) => c.expression!)],
        adapter.compileExpression,
        signal,
        () => this.persist(),
      );
    } catch (error) {
      if (signal.aborted) return this.pause('Cancelled by you.');
      throw error;
    }
    this.syncCandidates();
    const result = $state.snapshot(this.checkpoint.sclm?.result ?? this.checkpoint.dlm?.result ?? null);
    if (this.rerun)
      this.checkpoint.replay!.comparison = await this.rerun.compare({
        result,
        candidates: this.candidates,
        summaries: this.checkpoint.summaries,
      });
    void this.writer.result({ runId: this.id, createdAt: Date.now(), result });
    if (!result) {
      // nothing was selected: the run did not do what was asked, so it is not "done"
      this.phase = 'failed';
      this.message = NO_VALID_CANDIDATE;
      return this.save('failed', this.message);
    }
    this.phase = 'done';
    this.message = null;
    await this.save('done');
    const refused = this.writer.takeFailure(); // storage refused the record (it holds the key, or is full)
    if (refused) [this.phase, this.message] = ['failed', saveRefused(refused)];
  }
}
