// A simulation's trials split into jobs, one per engine worker, and how a worker runs its job: the worker of
// job 0 takes the input chunk by chunk and prepares the simulation once; the others adopt what it prepared
// (prepared-pieces.ts) and never see the input. The same for the app's Web Workers (src/workers/engine) and the
// command line's threads (src/cli/thread-pool.ts); the messages that carry chunks, pieces and sums are theirs.
import type { Engine } from './engine.ts';
import type { PreparedAdopter } from './prepared-bytes.ts';
import type { ArmSums, PreparedSimulation } from './prepared-simulation.ts';
import { copyArmChunk, copyInto, shapeOf, type ArmChunk, type SimulationShape } from './arm-chunks.ts';
import { splitRange, type SimulationInput, type SimulationPart } from './simulation.ts';

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

/** Trials of `input` split over `workers` jobs, each chunk a copy of its own. */
export function trialJobs(input: SimulationInput, workers: number, chunkArms = CHUNK_ARMS): TrialJobs {
  const N = input.numArms;
  return {
    shape: shapeOf(input),
    ranges: splitRange(input.trials, workers),
    chunks: Math.ceil(N / chunkArms),
    chunk: (_job, c, spent) => copyArmChunk(input, c * chunkArms, Math.min(N, (c + 1) * chunkArms), spent),
    rewards: (_job, c, spent) =>
      copyInto(
        input.rewards.subarray(c * chunkArms * input.numStates, Math.min(N, (c + 1) * chunkArms) * input.numStates),
        spent,
      ),
    outputs: () => armSums(N, input.numStates),
  };
}

/** What the engine worker of job j asks of the thread that made the job (TrialJobs, with j bound). */
export interface JobArrays {
  chunk(c: number, spent?: ArmChunk): Promise<ArmChunk>;
  rewards(c: number, spent?: Float64Array): Promise<Float64Array>;
  outputs(): Promise<ArmSums>;
}

/** Zeroed arrays for the per-arm sums of a part of `numArms` arms. */
export function armSums(numArms: number, numStates: number): ArmSums {
  const L = numArms * (numStates - 1);
  return {
    occDisc: new Float64Array(L),
    occSteps: new Uint32Array(L),
    pulls: new Uint32Array(numArms),
    pulledTrials: new Uint32Array(numArms),
  };
}

/**
 * Runs trials [start, end) on `engine`, its input loaded from `chunks` chunks: the first given, the
 * others asked of `arrays`, one ahead, each request sending back the buffers of a chunk loaded; then the
 * rewards, chunk by chunk in the same way (from the first chunk when it is the only one). Once prepared, the
 * simulation is handed to `share` (the other jobs' workers adopt it: prepared-pieces.ts) before its trials run;
 * the per-arm sums are copied into the arrays `arrays.outputs` gives, once the trials are run.
 */
export async function runTrialJob(
  engine: Engine,
  shape: SimulationShape,
  range: [number, number],
  chunks: number,
  first: ArmChunk,
  arrays: JobArrays,
  onProgress?: (trialsDone: number) => void,
  share?: (prepared: PreparedSimulation) => Promise<void>,
): Promise<SimulationPart> {
  const loader = engine.load(shape);
  loader.add(first);
  if (chunks === 1) loader.addRewards(first.start, first.rewards);
  else {
    const perChunk = first.end - first.start; // every chunk but the last has as many arms
    await pass<ArmChunk>(
      1,
      chunks,
      (c, spent) => arrays.chunk(c, spent),
      (chunk) => loader.add(chunk),
      first,
    );
    await pass<Float64Array>(
      0,
      chunks,
      (c, spent) => arrays.rewards(c, spent),
      (rows, c) => loader.addRewards(c * perChunk, rows),
    );
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
export async function runAdoptedJob(
  engine: Engine,
  shape: SimulationShape,
  range: [number, number],
  adopt: (adopter: PreparedAdopter) => Promise<void>,
  arrays: Pick<JobArrays, 'outputs'>,
  onProgress?: (trialsDone: number) => void,
): Promise<SimulationPart> {
  const adopter = engine.adopt(shape);
  try {
    await adopt(adopter);
  } catch (error) {
    adopter.release();
    throw error;
  }
  return runPrepared(adopter.finish(), shape.seed, range, arrays, onProgress);
}

/**
 * Trials [start, end) of `prepared`, their per-arm sums copied into the arrays `arrays.outputs` gives; disposes of it.
 */
async function runPrepared(
  prepared: PreparedSimulation,
  seed: number,
  [start, end]: [number, number],
  arrays: Pick<JobArrays, 'outputs'>,
  onProgress?: (trialsDone: number) => void,
): Promise<SimulationPart> {
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
async function pass<T>(
  from: number,
  count: number,
  ask: (c: number, spent?: T) => Promise<T>,
  use: (item: T, c: number) => void,
  returned?: T,
): Promise<void> {
  let next = ask(from, returned);
  let spent: T | undefined;
  for (let c = from; c < count; c++) {
    const item = await next;
    if (c + 1 < count) next = ask(c + 1, spent);
    use(item, c);
    spent = item;
  }
}

/** The buffers of every typed array inside `value` (to transfer them with it), each once. */
export function buffersOf(value: unknown): ArrayBuffer[] {
  const into = new Set<ArrayBuffer>();
  const collect = (v: unknown): void => {
    if (ArrayBuffer.isView(v)) into.add(v.buffer as ArrayBuffer);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) collect(x);
  };
  collect(value);
  return [...into];
}
