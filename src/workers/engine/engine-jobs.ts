// The engine pool's work cut into one job per worker, each owning copies of its arrays (ready to
// transfer). Cutting and copying run on whichever thread builds the jobs: the page for its own
// simulations, the population worker for What-if (at 10^6 arms the copies alone take tens of
// milliseconds, too long for the page). The pool only forwards jobs, their chunks and their results.
import * as Comlink from 'comlink';
import type { Engine, IndexTable } from '../../engine/engine.ts';
import type { PreparedAdopter } from '../../engine/prepared-bytes.ts';
import type { ArmSums, PreparedSimulation } from '../../engine/prepared-simulation.ts';
import { copyArmChunk, copyInto, shapeOf, type ArmChunk, type SimulationShape } from '../../engine/arm-chunks.ts';
import { splitRange, type SimulationInput, type SimulationPart } from '../../engine/simulation.ts';

/**
 * Arms per chunk of a trial job's input: 1.6 MB of a 2-state population's arrays, two chunks per worker
 * in flight; smaller chunks cost more messages (3 x 10^6 arms: 183 per worker), larger ones memory.
 */
export const CHUNK_ARMS = 16_384;

/**
 * One simulation's trials split into jobs, job j for worker j. The input crosses to the worker of job 0
 * chunk by chunk (the worker asks for the next while it loads one), so that at 3 x 10^6 arms no whole
 * copy of it (340 MB) is ever in transit; that worker prepares the simulation once and hands the prepared
 * data to the other jobs' workers (prepared-pieces.ts), which never see the input.
 */
export interface TrialJobs {
  shape: SimulationShape;
  /** Trials [start, end) of job j. */
  ranges: [number, number][];
  /** How many chunks of arms the input comes in. */
  chunks: number;
  /**
   * Chunk c of the input, asked for by the worker of job `job` (0), with arrays of its own (ready to transfer),
   * in the buffers of `spent` (an earlier chunk, sent back) when given. The buffers go back and forth rather than
   * being freed on the receiving thread: Chromium does not always give back the memory of a buffer
   * transferred from another thread and detached there (80 MB of every 80 MB in some runs).
   */
  chunk(job: number, c: number, spent?: ArmChunk): ArmChunk | Promise<ArmChunk>;
  /** The rewards of chunk c (the second pass: SimulationLoader.addRewards), in the buffer of `spent` when given. */
  rewards(job: number, c: number, spent?: Float64Array): Float64Array | Promise<Float64Array>;
  /**
   * Arrays for job j's per-arm sums, asked for once its trials are run: made by the thread that merges
   * the parts, which can then free them at once (see chunk()), and not before they are needed.
   */
  outputs(job: number): ArmSums | Promise<ArmSums>;
}

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
export interface RunOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Runs job j on the engine's worker j: the pool itself, or a relay to it from another worker. */
export interface EngineRunner {
  readonly size: number;
  runTrialJobs(jobs: TrialJobs, options?: RunOptions): Promise<SimulationPart[]>;
  runArmJobs(jobs: ArmJob[], options?: RunOptions): Promise<IndexTable[]>;
}

/** Trials of `input` split over `workers` jobs, each chunk of each job a copy of its own. */
export function trialJobs(input: SimulationInput, workers: number, chunkArms = CHUNK_ARMS): TrialJobs {
  const N = input.numArms;
  return {
    shape: shapeOf(input),
    ranges: splitRange(input.trials, workers),
    chunks: Math.ceil(N / chunkArms),
    chunk: (_job, c, spent) => copyArmChunk(input, c * chunkArms, Math.min(N, (c + 1) * chunkArms), spent),
    rewards: (_job, c, spent) => copyInto(input.rewards.subarray(c * chunkArms * input.numStates, Math.min(N, (c + 1) * chunkArms) * input.numStates), spent),
    outputs: () => armSums(N, input.numStates),
  };
}

/** What the engine worker of job j asks of the thread that made the job (TrialJobs, with j bound). */
export interface JobArrays {
  chunk(c: number, spent?: ArmChunk): Promise<ArmChunk>;
  rewards(c: number, spent?: Float64Array): Promise<Float64Array>;
  outputs(): Promise<ArmSums>;
}

/** JobArrays of job j, each answer's arrays marked for transfer (the request's `spent` arrays are the asker's to mark). */
export function jobArrays(jobs: Pick<TrialJobs, 'chunk' | 'rewards' | 'outputs'>, j: number): JobArrays {
  return {
    chunk: async (c, spent) => transferArrays(await jobs.chunk(j, c, spent)),
    rewards: async (c, spent) => transferArrays(await jobs.rewards(j, c, spent)),
    outputs: async () => transferArrays(await jobs.outputs(j)),
  };
}

/** Zeroed arrays for the per-arm sums of a part of `numArms` arms. */
export function armSums(numArms: number, numStates: number): ArmSums {
  const L = numArms * (numStates - 1);
  return { occDisc: new Float64Array(L), occSteps: new Uint32Array(L), pulls: new Uint32Array(numArms), pulledTrials: new Uint32Array(numArms) };
}

/**
 * Runs trials [start, end) on `engine`, its input loaded from `chunks` chunks: the first given, the
 * others asked of `arrays`, one ahead, each request sending back the buffers of a chunk loaded; then the
 * rewards, chunk by chunk in the same way (from the first chunk when it is the only one). Once prepared, the
 * simulation is handed to `share` (the other jobs' workers adopt it: prepared-pieces.ts) before its trials run;
 * the per-arm sums are copied into the arrays `arrays.outputs` gives, once the trials are run.
 */
export async function runTrialJob(engine: Engine, shape: SimulationShape, range: [number, number], chunks: number, first: ArmChunk, arrays: JobArrays, onProgress?: (trialsDone: number) => void, share?: (prepared: PreparedSimulation) => Promise<void>): Promise<SimulationPart> {
  const loader = engine.load(shape);
  loader.add(first);
  if (chunks === 1) loader.addRewards(first.start, first.rewards);
  else {
    const perChunk = first.end - first.start; // every chunk but the last has as many arms
    await pass<ArmChunk>(1, chunks, (c, spent) => arrays.chunk(c, spent), (chunk) => loader.add(chunk), first);
    await pass<Float64Array>(0, chunks, (c, spent) => arrays.rewards(c, spent), (rows, c) => loader.addRewards(c * perChunk, rows));
  }
  const prepared = loader.finish();
  try {
    await share?.(prepared);
  } catch (error) {
    prepared.dispose();
    throw error;
  }
  return runPrepared(prepared, shape.seed, range, arrays, onProgress);
}

/**
 * Runs trials [start, end) of a simulation another job's worker prepared: its memory reserved at once (while that
 * worker loads the arms), its prepared data taken in by `adopt` (prepared-pieces.ts), then as runTrialJob.
 */
export async function runAdoptedJob(engine: Engine, shape: SimulationShape, range: [number, number], adopt: (adopter: PreparedAdopter) => Promise<void>, arrays: Pick<JobArrays, 'outputs'>, onProgress?: (trialsDone: number) => void): Promise<SimulationPart> {
  const adopter = engine.adopt(shape);
  try {
    await adopt(adopter);
  } catch (error) {
    adopter.release();
    throw error;
  }
  return runPrepared(adopter.finish(), shape.seed, range, arrays, onProgress);
}

/** Trials [start, end) of `prepared`, their per-arm sums copied into the arrays `arrays.outputs` gives; disposes of it. */
async function runPrepared(prepared: PreparedSimulation, seed: number, [start, end]: [number, number], arrays: Pick<JobArrays, 'outputs'>, onProgress?: (trialsDone: number) => void): Promise<SimulationPart> {
  try {
    const sums = prepared.trials(seed, start, end, onProgress);
    try {
      return sums.collect(await arrays.outputs());
    } finally {
      sums.release();
    }
  } finally {
    prepared.dispose();
  }
}

/**
 * Items from..count-1, asked for one ahead: item c + 1 is asked for before item c is used, with the
 * buffers of an item used (`returned` with the first request), so that two sets of buffers go round.
 */
async function pass<T>(from: number, count: number, ask: (c: number, spent?: T) => Promise<T>, use: (item: T, c: number) => void, returned?: T): Promise<void> {
  let next = ask(from, returned);
  let spent: T | undefined;
  for (let c = from; c < count; c++) {
    const item = await next;
    if (c + 1 < count) next = ask(c + 1, spent);
    use(item, c);
    spent = item;
  }
}

/** Arms [0, N) split over `workers` jobs (layouts as in Engine.whittleIndices). */
export function armJobs(transitions: Float64Array, rewards: Float64Array, numStates: number, discount: number, workers: number): ArmJob[] {
  const S = numStates, N = rewards.length / S;
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
export function assembleIndexTable(jobs: ArmJob[], parts: IndexTable[], numArms: number, numStates: number): IndexTable {
  const indices = new Float64Array(numArms * numStates), indexable = new Uint8Array(numArms);
  parts.forEach((part, j) => {
    indices.set(part.indices, jobs[j].start * numStates);
    indexable.set(part.indexable, jobs[j].start);
  });
  return { indices, indexable };
}

/** Marks every typed array inside `value` for transfer instead of copy when `value` itself is sent (Comlink keys the mark on the object passed). */
export function transferArrays<T extends object>(value: T): T {
  const buffers: ArrayBufferLike[] = [];
  collectBuffers(value, buffers);
  return Comlink.transfer(value, [...new Set(buffers)] as Transferable[]);
}

/**
 * Frees the memory of every typed array of `value` now, rather than at some later garbage collection
 * (ArrayBuffer.prototype.transfer, where the runtime has it). Only for arrays made on this thread: see
 * TrialJobs.chunk for buffers that came from another.
 */
export function freeArrays(value: object): void {
  for (const v of Object.values(value)) {
    const buffer = ArrayBuffer.isView(v) ? (v.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer; detached?: boolean }) : undefined;
    if (buffer && typeof buffer.transfer === 'function' && !buffer.detached) buffer.transfer(0);
  }
}

function collectBuffers(value: unknown, into: ArrayBufferLike[]): void {
  if (ArrayBuffer.isView(value)) into.push(value.buffer);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectBuffers(v, into);
}
