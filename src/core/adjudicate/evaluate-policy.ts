// SCLM's evaluation measures (section 6.3, 6.4, appendix E) for one policy of a pool, against the
// default policy: the % change in utility of each prioritization clause's extreme buckets (top or
// bottom 1, 2 and 3), their sum and minimum over clauses, the average EMD over the feature groups no
// clause prioritizes, and the % drop in total utility. A measure whose inputs are missing is null.
import { averageEmd } from '../measures/average-emd.ts';
import { clauseSummary, type ClauseSummary } from '../measures/clause-summary.ts';
import { extremeBucketChange } from '../measures/extreme-bucket-change.ts';
import { utilityDrop } from '../measures/utility-drop.ts';
import type { Pool, PoolPolicy } from './pool.ts';

export const BUCKET_COUNTS = [1, 2, 3] as const;

export interface PolicyEvaluation {
  /** Per prioritization clause with a target: % change for the top/bottom 1, 2, 3 buckets (null when undefined). */
  clauses: { name: string; group: string; end: 'top' | 'bottom'; change: (number | null)[] }[];
  /** Sum and minimum over those clauses, per bucket count (null when a clause's change is undefined). */
  summary: (ClauseSummary | null)[];
  /**
   * Mean EMD to the default over the groups that no clause prioritizes (null when there are none or no distributions).
   */
  averageEmd: number | null;
  /** Groups averaged over. */
  unmentioned: string[];
  /** % drop in total utility against the default (negative: a gain). */
  utilityDrop: number | null;
}

export function evaluatePolicy(pool: Pick<Pool, 'clauses' | 'default'>, policy: PoolPolicy): PolicyEvaluation {
  const base = pool.default ?? {};
  const clauses = pool.clauses.flatMap((c) => {
    if (!c.target) return [];
    const { group, end } = c.target;
    const u = policy.groups?.[group];
    const u0 = base.groups?.[group];
    const change = BUCKET_COUNTS.map((k) => {
      if (!u || !u0 || k > u0.length) return null;
      try {
        return extremeBucketChange(u, u0, end, k);
      } catch {
        return null; // the default gives these buckets no utility: a % change is undefined
      }
    });
    return [{ name: c.name, group, end, change }];
  });
  const summary = BUCKET_COUNTS.map((_, k) => {
    const changes = clauses.map((c) => c.change[k]);
    return changes.length > 0 && changes.every((x) => x !== null) ? clauseSummary(changes as number[]) : null;
  });
  const targeted = new Set(pool.clauses.flatMap((c) => (c.target ? [c.target.group] : [])));
  const unmentioned = Object.keys(base.groups ?? {}).filter(
    (g) => !targeted.has(g) && policy.groups?.[g] !== undefined,
  );
  let average: number | null = null;
  if (unmentioned.length > 0) {
    try {
      average = averageEmd(unmentioned.map((g) => ({ baseline: base.groups![g], candidate: policy.groups![g] })));
    } catch {
      average = null;
    }
  }
  const drop =
    policy.totalUtility !== undefined && base.totalUtility !== undefined && base.totalUtility > 0
      ? utilityDrop(policy.totalUtility, base.totalUtility)
      : null;
  return { clauses, summary, averageEmd: average, unmentioned, utilityDrop: drop };
}
