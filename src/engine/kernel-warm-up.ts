// The simulation's kernels run once on a few arms before a large simulation's first long call. V8 (Node and
// Chromium) runs a WASM function first in its baseline code and compiles the optimized code in the background once
// the function has run a while; a call that is running keeps the baseline code to its end. At 10^6 arms a trial is
// one call of `simulate`, so the first trial of every worker ran in baseline code: 310 to 400 ms of CPU instead of
// 210 to 240, and the presort's one call about 15 ms more. A warm-up of 3,000 arms (12 to 15 ms) makes V8 compile the
// optimized code while the worker loads or waits; the compiled module is shared by the threads of a process, so the
// worker that waits for job 0's preparation (trial-jobs.ts) warms job 0's kernels too.
import type { Engine } from './engine.ts';
import type { SimulationShape } from './arm-chunks.ts';
import { trialsPerCall } from './trial-run.ts';

/** Arms of the warm-up: 6,000 keys, above the presort's cut-off to JS (2,048), so the kernel's sort runs too. */
const WARM_ARMS = 3000;
/**
 * Arm-steps of a simulation's first kernel call from which a warm-up pays: about 45 ms of trial in optimized code,
 * 20 ms more in baseline code, against the warm-up's 12 to 15 ms.
 */
export const WARM_FROM_ARM_STEPS = 1e7;

/** Engines already warmed (each warms once: the optimized code stays). */
const warmed = new WeakSet<Engine>();

/** Whether a simulation of this shape warms the kernels first: its first kernel call is long (WARM_FROM_ARM_STEPS). */
export function warmsUp(shape: Pick<SimulationShape, 'numArms' | 'horizon' | 'trials'>): boolean {
  const { numArms: N, horizon: T } = shape,
    first = Math.min(shape.trials, trialsPerCall(N, T));
  return N * T * first >= WARM_FROM_ARM_STEPS;
}

/**
 * Runs one trial of a small 2-state Whittle simulation on `engine` (its results unused) when `shape` warmsUp and the
 * engine has not yet: the thresholds, index and sort kernels and `simulate` then get their optimized code.
 */
export function warmUp(engine: Engine, shape: Pick<SimulationShape, 'numArms' | 'horizon' | 'trials'>): void {
  if (warmed.has(engine) || !warmsUp(shape)) return;
  warmed.add(engine);
  const N = WARM_ARMS,
    transitions = new Float64Array(N * 8),
    rewards = new Float64Array(N * 2),
    initial = new Float64Array(N * 2);
  for (let i = 0; i < N; i++) {
    // distinct probabilities from the golden ratio's multiples (any distributions would do)
    const u = (i * 0.6180339887498949) % 1,
      v = (i * 0.7548776662466927) % 1;
    const p = [0.1 + 0.3 * u, 0.3 + 0.4 * v, 0.5 + 0.3 * u, 0.6 + 0.35 * v];
    for (let r = 0; r < 4; r++) ((transitions[8 * i + 2 * r] = 1 - p[r]), (transitions[8 * i + 2 * r + 1] = p[r]));
    rewards[2 * i + 1] = 1;
    initial[2 * i] = initial[2 * i + 1] = 0.5;
  }
  engine.simulate({
    numArms: N,
    numStates: 2,
    transitions,
    rewards,
    initial,
    discount: 0.95,
    budget: N / 10,
    horizon: 50,
    trials: 1,
    seed: 1,
    policy: 'whittle',
    ties: 'lowest-id',
  });
}
