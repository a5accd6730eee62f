// The two ends of a rerun (History): its LLM calls answered from the original run's transcript
// (recorded into the rerun's own, no LLM is asked), and, once done, whether it reproduced the
// original bit for bit: the selected candidate, every candidate's summary, the summaries by expression.
import { ReplayProvider } from '../../llm/replay-provider.ts';
import type { Transcript } from '../../llm/transcript.ts';
import type { Store } from '../../storage/store.ts';
import { isDialCandidate } from './run-candidates.ts';
import { PIPELINE_KINDS, runRepository, type PipelineRunRecord } from '../run-records.ts';
import { compareRuns, type RunComparison, type RunOutcome } from './compare-runs.ts';

export class RunReplay {
  private original: PipelineRunRecord | null = null;

  constructor(
    private readonly store: () => Store,
    /** The run repeated. */
    readonly of: string,
  ) {}

  /** The original run (loaded once); an error when it is no longer saved. */
  async originalRun(): Promise<PipelineRunRecord> {
    this.original ??= (await runRepository(this.store).get(this.of, PIPELINE_KINDS)) ?? null;
    if (!this.original) throw new Error(`the run it repeats (${this.of}) is no longer saved`);
    return this.original;
  }

  /** A provider answering by request hash from the original's transcript, recording into `transcript`. */
  async provider(transcript: Transcript): Promise<ReplayProvider> {
    return ReplayProvider.of((await this.originalRun()).transcript, { transcript, source: `replay of ${this.of}` });
  }

  async compare(rerun: RunOutcome): Promise<RunComparison> {
    const original = this.original ?? (await runRepository(this.store).get(this.of, PIPELINE_KINDS));
    if (!original) return { identical: false, differences: [`the original run (${this.of}) is no longer saved`] };
    // the dial's candidates were added by the user after the run, not by its pipeline
    const candidates = (await runRepository(this.store).candidates(original)).filter((c) => !isDialCandidate(c));
    return compareRuns(
      {
        result: (await this.store().getResult(this.of))?.result ?? null,
        candidates,
        summaries: original.checkpoint.summaries ?? {},
      },
      rerun,
    );
  }
}
