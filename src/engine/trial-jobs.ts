// A simulation's work as one job per engine worker, and how a worker runs its job: the worker of job 0 takes the
// input chunk by chunk and prepares the simulation once; the others adopt what it prepared (prepared-pieces.ts) and
// never see the input. Every job then runs the trials the pool deals it as it asks (trial-dealer.ts), until none is
// left; its per-arm sums then go to one job (gathererOf), whose worker turns them into the per-arm results of all
// the trials. The same for the app's Web Workers (src/workers/engine) and the command line's threads
// (src/cli/thread-pool.ts); the messages that carry chunks, pieces, trials and sums are theirs.
import type { Engine } from './engine.ts';
import { adoptPrepared, servePrepared, type PiecePort, type PieceSink } from './prepared-pieces.ts';
import type { PreparedSimulation } from './prepared-simulation.ts';
import type { TrialSums } from './trial-sums.ts';
import { copyArmChunk, copyInto, shapeOf, type ArmChunk, type SimulationShape } from './arm-chunks.ts';
import type { ArmResults, SimulationInput, SimulationPart } from './simulation.ts';
import { grants, type TrialSource } from './trial-dealer.ts';
import { trialsPerCall } from './trial-run.ts';
import { warmUp } from './kernel-warm-up.ts';

/** Arms per chunk of a job's input: 1.6 MB of 2-state arms, two in flight; smaller cost messages, larger memory. */
export const CHUNK_ARMS = 16_384;

/**
 * One simulation's work as jobs, job j for worker j, its trials dealt to the jobs as they ask. The input crosses to
 * the worker of job 0 chunk by chunk (the worker asks for the next while it loads one), so that at 3 x 10^6 arms no
 * whole copy of it (340 MB) is ever in transit; that worker prepares the simulation once and hands the prepared
 * data to the other jobs' workers (prepared-pieces.ts), which never see the input.
 */
export interface TrialJobs {
  shape: SimulationShape;
  /** How many jobs (workers): 1 to the simulation's trials. */
  jobs: number;
  /**
   * The trials in the order they are dealt, a range per ask (trial-dealer.ts): the whole at once to a lone job, else
   * a kernel call's worth (trialsPerCall: one trial at 10^6 arms), so that no worker waits long for another at the end.
   */
  deals: [number, number][];
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
   * Arrays for the per-arm results of every trial, asked for by the worker of the job that gathers every job's sums
   * (gathererOf): made by the thread that merges the parts, which keeps them as the result (see chunk()). A worker
   * that adopts asks for them while the simulation is prepared, and touches their pages then.
   */
  outputs(job: number): ArmResults | Promise<ArmResults>;
}

/**
 * The job whose worker gathers every job's per-arm sums (on a port from each other job's worker, prepared-pieces.ts)
 * and turns them into the per-arm results: job 1 when there are several, a worker that waits while job 0 prepares
 * and meanwhile touches the pages of the results' arrays (at 10^6 2-state arms 48 MB, a quarter of a second).
 */
export function gathererOf(jobs: number): number {
  return jobs > 1 ? 1 : 0;
}

/**
 * Where a job's per-arm sums go once its trials are run: to the gathering job's worker (send: resolves once they are
 * all there), or, in that worker, where the other jobs' sums come from (gather: resolves once they are all added).
 */
export type SumsRoute = { send: (sums: TrialSums) => Promise<void> } | { gather: (sums: TrialSums) => Promise<void> };

/** A job's sums over ports: served on `to` (every job but the gatherer), or adopted from each of `from`. */
export function sumsRoute(to: PiecePort | undefined, from: PiecePort[]): SumsRoute {
  if (to) return { send: (sums) => servePrepared(sums, [to]) };
  return { gather: async (sums) => void (await Promise.all(from.map((port) => adoptPrepared(sums, port)))) };
}

/** The work of `input` as up to `workers` jobs (no more than trials), each chunk a copy of its own. */
export function trialJobs(input: SimulationInput, workers: number, chunkArms = CHUNK_ARMS): TrialJobs {
  const N = input.numArms,
    jobs = Math.max(1, Math.min(workers, input.trials));
  return {
    shape: shapeOf(input),
    jobs,
    deals: grants(input.trials, jobs === 1 ? Math.max(1, input.trials) : trialsPerCall(N, input.horizon)),
    chunks: Math.ceil(N / chunkArms),
    chunk: (_job, c, spent) => copyArmChunk(input, c * chunkArms, Math.min(N, (c + 1) * chunkArms), spent),
    rewards: (_job, c, spent) =>
      copyInto(
        input.rewards.subarray(c * chunkArms * input.numStates, Math.min(N, (c + 1) * chunkArms) * input.numStates),
        spent,
      ),
    outputs: () => armResultArrays(N, input.numStates),
  };
}

/** What the engine worker of job j asks of the thread that made the job (TrialJobs, with j bound). */
export interface JobArrays {
  chunk(c: number, spent?: ArmChunk): Promise<ArmChunk>;
  rewards(c: number, spent?: Float64Array): Promise<Float64Array>;
  outputs(): Promise<ArmResults>;
}

/** Zeroed arrays for the per-arm results of a simulation of `numArms` arms. */
export function armResultArrays(numArms: number, numStates: number): ArmResults {
  return {
    discounted: new Float64Array(numArms * numStates),
    undiscounted: new Float64Array(numArms * numStates),
    pulls: new Float64Array(numArms),
    pulledAtLeastOnce: new Float64Array(numArms),
  };
}

/** Writes every page of `arrays` now (a fresh page's first write is what costs), so that later writes do not wait. */
export function touchArrays(arrays: ArmResults): ArmResults {
  for (const a of Object.values(arrays) as Float64Array[]) a.fill(0);
  return arrays;
}

/** Values written per step of touchWhile (2 MiB, about 10 ms of fresh pages). */
const TOUCH_STEP = 1 << 18;

/**
 * Writes the pages of `arrays` a step at a time, yielding between steps, until `busy()` (the gatherer's prepared data
 * have begun to come: from then on its thread serves them, and what is left is touched when the results are written).
 */
async function touchWhile(arrays: ArmResults, idle: () => boolean): Promise<void> {
  for (const a of Object.values(arrays) as Float64Array[])
    for (let at = 0; at < a.length && idle(); at += TOUCH_STEP) {
      a.fill(0, at, at + TOUCH_STEP);
      await nextTask();
    }
}

/** A task later (a message to itself: timers are clamped to 4 ms in browsers), so that messages waiting are handled. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(0);
  });
}

/**
 * Runs the trials `trials` deals on `engine`, its input loaded from `chunks` chunks: the first given, the
 * others asked of `arrays`, one ahead, each request sending back the buffers of a chunk loaded; then the
 * rewards, chunk by chunk in the same way (from the first chunk when it is the only one). Once prepared, the
 * simulation is handed to `share` (the other jobs' workers adopt it: prepared-pieces.ts) before its trials run;
 * then the per-arm sums take `route`. Alone, it warms the kernels first (kernel-warm-up.ts; else the gatherer does).
 */
export async function runTrialJob(
  engine: Engine,
  shape: SimulationShape,
  trials: TrialSource,
  chunks: number,
  first: ArmChunk,
  arrays: JobArrays,
  onProgress: ((trialsDone: number) => void) | undefined,
  share: ((prepared: PreparedSimulation) => Promise<void>) | undefined,
  route: SumsRoute,
): Promise<SimulationPart> {
  if (!share) warmUp(engine, shape);
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
  return runPrepared(prepared, shape.seed, trials, arrays, onProgress, route);
}

/**
 * Runs the trials `trials` deals of a simulation another job's worker prepared: the kernels warmed, its memory reserved
 * and touched at once (while that worker loads the arms), then, when this job gathers the sums, the arrays for the
 * results as long as it waits; its prepared data taken in by `adopt` (prepared-pieces.ts), then as runTrialJob.
 */
export async function runAdoptedJob(
  engine: Engine,
  shape: SimulationShape,
  trials: TrialSource,
  adopt: (adopter: PieceSink) => Promise<void>,
  arrays: Pick<JobArrays, 'outputs'>,
  onProgress: ((trialsDone: number) => void) | undefined,
  route: SumsRoute,
): Promise<SimulationPart> {
  warmUp(engine, shape);
  const adopter = engine.adopt(shape);
  let into: ArmResults | undefined,
    coming = false;
  try {
    if ('gather' in route) into = await arrays.outputs();
    const sink: PieceSink = {
      byteLength: adopter.byteLength,
      add: (offset, bytes) => ((coming = true), adopter.add(offset, bytes)),
    };
    const adopting = adopt(sink);
    void adopting.then(
      () => (coming = true),
      () => (coming = true),
    );
    if (into) await touchWhile(into, () => !coming);
    await adopting;
  } catch (error) {
    adopter.release();
    throw error;
  }
  return runPrepared(adopter.finish(), shape.seed, trials, arrays, onProgress, route, into);
}

/**
 * The trials `trials` deals of `prepared`, asked for one range after another until none is left (progress: trials
 * this job ran), their per-arm sums sent along `route` or, with every other job's gathered, turned into the per-arm
 * results in `into` or the arrays `arrays.outputs` gives; disposes of it.
 */
async function runPrepared(
  prepared: PreparedSimulation,
  seed: number,
  trials: TrialSource,
  arrays: Pick<JobArrays, 'outputs'>,
  onProgress: ((trialsDone: number) => void) | undefined,
  route: SumsRoute,
  into?: ArmResults,
): Promise<SimulationPart> {
  try {
    const run = prepared.begin(seed);
    try {
      for (let range = await trials(); range; range = await trials()) run.run(range[0], range[1], onProgress);
    } catch (error) {
      run.release();
      throw error;
    }
    const sums = run.finish();
    try {
      if ('send' in route) {
        await route.send(sums);
        return sums.sent();
      }
      await route.gather(sums);
      return sums.results(into ?? (await arrays.outputs()));
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
