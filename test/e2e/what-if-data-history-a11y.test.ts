// An accessibility pass (axe-core, light and dark) and the keyboard focus order over the What-if,
// Data and History screens, each with content on it; a screenshot of every screen in both schemes.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations, focusOrder } from './accessibility.ts';
import { useBuiltSite } from './browser.ts';

const site = useBuiltSite();

const statuses = (page: Page) =>
  page.getByTestId('candidate-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));

/**
 * Fills every screen: a what-if comparison with a valid and an invalid reward, a saved one, an import preview and a
 * saved population.
 */
async function populate(page: Page): Promise<void> {
  await page.goto(`${site.url}#/what-if`);
  await page.getByRole('button', { name: 'Add a reward' }).click();
  await page.getByLabel('Candidate 1', { exact: true }).fill('state * (2 - agent_feats[8])');
  await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['done', 'done']);
  await page.getByRole('button', { name: 'Save comparison' }).click();
  await page.getByRole('button', { name: 'Add a reward' }).click();
  await page.getByLabel('Candidate 2', { exact: true }).fill('state +* 2');
  await page.goto(`${site.url}#/data`);
  const csv = 'id,q00,q01,q10,q11,lang_a,lang_b\na,0.1,0.3,0.6,0.9,1,0\nb,0.2,0.4,0.7,0.95,0,1\n';
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'small.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect.poll(() => page.getByTestId('import-preview').count(), { timeout: 15_000 }).toBe(1);
  await page.getByTestId('save-population').click();
  await expect.poll(() => page.getByTestId('population').count()).toBe(1);
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'small-2.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect.poll(() => page.getByTestId('import-preview').count(), { timeout: 15_000 }).toBe(1);
  // The inferred one-hot group is offered for editing.
  expect(await page.getByRole('button', { name: /^Move .* later$/ }).count()).toBeGreaterThan(0);
}

describe('the what-if, data and history screens', () => {
  test('pass an axe-core audit in light and dark mode, with content on them; screenshots saved', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await site.browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await populate(page);
      // The data screen, with a preview open and a saved population being inspected.
      await page.getByRole('button', { name: 'Inspect small' }).click();
      expect(await axeViolations(page), `data, ${colorScheme}`).toEqual([]);
      await page.screenshot({ path: `test-results/screen-data-${colorScheme}.png`, fullPage: true });
      // The what-if session is kept while other screens are visited, its invalid reward still underlined.
      await page.goto(`${site.url}#/what-if`);
      await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['done', 'done', 'invalid']);
      expect(await page.getByTestId('error-mark').count()).toBe(1);
      expect(await axeViolations(page), `what-if, ${colorScheme}`).toEqual([]);
      await page.screenshot({ path: `test-results/screen-what-if-${colorScheme}.png`, fullPage: true });
      await page.goto(`${site.url}#/history`);
      await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 15_000 }).toBe(1);
      await page.getByRole('button', { name: /^Delete What-if/ }).click();
      expect(await axeViolations(page), `history, ${colorScheme}`).toEqual([]);
      await page.screenshot({ path: `test-results/screen-history-${colorScheme}.png`, fullPage: true });
      await page.goto(site.url);
      await page.screenshot({ path: `test-results/screen-start-${colorScheme}.png`, fullPage: true });
      await context.close();
    }
  });

  test('are operated from the keyboard in a sensible focus order', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}#/what-if`);
    await expect.poll(() => statuses(page), { timeout: 30_000 }).toEqual(['done']);
    // The screen links come first, in the order of the nav; then the screen's own controls.
    const links = (await page.locator('nav[aria-label="Screens"] a').allTextContents()).map((label) => `a "${label}"`);
    expect(links).toEqual(['a "Start"', 'a "What-if"', 'a "Plan"', 'a "Data"', 'a "History"']);
    const n = links.length;
    const whatIf = await focusOrder(page, n + 5);
    expect(whatIf.slice(0, n)).toEqual(links);
    expect(whatIf[n]).toMatch(/^select /);
    // Reaching "Add a reward" by keyboard and pressing Enter adds a field that takes focus by Tab.
    let presses = 0;
    while (!(await page.evaluate(() => document.activeElement?.textContent === 'Add a reward')) && presses++ < 40)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('candidate').count()).toBe(2);

    await page.goto(`${site.url}#/data`);
    await page.reload();
    const data = await focusOrder(page, n + 3);
    expect(data.slice(n)).toEqual([
      expect.stringMatching(/^button "Download a sample CSV"/),
      expect.stringMatching(/^select /),
      expect.stringMatching(/^input /),
    ]);

    await page.goto(`${site.url}#/history`);
    await page.reload();
    const history = await focusOrder(page, n + 1);
    expect(history[n]).toMatch(/^input /);
    await context.close();
  });
});
