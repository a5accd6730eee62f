// The plan worker's handle on its draw worker (draw.worker.ts): the DrawHelper of the uncertain places. The
// inputs cross once (copied: the plan worker keeps its own): the posterior when the register is read (prepare(),
// so that the worker starts and has it before the first list) and the rules once per list, both sent ahead of the
// draw in the same turn, so that draws asked while the plan worker is busy making the list need no reply from it.
// An idle draw worker is ended after a minute to give its memory back; a new one gets the inputs again.
import type * as Comlink from 'comlink';
import type { TransitionPosterior } from '../../core/plan/estimate-transitions.ts';
import type { DrawHelper } from '../../pipeline/plan/uncertain-places.ts';
import { WorkerBridge } from '../worker-bridge.ts';
import type { DrawWorkerApi } from './draw.worker.ts';

interface Sent<T> {
  what: T;
  version: number;
  /** The version the current worker has (-1: none, e.g. a new worker). */
  has: number;
}

export class WorkerDrawHelper implements DrawHelper {
  private readonly bridge = new WorkerBridge<DrawWorkerApi>(
    () => {
      this.posterior.has = this.rules.has = -1; // a new worker has nothing yet
      return new Worker(new URL('./draw.worker.ts', import.meta.url), { type: 'module', name: 'allot-draws' });
    },
    { label: "the posterior draws' second worker", idleTimeoutMs: 60_000 },
  );
  private readonly posterior: Sent<TransitionPosterior | null> = { what: null, version: 0, has: -1 };
  private readonly rules: Sent<{ rewards: Float64Array; discount: number; state: Uint8Array } | null> = {
    what: null,
    version: 0,
    has: -1,
  };

  prepare(posterior: TransitionPosterior): void {
    this.setPosterior(posterior);
    void this.bridge.call(undefined, async (api) => this.send(api)).catch(() => {}); // a draw says what failed
  }

  async draw(
    seed: number,
    posterior: TransitionPosterior,
    rewards: Float64Array,
    discount: number,
    state: Uint8Array,
  ): Promise<Float64Array> {
    this.setPosterior(posterior);
    const r = this.rules.what;
    if (!r || r.rewards !== rewards || r.discount !== discount || r.state !== state) {
      this.rules.what = { rewards, discount, state };
      this.rules.version++;
    }
    const p = this.posterior.version,
      q = this.rules.version;
    return this.bridge.call(undefined, async (api) => {
      for (let tries = 0; ; tries++) {
        this.send(api);
        const drawn = await api.draw(p, q, seed);
        if (drawn) return drawn;
        if (tries === 2) throw new Error("the posterior draws' second worker lost its inputs");
        if (p !== this.posterior.version || q !== this.rules.version) throw new Error('the draw was replaced');
        this.posterior.has = this.rules.has = -1; // the worker was restarted: give all again
      }
    });
  }

  terminate(): void {
    this.bridge.terminate();
  }

  private setPosterior(posterior: TransitionPosterior): void {
    if (this.posterior.what !== posterior) {
      this.posterior.what = posterior;
      this.posterior.version++;
    }
  }

  /** Posts what the worker lacks, before the draw in the same turn (messages keep their order). */
  private send(api: Comlink.Remote<DrawWorkerApi>): void {
    const { posterior: p, rules: r } = this;
    if (p.what && p.has !== p.version) {
      void api.givePosterior(p.version, { alpha: p.what.alpha, beta: p.what.beta });
      p.has = p.version;
    }
    if (r.what && r.has !== r.version) {
      void api.giveRules(r.version, r.what);
      r.has = r.version;
    }
  }
}
