// The baselines of `allot tradeoff`, on the sweep's seeds: group quotas that give each bucket of the
// priority's group the share of calls the reward as written (the largest lambda) gives it, and
// minimax water-filling on that group.
import type { Simulate } from '../core/simulation/simulate-port.ts';
import { minimaxBaseline, quotaBaseline, quotaShares, type BaselineResult } from '../core/tradeoff/baselines.ts';
import type { DialPoint, DialSweep } from '../core/tradeoff/sweep-dial.ts';

export async function tradeoffBaselines(
  sweep: DialSweep,
  points: readonly DialPoint[],
  group: string,
  simulate: Simulate,
): Promise<BaselineResult[]> {
  const shares = quotaShares(sweep, points, group);
  return [await quotaBaseline(sweep, group, shares, simulate), await minimaxBaseline(sweep, group, simulate)];
}
