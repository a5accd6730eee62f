// The page's handle on the engine worker. Inputs are transferred to the worker: the caller's
// arrays are detached (length 0) after a call, so pass arrays you no longer need, or copies.
import * as Comlink from 'comlink';
import type { EngineWorkerApi, Progress } from './engine.worker.ts';
import { WorkerBridge } from '../worker-bridge.ts';

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: Progress;
}

export class EngineClient {
  private readonly bridge = new WorkerBridge<EngineWorkerApi>(
    () => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'allot-engine' }),
    { label: 'the simulation engine', idleTimeoutMs: 60_000 },
  );

  /** Whittle indices of 2-state arms (layouts as in Engine.whittle2). */
  whittle2(transitions: Float64Array, rewards: Float64Array, discount: number, options: CallOptions = {}): Promise<Float64Array> {
    const progress = options.onProgress && Comlink.proxy(options.onProgress);
    return this.bridge.call(options.signal, (api) =>
      api.whittle2(Comlink.transfer(transitions, [transitions.buffer]), Comlink.transfer(rewards, [rewards.buffer]), discount, progress),
    );
  }

  terminate(): void {
    this.bridge.terminate();
  }
}
