// What a reader would see as broken layout, found in the page: the page wider than the window, an
// element sticking out of the window outside a sideways-scrolling region, a form control wider than
// the field it sits in or overlapping another control, text cut without its full form at hand (a
// title, or the chart's table view). Shared by every browser test that photographs a screen.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const LAYOUT_WIDTHS = [1280, 390] as const;

/** The layout problems of the page as it is now, at most 20, each in words. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    const name = (el: Element) => {
      const h = el as HTMLElement;
      const label =
        h.dataset?.testid ??
        h.getAttribute('aria-label') ??
        el.closest('label')?.textContent?.trim().slice(0, 40) ??
        '';
      return `${el.tagName.toLowerCase()}${label ? ` "${label}"` : ''}`;
    };
    // checkVisibility: not display:none, not in a closed <details>, not visibility:hidden
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.height > 0 &&
        el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true }) &&
        !el.closest('.visually-hidden')
      );
    };
    const scrolls = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement)
        if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) return true;
      return false;
    };
    if (doc.scrollWidth > window.innerWidth + 1) {
      out.push(`the page is ${doc.scrollWidth} px wide in a ${window.innerWidth} px window`);
      // the outermost elements that stick out: their parents fit (and do not scroll them into view)
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const right = el.getBoundingClientRect().right,
          parent = el.parentElement?.getBoundingClientRect().right ?? 0;
        if (right > window.innerWidth + 1 && parent <= window.innerWidth + 1 && !scrolls(el.parentElement))
          out.push(`  ${name(el)} reaches ${Math.round(right)} px`);
      }
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.closest('svg, .visually-hidden') || !el.textContent?.trim()) continue;
      const style = getComputedStyle(el);
      const clips =
        style.textOverflow === 'ellipsis' ||
        ((style.overflowX === 'hidden' || style.overflowX === 'clip') && style.whiteSpace === 'nowrap');
      if (clips && el.scrollWidth > el.clientWidth + 1 && !el.title && !el.closest('[title]'))
        out.push(`text cut without a title: "${el.textContent.trim().slice(0, 60)}"`);
      const rect = el.getBoundingClientRect();
      if (rect.width > 0 && rect.right > window.innerWidth + 1 && !scrolls(el.parentElement))
        out.push(`${name(el)} reaches ${Math.round(rect.right)} px`);
    }
    // Form controls: each inside the field (its label, or else its parent box) and none over another.
    const controls = Array.from(document.querySelectorAll('input:not([type=hidden]), select, textarea, button')).filter(
      (el) => visible(el) && !scrolls(el.parentElement),
    );
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      let box: Element | null = el.closest('label') ?? el.parentElement;
      while (box && getComputedStyle(box).display === 'contents') box = box.parentElement;
      if (!box) continue;
      const b = box.getBoundingClientRect();
      if (r.right > b.right + 1 || r.left < b.left - 1)
        out.push(
          `${name(el)} (${Math.round(r.left)}-${Math.round(r.right)} px) sticks out of its field ` +
            `(${Math.round(b.left)}-${Math.round(b.right)} px)`,
        );
    }
    for (let i = 0; i < controls.length; i++) {
      const a = controls[i].getBoundingClientRect();
      for (let j = i + 1; j < controls.length; j++) {
        const b = controls[j].getBoundingClientRect();
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left),
          h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1)
          out.push(`${name(controls[i])} and ${name(controls[j])} overlap by ${Math.round(w)} x ${Math.round(h)} px`);
      }
    }
    for (const t of Array.from(document.querySelectorAll('svg text'))) {
      if (t.textContent?.includes('…') && !t.querySelector('title') && !t.closest('g')?.querySelector('title'))
        out.push(`chart label cut without its full form: "${t.textContent}"`);
    }
    return [...new Set(out)].slice(0, 20);
  });
}

/**
 * Photographs the page at 1280 and 390 px (whole page and first screen, into `dir`) and returns the
 * layout problems found at each width, prefixed with the width; leaves the page at 1280 px.
 */
export async function layoutAtBothWidths(page: Page, name: string, dir = 'test-results/layout'): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const found: string[] = [];
  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${dir}/${name}-${width}-first-screen.png` });
    found.push(...(await layoutProblems(page)).map((p) => `${name} at ${width} px: ${p}`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}
