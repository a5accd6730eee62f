// SCLM's measure of unintended utility shifts: the mean EMD between each unmentioned feature's utility
// distribution under the default policy and under the candidate.
import { emd } from './emd.ts';

export interface FeatureDistributions {
  /** Utility per bucket under the default policy, buckets in feature order. */
  baseline: ArrayLike<number>;
  /** Utility per bucket under the candidate policy. */
  candidate: ArrayLike<number>;
}

/** Mean of emd(baseline, candidate) over the features (at least one). */
export function averageEmd(features: FeatureDistributions[]): number {
  if (features.length === 0) throw new RangeError('no unmentioned features to average over');
  let sum = 0;
  for (const f of features) sum += emd(f.baseline, f.candidate);
  return sum / features.length;
}
