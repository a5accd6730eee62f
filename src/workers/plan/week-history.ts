// A plan week by week, for the history chart and its table: calls planned against calls made, and the
// share engaged per group bucket at the start of each week (read from the register's history).
import { bucketOfArms } from '../../core/measures/bucket-of-arms.ts';
import { MISSING } from '../../core/plan/register.ts';
import type { PlanState } from '../../core/plan/plan-state.ts';

export interface WeekHistory {
  /** One entry per week of the plan, oldest first (the last is the current week). */
  weeks: { week: number; planned: number; made: number | null; calledAsPlanned: number | null; engaged: number | null }[];
  /** Per group (schema order): its buckets, and per week the share engaged at the start of that week (NaN: no one observed). */
  groups: { group: string; buckets: string[]; engaged: number[][] }[];
  /** Share engaged at the start of each week, over the whole register. */
  overall: number[];
}

export function weekHistory(plan: PlanState): WeekHistory {
  const { register, weeks } = plan;
  const { numArms: N, numStates: S, schema, features, history } = register;
  const statesAt = (week: number) => history.states[week - history.firstWeek];
  /** Share engaged per bucket (bucket[arm] in 0..K-1, -1 outside), in one pass; NaN where no one was observed. */
  const shares = (states: Uint8Array | undefined, bucket: Int32Array | null, K: number) => {
    const seen = new Float64Array(K), engaged = new Float64Array(K);
    if (states) {
      for (let arm = 0; arm < N; arm++) {
        const b = bucket ? bucket[arm] : 0;
        if (b < 0 || states[arm] === MISSING) continue;
        seen[b]++;
        if (states[arm] === S - 1) engaged[b]++;
      }
    }
    return Array.from(seen, (n, b) => (n ? engaged[b] / n : NaN));
  };
  const groups = schema.groups.map((g) => {
    const bucket = bucketOfArms(features, N, schema.columns.length, g);
    return { group: g.name, buckets: g.buckets, engaged: weeks.map((w) => shares(statesAt(w.week), bucket, g.buckets.length)) };
  });
  return {
    weeks: weeks.map((w) => ({ week: w.week, planned: w.planned.length, made: w.outcomes?.called ?? null, calledAsPlanned: w.outcomes?.calledAsPlanned ?? null, engaged: w.outcomes?.engaged ?? null })),
    groups,
    overall: weeks.map((w) => shares(statesAt(w.week), null, 1)[0]),
  };
}
