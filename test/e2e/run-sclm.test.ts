// A composite SCLM run in the built app: the LLM splits the priority into clauses, the user accepts
// them, a pool is generated and scored on each clause (each clause's reward from its own DLM run),
// and the Results screen compares the picks of utilitarian, Nash and egalitarian welfare.
import { expect, test } from 'vitest';
import { axeViolations } from './accessibility.ts';
import { useBuiltSite, useFakeProvider, watchProblems } from './browser.ts';
import {
  configureProvider,
  everyStore,
  fillSclmStart,
  KEY,
  longTasks,
  resetLongTasks,
  savedRuns,
  screenshot,
  scriptedReplies,
  SCLM_CLAUSES,
  SCLM_REWARDS,
  watchLongTasks,
} from './run-helpers.ts';

const site = useBuiltSite();
const fake = useFakeProvider({ key: KEY, reply: scriptedReplies(SCLM_REWARDS, SCLM_CLAUSES) });

test(
  'a composite priority is split, accepted, scored per clause and compared under the three ' + 'welfare functions',
  async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await watchLongTasks(page);
    try {
      await page.goto(site.url);
      await fillSclmStart(page, fake);
      await resetLongTasks(page);
      await page.getByTestId('start-run').click();

      await expect
        .poll(() => page.getByTestId('run-status').textContent(), { timeout: 30_000 })
        .toBe('Waiting for your clauses');
      const splitTasks = await longTasks(page);
      expect(await page.getByTestId('clause-text-0').inputValue()).toBe(SCLM_CLAUSES[0]);
      expect(await page.getByTestId('clause-text-1').inputValue()).toBe(SCLM_CLAUSES[1]);
      await screenshot(page, 'sclm-clauses');
      expect(await axeViolations(page)).toEqual([]);
      await resetLongTasks(page); // axe itself runs on the page's main thread
      await page.getByTestId('accept-clauses').click();

      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');
      const tasks = await longTasks(page);
      console.log(
        `[figures] main-thread long tasks during the SCLM run: ${splitTasks.length + tasks.length} (until the ` +
          `clauses: ${splitTasks.map(Math.round).join(', ')}; after: ${tasks.map(Math.round).join(', ')} ms)`,
      );
      // 1 split + 3 proposals + 1 reflection + one proposal per clause.
      expect(fake.calls().length).toBe(7);
      const welfare = page.getByTestId('welfare-table');
      for (const label of ['utilitarian', 'nash', 'egalitarian']) {
        expect(await welfare.getByTestId(`welfare-${label}`).locator('td').first().textContent()).toMatch(
          /^generator\/r0\/c[0-2]/,
        );
      }
      expect(await welfare.getByTestId('welfare-utilitarian').locator('th').textContent()).toBe(
        'utilitarian (leading)',
      );
      // one row per clause, each saying what its score means (a ratio to the default for the simulator scorer)
      expect(await page.getByTestId('clause-scores').locator('tbody tr').count()).toBe(2);
      expect(await page.getByTestId('clause-scores').locator('tbody tr').first().textContent()).toMatch(
        /1 = as good as the default/,
      );
      expect(await page.getByTestId('regret').textContent()).toMatch(/within 18\.2%/); // 2 eps / (1 + eps) at eps = 0.1
      const pareto = page.getByTestId('chart-pareto');
      expect(await pareto.locator('svg circle[r="9"]').count()).toBeGreaterThan(0); // the welfare picks, ringed
      await pareto.getByRole('button', { name: 'Show table' }).click();
      expect(await pareto.locator('tbody tr').count()).toBe(3);
      expect(await page.getByTestId('chart-welfare-p').locator('svg path').count()).toBeGreaterThan(1);
      expect(await page.getByTestId('portfolio').textContent()).toMatch(/^Portfolio: r0\/c/);
      await screenshot(page, 'sclm-results');
      expect(await axeViolations(page)).toEqual([]);
      const places = await everyStore(page);
      expect(
        Object.entries(places)
          .filter(([, text]) => text.includes(KEY))
          .map(([where]) => where),
      ).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  },
);

test(
  'with the LLM scorer, each candidate is rated on each prioritization clause and the welfare functions choose ' +
    'from the ratings',
  async () => {
    const page = await site.browser.newPage();
    try {
      await page.goto(site.url);
      await page
        .getByTestId('priority')
        .fill('Prioritize the agents with a high feature A and also the agents with a low feature B');
      await page.getByTestId('kind-sclm').check();
      await page.getByTestId('population').selectOption('builtin:sclm');
      await page.getByTestId('scorer').selectOption('llm');
      for (const [field, value] of [
        ['rounds', '1'],
        ['candidates', '2'],
        ['trials', '20'],
      ])
        await page.getByTestId(field).fill(value);
      await page.getByTestId('baselines').uncheck();
      await configureProvider(page, fake);
      fake.received.length = 0;
      await page.getByTestId('start-run').click();
      await expect
        .poll(() => page.getByTestId('run-status').textContent(), { timeout: 30_000 })
        .toBe('Waiting for your clauses');
      await page.getByTestId('accept-clauses').click();
      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');
      const ratings = fake.calls().filter((c) => c.rawBody.includes('give your rating EXACTLY'));
      expect(ratings.length).toBe(4); // 2 candidates x 2 clauses, no clause DLM runs
      expect(fake.calls().length).toBe(1 + 2 + 1 + 4);
      const scores = (await page.getByTestId('clause-scores').locator('td.num').allTextContents()).map(Number);
      expect(await page.getByTestId('clause-scores').locator('tbody tr').first().textContent()).toMatch(
        /rating from 1 \(worst\) to 5 \(best\); not relative to the default/,
      );
      expect(scores.every((s) => Number.isInteger(s) && s >= 1 && s <= 5)).toBe(true);
      for (const label of ['utilitarian', 'nash', 'egalitarian'])
        expect(await page.getByTestId(`welfare-${label}`).count()).toBe(1);

      // Rerun from History: the clause split, proposals and ratings are replayed, the accepted clauses reused, no
      // request made.
      const asked = fake.received.length;
      // the last checkpoint is written
      await expect.poll(async () => (await savedRuns(page)).map((r) => r.status)).toEqual(['done']);
      await page.goto(`${site.url}#/history`);
      await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 15_000 }).toBe(1);
      const title = (await page.getByTestId('run-row').locator('th a').textContent())!;
      await page.getByRole('button', { name: `Rerun ${title}` }).click();
      await expect
        .poll(() => page.getByTestId('history-status').textContent(), { timeout: 60_000 })
        .toMatch(
          new RegExp(
            String.raw`without asking the LLM\. Its selected candidate and every candidate’s ` +
              String.raw`summary are identical to the original, bit for bit\.$`,
          ),
        );
      expect(fake.received.length).toBe(asked);
      await page.getByRole('link', { name: `${title} (rerun)` }).click();
      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 15_000 }).toBe('Done');
      expect((await page.getByTestId('clause-scores').locator('td.num').allTextContents()).map(Number)).toEqual(scores);
    } finally {
      await page.close();
    }
  },
);
