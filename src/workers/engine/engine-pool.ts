// The page's one handle on the engine: a pool of workers, each with its own WASM instance. Simulations are split by trials and
// index tables by arms over up to navigator.hardwareConcurrency workers; parts are merged exactly
// (engine/simulation.ts), so the result does not depend on the number of workers. Progress comes
// after every kernel call of any worker (about every 50 ms); abort terminates every worker at once
// (a running WASM kernel cannot be interrupted otherwise); a crashed worker rejects the call with
// WorkerCrashedError and stops the others. Inputs go to each worker as its own copy, transferred.
import * as Comlink from 'comlink';
import type { IndexTable } from '../../engine/engine.ts';
import { mergeParts, splitRange, type SimulationInput, type SimulationResult } from '../../engine/simulation.ts';
import type { EngineWorkerApi, Progress } from './engine.worker.ts';
import { WorkerBridge } from '../worker-bridge.ts';

export interface PoolCallOptions {
  signal?: AbortSignal;
  /** Work done so far and in all (trials for a simulation, arms for an index table). */
  onProgress?: (done: number, total: number) => void;
}

export class EnginePool {
  private readonly bridges: WorkerBridge<EngineWorkerApi>[];

  constructor(size = Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 2)) {
    this.bridges = Array.from({ length: size }, (_, w) => new WorkerBridge<EngineWorkerApi>(
      () => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: `allot-engine-${w + 1}` }),
      { label: 'the simulation engine', idleTimeoutMs: 60_000 },
    ));
  }

  get size(): number {
    return this.bridges.length;
  }

  /** Simulates `input` on up to `size` workers. The caller's arrays are not detached. */
  async simulate(input: SimulationInput, options: PoolCallOptions = {}): Promise<SimulationResult> {
    if (input.policy === 'whittle' && input.numStates > 2 && !input.indices) {
      // S-state indices are costly: split them over the workers once, not once per worker
      const { indices } = await this.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount, { signal: options.signal });
      input = { ...input, indices };
    }
    const ranges = splitRange(input.trials, this.bridges.length);
    const done = new Array<number>(ranges.length).fill(0);
    const parts = await this.all(ranges.map(([start, end], w) => this.bridges[w].call(options.signal, (api) => {
      const progress = Comlink.proxy((d: number) => {
        done[w] = d;
        options.onProgress?.(done.reduce((a, b) => a + b, 0), input.trials);
      });
      return api.simulatePart(transferableCopy(input), start, end, progress);
    })));
    return mergeParts(input, parts);
  }

  /** Whittle indices of 2-state arms, split by arms over the workers (layouts as in Engine.whittle2). */
  async whittle2(transitions: Float64Array, rewards: Float64Array, discount: number, options: PoolCallOptions = {}): Promise<Float64Array> {
    const N = rewards.length / 2;
    const { ranges, parts } = await this.byArms(N, options, (api, start, end, progress) => {
      const t = transitions.slice(start * 8, end * 8), r = rewards.slice(start * 2, end * 2);
      return api.whittle2(Comlink.transfer(t, [t.buffer]), Comlink.transfer(r, [r.buffer]), discount, progress);
    });
    const indices = new Float64Array(N * 2);
    parts.forEach((part, j) => indices.set(part, ranges[j][0] * 2));
    return indices;
  }

  /** Whittle indices of S-state arms, split by arms over the workers (layouts as in Engine.whittleIndices). */
  async whittleIndices(transitions: Float64Array, rewards: Float64Array, numStates: number, discount: number, options: PoolCallOptions = {}): Promise<IndexTable> {
    const S = numStates, N = rewards.length / S;
    const { ranges, parts } = await this.byArms(N, options, (api, start, end, progress) => {
      const t = transitions.slice(start * S * 2 * S, end * S * 2 * S), r = rewards.slice(start * S, end * S);
      return api.whittleIndices(Comlink.transfer(t, [t.buffer]), Comlink.transfer(r, [r.buffer]), S, discount, progress);
    });
    const indices = new Float64Array(N * S), indexable = new Uint8Array(N);
    parts.forEach((part, j) => {
      indices.set(part.indices, ranges[j][0] * S);
      indexable.set(part.indexable, ranges[j][0]);
    });
    return { indices, indexable };
  }

  /** WASM memory of every started worker, in bytes. */
  async memoryBytes(): Promise<number[]> {
    return Promise.all(this.bridges.map((b) => b.call(undefined, (api) => api.memoryBytes())));
  }

  terminate(): void {
    for (const b of this.bridges) b.terminate();
  }

  /** Arms [0, N) split over the workers, each range computed by `call`, with summed progress. */
  private async byArms<P>(N: number, options: PoolCallOptions, call: (api: Comlink.Remote<EngineWorkerApi>, start: number, end: number, progress: Progress) => Promise<P>): Promise<{ ranges: [number, number][]; parts: P[] }> {
    const ranges = splitRange(N, this.bridges.length);
    const done = new Array<number>(ranges.length).fill(0);
    const parts = await this.all(ranges.map(([start, end], w) => this.bridges[w].call(options.signal, (api) => {
      const progress = Comlink.proxy((d: number) => {
        done[w] = d;
        options.onProgress?.(done.reduce((a, b) => a + b, 0), N);
      });
      return call(api, start, end, progress) as Promise<P>;
    })));
    return { ranges, parts };
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

/** A copy of the input whose arrays are transferred to one worker (each worker needs its own). */
function transferableCopy(input: SimulationInput): SimulationInput {
  const tally = input.tally && { ...input.tally, cells: input.tally.cells.slice() };
  const copy = { ...input, transitions: input.transitions.slice(), rewards: input.rewards.slice(), initial: input.initial.slice(), indices: input.indices?.slice(), tally };
  const buffers = [copy.transitions, copy.rewards, copy.initial, copy.indices, tally?.cells].filter((a) => a !== undefined).map((a) => a.buffer);
  return Comlink.transfer(copy, buffers);
}
