// The pipelines' simulation port in Node: the WASM engine in this thread for small problems (a
// DLM seed is 48 arms x 50 trials x 10 steps, where a thread round trip would cost more than the
// work), and the thread pool for large ones. Results are identical either way.
import type { Engine } from '../engine/engine.ts';
import { loadEngineNode } from '../engine/load-node.ts';
import type { Occupancy } from '../core/instance/occupancy.ts';
import type { Simulate } from '../core/simulation/simulate-port.ts';
import { countNotIndexable } from '../core/simulation/indexability.ts';
import { toSimulationInput } from '../engine/simulation-input.ts';
import { ThreadPool } from './thread-pool.ts';

/** Arm-steps (arms x horizon x trials) above which the thread pool is worth starting. */
const POOL_THRESHOLD = 5_000_000;

export interface NodeSimulator {
  simulate: Simulate;
  /** Resolves once the threads started up front (spreadSmall) have loaded the engine. */
  ready(): Promise<void>;
  /** Stops the threads, if any were started. */
  close(): Promise<void>;
}

/**
 * `workers`: threads for large problems (0: one per core; 1: never start threads). `spreadSmall`:
 * small problems go whole to the least busy thread too, for callers that start many at once (the
 * trade-off sweep's seeds); results are the same bits either way.
 */
export async function createNodeSimulator(
  workers = 0,
  options: { spreadSmall?: boolean } = {},
): Promise<NodeSimulator> {
  const engine: Engine = await loadEngineNode();
  let pool: Promise<ThreadPool> | undefined;
  if (options.spreadSmall && workers !== 1) pool = ThreadPool.start(workers);
  const simulate: Simulate = async (request, options = {}) => {
    if (options.signal?.aborted) throw options.signal.reason;
    const input = toSimulationInput(request);
    let notIndexableArms: number | undefined;
    if (input.policy === 'whittle' && input.numStates > 2) {
      // S-state indices: computed once here (cached per reward row), not once per thread, with their verdicts
      const table = engine.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount);
      input.indices = table.indices;
      notIndexableArms = countNotIndexable(table.indexable);
    }
    const withCount = (result: Occupancy) =>
      notIndexableArms === undefined ? result : { ...result, notIndexableArms };
    const work = input.numArms * input.horizon * input.trials;
    if (pool && work < POOL_THRESHOLD) return withCount(await (await pool).simulateWhole(input));
    if (workers === 1 || work < POOL_THRESHOLD) {
      return withCount(
        engine.simulate(input, options.onProgress && ((done) => options.onProgress!(done, input.trials))),
      );
    }
    pool ??= ThreadPool.start(workers);
    return withCount(await (await pool).simulate(input, options.onProgress));
  };
  return {
    simulate,
    ready: async () => {
      await pool;
    },
    close: async () => {
      if (pool) await (await pool).close();
    },
  };
}
