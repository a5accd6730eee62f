// What every resumable run (DLM, SCLM, rewrite, language study) shares: its state is plain JSON copied
// at each checkpoint, and a failing I/O part (an LLM provider, a simulation) or an abort pauses the run
// instead of failing it, so that running the paused state again resumes where it stopped.

/** Raised inside a run when an I/O part fails or the run is aborted; the run turns it into a paused state. */
export class Pause extends Error {}

/** What `pauseOn` writes: the status of every resumable run state, and why it paused. */
interface Resumable {
  status: string;
  pausedBecause?: string;
}

/** A run's catch: a Pause leaves the state paused with its reason, saved; any other error is a bug and propagates. */
export function pauseOn(error: unknown, state: Resumable, save: () => void): string {
  if (!(error instanceof Pause)) throw error;
  state.status = 'paused';
  state.pausedBecause = error.message;
  save();
  return error.message;
}

/** A deep copy of plain JSON run state (what checkpoints receive and what runs start from). */
export const cloneState = <T>(state: T): T => JSON.parse(JSON.stringify(state)) as T;

/** Calls an I/O part, turning its failure (or an abort of `signal`) into a Pause. */
export function pausingIo(signal?: AbortSignal) {
  return async <T>(call: () => Promise<T>): Promise<T> => {
    if (signal?.aborted) throw new Pause('aborted');
    try {
      return await call();
    } catch (error) {
      throw new Pause(error instanceof Error ? error.message : String(error));
    }
  };
}
