// The plan worker's handle on its draw worker (draw.worker.ts): the DrawHelper of the uncertain places. The
// inputs cross once per posterior and rules (copied: the plan worker keeps its own); an idle draw worker is
// ended after a minute to give its memory back, and a new one gets the inputs again on its first draw.
import type { TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import type { DrawHelper } from '../../pipeline/plan/uncertain-places.ts';
import { WorkerBridge } from '../worker-bridge.ts';
import type { DrawWorkerApi } from './draw.worker.ts';

export class WorkerDrawHelper implements DrawHelper {
  private readonly bridge = new WorkerBridge<DrawWorkerApi>(
    () => new Worker(new URL('./draw.worker.ts', import.meta.url), { type: 'module', name: 'allot-draws' }),
    { label: "the posterior draws' second worker", idleTimeoutMs: 60_000 },
  );
  private version = 0;
  private inputs: {
    posterior: TransitionPosterior;
    rewards: Float64Array;
    discount: number;
    state: Uint8Array;
  } | null = null;

  async draw(
    seed: number,
    posterior: TransitionPosterior,
    rewards: Float64Array,
    discount: number,
    state: Uint8Array,
  ): Promise<Float64Array> {
    const x = this.inputs;
    if (!x || x.posterior !== posterior || x.rewards !== rewards || x.discount !== discount || x.state !== state) {
      this.inputs = { posterior, rewards, discount, state };
      this.version++;
    }
    const version = this.version;
    return this.bridge.call(undefined, async (api) => {
      for (let tries = 0; ; tries++) {
        const drawn = await api.draw(version, seed);
        if (drawn) return drawn;
        if (tries === 2) throw new Error("the posterior draws' second worker lost its inputs");
        await api.give(version, { alpha: posterior.alpha, beta: posterior.beta, rewards, discount, state });
      }
    });
  }

  terminate(): void {
    this.bridge.terminate();
  }
}
