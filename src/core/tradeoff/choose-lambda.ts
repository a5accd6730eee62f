// The dial's pick: the largest lambda whose engagement loss against lambda 0 is within the limit
// the user accepts, on the very simulation the points come from (a point estimate; its paired
// standard error is reported beside it).
import { engagementLoss } from './policy-outcome.ts';
import type { DialPoint } from './sweep-dial.ts';

export interface DialChoice {
  lambda: number;
  /** Position of the chosen point in `points`. */
  index: number;
  /** 1 - E(lambda) / E(0): 0.02 = 2 % of engagement lost. */
  engagementLoss: number;
  engagementLossSe: number | null;
}

/** Losses of every point against the lambda-0 point (which must be among them). */
export function lossesOf(points: readonly DialPoint[]): { loss: number; lossSe: number | null }[] {
  const base = points.find((p) => p.lambda === 0);
  if (!base) throw new RangeError('the sweep has no lambda-0 point (the default) to measure losses against');
  return points.map((p) => engagementLoss(p, base));
}

export function chooseLambda(points: readonly DialPoint[], maxLoss: number): DialChoice {
  if (!(maxLoss >= 0 && maxLoss < 1))
    throw new RangeError(`the largest accepted loss must be in [0, 1) (0.02 = 2 %), got ${maxLoss}`);
  const losses = lossesOf(points);
  let best = -1;
  points.forEach((p, i) => {
    if (losses[i].loss <= maxLoss && (best < 0 || p.lambda > points[best].lambda)) best = i;
  });
  return {
    lambda: points[best].lambda,
    index: best,
    engagementLoss: losses[best].loss,
    engagementLossSe: losses[best].lossSe,
  };
}
