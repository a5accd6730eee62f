// Several evaluation seeds as one sample for the allocation measures (DP_variance, task success):
// each seed's arms (a seeded sample of the population, or all of it again) with their occupancy,
// concatenated. P(Y = 1 | bucket) over the pool is then the mean allocation over every
// (seed, arm) of the bucket; when every seed has the same arms it equals the mean over seeds of
// each seed's P(Y = 1 | bucket).
import type { Occupancy } from '../instance/occupancy.ts';

export interface SeedRun {
  occupancy: Occupancy;
  /** The seed's arms' features, occupancy.numArms x numFeatures. */
  features: Float64Array;
}

/**
 * One occupancy and feature matrix holding every seed's arms in seed order (per-trial and per-step series are dropped).
 */
export function poolSeeds(runs: readonly SeedRun[]): SeedRun {
  if (runs.length === 0) throw new RangeError('poolSeeds needs at least one run');
  if (runs.length === 1) return runs[0];
  const first = runs[0].occupancy;
  for (const { occupancy: o } of runs) {
    if (o.horizon !== first.horizon || o.numStates !== first.numStates || o.numTrials !== first.numTrials) {
      throw new RangeError(
        `runs differ in horizon, states or trials (${o.horizon}, ${o.numStates}, ${o.numTrials} against ` +
          `${first.horizon}, ${first.numStates}, ${first.numTrials}); they cannot be pooled`,
      );
    }
  }
  const concat = (pick: (run: SeedRun) => Float64Array) => {
    const out = new Float64Array(runs.reduce((n, run) => n + pick(run).length, 0));
    let at = 0;
    for (const run of runs) {
      out.set(pick(run), at);
      at += pick(run).length;
    }
    return out;
  };
  return {
    features: concat((r) => r.features),
    occupancy: {
      numArms: runs.reduce((n, r) => n + r.occupancy.numArms, 0),
      numStates: first.numStates,
      numTrials: first.numTrials,
      horizon: first.horizon,
      discount: first.discount,
      discounted: concat((r) => r.occupancy.discounted),
      undiscounted: concat((r) => r.occupancy.undiscounted),
      pulls: concat((r) => r.occupancy.pulls),
      pulledAtLeastOnce: concat((r) => r.occupancy.pulledAtLeastOnce),
      engagedSum: runs.reduce((n, r) => n + r.occupancy.engagedSum, 0),
      pulledIdSum: runs.reduce((n, r) => n + r.occupancy.pulledIdSum, 0),
    },
  };
}
