// The week's list as the call centre gets it, in Chromium against the built site: printed to PDF
// (page.pdf, A4, as the Print button prepares it) and read back page by page (pdf-text.ts): a one-page
// summary first, then every call, at least 25 a page, each page with the running head (week, plan,
// policy, budget), the table's header and its number; the same from a phone's width; for 300 and for
// 3,000 calls (the figures are printed). The downloads as Excel opens them: the CSV's byte order mark,
// no cell a spreadsheet would run as a formula, the plain reasons of at most 100 characters, the same
// table in the workbook. Screenshots of the list, and of the print as the browser lays it out (print
// media), at 1280 and 390 px, the layout checked; the PDFs are kept beside them.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/core/datasets/csv.ts';
import { readSheet, readZip } from '../unit/core/export/read-xlsx.ts';
import { useBuiltSite } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { pdfPages, type PdfPage } from './pdf-text.ts';
import { ARTIFACTS, openPage } from './run-helpers.ts';

const site = useBuiltSite();
const REWARD = 'state * (1 + 2 * agent_feats.age_51_60)';

/**
 * From a new page: a built-in dlm register of `arms` beneficiaries with 26 simulated weeks, and its list of
 * `budget` calls with their chances counted.
 */
async function listOf(arms: number, budget: number): Promise<Page> {
  const { page, problems } = await openPage(site, { path: '#/plan' });
  await page.getByRole('combobox', { name: 'Population' }).selectOption('dlm');
  await page.getByTestId('register-arms').fill(String(arms));
  await page.getByTestId('load-register').click();
  await expect.poll(() => page.getByTestId('register-summary').count(), { timeout: 120_000 }).toBe(1);
  await page.locator('#plan-reward').fill(REWARD);
  await expect.poll(() => page.getByTestId('reward-check').count()).toBe(1);
  await page.getByTestId('plan-budget').fill(String(budget));
  await page.getByTestId('make-list').click();
  await expect.poll(() => page.getByTestId('chance-sentences').count(), { timeout: 600_000 }).toBe(1);
  expect(problems).toEqual([]);
  return page;
}

/** The list as the Print button prints it: the printed list made, the browser's dialog left out, A4 to PDF. */
async function printed(page: Page, width: number, keep?: string): Promise<PdfPage[]> {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => {
    window.print = () => {};
  });
  await page.getByTestId('print-list').click();
  await page.getByTestId('printed-list').waitFor({ state: 'attached' });
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  if (keep) writeFileSync(`${ARTIFACTS}/${keep}.pdf`, pdf);
  return pdfPages(pdf);
}

async function download(page: Page, testId: string): Promise<Buffer> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync((await d.path())!);
}

/** A printed call: rank, id, chance (dlm's ids are numbers), then the reason and her groups. */
const CALL = /^(\d+) (\d+) (\d+)% (?:borderline )?(.*)$/;

/** Checks the printed pages; returns the lines per page of the list. */
function checkPrinted(pages: PdfPage[], budget: number, reasons: string[]): number[] {
  const b = budget.toLocaleString('en');
  const head = `Week 26 · dlm register · reward ${REWARD} · ${b} calls (budget ${b})`;
  const [summary, ...list] = pages;
  // The summary: the answer, what the chances mean, counts, rules, the chart; no call.
  const text = summary.lines.join('\n');
  expect(text).toMatch(/^Week 26: whom to call — dlm register\nCall these [\d,]+ of [\d,]+ beneficiaries this week/);
  expect(text).toContain('If a call must be dropped, drop a borderline one');
  const parts = [
    '\nCounts Rules\n',
    'Who is called, by Ages: share of calls per bucket',
    'This list Default reward’s list Register',
  ];
  for (const part of parts) expect(text).toContain(part);
  expect(summary.lines.some((l) => CALL.test(l))).toBe(false);
  expect(summary.lines.at(-1)).toBe(`Page 1 of ${pages.length}`);
  const ranks: number[] = [];
  const perPage = list.map((p, i) => {
    expect(p.lines[0]).toBe(head);
    expect(p.lines[1]).toBe('Rank Id Chance Why Ages');
    expect(p.lines.at(-1)).toBe(`Page ${i + 2} of ${pages.length}`);
    const calls = p.lines.filter((l) => CALL.test(l));
    for (const line of calls) {
      const [, rank, , , rest] = CALL.exec(line)!;
      ranks.push(Number(rank));
      // the plain reason whole, then her bucket of Ages
      const reason = reasons[Number(rank) - 1];
      expect(rest.startsWith(`${reason} `), line).toBe(true);
      expect(rest.slice(reason.length + 1)).toMatch(/^Ages \d+-\d+$/);
    }
    return calls.length;
  });
  // Every call, once, in rank order; at least 25 a page but the last.
  expect(ranks).toEqual(Array.from({ length: budget }, (_, i) => i + 1));
  for (const n of perPage.slice(0, -1)) expect(n).toBeGreaterThanOrEqual(25);
  return perPage;
}

describe('the list on paper and in Excel', () => {
  const whole =
    '300 calls print whole after a one-page summary, 25 or more a page with head and page number, ' +
    'the same from a phone';
  test(whole, { timeout: 900_000 }, async () => {
    const page = await listOf(3000, 300);
    expect(await layoutAtBothWidths(page, 'plan-list', ARTIFACTS)).toEqual([]);
    await page.getByTestId('reason-details').check();
    await page.getByTestId('call-list').locator('caption').scrollIntoViewIfNeeded();
    expect(await layoutAtBothWidths(page, 'plan-list-details', ARTIFACTS)).toEqual([]);
    await page.getByTestId('reason-details').uncheck();
    const csv = parseCsv((await download(page, 'download-list')).toString('utf8').slice(1));
    const reasons = csv.rows.map((r) => r.fields[2]);
    const wide = await printed(page, 1280, 'plan-print-300-1280');
    const perPage = checkPrinted(wide, 300, reasons);
    const phone = await printed(page, 390, 'plan-print-300-390');
    expect(phone.map((p) => p.lines)).toEqual(wide.map((p) => p.lines));
    // the printed list as the browser lays it out for paper, photographed (page.pdf's afterprint dropped it;
    // the Print button makes it again, and with the dialog left out nothing drops it)
    await page.getByTestId('print-list').click();
    await page.getByTestId('printed-list').waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    expect(await layoutAtBothWidths(page, 'plan-print', ARTIFACTS)).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
    const figures =
      `${wide.length} pages (1 summary + ${perPage.length} of calls), calls per page ` + `${perPage.join(', ')}`;
    console.log(`300 calls: ${figures}; the same at 390 px`);
  });

  test('3,000 calls print whole, 25 or more a page', { timeout: 1_800_000 }, async () => {
    const page = await listOf(6000, 3000);
    const csv = parseCsv((await download(page, 'download-list')).toString('utf8').slice(1));
    const reasons = csv.rows.map((r) => r.fields[2]);
    const pages = await printed(page, 1280);
    const perPage = checkPrinted(pages, 3000, reasons);
    const sorted = perPage.slice(0, -1).sort((a, b) => a - b);
    const range = `${sorted[0]}-${sorted.at(-1)} (last ${perPage.at(-1)})`;
    console.log(`3,000 calls: ${pages.length} pages (1 summary + ${perPage.length} of calls), calls per page ${range}`);
  });

  const excel =
    'the CSV opens in Excel as it reads: a BOM, no formula, numbers as numbers, plain reasons; the workbook the same';
  test(excel, { timeout: 900_000 }, async () => {
    const page = await listOf(1000, 100);
    const bytes = await download(page, 'download-list');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = parseCsv(bytes.toString('utf8').slice(1));
    const first = ['id', 'rank', 'reason', 'chance', 'borderline', 'index', 'default_rank', 'features'];
    expect(table.header.slice(0, 8)).toEqual(first);
    expect(table.rows).toHaveLength(100);
    // Excel runs a cell beginning with =, +, -, @, tab or CR as a formula unless it is a number.
    for (const cell of [table.header, ...table.rows.map((r) => r.fields)].flat()) {
      if (/^[=+\-@\t\r]/.test(cell)) expect(Number.isFinite(Number(cell)), cell).toBe(true);
    }
    // "·" and curly quotes survive (UTF-8 read as such thanks to the BOM)
    expect(table.rows[0].fields[7]).toContain(' · ');
    const shown = await page.getByTestId('chance').allTextContents();
    table.rows.forEach((r, j) => {
      expect(r.fields[2].length).toBeLessThanOrEqual(100);
      expect(Number(r.fields[3])).toBeGreaterThanOrEqual(0);
      expect(r.fields[4]).toBe(Number(r.fields[3]) >= 0.2 && Number(r.fields[3]) <= 0.8 ? 'yes' : 'no');
      const words = `${Math.round(Number(r.fields[3]) * 100)}%${r.fields[4] === 'yes' ? ' borderline' : ''}`;
      if (j < shown.length) expect(shown[j].replace(/\s+/g, ' ').trim()).toBe(words);
      expect(Number(r.fields[5])).toBe(Number(Number(r.fields.at(-1)).toPrecision(4)));
    });
    const sheet = readSheet(readZip(await download(page, 'download-workbook')).get('xl/worksheets/sheet1.xml')!);
    table.rows.forEach((r, j) => {
      expect(sheet.get(`A${j + 2}`)).toBe(r.fields[0]);
      expect(sheet.get(`B${j + 2}`)).toBe(j + 1);
      expect(sheet.get(`C${j + 2}`)).toBe(r.fields[2]);
      expect(sheet.get(`D${j + 2}`)).toBe(Number(r.fields[3]));
    });
  });
});
