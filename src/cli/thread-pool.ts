// The engine pool of the command line: Node worker threads, each with its own WASM instance,
// running the same engine code as the app's Web Workers. Trials are split into contiguous ranges,
// one per thread, and the parts are merged exactly (engine/simulation.ts), so the result is the
// same for any number of threads. Thread 0 alone takes the input and prepares the simulation; its
// prepared data reaches the other threads in one SharedArrayBuffer (engine/prepared-bytes.ts), so the
// preparation is done once and the input copied once, whatever the number of threads.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { shapeOf } from '../engine/arm-chunks.ts';
import { mergeParts, splitRange, type SimulationInput, type SimulationPart, type SimulationResult } from '../engine/simulation.ts';
import type { ThreadRequest } from './engine-thread.ts';

type Reply = { id: number; progress?: number; part?: SimulationPart; prepared?: SharedArrayBuffer; error?: string; ready?: boolean };

interface Call {
  resolve: (part: SimulationPart) => void;
  reject: (error: Error) => void;
  progress: (done: number) => void;
  prepared?: (bytes: SharedArrayBuffer) => void;
}

export class ThreadPool {
  private nextId = 0;
  private readonly pending: number[];

  private readonly calls: Map<number, Call>[];

  private constructor(private readonly workers: Worker[]) {
    this.pending = workers.map(() => 0);
    this.calls = workers.map(() => new Map());
    workers.forEach((_, w) => this.listen(w));
  }

  /** Starts `count` threads (0: one per core) and waits until each has loaded the WASM. */
  static async start(count = 0): Promise<ThreadPool> {
    const n = count > 0 ? count : availableParallelism();
    const workers = Array.from({ length: n }, () => new Worker(new URL('./engine-thread.mjs', import.meta.url)));
    try {
      await Promise.all(workers.map((w) => new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => done(error);
        const onExit = (code: number) => done(new Error(`an engine thread exited with code ${code} while starting`));
        const onMessage = (m: Reply) => done(m.ready ? undefined : new Error('an engine thread sent no ready message'));
        // Only our own listeners are removed: Worker keeps internal ones for its message port.
        const done = (error?: Error) => {
          w.off('error', onError).off('exit', onExit).off('message', onMessage);
          if (error) reject(error);
          else resolve();
        };
        w.on('error', onError).on('exit', onExit).on('message', onMessage);
      })));
    } catch (error) {
      await Promise.all(workers.map((w) => w.terminate()));
      throw error;
    }
    return new ThreadPool(workers);
  }

  get size(): number {
    return this.workers.length;
  }

  /**
   * Simulates on every thread; onProgress(trialsDone, trials) after each kernel call of any thread. The other
   * threads reserve their memory while thread 0 prepares, then adopt its prepared data.
   */
  async simulate(input: SimulationInput, onProgress?: (done: number, total: number) => void): Promise<SimulationResult> {
    const ranges = splitRange(input.trials, this.workers.length);
    const done = new Array<number>(ranges.length).fill(0);
    const progress = (w: number) => (d: number) => {
      done[w] = d;
      onProgress?.(done.reduce((a, b) => a + b, 0), input.trials);
    };
    const shape = shapeOf(input);
    const ids = ranges.map(() => this.nextId++);
    const adopted = ranges.slice(1).map(([trialStart, trialEnd], j) => this.call(j + 1, { id: ids[j + 1], adopt: shape, trialStart, trialEnd }, progress(j + 1)));
    const first = this.call(0, { id: ids[0], input, trialStart: ranges[0][0], trialEnd: ranges[0][1], share: ranges.length > 1 }, progress(0), (prepared) => {
      ids.slice(1).forEach((id, j) => this.workers[j + 1].postMessage({ id, prepared } satisfies ThreadRequest));
    });
    // if thread 0 fails, the others give up their reserved memory
    first.catch(() => ids.slice(1).forEach((id, j) => this.workers[j + 1].postMessage({ id, cancel: true } satisfies ThreadRequest)));
    return mergeParts(input, await Promise.all([first, ...adopted]));
  }

  /**
   * Simulates every trial on one thread, the one with the fewest simulations waiting: many small
   * simulations (a sweep's seeds) run side by side without splitting each one's trials.
   */
  async simulateWhole(input: SimulationInput): Promise<SimulationResult> {
    let w = 0;
    for (let j = 1; j < this.workers.length; j++) if (this.pending[j] < this.pending[w]) w = j;
    this.pending[w]++;
    try {
      return mergeParts(input, [await this.call(w, { id: this.nextId++, input, trialStart: 0, trialEnd: input.trials }, () => {})]);
    } finally {
      this.pending[w]--;
    }
  }

  /** Sends `request` to thread w; resolves with its part (`prepared` is called with the prepared data it shares). */
  private call(w: number, request: ThreadRequest, progress: (done: number) => void, prepared?: (bytes: SharedArrayBuffer) => void): Promise<SimulationPart> {
    return new Promise<SimulationPart>((resolve, reject) => {
      this.calls[w].set(request.id, { resolve, reject, progress, prepared });
      this.workers[w].postMessage(request);
    });
  }

  /** One set of listeners per thread, dispatching replies by id (many calls may wait on a thread). */
  private listen(w: number): void {
    const calls = this.calls[w];
    const failAll = (error: Error) => {
      for (const call of calls.values()) call.reject(error);
      calls.clear();
    };
    this.workers[w]
      .on('message', (m: Reply) => {
        const call = calls.get(m.id);
        if (!call) return;
        if (m.progress !== undefined) return call.progress(m.progress);
        if (m.prepared) return call.prepared?.(m.prepared);
        calls.delete(m.id);
        if (m.error !== undefined) call.reject(new Error(m.error));
        else call.resolve(m.part!);
      })
      .on('error', (error: Error) => failAll(new Error(`an engine thread crashed: ${error.message}`)))
      .on('exit', (code: number) => failAll(new Error(`an engine thread stopped unexpectedly (exit code ${code})`)));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
