// The baselines of `allot tradeoff` (filled in with the constrained top-B kernel).
import type { Simulate } from '../core/simulation/simulate-port.ts';
import type { PolicyOutcome } from '../core/tradeoff/policy-outcome.ts';
import type { DialPoint, DialSweep } from '../core/tradeoff/sweep-dial.ts';

export interface BaselineResult {
  name: string;
  definition: string;
  outcome: PolicyOutcome;
  callsByGroup: Record<string, Record<string, number>>;
}

export async function tradeoffBaselines(_sweep: DialSweep, _chosen: DialPoint, _featuresUsed: readonly number[], _simulate: Simulate): Promise<BaselineResult[]> {
  return [];
}
