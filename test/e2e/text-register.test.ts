// Her register as a program's system exports it, in Chromium against the built site (real IndexedDB,
// real WASM): text columns in two scripts (Devanagari, Gujarati) and Latin, blank cells, one rare
// district. Read on the Plan screen, its groups are named as written, the rare district can be merged
// into "other" with a visible choice, a reward reads a district by name, and the list and its CSV
// name them as written; one click opens What-if on the plan's own register. The Data screen reads
// the same files as a population that What-if compares policies on. Each test opens its own page.
// Screenshots at 1280 and 390 px with the layout checked.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/core/datasets/csv.ts';
import { axeViolations } from './accessibility.ts';
import { useBuiltSite } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { downloadList, readMapped } from './plan-fixture.ts';
import { ARTIFACTS, openPage } from './run-helpers.ts';
import { textFeaturesCsv, textHistoryCsv, TEXT_NUM } from '../fixtures/text-register.ts';

const site = useBuiltSite();
const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
const REWARD = 'state * (1 + 2 * (agent_feats.district == "पालघर"))';

async function shoot(page: Page, name: string, detail?: string) {
  expect(await layoutAtBothWidths(page, `text-${name}`, ARTIFACTS)).toEqual([]);
  if (!detail) return;
  // the part this test is about, at a phone's width, legible on its own
  await page.setViewportSize({ width: 390, height: 900 });
  await page.getByTestId(detail).screenshot({ path: `${ARTIFACTS}/text-${name}-390-detail.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The Plan screen with the two-script register read (history + features). */
async function readTextRegister(page: Page): Promise<void> {
  await page.goto(`${site.url}#/plan`);
  await page.getByTestId('register-kind-history').check();
  await page.getByTestId('history-file').setInputFiles(csvFile('history.csv', textHistoryCsv()));
  await page.getByTestId('features-file').setInputFiles(csvFile('features.csv', textFeaturesCsv()));
  await page.getByTestId('load-register').click();
  await readMapped(page);
  await expect.poll(() => page.getByTestId('register-text-columns').count(), { timeout: 20_000 }).toBe(1);
}

const buckets = (page: Page, column: string) =>
  page.locator(`[data-testid="text-column"][data-column="${column}"] [data-testid="text-buckets"]`).textContent();

describe('her register with text columns', () => {
  test(
    'read on the Plan screen: groups named as written, rare values merged by choice, a list that ' + 'names them',
    async () => {
      const { page, problems } = await openPage(site);
      await readTextRegister(page);
      expect(await buckets(page, 'district')).toMatch(
        new RegExp(
          String.raw`^पालघर \(\d+\) · ठाणे \(\d+\) · नाशिक \(\d+\) · Mumbai Suburban ` +
            String.raw`\(\d+\) · रत्नागिरी \(3\) · not recorded \(11\)$`,
        ),
      );
      expect(await buckets(page, 'language')).toBe('ગુજરાતી (40) · मराठी (40) · Hindi (40)');
      // the rare district, merged into "other" by her choice (the file is read again in the worker)
      await page.locator('[data-testid="text-column"][data-column="district"] [data-testid="merge-rare"]').check();
      await expect
        .poll(() => buckets(page, 'district'), { timeout: 20_000 })
        .toMatch(/· other \(3\) · not recorded \(11\)$/);
      expect(await page.getByTestId('merged-values').innerText()).toBe(
        'रत्नागिरी is seen fewer than 20 times, so it is counted in “other”.',
      );
      await page.locator('#plan-reward').fill(REWARD);
      await expect
        .poll(() => page.getByTestId('reward-check').textContent())
        .toMatch(/^Valid: reads district \(agent_feats\.district\)/);
      await page.getByTestId('feature-reference').locator('summary').click();
      expect(await page.getByTestId('text-example').textContent()).toBe(
        'state * (1 + (agent_feats.district == "पालघर"))',
      );
      await shoot(page, 'plan-register', 'register-text-columns');
      expect(await axeViolations(page)).toEqual([]);

      await page.getByTestId('plan-budget').fill('12');
      await page.getByTestId('make-list').click();
      await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(12);
      await expect.poll(() => page.getByTestId('plan-status').textContent(), { timeout: 20_000 }).toBe('');
      const csv = parseCsv(await downloadList(page));
      expect(csv.header).toEqual(
        expect.arrayContaining([
          'district: पालघर',
          'district: other',
          'district: not recorded',
          'language: ગુજરાતી',
          'language: मराठी',
        ]),
      );
      expect(csv.rows[0].fields[csv.header.indexOf('features')]).toMatch(/^district पालघर · language /);
      expect(await page.getByTestId('call-list').textContent()).toContain('पालघर');
      expect(await page.getByTestId('plan-answer').textContent()).toMatch(/पालघर/);
      await shoot(page, 'plan-list', 'call-list');

      // one click: What-if on the plan's own register, at its budget, with its policy
      await page.getByTestId('plan-what-if').click();
      await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/#\/what-if$/);
      await expect
        .poll(() => page.getByTestId('population-summary').textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`^${TEXT_NUM} arms, 2 states, budget 12,`));
      expect(await page.locator('#population-source option:checked').textContent()).toMatch(/: the register, week 8$/);
      const candidate = page.getByTestId('candidate').filter({ hasText: "this plan's policy" });
      await expect
        .poll(() => candidate.getByTestId('candidate-status').getAttribute('data-status'), { timeout: 60_000 })
        .toBe('done');
      await expect
        .poll(() => page.getByTestId('candidate-in-words').first().textContent(), { timeout: 20_000 })
        .toMatch(/district: पालघर/);
      await shoot(page, 'what-if-from-plan');
      expect(problems).toEqual([]);
    },
    240_000,
  );

  test(
    'the Data screen reads the same register as a population, and What-if compares policies on ' + 'her mothers',
    async () => {
      const { page, problems } = await openPage(site, { path: '#/data' });
      await page.getByTestId('import-features').setInputFiles(csvFile('features.csv', textFeaturesCsv()));
      await page.getByTestId('import-file').setInputFiles(csvFile('history.csv', textHistoryCsv()));
      // the Plan screen's mapping step first, its guesses as they are
      await expect.poll(() => page.getByTestId('column-mapping').count(), { timeout: 20_000 }).toBe(1);
      await page.getByTestId('read-mapped').click();
      const preview = page.getByTestId('import-preview');
      await expect.poll(() => preview.count(), { timeout: 20_000 }).toBe(1);
      expect(await page.locator('[data-testid="column-use"][data-kind="text"]').count()).toBe(3);
      expect(await buckets(page, 'district')).toMatch(
        new RegExp(
          String.raw`^पालघर \(\d+\) · ठाणे \(\d+\) · नाशिक \(\d+\) · Mumbai Suburban ` +
            String.raw`\(\d+\) · रत्नागिरी \(3\) · not recorded \(11\)$`,
        ),
      );
      expect(await page.getByTestId('column-uses').textContent()).toMatch(/week, state, called/);
      expect(await preview.textContent()).toMatch(
        /transitions estimated from 8 weeks of history by the weekly plan's estimator/,
      );
      expect(await page.getByTestId('rare-values').innerText()).toBe('रत्नागिरी is seen fewer than 20 times.');
      await shoot(page, 'data-register', 'column-uses');
      expect(await axeViolations(page)).toEqual([]);
      // merged by her choice: the file is read again, the preview keeps the name she typed
      await page.getByLabel('Save as').fill('my mothers');
      await page.locator('[data-testid="text-column"][data-column="district"] [data-testid="merge-rare"]').check();
      await expect
        .poll(() => buckets(page, 'district'), { timeout: 20_000 })
        .toMatch(/· other \(3\) · not recorded \(11\)$/);
      expect(await page.getByLabel('Save as').inputValue()).toBe('my mothers');
      // her own budget: the weekly plan's default (a tenth) shown, and changed
      expect(await page.getByTestId('population-budget').inputValue()).toBe('12');
      await page.getByTestId('population-budget').fill('15');
      await page.getByTestId('save-population').click();
      await expect.poll(() => page.getByTestId('population').count(), { timeout: 15_000 }).toBe(1);

      await page.goto(`${site.url}#/what-if`);
      await expect
        .poll(() => page.locator('#population-source option', { hasText: 'my mothers' }).count(), { timeout: 15_000 })
        .toBe(1);
      await page.locator('#population-source').selectOption({ label: 'my mothers' });
      await expect
        .poll(() => page.getByTestId('population-summary').textContent(), { timeout: 20_000 })
        .toMatch(new RegExp(`^${TEXT_NUM} arms, 2 states, budget 15,`));
      await page.getByRole('button', { name: 'Add a reward' }).click();
      await page
        .getByTestId('candidate')
        .nth(1)
        .locator('textarea')
        .fill('state * (1 + 3 * (agent_feats.language == "ગુજરાતી"))');
      await expect
        .poll(() => page.getByTestId('candidate').nth(1).getByTestId('candidate-status').getAttribute('data-status'), {
          timeout: 60_000,
        })
        .toBe('done');
      await expect
        .poll(() => page.getByTestId('candidate-in-words').first().textContent(), { timeout: 20_000 })
        .toMatch(/language: ગુજરાતી/);
      await page.getByTestId('feature-reference').locator('summary').click();
      expect(await page.getByTestId('text-feature').allTextContents()).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^agent_feats\.language \(language\): "ગુજરાતી", "मराठी", "Hindi"$/),
        ]),
      );
      await shoot(page, 'what-if-register', 'feature-reference');
      expect(problems).toEqual([]);
    },
    240_000,
  );
});
