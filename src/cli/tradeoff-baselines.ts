// The baselines of `allot tradeoff`, on the sweep's seeds: group quotas that give each bucket of the
// priority's group the share of calls the dial's pick gives it, and minimax water-filling on that group.
import type { Simulate } from '../core/simulation/simulate-port.ts';
import { minimaxBaseline, quotaBaseline, type BaselineResult } from '../core/tradeoff/baselines.ts';
import { callsByGroup } from '../core/tradeoff/calls-by-group.ts';
import type { DialPoint, DialSweep } from '../core/tradeoff/sweep-dial.ts';

export type { BaselineResult };

export async function tradeoffBaselines(sweep: DialSweep, chosen: DialPoint, group: string, simulate: Simulate): Promise<BaselineResult[]> {
  const shares = Object.values(callsByGroup(chosen.calls, sweep.setup.population, [group])[group]);
  return [await quotaBaseline(sweep, group, shares, simulate), await minimaxBaseline(sweep, group, simulate)];
}
