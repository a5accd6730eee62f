// Charts are drawn in a 640-unit box and scaled to their column. On a phone the column is about
// 330 px, which would shrink 11-unit text to 6 px: there a chart is drawn at the width it is shown
// instead (never under MIN_WIDTH), so one unit stays one CSS pixel and its text keeps its size.

export const BASE_WIDTH = 640;
export const MIN_WIDTH = 280;

/** The width to draw at, given the shown width (0 before the first measurement: the usual 640). */
export function drawnWidth(shown: number, base = BASE_WIDTH, min = MIN_WIDTH): number {
  if (!(shown > 0) || shown >= base) return base;
  return Math.max(min, Math.floor(shown));
}

/** About `ticks` ticks at the usual width, fewer on a narrower chart (at least 3), so their labels do not touch. */
export function ticksFor(width: number, ticks: number, base = BASE_WIDTH): number {
  return Math.max(Math.min(3, ticks), Math.round((ticks * Math.min(width, base)) / base));
}

/**
 * The bucket-name column of horizontal bars drawn `width` wide: 180 of 640 units (27 characters a
 * line, 3 lines); narrower, about 36 % of the width at about 6.2 units per character of 11 px text,
 * on up to 4 lines, so that the built-in populations' longest names still read whole.
 */
export function labelColumn(width: number): { width: number; chars: number; lines: number } {
  if (width >= BASE_WIDTH) return { width: 180, chars: 27, lines: 3 };
  const w = Math.round(width * 0.36);
  return { width: w, chars: Math.floor(w / 6.2), lines: 4 };
}
