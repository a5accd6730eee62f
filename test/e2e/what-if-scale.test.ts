// What-if at national scale in Chromium (a benchmark: figures printed, never asserted; run it with
// ALLOT_WHATIF_SCALE=1, since it takes minutes on a shared machine). For each size (default 10^6
// and 3 x 10^6 sclm arms, budget N/10): the population chosen and the default reward simulated,
// then a reward typed key by key and simulated. Printed per step: the time seen from the page, the
// main thread's longest task (PerformanceObserver 'longtask'), and the whole browser's memory
// (every Chromium process of this browser, from CDP's SystemInfo and /proc: RSS and PSS summed).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, test } from 'vitest';
import { useBuiltSite } from './browser.ts';
import { longTasks, resetLongTasks, screenshot, watchLongTasks } from './run-helpers.ts';

const SIZES = (process.env.ALLOT_WHATIF_ARMS ?? '1000000,3000000').split(',').map(Number);
const TRIALS = Number(process.env.ALLOT_WHATIF_TRIALS ?? 10);
const REWARD = 'state * (1 + agent_feats[0])';
const site = useBuiltSite();

/** RSS and PSS of every process of the test's browser, in bytes (PSS shares shared pages fairly). */
async function browserMemory(): Promise<{ rss: number; pss: number; processes: number }> {
  const cdp = await site.browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number; type: string }[] };
    let rss = 0, pss = 0, processes = 0;
    for (const { id } of processInfo) {
      try {
        rss += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0) * 1024;
        pss += Number(/Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/smaps_rollup`, 'utf8'))?.[1] ?? 0) * 1024;
        processes++;
      } catch {
        // the process ended between the listing and the read
      }
    }
    return { rss, pss, processes };
  } finally {
    await cdp.detach();
  }
}

/** Samples the browser's memory every 250 ms until stopped; the peak of each measure. */
function memoryPeak(): { stop: () => Promise<{ rss: number; pss: number; processes: number }> } {
  const peak = { rss: 0, pss: 0, processes: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const m = await browserMemory();
      if (m.rss > peak.rss) Object.assign(peak, { rss: m.rss, processes: m.processes });
      peak.pss = Math.max(peak.pss, m.pss);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return { stop: async () => ((running = false), await loop, peak) };
}

const statuses = (page: Page) => page.getByTestId('candidate-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
const allDone = async (page: Page, count: number) => {
  for (;;) {
    const s = await statuses(page);
    if (s.length === count && s.every((x) => x === 'done')) return;
    if (s.some((x) => x === 'failed')) throw new Error(`a candidate did not simulate: ${s.join(', ')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};
const gb = (bytes: number) => (bytes / 1024 ** 3).toFixed(2);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

describe.skipIf(!process.env.ALLOT_WHATIF_SCALE)('What-if at national scale', () => {
  for (const N of SIZES) {
    test(`${N.toLocaleString('en')} arms: choose, simulate, type a reward (figures printed)`, { timeout: 1_200_000 }, async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
      await watchLongTasks(page);
      const cores = await page.evaluate(() => navigator.hardwareConcurrency);
      await page.goto(`${site.url}#/what-if`);
      await page.getByTestId('population-summary').filter({ hasText: /^48 arms/ }).waitFor({ timeout: 60_000 });
      const trials = page.locator('.settings input').first();
      await trials.fill(String(TRIALS));
      await trials.dispatchEvent('change');
      await page.locator('#population-source').selectOption('generator:sclm');
      await page.getByTestId('population-summary').filter({ hasText: /^100 arms/ }).waitFor({ timeout: 60_000 });
      await allDone(page, 1);
      const param = (name: string) => page.locator('.params label').filter({ has: page.locator(`span:text-is("${name}")`) }).locator('input');
      await param('arms').fill(String(N));
      await param('budget').fill(String(N / 10));

      const step = async (name: string, act: () => Promise<void>, done: () => Promise<void>) => {
        await resetLongTasks(page);
        const memory = memoryPeak();
        const started = Date.now();
        await act();
        await done();
        const ms = Date.now() - started;
        const peak = await memory.stop();
        const tasks = await longTasks(page);
        console.log(
          `[figures] ${N.toLocaleString('en')} arms, ${name}: ${ms} ms from the page; main-thread tasks over 50 ms: ${tasks.length}` +
            `${tasks.length ? `, longest ${Math.max(...tasks).toFixed(0)} ms` : ''}; browser memory peak RSS ${gb(peak.rss)} GB, PSS ${gb(peak.pss)} GB (${peak.processes} processes, ${cores} engine workers); load ${load()}`,
        );
      };
      await step('population generated and the default reward simulated', () => page.getByRole('button', { name: 'Use these parameters' }).click(), async () => {
        await page.getByTestId('population-summary').filter({ hasText: new RegExp(`^${N} arms`) }).waitFor({ timeout: 600_000 });
        await allDone(page, 1);
      });
      await page.getByRole('button', { name: 'Add a reward' }).click();
      const field = page.getByLabel('Candidate 1', { exact: true });
      await step(`"${REWARD}" typed key by key, then simulated`, async () => {
        await field.fill('');
        await field.pressSequentially(REWARD, { delay: 60 });
      }, () => allDone(page, 2));
      await screenshot(page, `what-if-scale-${N}`);
      await page.close();
    });
  }
});
