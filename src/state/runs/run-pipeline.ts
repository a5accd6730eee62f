// A run's pipeline over the app's parts: the rewrite step when it is on, then DLM, or SCLM over the
// same LLM and adapter (pipeline/sclm/sclm-parts.ts) with its simulations through the run's
// RunSimulations. Each step lands in the run's checkpoint and its log.
import type { Instance } from '../../core/instance/types.ts';
import type { LlmProvider } from '../../llm/llm-provider.ts';
import type { DlmAdapter } from '../../pipeline/dlm/dlm-adapter.ts';
import { createDlmRun } from '../../pipeline/dlm/dlm-run-state.ts';
import { runDlm } from '../../pipeline/dlm/run-dlm.ts';
import { createRewrite, type RewriteState } from '../../pipeline/rewrite/rewrite-state.ts';
import { runRewrite } from '../../pipeline/rewrite/run-rewrite.ts';
import { acceptClauses } from '../../pipeline/sclm/accept-clauses.ts';
import { runSclm, type SclmEvent } from '../../pipeline/sclm/run-sclm.ts';
import { createSclmParts } from '../../pipeline/sclm/sclm-parts.ts';
import { createSclmRun, type SclmClause, type SclmRunState } from '../../pipeline/sclm/sclm-run-state.ts';
import type { RunCheckpoint } from './run-checkpoint.ts';
import { describeDlmEvent, describeSclmEvent } from './run-events.ts';
import { rewriteToReview } from './run-review.ts';
import { dlmConfigOf, sclmConfigOf, type RunSettings } from './run-settings.ts';
import type { RunSimulations } from './run-simulations.ts';

export interface PipelineRun {
  /** Mutated: the pipeline's state after every step. */
  checkpoint: RunCheckpoint;
  settings: RunSettings;
  llm: LlmProvider;
  adapter: DlmAdapter;
  sims: RunSimulations;
  instance: Instance;
  signal: AbortSignal;
  /** After every step: checkpoint the run. */
  persist(): void;
  note(line: string | null): void;
  /** A rerun's original clauses, accepted as the user accepted them there. */
  acceptedClauses(): Promise<SclmClause[] | undefined>;
}

/**
 * Runs (or resumes) the rewrite step: 'paused' (why is in the rewrite), 'review' (a fresh rewrite the user reads first)
 * or 'go'.
 */
export async function runRewriteStep(
  prompt: string,
  run: Pick<PipelineRun, 'checkpoint' | 'settings' | 'llm' | 'instance' | 'signal' | 'persist'>,
): Promise<'paused' | 'review' | 'go'> {
  const c = run.checkpoint;
  const checkpoint = (r: RewriteState) => ((c.rewrite = r), run.persist());
  const options = { maxAttempts: run.settings.maxAttempts, signal: run.signal, checkpoint };
  const initial = c.rewrite ?? createRewrite(prompt, { enabled: true });
  c.rewrite = await runRewrite(initial, run.llm, run.instance.schema, options);
  return c.rewrite.status === 'paused' ? 'paused' : rewriteToReview(c) ? 'review' : 'go';
}

/** Runs (or resumes) the run's DLM or SCLM pipeline; resolves with its status. */
export async function runPipeline(
  goal: string,
  run: PipelineRun,
): Promise<'done' | 'paused' | 'awaiting-clauses' | 'running'> {
  const { checkpoint: c, settings, signal } = run;
  if (settings.kind === 'dlm') {
    const initial = c.dlm ?? createDlmRun(goal, dlmConfigOf(settings));
    c.dlm = await runDlm(initial, run.adapter, {
      signal,
      checkpoint: (state) => ((c.dlm = state), run.persist()),
      onEvent: (e) => run.note(describeDlmEvent(e)),
    });
    return c.dlm.status;
  }
  const simulate = (compiled: { normalized: string; rewardTable: Float64Array }) =>
    run.sims.occupancy(compiled.normalized, compiled.rewardTable, signal);
  const parts = createSclmParts({ llm: run.llm, adapter: run.adapter, simulate, instance: run.instance, signal });
  const options = {
    signal,
    checkpoint: (state: SclmRunState) => ((c.sclm = state), run.persist()),
    onEvent: (e: SclmEvent) => run.note(describeSclmEvent(e)),
  };
  c.sclm = await runSclm(c.sclm ?? createSclmRun(goal, sclmConfigOf(settings)), parts, options);
  const accepted = c.sclm.status === 'awaiting-clauses' ? await run.acceptedClauses() : undefined;
  if (accepted) c.sclm = await runSclm(acceptClauses(c.sclm, accepted, run.instance.schema), parts, options);
  return c.sclm.status;
}
