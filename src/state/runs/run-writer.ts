// The run's writes to the store, queued in order (a checkpoint after every step must never
// overtake the one before): the run record, the candidate records that changed, the result.
import type { RunRepository } from '../../storage/run-repository.ts';
import type { ResultRecord } from '../../storage/records.ts';
import type { Store } from '../../storage/store.ts';
import type { AllotRuns, PipelineRunRecord } from '../run-records.ts';
import { changedCandidates, type RunCandidateRecord } from './run-candidates.ts';
import { announceRun } from './run-channel.ts';

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

  /** Writes the run record, then tells the other tabs (a tab showing it reloads it). */
  run(record: PipelineRunRecord): Promise<void> {
    return this.then(async () => {
      await this.runs.put(record);
      announceRun(record.id, record.status);
    });
  }

  /** Queues the records that changed since they were last written; false when none did. */
  candidates(records: readonly RunCandidateRecord[]): boolean {
    const changed = changedCandidates(records, this.written).map((r) => structuredClone(r));
    if (changed.length > 0)
      void this.then(async () => {
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

  /** The first write the store refused (a record holding the key, a full disk), until read by takeFailure. */
  private failure: unknown = null;

  /** The refused write since the last call, if any: the run must not say "Done" over it. */
  takeFailure(): unknown {
    const failure = this.failure;
    this.failure = null;
    return failure;
  }

  private then(write: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(write).catch((error) => {
      this.failure ??= error;
      this.onError(error);
    });
    return this.queue;
  }
}
