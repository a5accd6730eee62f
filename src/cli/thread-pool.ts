// The engine pool of the command line: Node worker threads, each with its own WASM instance, running the
// same engine code and the same jobs as the app's Web Workers (engine/trial-jobs.ts). Trials are dealt to the
// threads as they ask (engine/trial-dealer.ts: a thread slowed by other work runs fewer, and when the process's CPU
// time says the threads get one core between them, one thread runs every trial left), and the parts are merged
// exactly (engine/simulation.ts), so the result is the same for any number of threads and any dealing. Thread 0
// alone takes the input, a chunk of arms at a time in buffers that go back and forth (no whole copy of it in
// transit), and prepares the simulation once; the other threads adopt what it prepared over a MessageChannel each
// (engine/prepared-pieces.ts); every thread but one sends that one its per-arm sums, which it turns into the
// result's per-arm arrays (engine/trial-jobs.ts, gathererOf).
import { availableParallelism } from 'node:os';
import { MessageChannel, Worker } from 'node:worker_threads';
import type { ArmChunk } from '../engine/arm-chunks.ts';
import { mergeParts, type SimulationInput, type SimulationPart, type SimulationResult } from '../engine/simulation.ts';
import { jobPorts } from '../engine/job-ports.ts';
import { buffersOf, trialJobs, type TrialJobs } from '../engine/trial-jobs.ts';
import type { ThreadReply, ThreadRequest } from './engine-thread.ts';

/** CPU time of every thread of this process, ms: the dealer sees from it whether the threads share a core. */
const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Call {
  resolve: (part: SimulationPart) => void;
  reject: (error: Error) => void;
  progress: (done: number) => void;
  /** The chunks of the input, for job 0. */
  jobs?: TrialJobs;
}

export class ThreadPool {
  private nextId = 1;
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
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve, reject) => {
              const onError = (error: Error) => done(error);
              const onExit = (code: number) =>
                done(new Error(`an engine thread exited with code ${code} while starting`));
              const onMessage = (m: { ready?: boolean }) =>
                done(m.ready ? undefined : new Error('an engine thread sent no ready message'));
              // Only our own listeners are removed: Worker keeps internal ones for its message port.
              const done = (error?: Error) => {
                w.off('error', onError).off('exit', onExit).off('message', onMessage);
                if (error) reject(error);
                else resolve();
              };
              w.on('error', onError).on('exit', onExit).on('message', onMessage);
            }),
        ),
      );
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
  async simulate(
    input: SimulationInput,
    onProgress?: (done: number, total: number) => void,
  ): Promise<SimulationResult> {
    const jobs = trialJobs(input, this.workers.length);
    const done = new Array<number>(jobs.jobs).fill(0);
    const parts = await this.runJobs(
      jobs,
      done.map((_, w) => w),
      (w, d) => {
        done[w] = d;
        onProgress?.(
          done.reduce((a, b) => a + b, 0),
          input.trials,
        );
      },
    );
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
      return mergeParts(input, await this.runJobs(trialJobs(input, 1), [w], () => {}));
    } finally {
      this.pending[w]--;
    }
  }

  /**
   * Job j on thread threads[j]: job 0 with the first chunk and a port to each other job's thread, which
   * reserves its memory at once and adopts what job 0 prepares; every job with a port on which this thread deals
   * it trials, and every job but the gatherer (gathererOf) with a port to the gatherer's thread for its per-arm sums.
   */
  private runJobs(
    jobs: TrialJobs,
    threads: number[],
    progress: (job: number, done: number) => void,
  ): Promise<SimulationPart[]> {
    const ports = jobPorts(jobs, () => new MessageChannel(), processCpuMs);
    const running = Promise.all(
      threads.map((w, j) => {
        const id = this.nextId++,
          trials = ports.trials(j),
          sumsTo = ports.sumsTo(j),
          sumsFrom = ports.sumsFrom(j);
        const job = { id, shape: jobs.shape, trials, sumsTo, sumsFrom },
          sumsPorts = [trials, ...(sumsTo ? [sumsTo] : sumsFrom)];
        return new Promise<SimulationPart>((resolve, reject) => {
          this.calls[w].set(id, { resolve, reject, progress: (d) => progress(j, d), jobs: j === 0 ? jobs : undefined });
          if (j > 0) {
            const port = ports.adopt(j);
            return this.workers[w].postMessage({ ...job, port } satisfies ThreadRequest, [port, ...sumsPorts]);
          }
          const first = jobs.chunk(0, 0) as ArmChunk;
          this.workers[w].postMessage(
            { ...job, chunks: jobs.chunks, first, ports: ports.serve } satisfies ThreadRequest,
            [...buffersOf(first), ...ports.serve, ...sumsPorts],
          );
        });
      }),
    );
    return running.finally(ports.stopDealing);
  }

  /** One set of listeners per thread, dispatching replies by id (many calls may wait on a thread). */
  private listen(w: number): void {
    const calls = this.calls[w];
    const failAll = (error: Error) => {
      for (const call of calls.values()) call.reject(error);
      calls.clear();
    };
    this.workers[w]
      .on('message', (m: ThreadReply) => {
        const call = calls.get(m.id);
        if (!call) return;
        if ('progress' in m) return call.progress(m.progress);
        if ('ask' in m) {
          // job 0 asks for the next chunk of the input (or of its rewards), sending a used one back to be refilled
          const arrays =
            m.ask === 'chunk'
              ? (call.jobs!.chunk(0, m.c, m.spent as ArmChunk | undefined) as ArmChunk)
              : (call.jobs!.rewards(0, m.c, m.spent as Float64Array | undefined) as Float64Array);
          return this.workers[w].postMessage(
            { id: m.id, answer: m.ask, c: m.c, arrays } satisfies ThreadRequest,
            buffersOf(arrays),
          );
        }
        calls.delete(m.id);
        if ('error' in m) call.reject(new Error(m.error));
        else call.resolve(m.part);
      })
      .on('error', (error: Error) => failAll(new Error(`an engine thread crashed: ${error.message}`)))
      .on('exit', (code: number) => failAll(new Error(`an engine thread stopped unexpectedly (exit code ${code})`)));
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
