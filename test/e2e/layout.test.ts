// Layout on every screen, in every state a user reaches, at 1280 px and 390 px: no horizontal overflow
// of the page, no form control sticking out of its field or over another, no text cut without its full
// form at hand (layout-check.ts). Each test opens its own page and reaches its states through the
// shared fixtures, so any one runs alone. Screens are photographed into test-results/layout/.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBuiltSite, useFakeProvider } from './browser.ts';
import { axeViolations } from './accessibility.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { makeFirstList, outcomesCsv, readHistoryRegister, uploadOutcomes } from './plan-fixture.ts';
import {
  fillSclmStart,
  finishDlmRun,
  KEY,
  openPage,
  scriptedReplies,
  SCLM_CLAUSES,
  SCLM_REWARDS,
} from './run-helpers.ts';

const REWARDS = [
  'state * (1 + 3 * agent_feats[11])',
  'state * (1 + 2 * agent_feats[35])',
  'state * (1 + agent_feats[11] + agent_feats[35])',
  'state + state * agent_feats[8]',
];
const CSV =
  'id,q00,q01,q10,q11,lang_a,lang_b,age\na,0.1,0.3,0.6,0.9,1,0,23\n' +
  'b,0.2,0.4,0.7,0.95,0,1,41\nc,0.05,0.2,0.5,0.8,1,0,35\n';
const PRIORITY = 'Prioritize older mothers (ages 51-60) and those who are to be called in the morning';

const site = useBuiltSite();
const replies = scriptedReplies(REWARDS);
const fake = useFakeProvider({ key: KEY, reply: replies });
const sclmReplies = scriptedReplies(SCLM_REWARDS, SCLM_CLAUSES);
const sclmFake = useFakeProvider({ key: KEY, reply: sclmReplies });

/** Every state's problems, gathered (soft), so that one broken state does not hide the others. */
async function check(page: Page, name: string): Promise<void> {
  expect.soft(await layoutAtBothWidths(page, name)).toEqual([]);
}

describe('layout of every screen', () => {
  test('Start with its engine check, a DLM run under way, and its results', async () => {
    const { page, problems } = await openPage(site);
    // the Engine check answers in words first, from the indices the engine computed; the table below
    await expect
      .poll(() => page.getByTestId('first-call-words').locator('p').first().textContent(), { timeout: 15_000 })
      .toMatch(/^Call mother A \(drifting away, responds to calls\) first, engaged or not: .* a call helps her most/);
    expect(await page.getByTestId('first-call-words').textContent()).toMatch(
      /Call mother D \(engaged on her own\) last/,
    );
    expect(await page.getByTestId('example-indices').count()).toBe(1);
    await check(page, 'start');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('engine-check').screenshot({ path: `test-results/layout/engine-check-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await finishDlmRun(page, fake, replies, { priority: PRIORITY, trials: 20 });
    await expect.poll(() => page.getByTestId('results-in-words').count()).toBe(1);
    await page.waitForTimeout(500);
    await check(page, 'results-dlm');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  test('an SCLM run: its clauses to accept, then its results', async () => {
    const { page, problems } = await openPage(site);
    sclmReplies.reset();
    await fillSclmStart(page, sclmFake);
    await page.getByTestId('start-run').click();
    await expect
      .poll(() => page.getByTestId('run-status').textContent(), { timeout: 30_000 })
      .toBe('Waiting for your clauses');
    await check(page, 'sclm-clauses');
    await page.getByTestId('accept-clauses').click();
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');
    await page.waitForTimeout(500);
    await check(page, 'results-sclm');
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  test('What-if with two compared candidates', async () => {
    const { page, problems } = await openPage(site, { path: '#/what-if' });
    await expect
      .poll(() => page.getByTestId('candidate-status').first().getAttribute('data-status'), { timeout: 30_000 })
      .toBe('done');
    await check(page, 'what-if-default');
    for (const expression of ['state * (1 + 4 * agent_feats[11])', 'state * (1 + agent_feats[42])']) {
      await page.getByRole('button', { name: 'Add a reward' }).click();
      await page.locator('textarea').last().fill(expression);
    }
    await expect
      .poll(
        async () =>
          (
            await page
              .getByTestId('candidate-status')
              .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))
          ).every((s) => s === 'done'),
        { timeout: 60_000 },
      )
      .toBe(true);
    await expect.poll(() => page.getByTestId('candidate-in-words').count()).toBe(2);
    await check(page, 'what-if');
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);

  test('Data: an import previewed, then saved', async () => {
    const { page, problems } = await openPage(site, { path: '#/data' });
    await check(page, 'data-empty');
    await page
      .getByTestId('import-file')
      .setInputFiles({ name: 'clinic.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await expect.poll(() => page.getByTestId('import-preview').count(), { timeout: 15_000 }).toBe(1);
    await check(page, 'data-preview');
    await page.getByTestId('save-population').click();
    await expect.poll(() => page.getByTestId('population').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await check(page, 'data');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  test('History with a run and its rerun, the two side by side, and glossary terms on focus', async () => {
    const { page, problems } = await openPage(site);
    const runUrl = await finishDlmRun(page, fake, replies, { priority: PRIORITY, trials: 20 });
    await page.goto(`${site.url}#/history`);
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // a second finished run (a rerun replays the first's transcript), then both side by side
    await page
      .getByRole('button', { name: /^Rerun DLM/ })
      .first()
      .click();
    await expect
      .poll(() => page.getByTestId('history-status').textContent(), { timeout: 60_000 })
      .toMatch(/Rerun saved as/);
    await check(page, 'history');
    const picks = page.getByTestId('pick-run');
    await picks.nth(0).check();
    await picks.nth(1).check();
    await page.getByTestId('compare-runs').click();
    await expect.poll(() => page.getByTestId('results-in-words').count(), { timeout: 15_000 }).toBe(2);
    await check(page, 'side-by-side');
    // each side names its population and budget, and its regions carry its side (axe's landmark-unique)
    expect(await page.getByTestId('run-population').allTextContents()).toEqual(
      Array(2).fill(
        expect.stringMatching(
          /^\s*On the built-in dlm population \(seed 0\):\s+48 beneficiaries, a budget of \d+ calls a step\.\s*$/,
        ),
      ),
    );
    expect.soft(await axeViolations(page)).toEqual([]);
    // every glossary term explains itself on keyboard focus
    await page.goto(`${site.url}#/what-if`);
    const term = page.locator('[data-term="budget"]').first();
    await term.focus();
    const tip = await term.evaluate((el) => getComputedStyle(el, '::after').content);
    expect(tip).toMatch(/calls the health workers can make each step/);
    expect(await term.getAttribute('title')).toMatch(/calls the health workers can make each step/);
    await page.goto(runUrl);
    await expect.poll(() => page.getByTestId('results-in-words').count(), { timeout: 15_000 }).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  test(
    'Plan: empty, a built-in register with its rules and shares, a typo, a history register, the list, ' +
      'outcomes, all plans, print',
    async () => {
      const { page, problems } = await openPage(site, { path: '#/plan' });
      await check(page, 'plan-empty');
      // a built-in register: every rule shown (priors, draws), two shares added
      await page.getByTestId('register-arms').fill('300');
      await page.getByTestId('load-register').click();
      await expect.poll(() => page.getByTestId('register-summary').count(), { timeout: 30_000 }).toBe(1);
      await page.getByRole('button', { name: 'Add a share' }).click();
      await page.getByRole('button', { name: 'Add a share' }).click();
      await check(page, 'plan-rules');
      await page.locator('#plan-reward').fill('state * (1 + agent_feat[0])');
      await expect.poll(() => page.getByTestId('reward-error').count()).toBe(1);
      await check(page, 'plan-setup-error');

      await readHistoryRegister(page, site);
      await check(page, 'plan-register');
      const week1 = await makeFirstList(page, 'state * (1 + agent_feats[1])', 6);
      await check(page, 'plan-list');
      await uploadOutcomes(page, 'bad.csv', 'id,called,engaged\nm000,1,1\nnobody,0,2\n');
      await check(page, 'plan-outcomes-error');
      await uploadOutcomes(page, 'week.csv', outcomesCsv(new Set(week1)));
      await expect.poll(() => page.getByTestId('outcomes-preview').count()).toBe(1);
      await check(page, 'plan-outcomes-preview');
      await page.emulateMedia({ media: 'print' });
      await check(page, 'plan-print');
      await page.emulateMedia({ media: 'screen' });
      await page.goto(`${site.url}#/plan`);
      await expect
        .poll(() => page.getByRole('link', { name: /register|history/i }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      await check(page, 'plan-all');
      expect(problems).toEqual([]);
      await page.close();
    },
    120_000,
  );
});
