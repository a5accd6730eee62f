// A national history read in Chromium (a benchmark: figures printed, never asserted, except that
// a cancelled read keeps nothing). Run it with ALLOT_READ_SCALE=N after `npm run -s build` and after
// `npx tsx test/bench/read-history.ts N`, which writes the files (N beneficiaries x 26 weeks, and
// their features) to $TMPDIR/allot-read-history-N. The files are given to the Plan screen as she
// would choose them; the plan worker reads them from the File a megabyte at a time. Printed: the time
// from the click to the register's summary, the progress reports seen, the main thread's longest task
// (PerformanceObserver 'longtask': every task over 50 ms), and that Cancel stops a read with nothing kept.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { useBuiltSite } from './browser.ts';
import { longTasks, openPage, resetLongTasks, watchLongTasks } from './run-helpers.ts';

const N = Number(process.env.ALLOT_READ_SCALE ?? 0);
const dir = join(tmpdir(), `allot-read-history-${N}`);
const site = useBuiltSite();

describe.skipIf(!N)(`a history of ${N.toLocaleString('en')} x 26 weeks read in the browser`, () => {
  test('is read with progress, cancelled with nothing kept, and read again', async () => {
    if (!existsSync(join(dir, 'history.csv')))
      throw new Error(`run npx tsx test/bench/read-history.ts ${N} first (it writes ${dir})`);
    const { page } = await openPage(site);
    await watchLongTasks(page);
    await page.goto(`${site.url}#/plan`);
    await page.reload(); // a new document, so that the long-task observer runs from its first script
    await page.getByTestId('register-kind-history').check();
    await page.getByTestId('history-file').setInputFiles(join(dir, 'history.csv'));
    await page.getByTestId('features-file').setInputFiles(join(dir, 'features.csv'));
    await page.getByTestId('load-register').click();
    await expect.poll(() => page.getByTestId('column-mapping').count(), { timeout: 60_000 }).toBe(1);
    console.log(
      `mapping step: ` +
        (await page.getByTestId('mapping-file').allTextContents())
          .map((t) => t.split('\n')[0].slice(0, 90))
          .join(' | '),
    );

    // Cancel once the progress bar shows: nothing is kept, the step stays open
    await page.getByTestId('read-mapped').click();
    await expect.poll(() => page.getByTestId('read-progress').count(), { timeout: 60_000 }).toBe(1);
    await page.getByTestId('cancel-read').click();
    await expect
      .poll(() => page.getByTestId('plan-problems').textContent(), { timeout: 60_000 })
      .toContain('cancelled; nothing was kept');
    expect(await page.getByTestId('register-summary').count()).toBe(0);

    await resetLongTasks(page);
    const started = Date.now();
    await page.getByTestId('read-mapped').click();
    const seen = new Set<string>();
    while ((await page.getByTestId('register-summary').count()) === 0) {
      const bar = page.getByTestId('read-progress');
      if (await bar.count()) seen.add(((await bar.textContent()) ?? '').trim().replace(/\s+/g, ' '));
      if (Date.now() - started > 900_000) throw new Error('not read in 15 minutes');
      await page.waitForTimeout(250);
    }
    const seconds = (Date.now() - started) / 1000;
    const tasks = await longTasks(page);
    console.log(
      `read and estimated in ${seconds.toFixed(1)} s; progress seen ${seen.size} times ` +
        `(${[...seen].slice(0, 3).join('; ')} ...)`,
    );
    console.log(
      `main-thread tasks over 50 ms: ` +
        `${tasks.length}${tasks.length ? `, longest ${Math.max(...tasks).toFixed(0)} ms` : ''}`,
    );
    console.log((await page.getByTestId('register-summary').textContent())?.trim().replace(/\s+/g, ' ').slice(0, 200));
    await page.close();
  }, 1_800_000);
});
