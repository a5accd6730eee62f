// Hand-made occupancies (plain data, as the simulation returns them) and the three-arm register most of them go
// with, for the measures' tests.
import type { Occupancy } from '../../../../src/core/instance/occupancy.ts';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';

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

// The small register of the measures' tests: a one-hot group of two columns and a bucketed numeric column.
export const schema: FeatureSchema = {
  columns: [
    { name: 'young', label: 'Young', description: '', type: 'binary', group: 'Age' },
    { name: 'old', label: 'Old', description: '', type: 'binary', group: 'Age' },
    { name: 'income', label: 'Income', description: '', type: 'continuous', group: 'Income' },
  ],
  groups: [
    { name: 'Age', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['Young', 'Old'] },
    { name: 'Income', kind: 'bucketed', columns: [2], ordered: true, buckets: ['Low', 'Mid', 'High'], edges: [10, 20] },
  ],
};
// Three arms: young with income 10 (Low: value <= edge), old with 10.5 (Mid), old with 99 (High).
export const features = Float64Array.from([1, 0, 10, 0, 1, 10.5, 0, 1, 99]);
// One trial; steps in [state 0, state 1] per arm.
export const occupancy = occupancyOf(
  [
    [
      [7, 3],
      [9, 1],
      [4, 6],
    ],
  ],
  [
    [
      [5, 2],
      [6, 1],
      [3, 4],
    ],
  ],
);
