// axe on the screens where scrollable-region-focusable failed (What-if's features, the Plan's list at
// 390 px): at both widths, no violation; the side-by-side runs are checked in layout.test.ts.
import { describe, expect, test } from 'vitest';
import { axeViolations } from './accessibility.ts';
import { useBuiltSite } from './browser.ts';
import { makeFirstList, readHistoryRegister } from './plan-fixture.ts';
import { openPage } from './run-helpers.ts';

const site = useBuiltSite();

describe('axe on every width', () => {
  test('What-if with a reward, and the Plan with its list, at 1280 and 390 px', async () => {
    const { page, problems } = await openPage(site, { path: '#/what-if' });
    await page.getByRole('button', { name: 'Add a reward' }).click();
    await page.locator('textarea').last().fill('state * (1 + agent_feats[10])');
    const statuses = () =>
      page.getByTestId('candidate-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    await expect.poll(statuses, { timeout: 90_000 }).toEqual(['done', 'done']);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect([`what-if ${width}`, await axeViolations(page)]).toEqual([`what-if ${width}`, []]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await readHistoryRegister(page, site);
    await makeFirstList(page, 'state * (1 + agent_feats[1])', 20);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect([`plan ${width}`, await axeViolations(page)]).toEqual([`plan ${width}`, []]);
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);
});
