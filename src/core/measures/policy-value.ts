// The value of a policy under any reward: one dot product of the simulation's occupancy with a
// reward table, so a single simulation is scored under as many rewards as needed.
import type { Occupancy } from '../instance/occupancy.ts';

/**
 * Expected return of the simulated policy under `rewardTable` (numArms x numStates, row-major):
 * sum over arms and states of occupancy[arm, state] * reward[arm, state], with the discounted
 * occupancy (sum_t beta^t r) or the undiscounted one (sum_t r), averaged over trials.
 */
export function policyValue(occupancy: Occupancy, rewardTable: Float64Array, options: { discounted: boolean }): number {
  const { numArms, numStates } = occupancy;
  if (rewardTable.length !== numArms * numStates) {
    throw new RangeError(
      `reward table has ${rewardTable.length} entries, expected ${numArms} arms x ${numStates} states = ` +
        `${numArms * numStates}`,
    );
  }
  const occ = options.discounted ? occupancy.discounted : occupancy.undiscounted;
  let value = 0;
  for (let i = 0; i < occ.length; i++) value += occ[i] * rewardTable[i];
  return value;
}
