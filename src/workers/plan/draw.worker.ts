// The plan worker's second engine: posterior draws beside the plan worker's own (DrawHelper in
// src/pipeline/plan/uncertain-places.ts), so that on two cores the uncertain marks come in about half the time.
// It keeps what fixes every draw but its seed, given once per posterior and rules; a draw is the engine's
// drawIndices of its seed, so it equals the plan worker's draw of the same seed bit for bit.
import * as Comlink from 'comlink';
import { posteriorIndexDraw } from '../../engine/beta-sampler.ts';
import { loadEngine } from '../../engine/load-browser.ts';
import type { PosteriorIndexDraw } from '../../core/plan/sample-beta.ts';

export interface DrawInputs {
  alpha: Float64Array;
  beta: Float64Array;
  rewards: Float64Array;
  discount: number;
  state: Uint8Array;
}

let drawIndices: Promise<PosteriorIndexDraw> | undefined;
let given: { version: number; inputs: DrawInputs } | null = null;

const api = {
  give(version: number, inputs: DrawInputs): void {
    given = { version, inputs };
  },
  /** The draw of `seed` under the inputs of `version`; null when this worker does not have them (it was restarted). */
  async draw(version: number, seed: number): Promise<Float64Array | null> {
    const draw = await (drawIndices ??= loadEngine().then((engine) => posteriorIndexDraw(engine.kernels)));
    if (given?.version !== version) return null;
    const { alpha, beta, rewards, discount, state } = given.inputs;
    const index = draw(alpha, beta, seed, rewards, discount, state);
    return Comlink.transfer(index, [index.buffer as ArrayBuffer]);
  },
};

export type DrawWorkerApi = typeof api;
Comlink.expose(api);
