// The price panel's curve and its downloadable table are made from the same points: a point's
// engagement, the favoured's engagement or (an SCLM run) its clause scores go up the chart as they
// stand in the table, in percent where the table says %, with the loss beside each lambda.
import { describe, expect, test } from 'vitest';
import type { DialPoint } from '../../../../src/core/tradeoff/sweep-dial.ts';
import {
  curveOf,
  priceColumns,
  priceRows,
  yLabelOf,
  type PriceAxis,
} from '../../../../src/state/tradeoff/price-chart.ts';

const none = new Float64Array(0);
const point = (lambda: number, engagement: number, priority: number | null, welfare?: number): DialPoint => ({
  lambda,
  engagement,
  engagementSe: 0.01,
  engagementPerTrial: none,
  priority,
  prioritySe: priority === null ? null : 0.02,
  favouredCalls: priority === null ? null : 0.25,
  calls: none,
  engaged: none,
  armSteps: none,
  boundsHeld: null,
  ...(welfare !== undefined && {
    clauses: { scores: [welfare, 2 * welfare], scoresSe: [0.1, null], welfare, welfareSe: 0.05 },
  }),
});
const losses = [
  { loss: 0, lossSe: null },
  { loss: 0.02, lossSe: 0.004 },
];

describe('the price curve and its table', () => {
  test('without clauses: the favoured engagement goes up, in percent, as in the table', () => {
    const points = [point(0, 0.5, 0.3), point(0.5, 0.49, null)];
    const on: PriceAxis = { clauses: [], welfareLabel: '', axis: -1 };
    const curve = curveOf(points, on);
    expect(curve.map((c) => c.label)).toEqual(['Default (λ 0)', 'λ 0.5']);
    expect(curve[0]).toMatchObject({ x: 50, y: 30, xSe: 1, ySe: 2 });
    // a point that favours no one is drawn at 0 with no error bar, and its table cells are empty
    expect(curve[1]).toMatchObject({ x: 49, y: 0, ySe: null });
    const rows = priceRows(points, losses, on);
    expect(priceColumns(on)).toHaveLength(8);
    expect(rows[0]).toEqual([0, 50, 1, 0, null, 30, 2, 25]);
    expect(rows[1]).toEqual([0.5, 49, 1, 2, 0.4, null, null, null]);
    expect(yLabelOf(on)).toBe('engagement of the favoured (%)');
  });

  test("an SCLM run's clauses: the welfare or one clause goes up, and the table adds every score", () => {
    const points = [point(0, 0.5, 0.3, 1), point(1, 0.48, 0.4, 0.9)];
    const welfare: PriceAxis = { clauses: ['older', 'poorer'], welfareLabel: 'Nash', axis: -1 };
    expect(curveOf(points, welfare).map((c) => [c.y, c.ySe])).toEqual([
      [1, 0.05],
      [0.9, 0.05],
    ]);
    expect(yLabelOf(welfare)).toBe('Nash welfare of the clause scores');
    const second = { ...welfare, axis: 1 };
    expect(curveOf(points, second).map((c) => [c.y, c.ySe])).toEqual([
      [2, null],
      [1.8, null],
    ]);
    expect(yLabelOf(second)).toBe('score: poorer');
    expect(priceColumns(welfare).slice(8)).toEqual([
      'Nash welfare',
      '± se',
      'score: older',
      '± se',
      'score: poorer',
      '± se',
    ]);
    expect(priceRows(points, losses, welfare)[1].slice(8)).toEqual([0.9, 0.05, 0.9, 0.1, 1.8, null]);
  });
});
