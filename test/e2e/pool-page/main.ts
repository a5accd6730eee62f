// A bare page for the engine pool's browser test: exposes the pool to page.evaluate.
import { uniformInitial, type SimulationInput } from '../../../src/engine/simulation.ts';
import { EnginePool } from '../../../src/workers/engine/engine-pool.ts';
import { lcgArms } from './lcg-arms.ts';

function input(n: number, budget: number, horizon: number, trials: number, seed: number): SimulationInput {
  const { transitions, rewards } = lcgArms(n, 7);
  return {
    numArms: n,
    numStates: 2,
    transitions,
    rewards,
    initial: uniformInitial(n, 0.5),
    discount: 0.9,
    budget,
    horizon,
    trials,
    seed,
    policy: 'whittle',
    ties: 'random',
  };
}

/** The input of simulateMade, made beforehand (as the app's input exists before it simulates). */
let made: SimulationInput | undefined;

const api = {
  /** Simulates on a pool of `workers`; returns a summary and the progress timestamps. */
  async simulate(workers: number, n: number, budget: number, horizon: number, trials: number, seed: number) {
    made = input(n, budget, horizon, trials, seed);
    return api.simulateMade(workers);
  },

  /** Makes the input of the next simulateMade call. */
  async makeInput(n: number, budget: number, horizon: number, trials: number, seed: number) {
    made = input(n, budget, horizon, trials, seed);
  },

  /**
   * Simulates the input made last on a pool of `workers` (new workers); returns a summary and the progress timestamps.
   */
  async simulateMade(workers: number) {
    const pool = new EnginePool(workers);
    const progress: { at: number; done: number }[] = [];
    const t0 = performance.now();
    try {
      const r = await pool.simulate(made!, {
        onProgress: (done) => progress.push({ at: performance.now() - t0, done }),
      });
      return {
        ms: performance.now() - t0,
        progress,
        engagedSum: r.engagedSum,
        pulledIdSum: r.pulledIdSum,
        rewardMean: r.rewardMean,
        discounted: Array.from(r.discounted.subarray(0, 64)),
        pulls: Array.from(r.pulls.subarray(0, 32)),
      };
    } finally {
      pool.terminate();
    }
  },

  /** Starts a long simulation, aborts it after `afterMs`, and reports when the call settled. */
  async cancel(afterMs: number) {
    const pool = new EnginePool(2);
    const controller = new AbortController();
    const started = performance.now();
    const run = pool.simulate(input(200_000, 20_000, 50, 200, 1), { signal: controller.signal });
    await new Promise((r) => setTimeout(r, afterMs));
    const abortedAt = performance.now();
    controller.abort();
    try {
      await run;
      return { outcome: 'finished', settleMs: performance.now() - abortedAt };
    } catch (error) {
      return { outcome: (error as Error).name, settleMs: performance.now() - abortedAt, ranMs: abortedAt - started };
    } finally {
      pool.terminate();
    }
  },

  /** A pool call whose workers fail to load must reject, not hang. */
  async crash() {
    const pool = new EnginePool(2);
    try {
      await pool.simulate(input(100, 10, 5, 4, 1));
      return 'finished';
    } catch (error) {
      return `${(error as Error).name}: ${(error as Error).message}`;
    } finally {
      pool.terminate();
    }
  },

  /** One million arms: the index table and a 10-step simulation on the pool; memory figures. */
  async million(workers: number) {
    const pool = new EnginePool(workers);
    try {
      const n = 1_000_000;
      const t0 = performance.now();
      const base = input(n, 100_000, 10, workers, 1);
      const table = await pool.whittleIndices(base.transitions, base.rewards, 2, base.discount);
      // the index table's workers keep their WASM memory (it is what they would reuse); the simulation's
      // workers are ended when done (RETIRE_ARMS), so their memory is back: fresh workers report it
      const wasm = await pool.memoryBytes();
      const r = await pool.simulate({ ...base, indices: table.indices });
      const ms = performance.now() - t0;
      const after = await pool.memoryBytes();
      const heap = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? -1;
      return { ms, engagedSum: r.engagedSum, wasmBytesPerWorker: wasm, wasmBytesAfter: after, pageHeapBytes: heap };
    } finally {
      pool.terminate();
    }
  },
};

(globalThis as unknown as { allotPool: typeof api }).allotPool = api;
document.title = 'ready';
