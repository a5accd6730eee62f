// The "price of this priority" panel on the What-if screen, in Chromium against the built site:
// the sweep runs in the panel's own engine workers, lambda 0 equals the default policy computed on
// Node, the answer comes in words, and the pick joins the candidates; and on a finished DLM run's
// Results screen, where the pick joins the run's own pool (stored with it: a reload keeps it, the Plan
// screen offers it). Screenshots at 1280 and 390 px.
import { describe, expect, test } from 'vitest';
import { configureProvider, fillSclmStart, KEY, SCLM_CLAUSES, SCLM_REWARDS, scriptedReplies } from './run-helpers.ts';
import { createNodeSimulator } from '../../src/cli/node-simulate.ts';
import { compileReward } from '../../src/core/reward/compile-reward.ts';
import { DialSweep } from '../../src/core/tradeoff/sweep-dial.ts';
import { buildPopulation } from '../../src/core/simulation/what-if-evaluate.ts';
import { useBuiltSite, useFakeProvider, watchProblems } from './browser.ts';
import { defaultChoiceForTest } from './what-if-fixture.ts';
import { chartText } from './chart-text.ts';
import { featuresCsv, historyCsv, readMapped } from './plan-fixture.ts';

const site = useBuiltSite();
const REWARD = 'state * (1 + 3 * agent_feats[11])';

/** The default policy's engagement (%) on the screen's population and seed, computed on Node. */
async function defaultEngagement(): Promise<number> {
  const instance = await buildPopulation(defaultChoiceForTest(), async () => undefined);
  const compiled = compileReward(REWARD, instance);
  if (!compiled.ok) throw new Error(compiled.error.message);
  const node = await createNodeSimulator(1);
  try {
    const [zero] = await new DialSweep({ population: instance, reward: compiled.table, seeds: [0], trials: 200 }).run(
      [0],
      node.simulate,
    );
    return 100 * zero.engagement;
  } finally {
    await node.close();
  }
}

describe('the price of a priority on the What-if screen', () => {
  test('sweeps the dial, says the price in words, and adds the pick as a candidate', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(`${site.url}#/what-if`);
    await expect
      .poll(() => page.getByTestId('population-summary').textContent(), { timeout: 15_000 })
      .toMatch(/^48 arms/);
    await page.getByRole('button', { name: 'Add a reward' }).click();
    await page.getByLabel('Candidate 1', { exact: true }).fill(REWARD);
    const panel = page.getByTestId('price-of-priority');
    await panel.getByRole('button', { name: 'Show the price' }).click();
    await expect
      .poll(() => panel.getByTestId('price-sentence').textContent(), { timeout: 60_000 })
      .toMatch(/^Favouring Ages 51-60 /);
    await expect.poll(() => panel.getByTestId('price-baselines').count(), { timeout: 60_000 }).toBe(1);

    // lambda 0 is the default policy: its engagement equals Node's, to the table's 4 digits
    await panel.getByRole('button', { name: 'Show table' }).click();
    const first = await panel.locator('table tbody tr').first().locator('td').allTextContents();
    expect(first[0]).toBe('0');
    expect(Number(first[1])).toBeCloseTo(Number((await defaultEngagement()).toPrecision(4)), 6);
    await panel.getByRole('button', { name: 'Show chart' }).click();

    // a stricter limit moves the pick without simulating again
    const before = await panel.getByTestId('price-expression').textContent();
    await panel.getByTestId('price-max-loss').fill('0');
    await expect.poll(() => panel.getByTestId('price-expression').textContent()).not.toBe(before);

    await panel.getByTestId('price-max-loss').fill('2');
    const pick = await panel.getByTestId('price-expression').textContent();
    await panel.getByTestId('price-add').click();
    await expect.poll(() => page.getByTestId('candidate').count()).toBe(3);
    expect(await panel.getByTestId('price-added').textContent()).toMatch(
      /^Added “Candidate 1 at λ [\d.]+ \(loss ≤ 2%\)”\.$/,
    );
    expect(await page.getByTestId('candidate').last().locator('textarea, input').first().inputValue()).toBe(pick);
    // the candidate select lists labels; the chosen one's whole reward is text below it (a select cuts it off)
    const choice = panel.getByTestId('price-candidate');
    const labels = await choice.locator('option').allTextContents();
    expect(labels).toEqual(['Candidate 1', expect.stringMatching(/^Candidate 1 at λ [\d.]+ \(loss ≤ 2%\)$/)]);
    expect(await panel.getByTestId('price-candidate-expression').textContent()).toBe(REWARD);
    await choice.selectOption({ index: 1 });
    expect(await panel.getByTestId('price-candidate-expression').textContent()).toBe(pick);
    // a reward longer than a select's width at 390 px (the select once cut it off after 57 characters)
    const long = 'state * (1 + 3 * agent_feats[11]) + 0.5 * state * agent_feats[35] * (1 - agent_feats[8])';
    await page.getByRole('button', { name: 'Add a reward' }).click();
    await page.locator('textarea').last().fill(long);
    await expect.poll(() => choice.locator('option').count()).toBe(3);
    await choice.selectOption({ index: 2 });
    expect(await panel.getByTestId('price-candidate-expression').textContent()).toBe(long);

    // The What-if screen itself is wider than 390 px today (its population select and comparison table;
    // issue 14 reworks that layout): let its column shrink as a fixed layout would; the panel must fit.
    await page.addStyleTag({
      content: '.layout { grid-template-columns: minmax(0, 1fr) !important } .layout select { max-width: 100% }',
    });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await panel.scrollIntoViewIfNeeded();
      expect(await panel.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(width);
      // nothing in the panel sticks out, except inside a table's own scroll box
      const wide = await panel.evaluate((el) =>
        [...el.querySelectorAll('*')]
          .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !e.closest('.table-wrap, [role="region"]'))
          .map((e) => `${e.tagName}.${e.className}`),
      );
      expect(wide).toEqual([]);
      // the baselines table: on a phone it says that it scrolls sideways, and its policy names stay in view
      const baselines = await panel.getByTestId('price-baselines').evaluate((table) => {
        const region = table.closest('[role="region"]')!;
        return {
          hidden: region.scrollWidth > region.clientWidth + 1,
          hint: !!table.closest('.wide')?.querySelector('[data-testid="scroll-hint"]'),
          sticky: getComputedStyle(table.querySelector('tbody th')!).position,
        };
      });
      expect(baselines).toEqual(
        width === 390
          ? { hidden: true, hint: true, sticky: 'sticky' }
          : { hidden: baselines.hidden, hint: baselines.hidden, sticky: 'sticky' },
      );
      // the curve's text is at least 10 px on screen at both widths
      await expect
        .poll(async () => Math.min(...(await chartText(panel)).map((c) => c.smallest)))
        .toBeGreaterThanOrEqual(10);
      // the select shows the whole of its chosen text at this width (its text measured in its own font, beside its
      // arrow)
      const room = await choice.evaluate((el: HTMLSelectElement) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = getComputedStyle(el).font;
        return el.clientWidth - 24 - ctx.measureText(el.selectedOptions[0].text).width;
      });
      expect(room).toBeGreaterThan(0);
      await panel.screenshot({ path: `test-results/price-of-priority-${width}.png` });
    }
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});

describe("the price of a priority on a run's Results screen", () => {
  const fake = useFakeProvider({
    key: KEY,
    reply: scriptedReplies([
      'state * (1 + 2 * agent_feats[11])',
      'state * (1 + agent_feats[8])',
      'state * (1 + 3 * agent_feats[11])',
      'state + state * agent_feats[9]',
    ]),
  });

  test(
    "prices the selected reward on the run's own seed and trials; the pick joins the run's pool, survives a " +
      'reload and is offered by the Plan screen',
    async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(site.url);
      await page.getByTestId('priority').fill('Prioritize the older mothers');
      await page.getByTestId('trials').fill('20');
      await configureProvider(page, fake);
      await page.getByTestId('start-run').click();
      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 90_000 }).toBe('Done');
      const selected = await page.getByTestId('selected-expression').textContent();
      const panel = page.getByTestId('price-of-priority');
      await expect.poll(() => panel.count(), { timeout: 15_000 }).toBe(1);
      // the selected reward is offered first: the select names it, its whole expression is below it
      expect(await panel.getByTestId('price-candidate-expression').textContent()).toBe(selected);
      // up to λ 0.8, so that the pick is a blend, never the selected reward itself (λ 1)
      await panel.getByLabel('Largest λ').fill('0.8');
      await panel.getByRole('button', { name: 'Show the price' }).click();
      await expect
        .poll(() => panel.getByTestId('price-sentence').textContent(), { timeout: 60_000 })
        .toMatch(/^(Favouring|No setting)/);
      await expect.poll(() => panel.getByTestId('price-baselines').count(), { timeout: 60_000 }).toBe(1);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await panel.scrollIntoViewIfNeeded();
        await panel.screenshot({ path: `test-results/price-of-priority-results-${width}.png` });
        // every chart of the Results screen: 640 units scaled to a laptop's column as before; on a phone drawn
        // at its own width, its text at least 10 px on screen (scaled from 640 units it was 6 px)
        const charts = await chartText(page.locator('main'));
        expect(charts.length).toBeGreaterThanOrEqual(3);
        if (width === 1280) expect(charts.map((c) => c.drawn).filter((d) => d < 640)).toEqual([]);
        else
          await expect
            .poll(async () => Math.min(...(await chartText(page.locator('main'))).map((c) => c.smallest)))
            .toBeGreaterThanOrEqual(10);
        const figures = page.locator('main figure.chart');
        for (let i = 0; i < Math.min(4, await figures.count()); i++)
          await figures.nth(i).screenshot({ path: `test-results/results-chart-${i + 1}-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      // the pick joins this run's own pool: the candidate table, the comparison in words, the fairness panel
      const pick = (await panel.getByTestId('price-expression').textContent())!;
      await panel.getByRole('button', { name: "Add the pick to this run's candidates" }).click();
      await expect.poll(() => panel.getByTestId('price-added').count(), { timeout: 30_000 }).toBe(1);
      const table = page.getByTestId('candidate-table');
      const row = table.locator('tbody tr', { hasText: 'dial/1' });
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('th').textContent()).toBe('dial/1 (made by the trade-off dial)');
      expect(await row.locator('code').textContent()).toBe(pick);
      expect(await page.getByTestId('compared-in-words').textContent()).toContain('dial/1');
      expect(await page.getByTestId('dial-note').textContent()).toMatch(
        new RegExp(
          String.raw`^dial\/1: made by the trade-off dial, not written by the LLM: dlm\/\S+ blended with ` +
            String.raw`the default at λ [\d.]+ \(engagement loss -?[\d.]+%, within the 2\.0% accepted\)\.$`,
        ),
      );
      await page.getByTestId('fairness-of').selectOption('dial/1');
      await expect.poll(() => page.getByTestId('dp-table').count()).toBe(1);

      // screenshots of the results with the dial's candidate in the pool: the comparison in words, and the table
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page
          .getByTestId('compared-in-words')
          .screenshot({ path: `test-results/price-of-priority-pool-words-${width}.png` });
        await page.locator('#candidates-heading').scrollIntoViewIfNeeded();
        const top = (await page.locator('#candidates-heading').boundingBox())!,
          bottom = (await page.getByTestId('dial-note').boundingBox())!;
        await page.screenshot({
          path: `test-results/price-of-priority-pool-table-${width}.png`,
          clip: { x: 0, y: top.y - 8, width, height: bottom.y + bottom.height - top.y + 16 },
        });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      // stored with the run: a reload shows it again
      await page.reload();
      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 30_000 }).toBe('Done');
      await expect
        .poll(() => page.getByTestId('candidate-table').locator('tbody tr', { hasText: 'dial/1' }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      expect(await page.getByTestId('dial-note').count()).toBe(1);

      // the Plan screen lists it among the run's candidates, as the policy of a plan
      await page.goto(`${site.url}#/plan`);
      await page.getByTestId('register-kind-history').check();
      await page
        .getByTestId('history-file')
        .setInputFiles({ name: 'history.csv', mimeType: 'text/csv', buffer: Buffer.from(historyCsv()) });
      await page
        .getByTestId('features-file')
        .setInputFiles({ name: 'features.csv', mimeType: 'text/csv', buffer: Buffer.from(featuresCsv()) });
      await page.getByTestId('load-register').click();
      await readMapped(page);
      const option = page.locator('#policy-choice option', { hasText: "the trade-off dial's blend 1" });
      await expect.poll(() => option.count(), { timeout: 20_000 }).toBe(1);
      await page.locator('#policy-choice').selectOption({ label: (await option.textContent())! });
      expect(await page.locator('#plan-reward').inputValue()).toBe(pick);

      // and the pick can still go to What-if's comparisons
      await page.goBack();
      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 30_000 }).toBe('Done');
      await expect.poll(() => panel.count(), { timeout: 15_000 }).toBe(1);
      await panel.getByLabel('Largest λ').fill('0.8');
      await panel.getByRole('button', { name: 'Show the price' }).click();
      await expect.poll(() => panel.getByTestId('price-expression').textContent(), { timeout: 60_000 }).toBe(pick);
      await panel.getByRole('button', { name: 'Compare it in What-if' }).click();
      await expect.poll(() => page.url()).toMatch(/#\/what-if$/);
      await expect.poll(() => page.getByTestId('candidate').count(), { timeout: 15_000 }).toBeGreaterThan(1);
      expect(await page.getByTestId('candidate').last().locator('textarea, input').first().inputValue()).toBe(pick);
      expect(problems).toEqual([]);
      await page.close();
    },
    240_000,
  );
});

describe('the price of a priority on an SCLM run', () => {
  const fake = useFakeProvider({ key: KEY, reply: scriptedReplies(SCLM_REWARDS, SCLM_CLAUSES) });

  test(
    "measures the priority by the run's clause scores, and the pick joins the Pareto view with " + 'its scores',
    async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(site.url);
      await fillSclmStart(page, fake);
      await page.getByTestId('start-run').click();
      await expect
        .poll(() => page.getByTestId('run-status').textContent(), { timeout: 30_000 })
        .toBe('Waiting for your clauses');
      await page.getByTestId('accept-clauses').click();
      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');

      const panel = page.getByTestId('price-of-priority');
      await expect.poll(() => panel.count(), { timeout: 15_000 }).toBe(1);
      await panel.getByLabel('Largest λ').fill('0.8');
      await panel.getByRole('button', { name: 'Show the price' }).click();
      await expect
        .poll(() => panel.getByTestId('price-sentence').textContent(), { timeout: 60_000 })
        .toMatch(/Scored on the run's 2 clauses, its utilitarian welfare goes from 1\.000 to \d\.\d{3}\.$|^No setting/);
      // clause by clause; the welfare of the scores is said once, in the answer
      expect(await panel.getByTestId('price-clauses').textContent()).toMatch(
        /^[^;]+ 1\.000 → \d\.\d{3}; [^;]+ 1\.000 → \d\.\d{3}$/,
      );
      const welfareSaid = ((await panel.textContent())!.match(/welfare goes from/g) ?? []).length;
      expect(welfareSaid).toBe(/Scored on/.test((await panel.getByTestId('price-sentence').textContent())!) ? 1 : 0);
      expect(await panel.getByTestId('price-axis').locator('option').allTextContents()).toEqual([
        'utilitarian welfare of the clause scores',
        `score: ${await page.getByTestId('clause-scores').locator('tbody th').first().textContent()}`,
        `score: ${await page.getByTestId('clause-scores').locator('tbody th').nth(1).textContent()}`,
      ]);
      // lambda 0 is the default policy, which scores exactly 1 on each ratio clause (its own value over itself)
      await panel.getByRole('button', { name: 'Show table' }).click();
      const curveTable = panel.locator('table').first();
      const header = await curveTable.locator('thead th').allTextContents();
      const first = await curveTable.locator('tbody tr').first().locator('td').allTextContents();
      expect(header.slice(8)).toEqual([
        'utilitarian welfare',
        '± se',
        expect.stringMatching(/^score: /),
        '± se',
        expect.stringMatching(/^score: /),
        '± se',
      ]);
      expect([first[0], first[8], first[10], first[12]]).toEqual(['0', '1', '1', '1']);
      await panel.getByRole('button', { name: 'Show chart' }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await panel.scrollIntoViewIfNeeded();
        await panel.screenshot({ path: `test-results/price-of-priority-sclm-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      await panel.getByRole('button', { name: "Add the pick to this run's candidates" }).click();
      await expect.poll(() => panel.getByTestId('price-added').count(), { timeout: 30_000 }).toBe(1);
      const row = page.getByTestId('candidate-table').locator('tbody tr', { hasText: 'dial/1' });
      await expect.poll(() => row.count()).toBe(1);
      const pareto = page.getByTestId('chart-pareto');
      await pareto.getByRole('button', { name: 'Show table' }).click();
      expect(await pareto.locator('tbody tr').count()).toBe(4);
      expect(await pareto.locator('tbody tr').last().locator('td, th').first().textContent()).toBe(
        'dial/1 (made by the dial)',
      );
      await pareto.getByRole('button', { name: 'Show chart' }).click();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await pareto.scrollIntoViewIfNeeded();
        await pareto.screenshot({ path: `test-results/price-of-priority-sclm-pareto-${width}.png` });
      }
      expect(problems).toEqual([]);
      await page.close();
    },
    240_000,
  );
});
