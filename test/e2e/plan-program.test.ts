// How the program runs, set on the Plan screen when a plan is created (issue 26), in Chromium against the
// built site with the real plan worker and IndexedDB: a holdout by the default policy, health workers from
// a text column with one capacity, deactivation after 6 weeks and Thompson sampling; the plan exported
// carries the same settings `allot plan`'s flags give; the week's outcomes applied with mothers who left
// and joined (one of them named in the outcomes file), the answer counting both; the plan reopened from
// storage; the effect week by week with its table. Layout at 1280 and 390 px: the setup with its new section, and the
// week after.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/core/datasets/csv.ts';
import { PLAN_DEFAULTS } from '../../src/core/plan/plan-settings.ts';
import { useBuiltSite } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { featuresCsv, historyCsv, NUM, readMapped } from './plan-fixture.ts';
import { ARTIFACTS, openPage } from './run-helpers.ts';

const site = useBuiltSite();
const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
const WORKERS = ['Asha A', 'Asha B', 'Asha C', 'Asha D'];
const id = (i: number) => `m${String(i).padStart(3, '0')}`;
// the fixture's features with each mother's health worker beside them
const features =
  featuresCsv()
    .trim()
    .split('\n')
    .map((row, i) => `${row},${i === 0 ? 'worker' : WORKERS[(i - 1) % 4]}`)
    .join('\n') + '\n';
const NEW = ['new1', 'new2', 'new3'];

describe('how the program runs, set when a plan is made on the Plan screen', () => {
  test('holdout, workers, deactivation and exploring are kept; a week applied with exits and enrolments', async () => {
    const { page, problems } = await openPage(site);
    await page.goto(`${site.url}#/plan`);
    await page.getByTestId('register-kind-history').check();
    await page.getByTestId('history-file').setInputFiles(csvFile('history.csv', historyCsv()));
    await page.getByTestId('features-file').setInputFiles(csvFile('features.csv', features));
    await page.getByTestId('load-register').click();
    await readMapped(page);
    // the defaults are allot plan's
    expect(Number(await page.getByTestId('holdout-share').inputValue())).toBe(PLAN_DEFAULTS.holdoutShare);
    expect(await page.getByTestId('explore').inputValue()).toBe(PLAN_DEFAULTS.explore);
    await page.getByTestId('holdout-share').fill('20');
    await page.getByTestId('holdout-rule').selectOption('default');
    await page.getByTestId('worker-column').selectOption('worker');
    await page.getByTestId('worker-capacity').fill('4');
    await page.getByTestId('min-per-worker').fill('1');
    await page.getByTestId('deactivate-after').fill('6');
    await page.getByTestId('explore').selectOption('thompson');
    expect(await layoutAtBothWidths(page, 'plan-program-setup', ARTIFACTS)).toEqual([]);

    await page.locator('#plan-reward').fill('state');
    await page.getByTestId('plan-budget').fill('12');
    await page.getByTestId('make-list').click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/#\/plan\/plan-/);
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(12);
    await expect.poll(() => page.getByTestId('plan-status').textContent(), { timeout: 20_000 }).toBe('');
    expect(await page.getByTestId('holdout-evidence').textContent()).toContain('20% of mothers held out');
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-list').click()]);
    const list = parseCsv(readFileSync((await d.path())!, 'utf8'));
    const worker = list.header.indexOf('worker'),
      arm = list.header.indexOf('arm');
    expect(worker).toBeGreaterThan(0);
    expect(arm).toBeGreaterThan(0);
    for (const w of WORKERS) expect(list.rows.filter((r) => r.fields[worker] === w).length).toBeLessThanOrEqual(4);
    const called = new Set(list.rows.map((r) => r.fields[0]));

    // the week: two mothers leave, three join (the first of them with a row in the outcomes file)
    await page.getByTestId('exits-file').setInputFiles(csvFile('left.csv', `id\n${id(1)}\n${id(2)}\n`));
    const enrol =
      'id,state,age,low_income,worker\n' +
      NEW.map((x, j) => `${x},${j % 2},${25 + j},${j % 2},${WORKERS[j]}`).join('\n') +
      '\n';
    await page.getByTestId('enrol-file').setInputFiles(csvFile('joined.csv', enrol));
    const rows = Array.from({ length: NUM }, (_, i) => `${id(i)},${called.has(id(i)) ? 1 : 0},${i % 2}`);
    await page
      .getByTestId('outcomes-file')
      .setInputFiles(csvFile('week8.csv', ['id,called,engaged', ...rows, 'new1,0,1'].join('\n') + '\n'));
    await expect.poll(() => page.getByTestId('outcomes-preview').count(), { timeout: 20_000 }).toBe(1);
    const preview = (await page.getByTestId('outcomes-preview').textContent())!;
    expect(preview).toContain('2 mothers leave the program (left.csv)');
    expect(preview).toContain('3 mothers join the program (joined.csv)');
    await page.getByTestId('confirm-outcomes').click();
    await expect.poll(() => page.getByTestId('plan-week').getAttribute('data-week'), { timeout: 20_000 }).toBe('9');
    expect(await page.getByTestId('week-applied').textContent()).toContain('3 joined; 2 left');
    await expect.poll(() => page.getByTestId('plan-status').textContent(), { timeout: 20_000 }).toBe('');
    // the effect week by week, its table beside the chart: week 8's engaged weeks per mother in each arm
    await expect.poll(() => page.getByTestId('effect-table').locator('tbody tr').count(), { timeout: 20_000 }).toBe(1);
    const cells = await page.getByTestId('effect-table').locator('tbody td').allTextContents();
    expect(cells[0]).toBe('8');
    expect(cells[4]).toMatch(/^-?\d+\.\d to -?\d+\.\d$/);
    expect(await layoutAtBothWidths(page, 'plan-program-week', ARTIFACTS)).toEqual([]);

    // from storage: the plan file the app exports has the settings and the new mothers
    await page.goto(`${site.url}#/plan`);
    await expect.poll(() => page.getByTestId('export-plan').count(), { timeout: 20_000 }).toBe(1);
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-plan').click()]);
    const file = JSON.parse(readFileSync((await exported.path())!, 'utf8'));
    expect(file.settings).toMatchObject({
      holdout: { share: 0.2, rule: 'default', weeks: PLAN_DEFAULTS.holdoutWeeks },
      workers: { column: 'worker', capacity: 4, minimum: 1 },
      deactivateAfter: 6,
      explore: 'thompson',
      left: [id(1), id(2)],
    });
    expect(file.register.numArms).toBe(NUM);
    expect(file.weeks[0].change.joined.ids).toEqual(NEW);
    expect(problems).toEqual([]);
  });
});
