// The run's writes to the store, queued in order (a checkpoint after every step must never
// overtake the one before): the run record, the candidate records that changed, the result.
import type { RunRepository } from '../../storage/run-repository.ts';
import type { ResultRecord } from '../../storage/records.ts';
import type { Store } from '../../storage/store.ts';
import type { AllotRuns, PipelineRunRecord } from '../run-records.ts';
import { changedCandidates, type RunCandidateRecord } from './run-candidates.ts';

export class RunWriter {
  private queue: Promise<void> = Promise.resolve();
  /** The stamp of each candidate record as last written, by index. */
  private readonly written = new Map<number, string>();

  constructor(
    private readonly runs: RunRepository<AllotRuns>,
    private readonly store: () => Store,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Records read back from the store count as written. */
  loaded(candidates: readonly RunCandidateRecord[]): void {
    changedCandidates(candidates, this.written);
  }

  run(record: PipelineRunRecord): Promise<void> {
    return this.then(() => this.runs.put(record));
  }

  /** Queues the records that changed since they were last written; false when none did. */
  candidates(records: readonly RunCandidateRecord[]): boolean {
    const changed = changedCandidates(records, this.written).map((r) => structuredClone(r));
    if (changed.length > 0) void this.then(async () => {
      for (const r of changed) await this.runs.putCandidate(r);
    });
    return changed.length > 0;
  }

  result(record: ResultRecord): Promise<void> {
    return this.then(() => this.store().putResult(record));
  }

  /** Resolves once every queued write is done. */
  flushed(): Promise<void> {
    return this.queue;
  }

  private then(write: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(write).catch((error) => this.onError(error));
    return this.queue;
  }
}
