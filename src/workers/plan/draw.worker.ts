// The plan worker's second engine: posterior draws beside the plan worker's own (DrawHelper in
// src/pipeline/plan/uncertain-places.ts), so that on two cores the uncertain marks come in about half the time.
// It keeps what fixes every draw but its seed: the posterior (given once per register, before the first list)
// and the list's rules (once per list); a draw is the engine's drawIndices of its seed, so it equals the plan
// worker's draw of the same seed bit for bit.
import * as Comlink from 'comlink';
import { posteriorIndexDraw } from '../../engine/beta-sampler.ts';
import { loadEngine } from '../../engine/load-browser.ts';
import type { PosteriorIndexDraw } from '../../core/plan/sample-beta.ts';

export interface DrawPosterior {
  alpha: Float64Array;
  beta: Float64Array;
}

export interface DrawRules {
  rewards: Float64Array;
  discount: number;
  state: Uint8Array;
}

let drawIndices: Promise<PosteriorIndexDraw> | undefined;
const engine = () => (drawIndices ??= loadEngine().then((loaded) => posteriorIndexDraw(loaded.kernels)));
let posterior: { version: number; given: DrawPosterior } | null = null;
let rules: { version: number; given: DrawRules } | null = null;

const api = {
  /** The posterior of the draws to come; the engine starts loading meanwhile. */
  givePosterior(version: number, given: DrawPosterior): void {
    posterior = { version, given };
    void engine();
  },
  giveRules(version: number, given: DrawRules): void {
    rules = { version, given };
  },
  /** The draw of `seed` under the inputs of these versions; null when this worker does not have them (restarted). */
  async draw(posteriorVersion: number, rulesVersion: number, seed: number): Promise<Float64Array | null> {
    const draw = await engine();
    if (posterior?.version !== posteriorVersion || rules?.version !== rulesVersion) return null;
    const { alpha, beta } = posterior.given,
      { rewards, discount, state } = rules.given;
    const index = draw(alpha, beta, seed, rewards, discount, state);
    return Comlink.transfer(index, [index.buffer as ArrayBuffer]);
  },
};

export type DrawWorkerApi = typeof api;
Comlink.expose(api);
