// How big chart text is on screen: each SVG text's font size times its chart's scale (shown width
// over drawn width), and the drawn width itself, for every chart image inside `root`.
import type { Locator } from 'playwright-core';

export interface ChartText {
  /** The drawn width (the viewBox's). */
  drawn: number;
  /** The smallest text on screen, in CSS px. */
  smallest: number;
}

export const chartText = (root: Locator): Promise<ChartText[]> =>
  root.locator('svg[role="img"]').evaluateAll((svgs) =>
    (svgs as SVGSVGElement[]).map((svg) => {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      const sizes = [...svg.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
      return { drawn: svg.viewBox.baseVal.width, smallest: Math.min(...sizes) };
    }),
  );
