// The engine pool of the command line: Node worker threads, each with its own WASM instance,
// running the same engine code as the app's Web Workers. Trials are split into contiguous ranges,
// one per thread, and the parts are merged exactly (engine/simulation.ts), so the result is the
// same for any number of threads.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { mergeParts, splitRange, type SimulationInput, type SimulationPart, type SimulationResult } from '../engine/simulation.ts';

type Reply = { id: number; progress?: number; part?: SimulationPart; error?: string; ready?: boolean };

export class ThreadPool {
  private nextId = 0;
  private readonly pending: number[];

  private readonly calls: Map<number, { resolve: (part: SimulationPart) => void; reject: (error: Error) => void; progress: (done: number) => void }>[];

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

  /** Simulates on every thread; onProgress(trialsDone, trials) after each kernel call of any thread. */
  async simulate(input: SimulationInput, onProgress?: (done: number, total: number) => void): Promise<SimulationResult> {
    const ranges = splitRange(input.trials, this.workers.length);
    const done = new Array<number>(ranges.length).fill(0);
    const parts = await Promise.all(ranges.map(([start, end], w) => this.run(this.workers[w], input, start, end, (d) => {
      done[w] = d;
      onProgress?.(done.reduce((a, b) => a + b, 0), input.trials);
    })));
    return mergeParts(input, parts);
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
      return mergeParts(input, [await this.run(this.workers[w], input, 0, input.trials, () => {})]);
    } finally {
      this.pending[w]--;
    }
  }

  private run(worker: Worker, input: SimulationInput, trialStart: number, trialEnd: number, progress: (done: number) => void): Promise<SimulationPart> {
    const id = this.nextId++;
    const w = this.workers.indexOf(worker);
    return new Promise<SimulationPart>((resolve, reject) => {
      this.calls[w].set(id, { resolve, reject, progress });
      worker.postMessage({ id, input, trialStart, trialEnd });
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
