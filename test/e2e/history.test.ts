// The History screen in Chromium against the built site: a what-if comparison saved as a run is
// exported without the key the user typed, rerun with the same seeds (identical results), imported
// back, refused when malformed, and deleted after confirmation.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBuiltSite, watchProblems } from './browser.ts';

const site = useBuiltSite();

const KEY = 'sk-test-0123456789abcdefghijklmnopqrstuvwxyz';

async function saveComparison(page: Page): Promise<void> {
  await page.goto(`${site.url}#/what-if`);
  await page.getByRole('button', { name: 'Add a reward' }).click();
  await page.getByLabel('Candidate 1', { exact: true }).fill('state * (1 + 2 * agent_feats[11])');
  const statuses = () =>
    page.getByTestId('candidate-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  await expect.poll(statuses, { timeout: 30_000 }).toEqual(['done', 'done']);
  await page.getByRole('button', { name: 'Save comparison' }).click();
  await expect.poll(() => page.getByTestId('what-if-notice').textContent()).toMatch(/^Saved as a run/);
}

describe('the history screen', () => {
  test('exports a run without the key, reruns it bit for bit, imports it back and deletes it', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(site.url);
    await page.getByTestId('provider-key').fill(KEY);
    await page.getByTestId('provider-key').press('Tab');
    await saveComparison(page);

    await page.goto(`${site.url}#/history`);
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 15_000 }).toBe(1);
    const title = (await page.getByTestId('run-row').locator('th a').textContent())!;
    expect(title).toBe('What-if: 2 rewards on dlm');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Export ${title}` }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toMatch(/sk-[A-Za-z0-9_-]{20,}/);
    const exported = JSON.parse(text);
    expect(exported).toMatchObject({ format: 'allot-run', run: { kind: 'what-if' } });
    expect(exported.candidates.map((c: { expression: string }) => c.expression)).toEqual([
      'state',
      'state * (1 + 2 * agent_feats[11])',
    ]);

    await page.getByRole('button', { name: `Rerun ${title}` }).click();
    await expect
      .poll(() => page.getByTestId('history-status').textContent(), { timeout: 30_000 })
      .toMatch(/identical to the original, bit for bit/);
    expect(await page.getByTestId('run-row').count()).toBe(2);

    await page
      .getByTestId('import-run')
      .setInputFiles({ name: 'run.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect.poll(() => page.getByTestId('history-status').textContent()).toMatch(/^Imported as .*-imported-/);
    expect(await page.getByTestId('run-row').count()).toBe(3);
    await page.screenshot({ path: 'test-results/history.png', fullPage: true });

    await page.getByTestId('import-run').setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{\n "format": "allot-run",\n x\n}'),
    });
    await expect
      .poll(() => page.getByTestId('history-error').textContent())
      .toMatch(/^bad\.json: not valid JSON at line 3, column 2/);

    // Reopening a what-if comparison shows it in What-if, simulated again.
    await page.getByTestId('run-row').last().locator('th a').click();
    await expect
      .poll(() => page.getByTestId('what-if-notice').textContent(), { timeout: 15_000 })
      .toMatch(/^Reopened "What-if: 2 rewards on dlm"/);
    expect(await page.getByLabel('Candidate 1', { exact: true }).inputValue()).toBe(
      'state * (1 + 2 * agent_feats[11])',
    );
    const statuses = () =>
      page.getByTestId('candidate-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    await expect.poll(statuses, { timeout: 30_000 }).toEqual(['done', 'done']);
    await page.goto(`${site.url}#/history`);
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 15_000 }).toBe(3);

    await page
      .getByRole('button', { name: `Delete ${title}` })
      .first()
      .click();
    await page.getByRole('button', { name: `Keep it` }).click();
    expect(await page.getByTestId('run-row').count()).toBe(3);
    await page
      .getByRole('button', { name: `Delete ${title}` })
      .first()
      .click();
    await page.getByRole('button', { name: `Delete for good ${title}` }).click();
    await expect.poll(() => page.getByTestId('run-row').count()).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });
});
