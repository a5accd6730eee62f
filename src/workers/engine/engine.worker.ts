// The engine worker: owns one WASM instance and runs kernels off the main thread.
import * as Comlink from 'comlink';
import type { Engine, IndexTable } from '../../engine/engine.ts';
import { loadEngine } from '../../engine/load-browser.ts';
import type { ArmChunk, SimulationShape } from '../../engine/arm-chunks.ts';
import type { SimulationPart } from '../../engine/simulation.ts';
import type { PreparedSimulation } from '../../engine/prepared-simulation.ts';
import { adoptPrepared, servePrepared } from '../../engine/prepared-pieces.ts';
import { trialsFrom } from '../../engine/trial-dealer.ts';
import { runAdoptedJob, runTrialJob, sumsRoute, type JobArrays } from '../../engine/trial-jobs.ts';
import { transferArrays } from './engine-jobs.ts';

let enginePromise: Promise<Engine> | undefined;
const engine = () => (enginePromise ??= loadEngine());

/** Arms per kernel call, so that progress is reported while a large table is computed. */
const CHUNK_ARMS = 65_536;
/** S-state arms per kernel call (bisection costs about a millisecond per arm at 10 states). */
const CHUNK_ARMS_S = 64;

export type Progress = (done: number, total: number) => void;

/**
 * Where a job's per-arm sums go: on `to`, or, for the job that gathers them, from each of `from`
 * (engine/trial-jobs.ts).
 */
export interface SumsPorts {
  to?: MessagePort;
  from: MessagePort[];
}

const api = {
  /** Whittle indices of 2-state arms; inputs and output are transferred, not copied. */
  async whittle2(
    transitions: Float64Array,
    rewards: Float64Array,
    discount: number,
    onProgress?: Progress,
  ): Promise<Float64Array> {
    const e = await engine();
    const numArms = rewards.length / 2;
    const out = new Float64Array(numArms * 2);
    for (let start = 0; start < numArms; start += CHUNK_ARMS) {
      const end = Math.min(numArms, start + CHUNK_ARMS);
      out.set(
        e.whittle2(transitions.subarray(start * 8, end * 8), rewards.subarray(start * 2, end * 2), discount),
        start * 2,
      );
      await onProgress?.(end, numArms);
    }
    return Comlink.transfer(out, [out.buffer]);
  },

  /** Whittle indices of S-state arms (layouts as in Engine.whittleIndices), in chunks with progress. */
  async whittleIndices(
    transitions: Float64Array,
    rewards: Float64Array,
    numStates: number,
    discount: number,
    onProgress?: Progress,
  ): Promise<IndexTable> {
    const e = await engine();
    const S = numStates,
      N = rewards.length / S;
    const chunk = S === 2 ? CHUNK_ARMS : CHUNK_ARMS_S;
    const indices = new Float64Array(N * S),
      indexable = new Uint8Array(N);
    for (let start = 0; start < N; start += chunk) {
      const end = Math.min(N, start + chunk);
      const part = e.whittleIndices(
        transitions.subarray(start * S * 2 * S, end * S * 2 * S),
        rewards.subarray(start * S, end * S),
        S,
        discount,
      );
      indices.set(part.indices, start * S);
      indexable.set(part.indexable, start);
      void onProgress?.(end, N);
    }
    return Comlink.transfer({ indices, indexable }, [indices.buffer, indexable.buffer]);
  },

  /**
   * The trials dealt on `trials` (engine/trial-dealer.ts) of a simulation whose arms come in `chunks` chunks: the first
   * with the call, the rest (and the rewards, and arrays for the sums) asked of `arrays` (runTrialJob); once prepared,
   * the simulation is served on `ports` to the workers of the other jobs (engine/prepared-pieces.ts) before its trials
   * run; its per-arm sums then go by `sums`; progress (trials done) after every kernel call.
   */
  async simulateJob(
    shape: SimulationShape,
    trials: MessagePort,
    chunks: number,
    first: ArmChunk,
    arrays: JobArrays,
    onProgress: Progress | undefined,
    ports: MessagePort[],
    sums: SumsPorts,
  ): Promise<SimulationPart> {
    // The buffers of a chunk loaded go back with a request for a later one, to be refilled (engine-jobs.ts).
    // Progress is fire and forget: the message leaves at once even though this thread stays busy.
    const sendBack: JobArrays = {
      chunk: (c, spent) => arrays.chunk(c, spent && transferArrays(spent)),
      rewards: (c, spent) => arrays.rewards(c, spent && transferArrays(spent)),
      outputs: () => arrays.outputs(),
    };
    const e = await engine();
    const share =
      ports.length > 0 ? (prepared: PreparedSimulation) => servePrepared(e.share(prepared), ports) : undefined;
    return transferPart(
      await runTrialJob(
        e,
        shape,
        trialsFrom(trials),
        chunks,
        first,
        sendBack,
        (done) => void onProgress?.(done, shape.trials),
        share,
        sumsRoute(sums.to, sums.from),
      ),
    );
  },

  /**
   * The trials dealt on `trials` of a simulation another job's worker prepares and serves on `port` (runAdoptedJob).
   */
  async adoptJob(
    shape: SimulationShape,
    trials: MessagePort,
    port: MessagePort,
    arrays: Pick<JobArrays, 'outputs'>,
    onProgress: Progress | undefined,
    sums: SumsPorts,
  ): Promise<SimulationPart> {
    const e = await engine();
    return transferPart(
      await runAdoptedJob(
        e,
        shape,
        trialsFrom(trials),
        (adopter) => adoptPrepared(adopter, port),
        arrays,
        (done) => void onProgress?.(done, shape.trials),
        sumsRoute(sums.to, sums.from),
      ),
    );
  },

  /** WASM memory of this worker, in bytes (for memory reports). */
  async memoryBytes(): Promise<number> {
    return (await engine()).kernels.memory.buffer.byteLength;
  },
};

/** A part with its arrays marked for transfer. */
function transferPart(part: SimulationPart): SimulationPart {
  const buffers = [
    part.occDisc,
    part.occSteps,
    part.pulls,
    part.pulledTrials,
    ...(part.arms ? Object.values(part.arms) : []),
    part.perTrial,
    part.perStep,
    part.perTrialOcc,
    part.tally,
  ]
    .filter((a) => a !== undefined)
    .map((a) => a.buffer);
  return Comlink.transfer(part, buffers);
}

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
