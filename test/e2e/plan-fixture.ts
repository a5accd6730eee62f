// A small program's register for the plan tests: 60 beneficiaries with 8 weeks of history (id, week,
// state, called) and their features (age, low income), and the outcomes of a week; deterministic.
// Then the Plan screen's steps that bring a page to a test's starting state.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { parseCsv } from '../../src/core/datasets/csv.ts';
import type { BuiltSite } from './browser.ts';

export const NUM = 60;
export const WEEKS = 8;

/** A deterministic 0/1 draw for (i, w, salt). */
const bit = (i: number, w: number, salt: number) =>
  ((i * 7919 + w * 104729 + salt * 1299709) % 997) % 3 === 0 ? 0 : 1;

export function historyCsv(): string {
  const rows = ['id,week,state,called'];
  for (let i = 0; i < NUM; i++) {
    for (let w = 1; w <= WEEKS; w++) {
      // calls in the past weeks for about a third; the last week's calls are the plan's to decide
      const called = w < WEEKS && (i + w) % 3 === 0 ? 1 : 0;
      rows.push(`m${String(i).padStart(3, '0')},${w},${bit(i, w, 1)},${called}`);
    }
  }
  return rows.join('\n') + '\n';
}

export function featuresCsv(): string {
  const rows = ['id,age,low_income'];
  for (let i = 0; i < NUM; i++)
    rows.push(`m${String(i).padStart(3, '0')},${18 + ((i * 13) % 30)},${i % 4 === 0 ? 1 : 0}`);
  return rows.join('\n') + '\n';
}

/** The week's outcomes: everyone on `called` was called; engaged after the week follows a fixed pattern. */
export function outcomesCsv(called: Set<string>): string {
  const rows = ['id,called,engaged'];
  for (let i = 0; i < NUM; i++) {
    const id = `m${String(i).padStart(3, '0')}`;
    rows.push(`${id},${called.has(id) ? 1 : 0},${called.has(id) ? 1 : bit(i, 99, 2)}`);
  }
  return rows.join('\n') + '\n';
}

// The Plan screen's steps, shared by the browser tests: each test reaches its starting state with these.

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

/** From any screen: the Plan screen with the history register (history.csv + features.csv) read. */
export async function readHistoryRegister(page: Page, site: BuiltSite): Promise<void> {
  await page.goto(`${site.url}#/plan`);
  await page.getByTestId('register-kind-history').check();
  await page.getByTestId('history-file').setInputFiles(csvFile('history.csv', historyCsv()));
  await page.getByTestId('features-file').setInputFiles(csvFile('features.csv', featuresCsv()));
  await page.getByTestId('load-register').click();
  await readMapped(page);
}

/** The mapping step, its guesses taken as they are: reads the register and waits for its summary. */
export async function readMapped(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('column-mapping').count(), { timeout: 20_000 }).toBe(1);
  await page.getByTestId('read-mapped').click();
  await expect.poll(() => page.getByTestId('register-summary').count(), { timeout: 60_000 }).toBe(1);
  // the progress bar goes with the read, even when its last report lands after the summary
  await page.waitForTimeout(200);
  expect(await page.getByTestId('read-progress').count()).toBe(0);
}

/** From a read register: week 1's list under a typed reward and budget, shown and saved; returns the listed ids. */
export async function makeFirstList(page: Page, reward: string, budget: number): Promise<string[]> {
  await page.locator('#plan-reward').fill(reward);
  await expect.poll(() => page.getByTestId('reward-check').count()).toBe(1);
  await page.getByTestId('plan-budget').fill(String(budget));
  await page.getByTestId('make-list').click();
  await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/#\/plan\/plan-/);
  await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(budget);
  // the list is shown first and saved after it ("Saving the plan…" in the status until then)
  await expect.poll(() => page.getByTestId('plan-status').textContent(), { timeout: 20_000 }).toBe('');
  return idsOf(await downloadList(page));
}

/** Uploads a week's outcomes file and waits for its preview (or its problems). */
export async function uploadOutcomes(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId('outcomes-file').setInputFiles(csvFile(name, text));
  await expect
    .poll(
      async () =>
        (await page.getByTestId('plan-problems').count()) + (await page.getByTestId('outcomes-preview').count()),
      { timeout: 20_000 },
    )
    .toBe(1);
}

/** Applies the previewed outcomes and waits for the next week's list. */
export async function confirmOutcomes(page: Page): Promise<void> {
  const week = Number(await page.getByTestId('plan-week').getAttribute('data-week'));
  await page.getByTestId('confirm-outcomes').click();
  await expect
    .poll(() => page.getByTestId('plan-week').getAttribute('data-week'), { timeout: 20_000 })
    .toBe(String(week + 1));
}

/** The week's list as the Download button gives it (the CSV text). */
export async function downloadList(page: Page): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-list').click()]);
  return readFileSync((await d.path())!, 'utf8');
}

export const idsOf = (csv: string): string[] => parseCsv(csv).rows.map((r) => r.fields[0]);
