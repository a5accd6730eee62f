// How much allocation each arm received, the Y of the multilingual paper's demographic parity
// (section 2.3: "Y is 1 if a particular arm of the Restless MAB has received an allocation").
import type { Occupancy } from '../instance/occupancy.ts';

/**
 * What "allocated" means for one arm:
 *   'arm-steps' (default): the share of the arm's steps in which it was pulled, pulls / horizon, i.e.
 *       P(Y = 1) for a random step of the arm; its mean over a bucket's arms is the share of the
 *       bucket's arm-steps that were pulled;
 *   'at-least-once': the share of trials in which the arm was pulled at least once in the horizon.
 */
export type AllocationMeasure = 'arm-steps' | 'at-least-once';

/** P(Y = 1) of every arm (Float64Array, numArms) under `measure`, from the simulation's pulls. */
export function allocationPerArm(occupancy: Occupancy, measure: AllocationMeasure = 'arm-steps'): Float64Array {
  const of = allocationOf(occupancy, measure);
  return Float64Array.from({ length: occupancy.numArms }, (_, arm) => of(arm));
}

/** P(Y = 1) of one arm under `measure`, without an array of all arms. */
export function allocationOf(occupancy: Occupancy, measure: AllocationMeasure = 'arm-steps'): (arm: number) => number {
  if (measure === 'at-least-once') return (arm) => occupancy.pulledAtLeastOnce[arm];
  if (!(occupancy.horizon > 0))
    throw new RangeError(`the occupancy's horizon must be positive, got ${occupancy.horizon}`);
  return (arm) => occupancy.pulls[arm] / occupancy.horizon;
}
