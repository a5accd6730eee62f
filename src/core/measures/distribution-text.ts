// The text form of state-feature distributions that DLM's reflection prompt shows the LLM, in the
// layout printed in DLM's appendix L:
//   Category: Ages
//   Ages 10-20: 18.18%
import type { GroupDistribution } from './state-feature-distribution.ts';

/** One printed category: which schema group, its heading, and optionally its bucket labels. */
export interface DistributionSection {
  /** Schema group name. */
  group: string;
  /** Text after "Category: ". */
  heading: string;
  /** Labels in bucket order; the schema's bucket labels when absent. */
  labels?: string[];
}

/**
 * Percentage with two decimals as Python's "%.2f" prints it: the exact binary value rounded to the
 * nearest, exact ties to even (JavaScript's toFixed rounds exact ties up: 0.125 -> "0.13").
 */
export function formatPercent(percent: number): string {
  // An exact tie at the third decimal is an odd multiple of 1/8 (the only dyadic x.xx5 values).
  const eighths = percent * 8;
  if (Number.isInteger(eighths) && eighths % 2 !== 0) {
    const hundredths = Math.floor(percent * 100);
    const even = hundredths % 2 === 0 ? hundredths : hundredths + 1;
    return (even / 100).toFixed(2);
  }
  const text = percent.toFixed(2);
  return text === '-0.00' ? '0.00' : text;
}

/**
 * "Category: <heading>" then one "<label>: <percent>%" line per bucket, for every section of
 * `layout` (by default every distribution in order, headed by its group name), lines joined by
 * "\n" with no trailing newline. Throws when a section names a group that is not there or gives a
 * wrong number of labels.
 */
export function distributionText(distributions: GroupDistribution[], layout?: readonly DistributionSection[]): string {
  const sections: readonly DistributionSection[] = layout ?? distributions.map((d) => ({ group: d.group, heading: d.group }));
  const lines: string[] = [];
  for (const section of sections) {
    const d = distributions.find((x) => x.group === section.group);
    if (!d) throw new Error(`the layout names group "${section.group}", which the distributions do not have`);
    const labels = section.labels ?? d.buckets;
    if (labels.length !== d.shares.length) {
      throw new Error(`the layout gives ${labels.length} labels for group "${section.group}", which has ${d.shares.length} buckets`);
    }
    lines.push(`Category: ${section.heading}`);
    d.shares.forEach((share, b) => lines.push(`${labels[b]}: ${formatPercent(share * 100)}%`));
  }
  return lines.join('\n');
}
