// The price of a priority in words, computed from the sweep (never written by an LLM), e.g.
// "Favouring Ages 51-60 costs 1.8% of engagement (± 0.4%) at λ = 0.4; their engagement goes
// from 41.2% to 44.0%." A loss the measures call not measurable (isMeasurable) is said to be no measurable cost.
import type { DialChoice } from './choose-lambda.ts';
import type { DialPoint } from './sweep-dial.ts';
import { isMeasurable } from '../measures/compare-policies.ts';
import { percent } from '../words/percent.ts';

/** A loss or its error: one decimal, two below 0.1 % so that a small error does not read as zero. */
const small = (x: number) => percent(x, x !== 0 && Math.abs(x) < 0.001 ? 2 : 1);

/** `favoured`: who the priority favours, e.g. "Ages 51-60, Income low" (from the features the reward reads). */
export function priceSentence(
  points: readonly DialPoint[],
  choice: DialChoice,
  maxLoss: number,
  favoured: string,
): string {
  const base = points.find((p) => p.lambda === 0)!;
  const chosen = points[choice.index];
  const who = favoured || 'this priority';
  const se = choice.engagementLossSe;
  if (choice.lambda === 0) {
    const next = points.filter((p) => p.lambda > 0).sort((a, b) => a.lambda - b.lambda)[0];
    return next
      ? `No setting of the dial stays within a loss of ${percent(maxLoss)}: the smallest step tried, λ = ` +
          `${next.lambda}, already costs more. The pick is the default policy.`
      : 'The sweep has only the default policy (lambda 0).';
  }
  const noise = se !== null && !isMeasurable(choice.engagementLoss, se);
  const cost = noise
    ? `costs no measurable engagement (${small(choice.engagementLoss)} ± ${small(se!)})`
    : `costs ${small(choice.engagementLoss)} of engagement${se !== null ? ` (± ${small(se)})` : ''}`;
  const gain =
    chosen.priority !== null && base.priority !== null
      ? `; their engagement goes from ${percent(base.priority)} to ${percent(chosen.priority)}`
      : '';
  const where = choice.lambda === 1 ? 'at λ = 1 (the reward as written)' : `at λ = ${choice.lambda}`;
  return `Favouring ${who} ${cost} ${where}${gain}.`;
}
