// Where What-if's population lives and its rewards are compiled, simulated and measured: in the
// population worker in the app (the page only routes the engine's jobs, by transfer, and shows
// small results), or in the caller's thread for Node tests. Both run the same WhatIfSession.
import * as Comlink from 'comlink';
import type { PopulationChoice } from '../../core/datasets/population-choice.ts';
import type { Instance } from '../../core/instance/types.ts';
import type { Simulate } from '../../core/simulation/simulate-port.ts';
import type { CandidateResult, WhatIfSettings } from '../../core/simulation/what-if-evaluate.ts';
import { abortError, WorkerBridge } from '../worker-bridge.ts';
import type { TrialJobs } from '../../engine/trial-jobs.ts';
import { transferArrays } from '../engine/engine-jobs.ts';
import type { EnginePool } from '../engine/engine-pool.ts';
import type { EngineRelay, PopulationWorkerApi } from './population.worker.ts';
import { WhatIfSession, type PopulationView, type RewardCheck } from './what-if-session.ts';

export type { PopulationView, RewardCheck } from './what-if-session.ts';

export interface WhatIfBackend {
  /** Builds and keeps the population of `choice` (`loadStored` reads a saved one); what the page shows of it. */
  open(choice: PopulationChoice, loadStored: (id: string) => Promise<Instance | undefined>): Promise<PopulationView>;
  /** The reward's diagnostics or its error (as compileReward gives them) on the kept population. */
  compile(text: string): Promise<RewardCheck>;
  /** The Whittle policy planned for `text`, simulated and summarized. */
  evaluate(
    text: string,
    settings: WhatIfSettings,
    options?: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void },
  ): Promise<CandidateResult>;
  /** Lets the population go. */
  dispose(): void;
}

/** Everything in the calling thread (Node tests, the command line). */
export function inThreadWhatIf(simulate: Simulate): WhatIfBackend {
  const session = new WhatIfSession();
  return {
    async open(choice, loadStored) {
      return session.open(choice, choice.kind === 'stored' ? await loadStored(choice.id) : undefined);
    },
    async compile(text) {
      return session.compile(text);
    },
    evaluate: (text, settings, options) => session.evaluate(text, settings, simulate, options),
    dispose() {},
  };
}

/** The population worker, simulating on `pool` (the app's one engine pool). */
export function workerWhatIf(pool: EnginePool): WhatIfBackend {
  const bridge = new WorkerBridge<PopulationWorkerApi>(
    () => new Worker(new URL('./population.worker.ts', import.meta.url), { type: 'module', name: 'allot-what-if' }),
    { label: 'the population worker' },
  );
  return {
    async open(choice, loadStored) {
      const stored = choice.kind === 'stored' ? await loadStored(choice.id) : undefined;
      return bridge.call(undefined, (api) => api.whatIfOpen(choice, stored));
    },
    compile: (text) => bridge.call<RewardCheck>(undefined, async (api) => api.whatIfCompile(text)),
    async evaluate(text, settings, options = {}) {
      const { signal, onProgress } = options;
      // The engine's jobs pass through the page untouched: built in the worker, transferred both ways.
      const relay: EngineRelay = {
        runTrialJobs: async (jobs, arrays) => {
          // the spent buffers the engine sends back go on to the population worker (marked for transfer)
          const relayed: Pick<TrialJobs, 'chunk' | 'rewards' | 'outputs'> = {
            chunk: (j, c, spent) => arrays.chunk(j, c, spent && transferArrays(spent)),
            rewards: (j, c, spent) => arrays.rewards(j, c, spent && transferArrays(spent)),
            outputs: (j) => arrays.outputs(j),
          };
          return transferArrays(await pool.runTrialJobs({ ...jobs, ...relayed }, { signal, onProgress }));
        },
        runArmJobs: async (jobs) => transferArrays(await pool.runArmJobs(jobs, { signal })),
      };
      // An abort stops the engine at once (the pool terminates its workers) and this call with it;
      // the population worker keeps the population.
      let onAbort: (() => void) | undefined;
      const aborted = new Promise<never>((_, reject) => {
        onAbort = () => reject(abortError(signal!));
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
      });
      try {
        return await Promise.race([
          bridge.call(undefined, (api) => api.whatIfEvaluate(text, settings, Comlink.proxy(relay), pool.size)),
          aborted,
        ]);
      } finally {
        signal?.removeEventListener('abort', onAbort!);
      }
    },
    dispose: () => bridge.terminate(),
  };
}
