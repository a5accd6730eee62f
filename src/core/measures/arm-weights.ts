// What each arm contributes to a distribution or a bucket's utility: its occupancy weighted per
// state, by the state value (Alg. 2's "S <- S + s") or by a reward or utility table.
import type { Occupancy } from '../instance/occupancy.ts';

/**
 * What each arm contributes:
 *   'positive-states' (the papers' text, Alg. 2 line 7 "S <- S + s"): sum over steps of the arm's
 *       state value, i.e. sum_s s * occupancy[arm, s]; for 2-state arms, the expected number of
 *       steps in the positive state 1;
 *   'reward' (what the original code printed, "% of reward"): sum_s r[arm, s] * occupancy[arm, s]
 *       under the candidate's own reward table.
 */
export type DistributionWeight = 'positive-states' | 'reward';

export interface DistributionOptions {
  weight: DistributionWeight;
  /** numArms x numStates; required for weight 'reward'. */
  rewardTable?: Float64Array;
  /** Use the discounted occupancy instead of the undiscounted one (Alg. 2 accumulates undiscounted). */
  discounted?: boolean;
}

/** Contribution of every arm (Float64Array, numArms) under `options`. */
export function armWeights(occupancy: Occupancy, options: DistributionOptions): Float64Array {
  const weight = armWeight(occupancy, options);
  return Float64Array.from({ length: occupancy.numArms }, (_, arm) => weight(arm));
}

/** The contribution of one arm under `options`, without an array of all arms (10^6 arms: 8 MB per use). */
export function armWeight(occupancy: Occupancy, options: DistributionOptions): (arm: number) => number {
  const { numArms, numStates } = occupancy;
  const occ = options.discounted ? occupancy.discounted : occupancy.undiscounted;
  const reward = options.weight === 'reward' ? options.rewardTable : undefined;
  if (options.weight === 'reward' && (!reward || reward.length !== numArms * numStates)) {
    throw new RangeError(
      `weight 'reward' needs a reward (or utility) table of ${numArms} arms x ${numStates} states, got ` +
        `${reward?.length ?? 'none'}`,
    );
  }
  return (arm) => {
    let w = 0;
    for (let s = 0; s < numStates; s++) {
      const i = arm * numStates + s;
      w += occ[i] * (reward ? reward[i] : s);
    }
    return w;
  };
}
