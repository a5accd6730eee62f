// The pipelines' simulation port in the browser: the engine's Web Worker pool, or a relay to it
// from another worker (What-if simulates from the population worker, so that the per-worker copies
// of a 10^6-arm input are made there, not on the page). Large S-state index tables are computed
// once, split by arms, before the trials are split.
import type { Simulate } from '../../core/simulation/simulate-port.ts';
import { countNotIndexable } from '../../core/simulation/indexability.ts';
import { mergeParts } from '../../engine/simulation.ts';
import { toSimulationInput } from '../../engine/simulation-input.ts';
import { trialJobs } from '../../engine/trial-jobs.ts';
import { armJobs, assembleIndexTable, type EngineRunner } from './engine-jobs.ts';

export function browserSimulate(runner: EngineRunner): Simulate {
  return async (request, options = {}) => {
    // In the browser every signal is a real AbortSignal (the port's type is the core's DOM-free subset).
    const signal = options.signal as AbortSignal | undefined;
    const input = toSimulationInput(request);
    let notIndexableArms: number | undefined;
    if (input.policy === 'whittle' && input.numStates > 2) {
      const jobs = armJobs(input.transitions, input.rewards, input.numStates, input.discount, runner.size);
      const table = assembleIndexTable(jobs, await runner.runArmJobs(jobs, { signal }), input.numArms, input.numStates);
      input.indices = table.indices;
      notIndexableArms = countNotIndexable(table.indexable);
    }
    const parts = await runner.runTrialJobs(trialJobs(input, runner.size), { signal, onProgress: options.onProgress });
    // the per-arm results come in arrays this thread made (TrialJobs.outputs), the result's own
    const result = mergeParts(input, parts);
    return notIndexableArms === undefined ? result : { ...result, notIndexableArms };
  };
}
