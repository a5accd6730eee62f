// A transcript written to its file after every call, so that a run killed at any moment loses at
// most the call in flight. Each write goes to FILE.tmp and is renamed over FILE: a kill during a
// write leaves the previous complete transcript, never half a file. Writes are serialized.
import { rename, writeFile } from 'node:fs/promises';
import type { TranscriptEntry } from '../llm/transcript.ts';

export class TranscriptFile {
  private writing = Promise.resolve();
  private failure: unknown = null;

  constructor(private readonly path: string) {}

  /** Queues a write of `entries` (all of them: the file is always a complete JSON array). */
  save(entries: readonly TranscriptEntry[]): void {
    const text = JSON.stringify(entries, null, 1);
    this.writing = this.writing.then(async () => {
      try {
        await writeFile(`${this.path}.tmp`, text);
        await rename(`${this.path}.tmp`, this.path);
      } catch (error) {
        this.failure ??= error;
      }
    });
  }

  /** Waits for the queued writes; throws the first failure, naming the file. */
  async flush(): Promise<void> {
    await this.writing;
    if (this.failure)
      throw new Error(
        `could not write the transcript ${this.path}: ${(this.failure as Error).message ?? this.failure}`,
      );
  }
}
