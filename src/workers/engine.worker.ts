// The engine worker: owns one WASM instance and runs kernels off the main thread.
import * as Comlink from 'comlink';
import type { Engine } from '../engine/engine.ts';
import { loadEngine } from '../engine/load-browser.ts';

let enginePromise: Promise<Engine> | undefined;
const engine = () => (enginePromise ??= loadEngine());

/** Arms per kernel call, so that progress is reported while a large table is computed. */
const CHUNK_ARMS = 65_536;

export type Progress = (done: number, total: number) => void;

const api = {
  /** Whittle indices of 2-state arms; inputs and output are transferred, not copied. */
  async whittle2(transitions: Float64Array, rewards: Float64Array, discount: number, onProgress?: Progress): Promise<Float64Array> {
    const e = await engine();
    const numArms = rewards.length / 2;
    const out = new Float64Array(numArms * 2);
    for (let start = 0; start < numArms; start += CHUNK_ARMS) {
      const end = Math.min(numArms, start + CHUNK_ARMS);
      out.set(e.whittle2(transitions.subarray(start * 8, end * 8), rewards.subarray(start * 2, end * 2), discount), start * 2);
      await onProgress?.(end, numArms);
    }
    return Comlink.transfer(out, [out.buffer]);
  },
};

export type EngineWorkerApi = typeof api;

Comlink.expose(api);
