// Week by week, what was planned and what happened: calls planned, calls made (and of them as
// planned), and the share engaged after the week, overall and per feature-group bucket. For the plan's
// chart and its table view.
import { groupBuckets } from '../measures/group-buckets.ts';
import { MISSING } from './register.ts';
import type { PlanState } from './plan-state.ts';
import { weekBytes } from './week-states.ts';

export interface WeekSummary {
  week: number;
  planned: number;
  /** null until the week's outcomes are applied. */
  made: number | null;
  madeAsPlanned: number | null;
  /** Share engaged after the week (the top state), overall. */
  engaged: number | null;
  /**
   * Per (group, bucket), in schema order: share engaged after the week among the bucket's beneficiaries, and calls made
   * to it.
   */
  groups: { group: string; bucket: string; engaged: number | null; calls: number | null }[];
}

export function planSummary(plan: PlanState): WeekSummary[] {
  const { register } = plan;
  const { schema, features, numArms: N, numStates: S, history } = register;
  const buckets = groupBuckets(schema, features, N);
  return plan.weeks.map((w) => {
    // The week's outcomes are the states of the next history week and the calls of this one.
    const index = w.week - history.firstWeek;
    const applied = w.outcomes !== null && index + 1 < history.states.length;
    const after = applied ? weekBytes(history.states[index + 1]) : null;
    const called = applied ? history.called[index].bits : null;
    const groups: WeekSummary['groups'] = [];
    schema.groups.forEach((g, gi) => {
      const engaged = new Float64Array(g.buckets.length),
        calls = new Float64Array(g.buckets.length),
        size = new Float64Array(g.buckets.length);
      // A week not yet applied has no numbers per bucket: no pass over the register for it.
      if (after && called)
        for (let arm = 0; arm < N; arm++) {
          const b = buckets[gi][arm];
          if (b < 0) continue;
          // shares among the beneficiaries whose state after the week was observed
          if (after[arm] !== MISSING) size[b]++;
          engaged[b] += after[arm] === S - 1 ? 1 : 0;
          calls[b] += (called[arm >> 3] >> (arm & 7)) & 1;
        }
      g.buckets.forEach((bucket, b) =>
        groups.push({
          group: g.name,
          bucket,
          engaged: after && size[b] > 0 ? engaged[b] / size[b] : null,
          calls: called ? calls[b] : null,
        }),
      );
    });
    return {
      week: w.week,
      planned: w.planned.length,
      made: w.outcomes?.called ?? null,
      madeAsPlanned: w.outcomes?.calledAsPlanned ?? null,
      engaged: w.outcomes ? w.outcomes.engaged / (w.outcomes.observed ?? N) : null,
      groups,
    };
  });
}

/** The last week whose outcomes are applied (the one a new file may replace), or null. */
export function lastAppliedWeek(weeks: readonly { week: number; applied: boolean }[]): number | null {
  for (let i = weeks.length - 1; i >= 0; i--) if (weeks[i].applied) return weeks[i].week;
  return null;
}
