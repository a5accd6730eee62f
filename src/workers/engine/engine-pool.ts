// The page's one handle on the engine: a pool of workers, each with its own WASM instance. Simulations' trials are
// dealt to up to navigator.hardwareConcurrency workers as they ask (engine/trial-dealer.ts), index tables split by
// arms; parts are merged exactly
// (engine/simulation.ts), so the result does not depend on the number of workers. Progress comes
// after every kernel call of any worker (about every 50 ms); abort terminates every worker at once
// (a running WASM kernel cannot be interrupted otherwise); a crashed worker rejects the call with
// WorkerCrashedError and stops the others. Inputs go to the workers as copies of their own, transferred; a
// simulation's only to worker 0, a chunk of arms at a time, which prepares it once for all (engine-jobs.ts).
import * as Comlink from 'comlink';
import type { IndexTable } from '../../engine/engine.ts';
import {
  mergeParts,
  type SimulationInput,
  type SimulationPart,
  type SimulationResult,
} from '../../engine/simulation.ts';
import { jobPorts } from '../../engine/job-ports.ts';
import { trialJobs, type TrialJobs } from '../../engine/trial-jobs.ts';
import {
  armJobs,
  assembleIndexTable,
  jobArrays,
  transferArrays,
  type ArmJob,
  type EngineRunner,
  type JobOptions,
} from './engine-jobs.ts';
import type { EngineWorkerApi, Progress } from './engine.worker.ts';
import { WorkerBridge } from '../worker-bridge.ts';

/**
 * Jobs of this many arms or more end their worker when done: WASM memory never shrinks, and a worker
 * that simulated 3 x 10^6 arms would otherwise keep 280 MB until its idle timeout. A fresh worker
 * starts for the next job (tens of milliseconds, against seconds of simulation at that size).
 */
export const RETIRE_ARMS = 500_000;

export class EnginePool implements EngineRunner {
  private readonly bridges: WorkerBridge<EngineWorkerApi>[];

  constructor(size = Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2)) {
    this.bridges = Array.from(
      { length: size },
      (_, w) =>
        new WorkerBridge<EngineWorkerApi>(
          () =>
            new Worker(new URL('./engine.worker.ts', import.meta.url), {
              type: 'module',
              name: `allot-engine-${w + 1}`,
            }),
          { label: 'the simulation engine', idleTimeoutMs: 60_000 },
        ),
    );
  }

  get size(): number {
    return this.bridges.length;
  }

  /** Simulates `input` on up to `size` workers. The caller's arrays are not detached. */
  async simulate(input: SimulationInput, options: JobOptions = {}): Promise<SimulationResult> {
    if (input.policy === 'whittle' && input.numStates > 2 && !input.indices) {
      // S-state indices are costly: split them over the workers once, not once per worker
      const { indices } = await this.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount, {
        signal: options.signal,
      });
      input = { ...input, indices };
    }
    return mergeParts(input, await this.runTrialJobs(trialJobs(input, this.bridges.length), options));
  }

  /**
   * Runs trial job j on worker j; progress in trials of all jobs. Worker 0 takes the input, its chunks transferred
   * as it asks for them, prepares the simulation once and serves it to the others on a MessageChannel each
   * (engine/prepared-pieces.ts), so that the others neither receive the input nor repeat the preparation; this thread
   * deals the trials to the workers as they ask, on a MessageChannel each (engine/trial-dealer.ts); once no trial is
   * left, every worker but one sends that one its per-arm sums, which it turns into the result's per-arm
   * arrays (engine/trial-jobs.ts, gathererOf). A worker that ran a job of RETIRE_ARMS arms or more is ended once idle
   * (see below).
   */
  async runTrialJobs(jobs: TrialJobs, options: JobOptions = {}): Promise<SimulationPart[]> {
    const big = jobs.shape.numArms >= RETIRE_ARMS;
    const all = Array.from({ length: jobs.jobs }, (_, j) => j);
    const ports = jobPorts(jobs, () => new MessageChannel());
    const trialsPort = (w: number) => Comlink.transfer(ports.trials(w), [ports.trials(w)]);
    const sumsPorts = (w: number) => {
      const to = ports.sumsTo(w),
        from = ports.sumsFrom(w);
      return Comlink.transfer({ to, from }, to ? [to] : from);
    };
    try {
      return await this.run(
        all,
        jobs.shape.trials,
        options,
        async (api, _, progress, w) => {
          const arrays = Comlink.proxy(jobArrays(jobs, w));
          if (w > 0) {
            const port = ports.adopt(w);
            return api.adoptJob(
              jobs.shape,
              trialsPort(w),
              Comlink.transfer(port, [port]),
              arrays,
              progress,
              sumsPorts(w),
            );
          }
          return api.simulateJob(
            jobs.shape,
            trialsPort(w),
            jobs.chunks,
            transferArrays(await jobs.chunk(0, 0)),
            arrays,
            progress,
            Comlink.transfer(ports.serve, ports.serve),
            sumsPorts(w),
          );
        },
        big,
      );
    } finally {
      ports.stopDealing();
    }
  }

  /** Runs arm job j on worker j (jobs from armJobs, their arrays transferred); progress in arms of all jobs. */
  async runArmJobs(jobs: ArmJob[], options: JobOptions = {}): Promise<IndexTable[]> {
    const total = jobs.reduce((sum, job) => sum + job.end - job.start, 0);
    return this.run(jobs, total, options, (api, job, progress) =>
      api.whittleIndices(
        transferArrays(job.transitions),
        transferArrays(job.rewards),
        job.numStates,
        job.discount,
        progress,
      ),
    );
  }

  /** Whittle indices of 2-state arms, split by arms over the workers (layouts as in Engine.whittle2). */
  async whittle2(
    transitions: Float64Array,
    rewards: Float64Array,
    discount: number,
    options: JobOptions = {},
  ): Promise<Float64Array> {
    const jobs = armJobs(transitions, rewards, 2, discount, this.bridges.length);
    const parts = await this.run(jobs, rewards.length / 2, options, (api, job, progress) =>
      api.whittle2(transferArrays(job.transitions), transferArrays(job.rewards), discount, progress),
    );
    const indices = new Float64Array(rewards.length);
    parts.forEach((part, j) => indices.set(part, jobs[j].start * 2));
    return indices;
  }

  /** Whittle indices of S-state arms, split by arms over the workers (layouts as in Engine.whittleIndices). */
  async whittleIndices(
    transitions: Float64Array,
    rewards: Float64Array,
    numStates: number,
    discount: number,
    options: JobOptions = {},
  ): Promise<IndexTable> {
    const jobs = armJobs(transitions, rewards, numStates, discount, this.bridges.length);
    return assembleIndexTable(jobs, await this.runArmJobs(jobs, options), rewards.length / numStates, numStates);
  }

  /** WASM memory of every started worker, in bytes. */
  async memoryBytes(): Promise<number[]> {
    return Promise.all(this.bridges.map((b) => b.call(undefined, (api) => api.memoryBytes())));
  }

  terminate(): void {
    for (const b of this.bridges) b.terminate();
  }

  /** Job j on worker j, with the progress of all jobs summed; `retire`: end each worker once its job is done. */
  private async run<J, P>(
    jobs: J[],
    total: number,
    options: JobOptions,
    call: (api: Comlink.Remote<EngineWorkerApi>, job: J, progress: Progress, worker: number) => Promise<P>,
    retire = false,
  ): Promise<P[]> {
    if (jobs.length > this.bridges.length)
      throw new RangeError(`${jobs.length} jobs for ${this.bridges.length} workers`);
    const done = new Array<number>(jobs.length).fill(0);
    return this.all(
      jobs.map(async (job, w) => {
        const result = await this.bridges[w].call(options.signal, (api) => {
          const progress = Comlink.proxy((d: number) => {
            done[w] = d;
            options.onProgress?.(
              done.reduce((a, b) => a + b, 0),
              total,
            );
          });
          return call(api, job, progress, w) as Promise<P>;
        });
        if (retire) this.bridges[w].retire();
        return result;
      }),
    );
  }

  /** Like Promise.all, but the first failure terminates every worker, so none keeps computing. */
  private async all<T>(calls: Promise<T>[]): Promise<T[]> {
    try {
      return await Promise.all(calls);
    } catch (error) {
      this.terminate();
      throw error;
    }
  }
}
