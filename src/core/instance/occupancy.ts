// What a simulation returns: occupancy statistics, not trajectories. Every measure (value under
// any reward, MNR, state-feature distributions, utilities per bucket, EMD, DP_variance, portfolio
// utilities) is a function of these and a reward table, so one simulation serves them all.

/**
 * Occupancy of one policy on one instance over `numTrials` trials of `horizon` steps.
 * Layouts (row-major):
 *   discounted, undiscounted:   numArms x numStates, mean over trials of sum_t beta^t [s_t = s]
 *                               (undiscounted: of sum_t [s_t = s]); the value of the policy under a
 *                               reward table r[arm, state] is sum over arms and states of occupancy * r.
 *   pulls:                      numArms, mean over trials of the number of steps the arm was pulled.
 *   pulledAtLeastOnce:          numArms, share of trials in which the arm was pulled at least once.
 *   perTrialDiscounted/-Undiscounted (optional, when asked): numTrials x numArms x numStates, the same sums
 *                               per trial, for interquartile means over per-trial returns.
 *   pullsPerStep, engagedPerStep (optional): horizon, mean over trials of the number of arms pulled
 *                               (in state numStates-1, "engaged" for 2-state arms) at step t.
 *   tallyPerTrial (optional):   numTrials x numCells x 2, per trial and cell of a TallyCells map: the
 *                               pulls of the cell's arms and their engaged steps (sum over steps of the
 *                               state value: steps in state 1 for 2-state arms). Integer counts.
 */
export interface Occupancy {
  numArms: number;
  numStates: number;
  numTrials: number;
  horizon: number;
  discount: number;
  discounted: Float64Array;
  undiscounted: Float64Array;
  pulls: Float64Array;
  pulledAtLeastOnce: Float64Array;
  perTrialDiscounted?: Float64Array;
  perTrialUndiscounted?: Float64Array;
  pullsPerStep?: Float64Array;
  engagedPerStep?: Float64Array;
  tallyPerTrial?: Float64Array;
  /** numTrials: arm-steps spent in state numStates-1 in each trial (undiscounted); the engine always returns it. */
  engagedPerTrial?: Float64Array;
  /**
   * Arms that are not indexable (S-state Whittle policy only; see core/simulation/indexability.ts), set by the
   * simulation adapters when they compute the index table; absent means none or not known.
   */
  notIndexableArms?: number;
  /**
   * With per-group call bounds: horizon x groups x 2, the fewest and the most calls each group got at each step over
   * the trials.
   */
  groupCallsRange?: Float64Array;
  /**
   * Bench checksums (docs/ARCHITECTURE.md, "Benchmarks"): sum over trials and steps of arms in state 1, and of pulled
   * arm ids.
   */
  engagedSum: number;
  pulledIdSum: number;
}

/**
 * Groups of arms whose pulls and engaged steps a simulation adds up per trial (the uncertainty over
 * trials of calls and engagement per feature bucket needs per-trial values; per-arm per-trial arrays
 * would be numArms x numTrials). cells: groupings x numArms, row-major: the cell of each arm in each
 * grouping (for example the bucket of a feature group, offset so that groups do not share cells), -1 for none.
 */
export type CellArray = Int8Array | Int16Array | Int32Array;

/** An array for `length` cells numbered -1..numCells - 1, in the narrowest type that holds them. */
export function cellArray(length: number, numCells: number): CellArray {
  return numCells <= 128 ? new Int8Array(length) : numCells <= 32768 ? new Int16Array(length) : new Int32Array(length);
}

export interface TallyCells {
  /** In the narrowest signed type that holds numCells - 1 (at 3 x 10^6 arms and four groupings: 12 MB, not 48). */
  cells: CellArray;
  groupings: number;
  numCells: number;
}
