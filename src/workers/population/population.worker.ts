// The population worker: builds built-in populations off the main thread (DLM's 7,668 arms take
// about 100 ms) and, for What-if, keeps the population with its reward tables and runs their
// evaluations (the simulation itself runs on the engine pool, relayed through the page).
import * as Comlink from 'comlink';
import type { PopulationChoice } from '../../core/datasets/population-choice.ts';
import { generatedPopulation } from '../../core/datasets/generators.ts';
import type { Instance } from '../../core/instance/types.ts';
import type { WhatIfSettings } from '../../core/simulation/what-if-evaluate.ts';
import type { IndexTable } from '../../engine/engine.ts';
import type { ArmChunk } from '../../engine/arm-chunks.ts';
import type { SimulationPart } from '../../engine/simulation.ts';
import { browserSimulate } from '../engine/browser-simulate.ts';
import type { TrialJobs } from '../../engine/trial-jobs.ts';
import { transferArrays, type ArmJob } from '../engine/engine-jobs.ts';
import { WhatIfSession } from './what-if-session.ts';

/**
 * The page's engine pool, as this worker reaches it: jobs, their chunks (asked for by the engine) and results cross
 * with their arrays transferred.
 */
export interface EngineRelay {
  runTrialJobs(
    jobs: Omit<TrialJobs, 'chunk' | 'rewards' | 'outputs'>,
    arrays: Pick<TrialJobs, 'chunk' | 'rewards' | 'outputs'>,
  ): Promise<SimulationPart[]>;
  runArmJobs(jobs: ArmJob[]): Promise<IndexTable[]>;
}

const session = new WhatIfSession();

const api = {
  /** generator(parameters, seed), sampled with `sampleSeed` when the generator samples arms per seed. */
  generate: generatedPopulation,
  /** What-if: builds and keeps the population of `choice`; returns what the page shows of it. */
  whatIfOpen: (choice: PopulationChoice, stored?: Instance) => session.open(choice, stored),
  /** What-if: checks and compiles a reward on the kept population. */
  whatIfCompile: (text: string) => session.compile(text),
  /** What-if: simulates and summarizes a reward on `workers` engine workers reached through `relay`. */
  async whatIfEvaluate(
    text: string,
    settings: WhatIfSettings,
    relay: Comlink.Remote<EngineRelay & Comlink.ProxyMarked>,
    workers: number,
  ) {
    try {
      const simulate = browserSimulate({
        size: workers,
        runTrialJobs: ({ chunk, rewards, outputs, ...jobs }) =>
          relay.runTrialJobs(
            jobs,
            Comlink.proxy({
              chunk: async (j: number, c: number, spent?: ArmChunk) => transferArrays(await chunk(j, c, spent)),
              rewards: async (j: number, c: number, spent?: Float64Array) => transferArrays(await rewards(j, c, spent)),
              outputs: async (j: number) => transferArrays(await outputs(j)),
            }),
          ),
        runArmJobs: (jobs) => relay.runArmJobs(transferArrays(jobs)),
      });
      return await session.evaluate(text, settings, simulate);
    } finally {
      relay[Comlink.releaseProxy]();
    }
  },
};

export type PopulationWorkerApi = typeof api;
Comlink.expose(api);
