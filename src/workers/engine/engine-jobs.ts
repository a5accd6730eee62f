// The engine pool's work cut into one job per worker, each owning copies of its arrays (ready to
// transfer). Cutting and copying run on whichever thread builds the jobs: the page for its own
// simulations, the population worker for What-if (at 10^6 arms the copies alone take tens of
// milliseconds, too long for the page). The pool only forwards jobs and their results.
import * as Comlink from 'comlink';
import type { IndexTable } from '../../engine/engine.ts';
import { splitRange, type SimulationInput, type SimulationPart } from '../../engine/simulation.ts';

/** Trials [start, end) of a simulation, with the worker's own copy of the input. */
export interface TrialJob {
  input: SimulationInput;
  start: number;
  end: number;
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
  runTrialJobs(jobs: TrialJob[], options?: RunOptions): Promise<SimulationPart[]>;
  runArmJobs(jobs: ArmJob[], options?: RunOptions): Promise<IndexTable[]>;
}

/** Trials of `input` split over `workers` jobs, each with its own copy of every array. */
export function trialJobs(input: SimulationInput, workers: number): TrialJob[] {
  return splitRange(input.trials, workers).map(([start, end]) => ({ input: inputCopy(input), start, end }));
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

function collectBuffers(value: unknown, into: ArrayBufferLike[]): void {
  if (ArrayBuffer.isView(value)) into.push(value.buffer);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collectBuffers(v, into);
}

/** A copy of the input with arrays of its own (each worker needs its own, since they are transferred). */
function inputCopy(input: SimulationInput): SimulationInput {
  const tally = input.tally && { ...input.tally, cells: input.tally.cells.slice() };
  const groups = input.groups && { ofArm: input.groups.ofArm.slice(), min: input.groups.min.slice(), max: input.groups.max.slice() };
  return { ...input, transitions: input.transitions.slice(), rewards: input.rewards.slice(), initial: input.initial.slice(), indices: input.indices?.slice(), ...(tally && { tally }), ...(groups && { groups }) };
}
