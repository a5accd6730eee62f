// What-if on a 3-state population with an arm that is not indexable: the comparison says how many arms
// have no Whittle index and what priority they get (screenshots at 1280 and 390 px in test-results/).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBuiltSite, watchProblems } from './browser.ts';

const site = useBuiltSite();

/**
 * One non-indexable 3-state arm ("flip", the arm of test/unit/cli/cli-engine.test.ts) and five that move up when
 * called.
 */
function threeStateCsv(): string {
  const flip = [
    [
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 1, 0],
      [0.3, 0.1, 0.6],
    ],
    [
      [0.5555555556, 0, 0.4444444444],
      [0, 1, 0],
    ],
  ];
  const plain = [
    [
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 1, 0],
      [0, 0, 1],
    ],
  ];
  const cols: string[] = [];
  for (let s = 0; s < 3; s++) for (let a = 0; a < 2; a++) for (let t = 0; t < 3; t++) cols.push(`p_${s}_${a}_${t}`);
  const row = (id: string, p: number[][][], lang: number) =>
    [id, ...p.flatMap((bySa) => bySa.flat()), lang, 1 - lang].join(',');
  const rows = [row('flip', flip, 1), ...Array.from({ length: 5 }, (_, i) => row(`plain${i}`, plain, i % 2))];
  return ['id,' + cols.join(',') + ',lang_a,lang_b', ...rows].join('\n') + '\n';
}

async function importPopulation(page: Page): Promise<void> {
  await page.goto(`${site.url}#/data`);
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'three.csv', mimeType: 'text/csv', buffer: Buffer.from(threeStateCsv()) });
  await expect.poll(() => page.getByTestId('import-preview').count(), { timeout: 15_000 }).toBe(1);
  await page.getByTestId('save-population').click();
  await expect.poll(() => page.getByTestId('population').count(), { timeout: 15_000 }).toBe(1);
}

describe('What-if with arms that are not indexable', () => {
  test('says how many arms have no Whittle index and what priority they get', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await importPopulation(page);
    await page.goto(`${site.url}#/what-if`);
    await expect
      .poll(() => page.locator('#population-source option', { hasText: 'three' }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.locator('#population-source').selectOption({ label: 'three' });
    await expect.poll(() => page.getByTestId('population-summary').textContent()).toMatch(/^6 arms, 3 states/);
    await expect
      .poll(() => page.getByTestId('candidate-status').first().getAttribute('data-status'), { timeout: 60_000 })
      .toBe('done');
    const note = page.getByTestId('not-indexable');
    await expect.poll(() => note.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await note.first().textContent()).toMatch(/1 of 6 arms is not indexable \(it has no Whittle index/);
    expect(await note.first().textContent()).toContain('allot still ranks such an arm');
    await page.getByTestId('comparison').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/what-if-not-indexable-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/what-if-not-indexable-390.png', fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
