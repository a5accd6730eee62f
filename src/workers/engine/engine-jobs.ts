// The engine pool's work cut into one job per worker, each owning copies of its arrays (ready to
// transfer): a simulation's trial jobs (src/engine/trial-jobs.ts) and an index table's arm jobs. Cutting and
// copying run on whichever thread builds the jobs: the page for its own simulations, the population worker for
// What-if (at 10^6 arms the copies alone take tens of milliseconds, too long for the page). The pool only
// forwards jobs, their chunks and their results; this file adds what crosses with Comlink.
import * as Comlink from 'comlink';
import type { IndexTable } from '../../engine/engine.ts';
import { buffersOf, type JobArrays, type TrialJobs } from '../../engine/trial-jobs.ts';
import { splitRange, type SimulationPart } from '../../engine/simulation.ts';

/** The Whittle indices of arms [start, end): their transitions and rewards, copied. */
export interface ArmJob {
  start: number;
  end: number;
  transitions: Float64Array;
  rewards: Float64Array;
  numStates: number;
  discount: number;
}

/** Abort and progress (work done of all jobs) of one run of jobs. */
export interface JobOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Runs job j on the engine's worker j: the pool itself, or a relay to it from another worker. */
export interface EngineRunner {
  readonly size: number;
  runTrialJobs(jobs: TrialJobs, options?: JobOptions): Promise<SimulationPart[]>;
  runArmJobs(jobs: ArmJob[], options?: JobOptions): Promise<IndexTable[]>;
}

/**
 * JobArrays of job j, each answer's arrays marked for transfer (the request's `spent` arrays are the asker's to mark).
 */
export function jobArrays(jobs: Pick<TrialJobs, 'chunk' | 'rewards' | 'outputs'>, j: number): JobArrays {
  return {
    chunk: async (c, spent) => transferArrays(await jobs.chunk(j, c, spent)),
    rewards: async (c, spent) => transferArrays(await jobs.rewards(j, c, spent)),
    outputs: async () => transferArrays(await jobs.outputs(j)),
  };
}

/** Arms [0, N) split over `workers` jobs (layouts as in Engine.whittleIndices). */
export function armJobs(
  transitions: Float64Array,
  rewards: Float64Array,
  numStates: number,
  discount: number,
  workers: number,
): ArmJob[] {
  const S = numStates,
    N = rewards.length / S;
  return splitRange(N, workers).map(([start, end]) => ({
    start,
    end,
    transitions: transitions.slice(start * S * 2 * S, end * S * 2 * S),
    rewards: rewards.slice(start * S, end * S),
    numStates: S,
    discount,
  }));
}

/** The index table of all arms from the parts of `armJobs`. */
export function assembleIndexTable(
  jobs: ArmJob[],
  parts: IndexTable[],
  numArms: number,
  numStates: number,
): IndexTable {
  const indices = new Float64Array(numArms * numStates),
    indexable = new Uint8Array(numArms);
  parts.forEach((part, j) => {
    indices.set(part.indices, jobs[j].start * numStates);
    indexable.set(part.indexable, jobs[j].start);
  });
  return { indices, indexable };
}

/**
 * Marks every typed array inside `value` for transfer instead of copy when `value` itself is sent (Comlink keys the
 * mark on the object passed).
 */
export function transferArrays<T extends object>(value: T): T {
  return Comlink.transfer(value, buffersOf(value));
}

/**
 * Frees the memory of every typed array of `value` now, rather than at some later garbage collection
 * (ArrayBuffer.prototype.transfer, where the runtime has it). Only for arrays made on this thread: see
 * TrialJobs.chunk for buffers that came from another.
 */
export function freeArrays(value: object): void {
  for (const v of Object.values(value)) {
    const buffer = ArrayBuffer.isView(v)
      ? (v.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer; detached?: boolean })
      : undefined;
    if (buffer && typeof buffer.transfer === 'function' && !buffer.detached) buffer.transfer(0);
  }
}
