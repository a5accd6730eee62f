// Her register on the Data screen, as it comes: a history saved as a workbook (XLSX) and her register
// beside it (semicolons), under her own column names. The Plan screen's mapping step (the same
// component) shows the guesses before anything is read; she carries the phone, reads the files, and
// saves a population with the one default budget (a tenth of the mothers). At 390 px the mapping
// table's column names break only between words. A second import opens with her choices remembered.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { historyRows, MOTHERS, registerRows, saved } from '../fixtures/exports/her-export.ts';
import { axeViolations } from './accessibility.ts';
import { useBuiltSite } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { ARTIFACTS, openPage } from './run-helpers.ts';

const site = useBuiltSite();
const historyFile = saved(historyRows(), 'xlsx', 'history');
const registerFile = saved(registerRows(), 'semicolons', 'register');
const upload = (f: { name: string; bytes: Uint8Array }) => ({
  name: f.name,
  mimeType: 'application/octet-stream',
  buffer: Buffer.from(f.bytes),
});

async function chooseFiles(page: Page): Promise<void> {
  await page.getByTestId('import-features').setInputFiles(upload(registerFile));
  await page.getByTestId('import-file').setInputFiles(upload(historyFile));
  await expect.poll(() => page.getByTestId('column-mapping').count(), { timeout: 20_000 }).toBe(1);
}

/** Column names of the mapping table broken inside a word (a word's letters on two lines). */
const brokenNames = (page: Page) =>
  page
    .getByTestId('column-mapping')
    .locator('tbody th')
    .evaluateAll((cells) =>
      cells.flatMap((th) => {
        const text = th.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [];
        const out: string[] = [];
        for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, m.index!);
          range.setEnd(text, m.index! + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(m[0]);
        }
        return out;
      }),
    );

describe('the Data screen reads her register as it comes', () => {
  test(
    'an XLSX history and her register beside it, through the mapping step, saved at the ' + 'default budget',
    async () => {
      const { page, problems } = await openPage(site, { path: '#/data' });
      await chooseFiles(page);
      const files = page.getByTestId('mapping-file');
      expect(await files.nth(0).textContent()).toMatch(/workbook \(XLSX\)/);
      expect(await files.nth(1).textContent()).toMatch(/semicolons/);
      expect(await page.getByTestId('use-Beneficiary ID').inputValue()).toBe('id');
      expect(await page.getByTestId('use-Listened').inputValue()).toBe('state');
      expect(await page.getByTestId('use-phone').inputValue()).toBe('carry');
      expect(await page.getByTestId('import-preview').count()).toBe(0); // nothing read before she says so
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        expect([width, await brokenNames(page)]).toEqual([width, []]);
      }
      expect(await layoutAtBothWidths(page, 'data-mapping', ARTIFACTS)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId('use-age_years').selectOption('ignored');
      await page.getByTestId('read-mapped').click();
      const preview = page.getByTestId('import-preview');
      await expect.poll(() => preview.count(), { timeout: 30_000 }).toBe(1);
      expect(await page.getByTestId('column-mapping').count()).toBe(0);
      expect(await preview.textContent()).toMatch(new RegExp(`${MOTHERS} arms`));
      expect(await page.getByTestId('column-uses').textContent()).not.toMatch(/age_years/);
      expect(await page.getByTestId('population-budget').inputValue()).toBe(String(MOTHERS / 10));
      expect(await layoutAtBothWidths(page, 'data-register-preview', ARTIFACTS)).toEqual([]);
      await page.getByTestId('save-population').click();
      await expect.poll(() => page.getByTestId('population').count(), { timeout: 15_000 }).toBe(1);

      // the same files again: her choice (age_years left out) remembered
      await chooseFiles(page);
      expect(await page.getByTestId('use-age_years').inputValue()).toBe('ignored');
      expect(await files.nth(0).textContent()).toMatch(/remembered/);
      expect(problems).toEqual([]);
      await page.close();
    },
    180_000,
  );
});
