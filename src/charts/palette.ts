// Okabe-Ito colors (color-blind safe), in the order series take them. Literal values, not CSS
// variables, so that a downloaded SVG or PNG keeps them outside the page.
export const SERIES_COLORS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
] as const;

/**
 * A policy's colour by its place in its screen's list of policies, the default first (so the default is
 * always blue): pass each series its colour from that list, not from its place in one chart, so that a
 * policy keeps its colour in every chart that shows it, whatever else a chart leaves out.
 */
export const seriesColor = (i: number) => SERIES_COLORS[i % SERIES_COLORS.length];

/**
 * The population's (the register's) share beside the policies': a neutral grey that no policy takes (3.5:1 on white).
 */
export const POPULATION_COLOR = '#888888';

/** Compact number text for axes and tables. */
export function formatNumber(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '–';
  if (x !== 0 && (Math.abs(x) >= 1e5 || Math.abs(x) < 1e-3)) return x.toExponential(2);
  return Number(x.toPrecision(digits)).toString();
}
