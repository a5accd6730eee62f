// The What-if screen's simulations, one at a time on the engine pool: aborting one terminates the pool's
// workers, so a queue keeps an abort from killing another candidate's simulation. Apart from the screen's
// state (what-if.svelte.ts) because it is the scheduling alone: it reads the population and settings
// current when a simulation starts and writes the candidate's status, progress and result.
import { RANGES, rangeProblem } from '../core/limits/setting-ranges.ts';
import type { WhatIfSettings } from '../core/simulation/what-if-evaluate.ts';
import type { PopulationView, WhatIfBackend } from '../workers/population/what-if-backend.ts';
import type { WhatIfCandidate } from './what-if-candidate.svelte.ts';

export class SimulationQueue {
  private queue: WhatIfCandidate[] = [];
  private running = false;

  constructor(
    private readonly backend: WhatIfBackend,
    /** The population on the page and a plain copy of the settings, read when a simulation starts. */
    private readonly current: () => { population: PopulationView | null; settings: WhatIfSettings },
  ) {}

  /** Queues `candidate`'s simulation after its delay (typing on cancels it first). */
  schedule(candidate: WhatIfCandidate): void {
    candidate.timer = setTimeout(() => {
      this.queue.push(candidate);
      void this.pump();
    }, candidate.delay);
  }

  /** Drops `candidate` from the queue and aborts its simulation if it runs. */
  cancel(candidate: WhatIfCandidate): void {
    clearTimeout(candidate.timer);
    this.queue = this.queue.filter((c) => c !== candidate);
    candidate.controller?.abort();
    candidate.controller = null;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let candidate = this.queue.shift(); candidate; candidate = this.queue.shift()) await this.run(candidate);
    } finally {
      this.running = false;
    }
  }

  private async run(candidate: WhatIfCandidate): Promise<void> {
    const { population, settings } = this.current();
    const compiled = candidate.compiled;
    if (!population || !compiled?.ok) return;
    // The command line's ranges (src/core/limits/setting-ranges.ts): 10^9 trials would hold the worker for days.
    const { trials, seed } = settings;
    const outOfRange =
      rangeProblem('Trials', trials, RANGES.trials) ?? rangeProblem('Simulation seed', seed, RANGES.seed);
    if (outOfRange) {
      candidate.status = 'failed';
      candidate.failure = outOfRange;
      return;
    }
    const controller = new AbortController();
    candidate.controller = controller;
    candidate.status = 'running';
    candidate.progress = 0;
    try {
      const result = await this.backend.evaluate(candidate.text, settings, {
        signal: controller.signal,
        onProgress: (done, total) => (candidate.progress = done / total),
      });
      if (controller.signal.aborted) return;
      candidate.result = result;
      candidate.status = 'done';
    } catch (error) {
      if (controller.signal.aborted) return;
      candidate.status = 'failed';
      candidate.failure = error instanceof Error ? error.message : String(error);
    } finally {
      if (candidate.controller === controller) candidate.controller = null;
    }
  }
}
