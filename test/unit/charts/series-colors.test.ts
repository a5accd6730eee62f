// A series keeps its colour from chart to chart: GroupedBars draws a series' own colour (legend
// swatch and bars), the population takes a grey no policy takes, and the Plan's make-up chart gives the
// default's list the default's blue. Rendered on the server (Svelte's SSR).
import { render } from 'svelte/server';
import { describe, expect, test } from 'vitest';
import GroupedBars from '../../../src/charts/GroupedBars.svelte';
import { POPULATION_COLOR, SERIES_COLORS, seriesColor } from '../../../src/charts/palette.ts';
import MakeUpChart from '../../../src/components/plan/MakeUpChart.svelte';
import type { GroupShare } from '../../../src/core/plan/list-make-up.ts';

/** Legend label -> swatch colour, read from the rendered SVG. */
const legend = (body: string) =>
  new Map(
    [...body.matchAll(/<rect width="12" height="12" fill="([^"]+)"[^>]*><\/rect><text[^>]*>([^<]+)<\/text>/g)].map(
      (m) => [m[2], m[1]],
    ),
  );
/** Series label -> the colours of its bars (their titles start with the label). */
const bars = (body: string) => {
  const out = new Map<string, Set<string>>();
  for (const m of body.matchAll(/fill="([^"]+)"[^>]*><title>([^,<]+), /g))
    out.set(m[2], (out.get(m[2]) ?? new Set()).add(m[1]));
  return out;
};

describe('series colours', () => {
  test('a series drawn with and without the population keeps its colour, in the legend and its bars', () => {
    const categories = ['Ages 10-20', 'Ages 21-30'];
    const policies = [
      { label: 'default', color: seriesColor(0), values: [40, 60] },
      { label: 'Candidate 1', color: seriesColor(1), values: [50, 50] },
      { label: 'Candidate 2', color: seriesColor(2), values: [30, 70] },
    ];
    const calls = render(GroupedBars, {
      props: {
        categories,
        series: [{ label: 'population', color: POPULATION_COLOR, values: [45, 55] }, ...policies],
        yLabel: '%',
        label: 'calls',
      },
    }).body;
    const engagement = render(GroupedBars, {
      props: { categories, series: policies, yLabel: '%', label: 'engagement' },
    }).body;
    expect(legend(calls).get('population')).toBe(POPULATION_COLOR);
    for (const p of policies) {
      expect(legend(calls).get(p.label)).toBe(p.color);
      expect(legend(engagement).get(p.label)).toBe(p.color);
      expect([...bars(calls).get(p.label)!]).toEqual([p.color]);
      expect([...bars(engagement).get(p.label)!]).toEqual([p.color]);
    }
    expect([...bars(calls).get('population')!]).toEqual([POPULATION_COLOR]);
  });

  test('a series without a colour takes its place in the palette', () => {
    const body = render(GroupedBars, {
      props: {
        categories: ['a'],
        series: [
          { label: 'one', values: [1] },
          { label: 'two', values: [2] },
        ],
        yLabel: '%',
        label: 'x',
      },
    }).body;
    expect([...legend(body)]).toEqual([
      ['one', SERIES_COLORS[0]],
      ['two', SERIES_COLORS[1]],
    ]);
  });

  test('no policy takes the population’s grey', () => {
    expect(SERIES_COLORS.map((c) => c.toLowerCase())).not.toContain(POPULATION_COLOR.toLowerCase());
  });

  test(
    "the Plan's make-up chart: the default's list in the default's blue, the register in the " + "population's grey",
    () => {
      const share = (bucket: string, x: number): GroupShare => ({
        group: 'Ages',
        bucket,
        calls: 1,
        defaultCalls: 1,
        population: 1,
        shareCalls: x,
        shareDefault: x,
        sharePopulation: x,
      });
      const body = render(MakeUpChart, {
        props: { shares: [share('Ages 10-20', 0.4), share('Ages 21-30', 0.6)], week: 3 },
      }).body;
      const colors = legend(body);
      expect(colors.get('Default reward’s list')).toBe(SERIES_COLORS[0]);
      expect(colors.get('Register')).toBe(POPULATION_COLOR);
      expect(colors.get('This list')).toBe(SERIES_COLORS[1]);
    },
  );
});
