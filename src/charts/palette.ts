// Okabe-Ito colors (color-blind safe), in the order series take them. Literal values, not CSS
// variables, so that a downloaded SVG or PNG keeps them outside the page.
export const SERIES_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'] as const;

export const seriesColor = (i: number) => SERIES_COLORS[i % SERIES_COLORS.length];

/** Compact number text for axes and tables. */
export function formatNumber(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '–';
  if (x !== 0 && (Math.abs(x) >= 1e5 || Math.abs(x) < 1e-3)) return x.toExponential(2);
  return Number(x.toPrecision(digits)).toString();
}
