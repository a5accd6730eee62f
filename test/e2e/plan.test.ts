// The Plan screen in Chromium against the built site, real IndexedDB and real WASM: a DLM run is
// finished through the app with the fake provider; a register with histories is imported; the run's
// selected reward makes week 1's list, which is downloaded; the week's outcomes are uploaded,
// previewed and confirmed; the next list follows the new states (it equals the plan core's own
// computation, replayed in Node with the Node engine); a reload at any point loses nothing; a week
// applied twice is refused. Screenshots of each state at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/core/datasets/csv.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { MemoryStore } from '../../src/storage/memory-store.ts';
import { PlanSession } from '../../src/workers/plan/plan-session.ts';
import { axeViolations } from './accessibility.ts';
import { useBuiltSite, useFakeProvider, watchProblems } from './browser.ts';
import { featuresCsv, historyCsv, NUM, outcomesCsv, WEEKS } from './plan-fixture.ts';
import { configureProvider, KEY, savedRuns, screenshot, scriptedReplies } from './run-helpers.ts';

// Rewards over the register's first two features (age, low income), so the run's pick fits the register.
const REWARDS = ['state * (1 + agent_feats[1])', 'state * (1 + 0.02 * agent_feats[0])', 'state * (1 + 0.05 * agent_feats[0] + agent_feats[1])', 'state + state * agent_feats[1]'];
const SELECTED = REWARDS[2];
const BUDGET = 6;

const site = useBuiltSite();
const fake = useFakeProvider({ key: KEY, reply: scriptedReplies(REWARDS) });

const file = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function download(page: Page): Promise<string> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-list').click()]);
  return readFileSync((await d.path())!, 'utf8');
}

const idsOf = (csv: string) => parseCsv(csv).rows.map((r) => r.fields[0]);

/** Both widths, the page's full height; fails on horizontal overflow. */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width} px overflows by ${overflow} px`).toBeLessThanOrEqual(0);
    await screenshot(page, `plan-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const META = { id: 'replay', name: 'replay', createdAt: 0, updatedAt: 0, policy: { kind: 'typed' as const } };

/** The plan core replayed in Node on the same files and settings: week 1's list, then the next one after `outcomes`. */
async function replay(outcomes: (week1: string[]) => string) {
  const engine = await loadEngineNode();
  const store = new MemoryStore();
  const session = new PlanSession(async () => (t, r, s, d) => engine.whittleIndices(t, r, s, d).indices, async () => store);
  const summary = await session.loadRegister({ kind: 'history-csv', history: new Blob([historyCsv()]), historyName: 'history.csv', features: new Blob([featuresCsv()]), featuresName: 'features.csv' });
  const first = await session.create({ reward: SELECTED, budget: BUDGET, exclude: [], cooldown: 0, shares: [], seed: 0, draws: 20, priorGroup: summary.schema.groups[0]?.name ?? null, level: 0.9 }, META);
  const preview = await session.previewOutcomes(new Blob([outcomes(first.lines.ids)]), 'week.csv');
  expect(preview.ok).toBe(true);
  const applied = await session.apply(false, 1);
  if (!applied.ok) throw new Error(applied.errors.join('\n'));
  return { week1: first.lines.ids, week2: applied.view.lines.ids };
}

describe('the weekly plan', () => {
  let page: Page;
  let problems: string[];
  let week1: string[] = [];
  let week1Outcomes = '';
  beforeAll(async () => {
    page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    problems = watchProblems(page);
    page.on('console', (m) => (m.type() === 'error' ? console.log(m.text()) : undefined));
    await page.goto(site.url);
  });
  afterAll(async () => {
    await page?.close();
  });

  test('a DLM run is finished through the app with the fake provider', async () => {
    await page.getByTestId('priority').fill('Prioritize older mothers with a low income');
    await page.getByTestId('trials').fill('10');
    await configureProvider(page, fake);
    await page.getByTestId('start-run').click();
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 90_000 }).toBe('Done');
    expect(await page.getByTestId('selected-expression').textContent()).toBe(SELECTED);
    // the run's last checkpoint is written just after the screen says Done
    await expect.poll(async () => (await savedRuns(page)).map((r) => r.status)).toEqual(['done']);
  });

  test('imports a register with histories, previews it, and offers the run\'s selected reward', async () => {
    await page.goto(`${site.url}#/plan`);
    await shoot(page, 'empty');
    await page.getByTestId('register-kind-history').check();
    await page.getByTestId('history-file').setInputFiles(file('history.csv', historyCsv()));
    await page.getByTestId('features-file').setInputFiles(file('features.csv', featuresCsv()));
    await page.getByTestId('load-register').click();
    await expect.poll(() => page.getByTestId('register-summary').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('register-summary').textContent()).toMatch(new RegExp(`^\\s*${NUM} beneficiaries from history\\.csv.*${WEEKS} weeks of history`, 's'));
    const option = page.locator('#policy-choice option', { hasText: 'Selected reward of' });
    expect(await option.count()).toBe(1);
    await page.locator('#policy-choice').selectOption({ label: (await option.textContent())! });
    expect(await page.locator('#plan-reward').inputValue()).toBe(SELECTED);
    await page.getByTestId('plan-budget').fill(String(BUDGET));
    // a typo is caught as it is typed, with its position
    await page.locator('#plan-reward').fill('state * (1 + agent_feat[0])');
    await expect.poll(() => page.getByTestId('reward-error').count()).toBe(1);
    await shoot(page, 'setup-error');
    await page.locator('#policy-choice').selectOption({ label: (await option.textContent())! });
    await expect.poll(() => page.getByTestId('reward-check').count()).toBe(1);
    await shoot(page, 'setup');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('makes week 1\'s list with the selected reward, downloads it, and keeps it across a reload', async () => {
    await page.getByTestId('make-list').click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toMatch(/#\/plan\/plan-/);
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
    expect(await page.getByTestId('plan-answer').textContent()).toMatch(new RegExp(`Call these ${BUDGET} of ${NUM} beneficiaries`));
    expect(await page.getByTestId('plan-answer').textContent()).toContain(SELECTED);
    const csv = await download(page);
    const table = parseCsv(csv);
    expect(table.header).toEqual(['id', 'rank', 'index', 'default_rank', 'reason', 'features', 'age', 'low_income']);
    expect(table.rows.map((r) => Number(r.fields[1]))).toEqual([1, 2, 3, 4, 5, 6]);
    // her raw values beside her buckets in words (the same file as `allot plan --out`)
    for (const r of table.rows) expect(Number(r.fields[6])).toBeGreaterThanOrEqual(18);
    week1 = idsOf(csv);
    await shoot(page, 'week-1');
    expect(await axeViolations(page)).toEqual([]);

    // the list is shown first and saved after it ("Saving the plan…" in the status until then)
    await expect.poll(() => page.getByTestId('plan-status').textContent(), { timeout: 20_000 }).toBe('');
    await page.reload();
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
    expect(idsOf(await download(page))).toEqual(week1);
  });

  test('previews the week\'s outcomes with clear errors, and saves nothing until confirmed', async () => {
    const weekBefore = await page.getByTestId('plan-week').getAttribute('data-week');
    await page.getByTestId('outcomes-file').setInputFiles(file('bad.csv', 'id,called,engaged\nm000,1,1\nnobody,0,2\n'));
    await expect.poll(() => page.getByTestId('plan-problems').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('plan-problems').textContent()).toMatch(/bad\.csv, line 3/);
    await shoot(page, 'outcomes-error');
    await page.reload();
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
    expect(await page.getByTestId('plan-week').getAttribute('data-week')).toBe(weekBefore);

    week1Outcomes = outcomesCsv(new Set(week1));
    await page.getByTestId('outcomes-file').setInputFiles(file('week.csv', week1Outcomes));
    await expect.poll(() => page.getByTestId('outcomes-preview').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('outcomes-preview').textContent()).toMatch(new RegExp(`${NUM} beneficiaries; ${BUDGET} called \\(${BUDGET} of the ${BUDGET} planned calls were made\\)`));
    await shoot(page, 'outcomes-preview');
  });

  test('confirming applies the week and gives a next list that follows the new states; a reload keeps it', async () => {
    const weekBefore = Number(await page.getByTestId('plan-week').getAttribute('data-week'));
    await page.getByTestId('confirm-outcomes').click();
    await expect.poll(() => page.getByTestId('plan-week').getAttribute('data-week'), { timeout: 20_000 }).toBe(String(weekBefore + 1));
    const week2 = idsOf(await download(page));
    const expected = await replay(() => week1Outcomes);
    expect(expected.week1).toEqual(week1);
    expect(week2).toEqual(expected.week2);
    await shoot(page, 'week-2');

    await page.reload();
    await expect.poll(() => page.getByTestId('plan-week').getAttribute('data-week'), { timeout: 20_000 }).toBe(String(weekBefore + 1));
    expect(idsOf(await download(page))).toEqual(week2);
    expect(await page.getByTestId('chart-plan-calls-by-week').count()).toBe(1);
  });

  test('refuses the same week twice unless it is replaced explicitly', async () => {
    await page.getByTestId('outcomes-file').setInputFiles(file('week.csv', week1Outcomes));
    await expect.poll(async () => (await page.getByTestId('plan-problems').count()) + (await page.getByTestId('outcomes-preview').count()), { timeout: 20_000 }).toBe(1);
    if (await page.getByTestId('outcomes-preview').count()) {
      await page.getByTestId('confirm-outcomes').click();
      await expect.poll(() => page.getByTestId('plan-problems').count(), { timeout: 20_000 }).toBe(1);
    }
    expect(await page.getByTestId('plan-problems').textContent()).toMatch(/already|same file/i);
    await page.reload();
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
  });

  test('replaces the last applied week when the user says so, and stays on the same week', async () => {
    const week = await page.getByTestId('plan-week').getAttribute('data-week');
    await page.getByTestId('replace-week').check();
    // Only half of the planned calls were made this time.
    await page.getByTestId('outcomes-file').setInputFiles(file('week-corrected.csv', outcomesCsv(new Set(week1.slice(0, BUDGET / 2)))));
    await expect.poll(() => page.getByTestId('outcomes-preview').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('confirm-outcomes').textContent()).toMatch(new RegExp(`Replace week ${Number(week) - 1}'s outcomes`));
    await page.getByTestId('confirm-outcomes').click();
    await expect.poll(() => page.getByTestId('outcomes-preview').count(), { timeout: 20_000 }).toBe(0);
    expect(await page.getByTestId('plan-week').getAttribute('data-week')).toBe(week);
    const chart = page.getByTestId('chart-plan-calls-by-week');
    await chart.getByRole('button', { name: 'Show table' }).click();
    expect(await chart.locator('tbody tr').first().locator('td').allTextContents()).toEqual([String(Number(week) - 1), String(BUDGET), String(BUDGET / 2), String(BUDGET / 2), expect.any(String)]);
    await shoot(page, 'week-2-replaced');
    expect(problems).toEqual([]);
  });
});
