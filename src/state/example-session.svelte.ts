// The built-in example on the start page: Whittle indices of four arms, computed by the WASM
// engine in the app's worker pool.
import { exampleArms } from '../core/examples/example-arms.ts';
import type { EnginePool } from '../workers/engine/engine-pool.ts';

export interface ExampleRow {
  label: string;
  /** Whittle index when disengaged (state 0) and engaged (state 1). */
  index: [number, number];
}

export class ExampleSession {
  status = $state<'idle' | 'computing' | 'done' | 'failed'>('idle');
  rows = $state.raw<ExampleRow[]>([]);
  error = $state<string | null>(null);
  readonly discount = exampleArms().discount;

  constructor(private readonly engine: Pick<EnginePool, 'whittle2'>) {}

  async compute(signal?: AbortSignal): Promise<void> {
    const { labels, transitions, rewards, discount } = exampleArms();
    this.status = 'computing';
    this.error = null;
    try {
      const w = await this.engine.whittle2(transitions, rewards, discount, { signal });
      this.rows = labels.map((label, arm) => ({ label, index: [w[arm * 2], w[arm * 2 + 1]] }));
      this.status = 'done';
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      this.status = 'failed';
    }
  }
}
