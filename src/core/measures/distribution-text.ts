// The text form of state-feature distributions that DLM's reflection prompt (and SCLM's scorer)
// shows the LLM, in the layout printed in DLM's appendix L:
//   Category: Ages
//   Ages 10-20: 18.18%
import type { DistributionCategory } from './distribution-categories.ts';

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

/** "Category: <heading>" then one "<label>: <percent>%" line per bucket, lines joined by "\n", no trailing newline. */
export function distributionText(categories: readonly DistributionCategory[]): string {
  return categories
    .map(({ category, buckets }) =>
      [`Category: ${category}`, ...buckets.map((b) => `${b.label}: ${formatPercent(b.percent)}%`)].join('\n'),
    )
    .join('\n');
}
