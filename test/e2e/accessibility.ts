// An accessibility pass with axe-core (WCAG 2.1 A and AA rules: names, roles, contrast, landmarks),
// plus the page's keyboard focus order. axe is evaluated through the DevTools protocol, which the
// page's CSP does not govern, so the app's own policy stays as strict as it is in production.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core on the page as it is now and returns the violations (empty when clean). */
export async function axeViolations(page: Page): Promise<A11yViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

/** Presses Tab `count` times and returns a short description of each focused element, in order. */
export async function focusOrder(page: Page, count: number): Promise<string[]> {
  const order: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    order.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return '(body)';
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        const role = el.getAttribute('role');
        return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name}"`;
      }),
    );
  }
  return order;
}
