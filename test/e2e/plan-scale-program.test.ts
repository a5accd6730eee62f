// A program's week at national scale in Chromium (issue 26, item 6; a benchmark: figures printed, never
// asserted; run it alone with ALLOT_PLAN_SCALE=1 after `npm run -s build`): her export as it comes, 10^6
// mothers x 26 weeks of history (about 420 MB) with a features file naming each mother's health worker
// (2,000 workers, uneven caseloads), read on the Plan screen; a 15 % holdout called at random, each
// worker's capacity from a CSV (20-80 calls a week) and B = 100,000; then week 1's list.
// "The list is ready" = from the click that asks for this week's list (the register already read and its
// transitions estimated) to its first rows and its make-up in words on screen; saving the plan and the
// posterior draws' marks follow in the worker, timed apart. Each step also counts the main thread's tasks
// over 50 ms. The click comes once the worker has made what her form fixes (prepared(): her reward's table, her
// workers numbered), as for her after filling it. Printed: the app's spans thread by thread ("[spans]": the page's
// ask, the worker's rules, list, view and pack, the page's unpack; the rest of the lines after), and the list's
// arrival, DOM and first frame on the page's own clock. ALLOT_PLAN_TRACE=DIR keeps each step's Chrome trace,
// ALLOT_PLAN_PROFILE=1 adds profiles (its start-up costs the plan worker 0.1-0.15 s in the list's step). The
// files are made once in $TMPDIR (test/bench/history-files.ts).
import { describe, expect, test } from 'vitest';
import { historyFiles } from '../bench/history-files.ts';
import { useBuiltSite } from './browser.ts';
import { screenshot } from './run-helpers.ts';
import { prepared, shown, timedFirstList, timedPlanPage } from './scale-steps.ts';

const ARMS = Number(process.env.ALLOT_PLAN_ARMS ?? 1_000_000);
const WORKERS = 2000;
const site = useBuiltSite();

describe.skipIf(!process.env.ALLOT_PLAN_SCALE)(`a program's week at ${ARMS.toLocaleString('en')} mothers`, () => {
  test(
    '2,000 workers with capacities and a 15 % holdout: the list (figures printed)',
    { timeout: 1_800_000 },
    async () => {
      const files = await historyFiles(ARMS, WORKERS);
      const { page, step } = await timedPlanPage(site.browser, site.url);
      await page.getByTestId('register-kind-history').check();
      await page.getByTestId('history-file').setInputFiles(files.history);
      await page.getByTestId('features-file').setInputFiles(files.features);
      await page.getByTestId('load-register').click();
      await page.getByTestId('read-mapped').waitFor({ timeout: 600_000 });
      await step(
        'her history and features read, transitions estimated in the worker',
        () => page.getByTestId('read-mapped').click(),
        () => shown(page, '[data-testid="register-summary"]'),
      );
      await page.getByTestId('holdout-share').fill('15');
      await page.getByTestId('holdout-rule').selectOption('random');
      await page.getByTestId('worker-column').selectOption('worker');
      await page.getByTestId('capacity-file').setInputFiles(files.capacities!);
      await page.getByTestId('capacity-file-name').waitFor();
      const reward = 'state * (1 + agent_feats[1])';
      await page.locator('#plan-reward').fill(reward);
      await page.getByTestId('plan-budget').fill('100000');
      await prepared(page, { reward, workers: 'worker' });
      await timedFirstList(page, step, 'indices, every capacity, the holdout, make-up on screen', 'posterior draws');
      expect(await page.getByTestId('holdout-evidence').textContent()).toContain('15% of mothers held out');
      await screenshot(page, 'plan-scale-program-week');
      await page.close();
    },
  );
});
