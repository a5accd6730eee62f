// Returns per trial, for interquartile means and their standard errors (DLM's MNR).
import type { Occupancy } from '../instance/occupancy.ts';

/**
 * Return of each trial under `rewardTable` (numArms x numStates): a Float64Array of numTrials
 * entries, entry k = sum over arms and states of perTrial[k, arm, state] * reward[arm, state].
 * Needs the occupancy's per-trial arrays (ask the simulation for them); throws when absent.
 */
export function perTrialValues(
  occupancy: Occupancy,
  rewardTable: Float64Array,
  options: { discounted: boolean },
): Float64Array {
  const { numArms, numStates, numTrials } = occupancy;
  const cells = numArms * numStates;
  if (rewardTable.length !== cells) {
    throw new RangeError(
      `reward table has ${rewardTable.length} entries, expected ${numArms} arms x ${numStates} states = ${cells}`,
    );
  }
  const perTrial = options.discounted ? occupancy.perTrialDiscounted : occupancy.perTrialUndiscounted;
  if (!perTrial) {
    throw new Error(
      `the occupancy has no per-trial ${options.discounted ? 'discounted' : 'undiscounted'} sums; simulate with ` +
        `per-trial statistics`,
    );
  }
  if (perTrial.length !== numTrials * cells) {
    throw new RangeError(
      `per-trial occupancy has ${perTrial.length} entries, expected ${numTrials} trials x ${cells} = ` +
        `${numTrials * cells}`,
    );
  }
  const values = new Float64Array(numTrials);
  for (let k = 0; k < numTrials; k++) {
    let v = 0;
    const base = k * cells;
    for (let i = 0; i < cells; i++) v += perTrial[base + i] * rewardTable[i];
    values[k] = v;
  }
  return values;
}
