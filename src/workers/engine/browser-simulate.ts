// The pipelines' simulation port in the browser: the engine's Web Worker pool. Large S-state index
// tables are computed once, split by arms, before the trials are split.
import type { Simulate } from '../../core/simulation/simulate-port.ts';
import { countNotIndexable } from '../../core/simulation/indexability.ts';
import { toSimulationInput } from '../../engine/simulation-input.ts';
import type { EnginePool } from './engine-pool.ts';

export function browserSimulate(pool: EnginePool): Simulate {
  return async (request, options = {}) => {
    // In the browser every signal is a real AbortSignal (the port's type is the core's DOM-free subset).
    const signal = options.signal as AbortSignal | undefined;
    const input = toSimulationInput(request);
    let notIndexableArms: number | undefined;
    if (input.policy === 'whittle' && input.numStates > 2) {
      const table = await pool.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount, { signal });
      input.indices = table.indices;
      notIndexableArms = countNotIndexable(table.indexable);
    }
    const result = await pool.simulate(input, { signal, onProgress: options.onProgress });
    return notIndexableArms === undefined ? result : { ...result, notIndexableArms };
  };
}
