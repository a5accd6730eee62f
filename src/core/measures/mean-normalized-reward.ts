// DLM's mean normalized reward (section 5.2): a method's return under the task's Base reward,
// placed on the scale where the Random policy scores 0 and the Base-trained policy scores 1.
import { interquartileMean } from './interquartile-mean.ts';

export interface NormalizedScore {
  /** (IQM_method - IQM_random) / (IQM_base - IQM_random); NaN when IQM_base = IQM_random. */
  mnr: number;
  /** SE of the method's IQM divided by |IQM_base - IQM_random|; NaN when undefined. */
  se: number;
  iqmMethod: number;
  iqmRandom: number;
  iqmBase: number;
}

/**
 * MNR of a method from per-trial returns under the Base reward, pooled over all seeds, of the
 * method, the Random policy and the Base-trained policy (see interquartileMean for the IQM). The
 * standard error propagates only the method's own uncertainty through the normalization, treating
 * the Random and Base IQMs as fixed constants of the task (they are shared by every method
 * compared on it): se = SE(IQM_method) / |IQM_base - IQM_random|.
 */
export function meanNormalizedReward(
  method: ArrayLike<number>,
  random: ArrayLike<number>,
  base: ArrayLike<number>,
): NormalizedScore {
  const m = interquartileMean(method);
  const iqmRandom = interquartileMean(random).iqm;
  const iqmBase = interquartileMean(base).iqm;
  const span = iqmBase - iqmRandom;
  if (span === 0) return { mnr: Number.NaN, se: Number.NaN, iqmMethod: m.iqm, iqmRandom, iqmBase };
  return { mnr: (m.iqm - iqmRandom) / span, se: m.se / Math.abs(span), iqmMethod: m.iqm, iqmRandom, iqmBase };
}
