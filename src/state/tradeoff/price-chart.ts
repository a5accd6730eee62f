// The "price of this priority" curve and its table, from a sweep's points: what goes up the chart (the
// favoured arms' engagement, or for an SCLM run the welfare of its clause scores or one clause's score),
// the curve's points, the baselines beside it, and the table a reader downloads. Its own module so that
// the panel's components only lay these out, and the chart and its table cannot disagree.
import type { BaselineResult } from '../../core/tradeoff/baselines.ts';
import type { DialPoint } from '../../core/tradeoff/sweep-dial.ts';

/** What the curve plots up: the favoured's engagement (no clauses), the clauses' welfare (-1) or one clause (index). */
export interface PriceAxis {
  clauses: readonly string[];
  welfareLabel: string;
  axis: number;
}

/** A point of the curve or a baseline, in the chart's units (engagement in %). */
export interface CurvePoint {
  x: number;
  y: number;
  xSe: number | null;
  ySe: number | null;
  label: string;
}

type Measure = Pick<DialPoint, 'priority' | 'prioritySe' | 'clauses'>;

/** A point's height on the curve and its standard error. */
export function yOf(m: Measure, { clauses, axis }: PriceAxis): [number, number | null] {
  if (clauses.length === 0 || !m.clauses) {
    return [100 * (m.priority ?? 0), m.prioritySe === null ? null : 100 * m.prioritySe];
  }
  return axis < 0 ? [m.clauses.welfare, m.clauses.welfareSe] : [m.clauses.scores[axis], m.clauses.scoresSe[axis]];
}

/** The vertical axis in words. */
export function yLabelOf({ clauses, welfareLabel, axis }: PriceAxis): string {
  if (clauses.length === 0) return 'engagement of the favoured (%)';
  return axis < 0 ? `${welfareLabel} welfare of the clause scores` : `score: ${clauses[axis]}`;
}

const pct = (x: number | null) => (x === null ? null : 100 * x);

/** One point per lambda, in lambda order. */
export function curveOf(points: readonly DialPoint[], on: PriceAxis): CurvePoint[] {
  return points.map((p) => {
    const [y, ySe] = yOf(p, on);
    const label = p.lambda === 0 ? 'Default (λ 0)' : `λ ${p.lambda}`;
    return { x: 100 * p.engagement, y, xSe: pct(p.engagementSe), ySe, label };
  });
}

/** The baselines beside the curve (no error bars: they are drawn as marks). */
export function baselinePointsOf(baselines: readonly BaselineResult[], on: PriceAxis): CurvePoint[] {
  return baselines.map((b) => ({
    x: 100 * b.outcome.engagement,
    y: yOf(b.outcome, on)[0],
    xSe: null,
    ySe: null,
    label: b.name,
  }));
}

/** The table's columns: every measure of a point with its standard error. */
export function priceColumns({ clauses, welfareLabel }: PriceAxis): string[] {
  const scored = clauses.length > 0;
  return [
    'λ',
    'engagement (%)',
    '± se',
    'loss vs default (%)',
    '± se',
    'favoured engaged (%)',
    '± se',
    'favoured share of calls (%)',
    ...(scored ? [`${welfareLabel} welfare`, '± se', ...clauses.flatMap((c) => [`score: ${c}`, '± se'])] : []),
  ];
}

/** The table's rows, one per point, in the columns' order. */
export function priceRows(
  points: readonly DialPoint[],
  losses: readonly { loss: number; lossSe: number | null }[],
  { clauses }: PriceAxis,
): (number | null)[][] {
  return points.map((p, i) => [
    p.lambda,
    100 * p.engagement,
    pct(p.engagementSe),
    100 * losses[i].loss,
    pct(losses[i].lossSe),
    pct(p.priority),
    pct(p.prioritySe),
    pct(p.favouredCalls),
    ...(clauses.length > 0 && p.clauses
      ? [p.clauses.welfare, p.clauses.welfareSe, ...p.clauses.scores.flatMap((x, c) => [x, p.clauses!.scoresSe[c]])]
      : []),
  ]);
}
