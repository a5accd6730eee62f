// The answer in words: what a policy does to whom against the default, written from the numbers of
// comparePolicies (never by the LLM). Every figure carries its interval; a change within the noise
// is said to be "no measurable difference".
import { NOISE_MULTIPLIER, type BucketComparison, type Change, type PolicyComparison } from './compare-policies.ts';
import { bucketName } from '../words/bucket-name.ts';

export interface ComparisonText {
  /** One sentence: the main effect, or that the policy is indistinguishable from the reference. */
  verdict: string;
  /** Engagement overall, then calls per bucket, then engagement per bucket. */
  lines: string[];
  /** With `named` groups: the sentences about the other groups (its side effects); else empty. */
  sideEffects: string[];
  /** How "±" and "no measurable difference" are decided, with the number of trials. */
  rule: string;
}

export interface DescribeOptions {
  /** What the policy and the reference are called ("The selected policy", "the default"). */
  policy: string;
  reference: string;
  /** At most this many buckets are named for calls and for engagement (the largest changes first). */
  maxBuckets?: number;
  /** The groups her priority names (groupsNamed): their sentences lead, the others' are side effects. */
  named?: readonly string[];
  /** Why the policy is in effect the reference (words/default-why.ts), said after the verdict when it is. */
  why?: string | null;
}

/** Decimals that show a change at the precision of its interval (in the unit it is printed in). */
function decimals(halfWidth: number): number {
  if (!Number.isFinite(halfWidth) || halfWidth >= 1 || halfWidth < 1e-6) return 0; // below 1e-6: exact up to rounding
  if (halfWidth >= 0.1) return 1;
  return 2;
}

const signed = (x: number, d: number) => `${x > 0 ? '+' : x < 0 ? '-' : ''}${Math.abs(x).toFixed(d)}`;

/** "23% ... instead of 9% (+14 points ± 2)": a share change in percentage points. */
export function pointsText(c: Change): { other: string; base: string; change: string } {
  const half = NOISE_MULTIPLIER * c.se * 100;
  const d = Math.max(decimals(half), Math.abs(c.diff * 100) < 1 && c.diff !== 0 ? 1 : 0);
  const interval = Number.isFinite(half) ? ` ± ${half.toFixed(d)}` : '';
  return {
    other: `${(c.other * 100).toFixed(d)}%`,
    base: `${(c.base * 100).toFixed(d)}%`,
    change: `${signed(c.diff * 100, d)} points${interval}`,
  };
}

/** "-0.3% ± 0.5%": a relative change. */
export function percentText(c: Change): string {
  const half = NOISE_MULTIPLIER * c.se * 100;
  const d = Math.max(1, decimals(half));
  return `${signed(c.diff * 100, d)}%${Number.isFinite(half) ? ` ± ${half.toFixed(d)}%` : ''}`;
}

interface Ranked {
  group: string;
  bucket: BucketComparison;
}

function ranked(comparison: PolicyComparison, pick: (b: BucketComparison) => Change): Ranked[] {
  return comparison.groups
    .flatMap((g) => g.buckets.map((bucket) => ({ group: g.group, bucket })))
    .filter((r) => pick(r.bucket).measurable)
    .sort((a, b) => Math.abs(pick(b.bucket).diff) - Math.abs(pick(a.bucket).diff));
}

export function describeComparison(comparison: PolicyComparison, options: DescribeOptions): ComparisonText {
  const { policy, reference } = options;
  const max = options.maxBuckets ?? 4;
  const rule =
    comparison.trials > 1
      ? `Over ${comparison.trials} simulated trials with the same seeds for both policies; ± is ` +
        `${NOISE_MULTIPLIER} standard errors of the per-trial difference (about a 95% interval), and a change ` +
        `whose interval includes 0 is "no measurable difference".`
      : 'One simulated trial: the uncertainty cannot be estimated, so no change is called measurable. Simulate ' +
        'more trials.';
  if (comparison.identical) {
    return {
      verdict:
        `${policy} makes exactly the same calls as ${reference} in every simulated trial: in effect it is ` +
        `${reference}.${options.why ? ` ${options.why}` : ''}`,
      lines: [],
      sideEffects: [],
      rule,
    };
  }
  const e = comparison.engagementRelative;
  const engagementLine = e.measurable
    ? `Engagement overall: ` +
      `${Math.abs(e.diff * 100).toFixed(Math.max(1, decimals(NOISE_MULTIPLIER * e.se * 100)))}% ` +
      `${e.diff > 0 ? 'higher' : 'lower'} than under ${reference} (${percentText(e)}).`
    : `Engagement overall: no measurable difference (${percentText(e)}).`;
  const named = options.named ?? [];
  const asked = (r: Ranked) => named.length === 0 || named.includes(r.group);
  const allCalls = ranked(comparison, (b) => b.callShare);
  const allEngaged = ranked(comparison, (b) => b.engagement);
  // With groups her priority names, the sentences about them lead; the rest are its side effects.
  const calls = allCalls.filter(asked);
  const engaged = allEngaged.filter(asked);
  const groups = comparison.groups.filter((g) => named.length === 0 || named.includes(g.group));
  const lines = [engagementLine, ...groupLines(calls, engaged, groups, max, named.length > 0)];
  const others = comparison.groups.filter((g) => named.length > 0 && !named.includes(g.group));
  const sideEffects = others.length
    ? groupLines(
        allCalls.filter((r) => !asked(r)),
        allEngaged.filter((r) => !asked(r)),
        others,
        max,
        true,
      )
    : [];
  let verdict: string;
  if (!allCalls.length && !allEngaged.length && !e.measurable) {
    verdict =
      `${policy} is indistinguishable from ${reference}: no measurable difference in who gets the calls or ` +
      `in engagement.`;
  } else if (calls.length) {
    const gain = calls.find((r) => r.bucket.callShare.diff > 0);
    const loss = calls.find((r) => r.bucket.callShare.diff < 0);
    const part = (r: Ranked) => {
      const t = pointsText(r.bucket.callShare);
      return `${bucketName(r.group, r.bucket.label)} (${t.other} of calls instead of ${t.base})`;
    };
    const moves = [gain && `toward ${part(gain)}`, loss && `away from ${part(loss)}`].filter(Boolean).join(' and ');
    verdict = `${policy} moves calls ${moves}; ${overall(e, 'engagement overall shows no measurable difference')}.`;
  } else if (named.length && allCalls.length) {
    verdict =
      `${policy} makes no measurable change in the calls to ${named.join(' or ')}, the ` +
      `group${named.length > 1 ? 's' : ''} the priority names; ` +
      `${overall(e, 'engagement overall shows no measurable difference')}; its changes are side effects on ` +
      `other groups.`;
  } else {
    verdict =
      `${policy} calls the same groups as ${reference} (no measurable change in any group's share of ` +
      `calls); ${
        e.measurable ? `engagement overall changes by ` + `${percentText(e)}` : 'engagement changes only within groups'
      }.`;
  }
  return { verdict, lines, sideEffects, rule };
}

/** "engagement overall rises by 1.2% ± 0.4%", or `otherwise` when the change is within the noise. */
function overall(e: Change, otherwise: string): string {
  return e.measurable
    ? `engagement overall ${e.diff > 0 ? 'rises' : 'falls'} by ` +
        `${percentText({ ...e, diff: Math.abs(e.diff) }).replace(/^\+/, '')}`
    : otherwise;
}

/**
 * The sentences about calls and engagement per bucket of `groups`, the largest changes first; `some`: these
 * are some of the groups, so that none of them changing is said too.
 */
function groupLines(
  calls: Ranked[],
  engaged: Ranked[],
  groups: PolicyComparison['groups'],
  max: number,
  some = false,
): string[] {
  const lines: string[] = [];
  for (const { group, bucket } of calls.slice(0, max)) {
    const t = pointsText(bucket.callShare);
    const perStep =
      `${bucket.callsPerStep.other.toFixed(2)} calls per step instead of ` + `${bucket.callsPerStep.base.toFixed(2)}`;
    lines.push(
      `${bucketName(group, bucket.label)} get ${t.other} of calls instead of ${t.base} (${t.change}; ${perStep}); ` +
        `they are ${(bucket.populationShare * 100).toFixed(0)}% of the population.`,
    );
  }
  if (calls.length > max)
    lines.push(
      `${calls.length - max} more bucket${calls.length - max > 1 ? 's' : ''} with a measurable change in calls: ` +
        `see the table below.`,
    );
  const quietCalls = groups.filter((g) => g.buckets.every((b) => !b.callShare.measurable)).map((g) => g.group);
  if (quietCalls.length && (calls.length || some))
    lines.push(`Calls by ${quietCalls.join(', ')}: no measurable difference.`);
  for (const { group, bucket } of engaged.slice(0, max)) {
    const t = pointsText(bucket.engagement);
    lines.push(
      `Engagement of ${bucketName(group, bucket.label)}: ${t.other} of their steps engaged instead of ${t.base} ` +
        `(${t.change}).`,
    );
  }
  if (!engaged.length && groups.length) lines.push('Engagement within each group: no measurable difference.');
  return lines;
}
