// What the pipelines need from a simulator, without knowing where it runs: the command line
// provides it with the WASM engine on Node threads (src/cli/node-simulate.ts), the app with the
// engine's Web Worker pool (src/workers/engine/browser-simulate.ts). Both run the same kernels and give the same bits.
import type { Occupancy, TallyCells } from '../instance/occupancy.ts';
import type { Instance } from '../instance/types.ts';

export type SimulationPolicy = 'whittle' | 'random' | 'none';

export interface SimulateRequest {
  /** Transitions, initial distribution, budget, horizon and discount come from the instance. */
  instance: Pick<Instance, 'numArms' | 'numStates' | 'transitions' | 'initial' | 'budget' | 'horizon' | 'discount'>;
  /** numArms x numStates: the reward the policy plans for (Whittle indices come from it). */
  rewards: Float64Array;
  policy: SimulationPolicy;
  trials: number;
  seed: number;
  /** Ties at the budget cut: uniformly at random (default) or lowest arm id. */
  ties?: 'random' | 'lowest-id';
  /** Also return per-trial occupancy (needed for IQM over per-trial returns). */
  perTrial?: boolean;
  /** Also return per-step series (engagement and pulls per step, for charts). */
  perStep?: boolean;
  /**
   * Also return per-trial pulls and engaged steps of groups of arms (calls and engagement per bucket with their
   * uncertainty).
   */
  tally?: TallyCells;
  /**
   * Per-group bounds on the calls of every step (Whittle only; the constrained top-B of
   * core/plan/constrained-top-b.ts): group id of each arm (-1: none), and min and max calls per group.
   */
  groups?: { ofArm: Int32Array; min: Int32Array; max: Int32Array };
}

/** The part of AbortSignal the port uses (the core has no DOM types; a real AbortSignal fits). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface SimulateOptions {
  signal?: AbortSignalLike;
  onProgress?: (trialsDone: number, trials: number) => void;
}

export type Simulate = (request: SimulateRequest, options?: SimulateOptions) => Promise<Occupancy>;
