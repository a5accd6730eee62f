// Hand-made occupancies (plain data, as the simulation returns them) for the measures' tests.
import type { Occupancy } from '../../../../src/core/instance/occupancy.ts';

/** An occupancy of 2-state arms from per-trial undiscounted and discounted rows [trial][arm][state]. */
export function occupancyOf(undiscounted: number[][][], discounted: number[][][] = undiscounted): Occupancy {
  const numTrials = undiscounted.length;
  const numArms = undiscounted[0].length;
  const numStates = undiscounted[0][0].length;
  const perTrialUndiscounted = Float64Array.from(undiscounted.flat(2));
  const perTrialDiscounted = Float64Array.from(discounted.flat(2));
  const mean = (perTrial: Float64Array) => {
    const out = new Float64Array(numArms * numStates);
    for (let k = 0; k < numTrials; k++)
      for (let i = 0; i < out.length; i++) out[i] += perTrial[k * out.length + i] / numTrials;
    return out;
  };
  return {
    numArms,
    numStates,
    numTrials,
    horizon: 10,
    discount: 0.9,
    discounted: mean(perTrialDiscounted),
    undiscounted: mean(perTrialUndiscounted),
    pulls: new Float64Array(numArms),
    pulledAtLeastOnce: new Float64Array(numArms),
    perTrialDiscounted,
    perTrialUndiscounted,
    engagedSum: 0,
    pulledIdSum: 0,
  };
}
