// A full DLM run in the built app, in Chromium, against the fake provider: Start -> Run -> Results,
// then the results' charts, downloads and accessibility, and a scan for the key everywhere. Each test
// opens its own page (its own IndexedDB) and runs its own small run, so any one runs alone.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations, focusOrder } from './accessibility.ts';
import { useBuiltSite, useFakeProvider, watchProblems } from './browser.ts';
import {
  everyStore,
  fillDlmStart,
  finishDlmRun,
  KEY,
  longTasks,
  openPage,
  resetLongTasks,
  savedRuns,
  screenshot,
  scriptedReplies,
  watchLongTasks,
} from './run-helpers.ts';

const REWARDS = [
  'state * (1 + agent_feats[7])',
  'state * (1 + 2 * agent_feats[8])',
  'state * (1 + agent_feats[9] + agent_feats[10])',
  'state + state * agent_feats[11]',
];

const site = useBuiltSite();
const replies = scriptedReplies(REWARDS);
const fake = useFakeProvider({ key: KEY, reply: replies });
const PRIORITY = 'Prioritize the older mothers who have a low income';

/** A new page whose console is recorded, with a small DLM run finished on it; the page shows its results. */
async function finishedRun(): Promise<{ page: Page; problems: string[]; consoleText: string[] }> {
  const { page, problems } = await openPage(site);
  const consoleText: string[] = [];
  page.on('console', (m) => consoleText.push(m.text()));
  await finishDlmRun(page, fake, replies, { priority: PRIORITY, trials: 20 });
  return { page, problems, consoleText };
}

describe('a full DLM run', () => {
  test('the Start screen passes axe, shows the language of the priority and has a sensible focus order', async () => {
    const { page, problems } = await openPage(site);
    const screenLinks = await page.locator('nav a').count();
    const order = await focusOrder(page, screenLinks + 6);
    // The screen links, the three ways in (the list, What-if, a run), then the priority, the rewriting toggle and the
    // method.
    expect(order.map((o) => o.split(' ')[0])).toEqual([
      ...Array<string>(screenLinks).fill('a'),
      'a',
      'a',
      'button',
      'textarea',
      'input',
      'input',
    ]);
    await page.getByTestId('priority').fill('बुजुर्ग माताओं को प्राथमिकता दें');
    await expect.poll(() => page.getByTestId('language-guess').textContent()).toMatch(/Devanagari/);
    expect(await page.getByTestId('rewrite').isChecked()).toBe(true);
    await fillDlmStart(page, fake);
    expect(await page.getByTestId('language-guess').textContent()).toMatch(/English/);
    expect(await page.getByTestId('rewrite').isChecked()).toBe(false);
    await screenshot(page, 'start');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('runs to the end: 4 proposals and 2 reflections, candidates listed, a selected reward explained', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await watchLongTasks(page);
    await page.goto(site.url);
    replies.reset();
    await fillDlmStart(page, fake);
    fake.received.length = 0;
    await resetLongTasks(page);
    await page.getByTestId('start-run').click();
    await expect.poll(() => page.url()).toMatch(/#\/runs\/run-/);
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 20_000 }).toMatch(/Running|Done/);
    await screenshot(page, 'run');
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');
    const tasks = await longTasks(page);
    console.log(
      `[figures] main-thread long tasks during the DLM run: ${tasks.length}, longest ` +
        `${Math.max(0, ...tasks).toFixed(0)} ms`,
    );

    const calls = fake.calls();
    expect(calls.filter((c) => (c.rawBody.includes('Create a Python reward function') ? 1 : 0)).length).toBe(4);
    expect(calls.filter((c) => c.rawBody.includes('identify the index')).length).toBe(2);
    expect(calls.length).toBe(6);
    // Round 2's reflection picked index 0, the first candidate of round 2 (r1/c0 is the third reply).
    expect(await page.getByTestId('selected-expression').textContent()).toBe(REWARDS[2]);
    expect(await page.getByTestId('selection-why').textContent()).toMatch(/picked r1\/c0/);
    expect(await page.getByTestId('candidate-table').locator('tbody tr').count()).toBe(4);
    expect(problems).toEqual([]);
    await page.close();
  });
  test(
    'the Results screen: sortable table, charts with table views and SVG/PNG downloads, accessible in ' +
      'light and dark',
    async () => {
      const { page, problems } = await finishedRun();
      const table = page.getByTestId('candidate-table');
      await table.getByRole('button', { name: 'Utility' }).click();
      await expect.poll(() => table.locator('th[aria-sort]').getAttribute('aria-sort')).toBe('descending');
      const utilities = (await table.locator('tbody tr td:nth-last-child(3)').allTextContents()).map(Number);
      expect(utilities).toEqual([...utilities].sort((a, b) => b - a));

      const chart = page.getByTestId('chart-distribution');
      expect(await chart.locator('svg rect').count()).toBeGreaterThan(4);
      const [svgDownload] = await Promise.all([
        page.waitForEvent('download'),
        chart.getByRole('button', { name: 'Download SVG' }).click(),
      ]);
      expect(svgDownload.suggestedFilename()).toBe('distribution.svg');
      const [pngDownload] = await Promise.all([
        page.waitForEvent('download'),
        chart.getByRole('button', { name: 'Download PNG' }).click(),
      ]);
      expect(pngDownload.suggestedFilename()).toBe('distribution.png');
      const png = await pngDownload.createReadStream().then(async (s) => {
        const chunks: Buffer[] = [];
        for await (const c of s) chunks.push(c as Buffer);
        return Buffer.concat(chunks);
      });
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      await chart.getByRole('button', { name: 'Show table' }).click();
      expect(await chart.locator('table tbody tr').count()).toBeGreaterThan(1);
      await chart.getByRole('button', { name: 'Show chart' }).click();
      expect(await page.getByTestId('chart-engagement').locator('svg path').count()).toBeGreaterThan(1);

      await screenshot(page, 'results');
      expect(await axeViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'results-dark');
      expect(await axeViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  test('leaves the key in no store, record, URL, page text or console message', async () => {
    const { page, consoleText } = await finishedRun();
    const places: Record<string, string> = { ...(await everyStore(page)), console: consoleText.join('\n') };
    expect(places['indexedDB']).toContain('Create a Python reward function'); // the transcript is saved...
    expect(
      Object.entries(places)
        .filter(([, text]) => text.includes(KEY))
        .map(([where]) => where),
    ).toEqual([]); // ...without the key
    const db = JSON.parse(places['indexedDB']);
    expect(db['allot/results']).toHaveLength(1);
    expect(db['allot/runs'][0].status).toBe('done');
    expect(db['allot/candidates'].map((c: { summary: unknown }) => c.summary !== null)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await page.close();
  });

  test('reopening the finished run shows the same results without asking the LLM or simulating', async () => {
    const { page, problems } = await finishedRun();
    const before = fake.calls().length;
    const selected = await page.getByTestId('selected-expression').textContent();
    await page.reload();
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 15_000 }).toBe('Done');
    expect(await page.getByTestId('selected-expression').textContent()).toBe(selected);
    expect(fake.calls().length).toBe(before);
    // the engine's workers start on first use only
    expect(page.workers().filter((w) => /engine\.worker/.test(w.url()))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a History rerun replays the transcript (no provider request) and reproduces the run bit for bit', async () => {
    const { page, problems } = await finishedRun();
    const before = fake.received.length;
    const [original] = await savedRuns(page);
    await page.goto(`${site.url}#/history`);
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 15_000 }).toBe(1);
    const title = (await page.getByTestId('run-row').locator('th a').textContent())!;
    expect(await page.getByTestId('run-row').locator('td').nth(1).textContent()).toBe('English'); // the run's language
    await page.getByRole('button', { name: `Rerun ${title}` }).click();
    await expect
      .poll(() => page.getByTestId('history-status').textContent(), { timeout: 60_000 })
      .toMatch(
        new RegExp(
          String.raw`^Rerun saved as run-.*-rerun-\w+, without asking the LLM\. Its selected candidate ` +
            String.raw`and every candidate’s summary are identical to the original, bit for bit\.$`,
        ),
      );
    expect(fake.received.length).toBe(before);
    expect(await page.getByTestId('run-row').count()).toBe(2);

    const rerun = (await savedRuns(page)).find((r) => r.id !== original.id)!;
    expect(rerun.status).toBe('done');
    // The rerun keeps its own transcript: the same requests, answered from the original's.
    expect(rerun.transcript.map((e: any) => e.hash)).toEqual(original.transcript.map((e: any) => e.hash));
    await page.getByRole('link', { name: `${title} (rerun)` }).click();
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 15_000 }).toBe('Done');
    expect(await page.getByTestId('selected-expression').textContent()).toBe(REWARDS[2]);
    expect(await page.getByTestId('replay-comparison').textContent()).toMatch(/identical to it, bit for bit/);
    expect(fake.received.length).toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });
});
