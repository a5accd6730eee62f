// The Plan screen in Chromium against the built site, real IndexedDB and real WASM: a finished DLM
// run's selected reward is offered for a register with histories; week 1's list is made and
// downloaded; the week's outcomes are uploaded, previewed and confirmed; the next list follows the new
// states (it equals the plan core's own computation, replayed in Node with the Node engine); a reload
// at any point loses nothing; a week applied twice is a question. Each test opens its own page (its own
// IndexedDB) and reaches its starting state through plan-fixture.ts, so any one runs alone.
// Screenshots of each state at 1280 and 390 px, with the layout checked (layout-check.ts).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/core/datasets/csv.ts';
import { defaultPriorGroup } from '../../src/core/plan/plan-settings.ts';
import { percent } from '../../src/core/words/percent.ts';
import { planIndexFunction } from '../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { MemoryStore } from '../../src/storage/memory-store.ts';
import { WeeklyPlan } from '../../src/pipeline/plan/weekly-plan.ts';
import { axeViolations } from './accessibility.ts';
import { useBuiltSite, useFakeProvider } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import {
  confirmOutcomes,
  downloadList,
  featuresCsv,
  historyCsv,
  idsOf,
  makeFirstList,
  NUM,
  outcomesCsv,
  readHistoryRegister,
  uploadOutcomes,
  WEEKS,
} from './plan-fixture.ts';
import { ARTIFACTS, finishDlmRun, KEY, openPage, scriptedReplies } from './run-helpers.ts';

// Rewards over the register's first two features (age, low income), so the run's pick fits the register.
const REWARDS = [
  'state * (1 + agent_feats[1])',
  'state * (1 + 0.02 * agent_feats[0])',
  'state * (1 + 0.05 * agent_feats[0] + agent_feats[1])',
  'state + state * agent_feats[1]',
];
const SELECTED = REWARDS[2];
const BUDGET = 6;

const site = useBuiltSite();
const replies = scriptedReplies(REWARDS);
const fake = useFakeProvider({ key: KEY, reply: replies });

/** Both widths, the page's full height; fails on broken layout (layout-check.ts). */
async function shoot(page: Page, name: string) {
  expect(await layoutAtBothWidths(page, `plan-${name}`, ARTIFACTS)).toEqual([]);
}

const META = { id: 'replay', name: 'replay', createdAt: 0, updatedAt: 0, policy: { kind: 'typed' as const } };

/** The plan core replayed in Node on the same files and settings: week 1's list, then the next one after `outcomes`. */
async function replay(outcomes: (week1: string[]) => string) {
  const engine = await loadEngineNode();
  const store = new MemoryStore();
  const session = new WeeklyPlan(
    async () => planIndexFunction(engine),
    async () => store,
  );
  const summary = await session.loadRegister({
    kind: 'file',
    file: new Blob([historyCsv()]),
    fileName: 'history.csv',
    features: { file: new Blob([featuresCsv()]), fileName: 'features.csv' },
    seed: 0,
  });
  const first = await session.create(
    {
      reward: SELECTED,
      budget: BUDGET,
      exclude: [],
      cooldown: 0,
      shares: [],
      seed: 0,
      draws: 20,
      priorGroup: defaultPriorGroup(summary.schema),
      level: 0.9,
    },
    META,
  );
  // Week 1's uncertain places: the same posterior draws by seed in Node as in the page's worker.
  const uncertain = await session.uncertainty();
  const preview = await session.previewOutcomes(new Blob([outcomes(first.lines.ids)]), 'week.csv');
  expect(preview.ok).toBe(true);
  const applied = await session.apply(false, 1);
  if (!applied.ok) throw new Error(applied.errors.join('\n'));
  return { week1: first.lines.ids, week2: applied.view.lines.ids, uncertain: uncertain! };
}

/** A new page with week 1's list made under the selected reward; its ids. */
async function planWithFirstList(): Promise<{ page: Page; problems: string[]; week1: string[] }> {
  const { page, problems } = await openPage(site);
  await readHistoryRegister(page, site);
  const week1 = await makeFirstList(page, SELECTED, BUDGET);
  return { page, problems, week1 };
}

/** A new page whose plan has week 1 applied (everyone listed was called); week 1's ids and its outcomes file. */
async function planWithWeekApplied() {
  const opened = await planWithFirstList();
  const outcomes = outcomesCsv(new Set(opened.week1));
  await uploadOutcomes(opened.page, 'week.csv', outcomes);
  await confirmOutcomes(opened.page);
  return { ...opened, outcomes };
}

describe('the weekly plan', () => {
  test(
    "offers a finished run's selected reward for a register with histories, and catches a typo as " + 'it is typed',
    async () => {
      const { page, problems } = await openPage(site);
      await finishDlmRun(page, fake, replies);
      expect(await page.getByTestId('selected-expression').textContent()).toBe(SELECTED);
      await page.goto(`${site.url}#/plan`);
      await shoot(page, 'empty');
      await readHistoryRegister(page, site);
      expect(await page.getByTestId('register-summary').textContent()).toMatch(
        new RegExp(`^\\s*${NUM} beneficiaries from history\\.csv.*${WEEKS} weeks of history`, 's'),
      );
      const option = page.locator('#policy-choice option', { hasText: 'the reward it selected' });
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
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  test("makes week 1's list with the reward, downloads it, and keeps it across a reload", async () => {
    const { page, problems, week1 } = await planWithFirstList();
    expect(await page.getByTestId('plan-answer').textContent()).toMatch(
      new RegExp(`Call these ${BUDGET} of ${NUM} beneficiaries`),
    );
    expect(await page.getByTestId('plan-answer').textContent()).toContain(SELECTED);
    const table = parseCsv((await downloadList(page)).replace(/^\uFEFF/, ''));
    expect(table.header).toEqual([
      'id',
      'rank',
      'reason',
      'chance',
      'borderline',
      'index',
      'default_rank',
      'features',
      'age',
      'low_income',
      'reason_detail',
      'index_full',
    ]);
    expect(table.rows.map((r) => Number(r.fields[1]))).toEqual([1, 2, 3, 4, 5, 6]);
    // her raw values beside her buckets in words (the same file as `allot plan --out`)
    for (const r of table.rows) expect(Number(r.fields[8])).toBeGreaterThanOrEqual(18);
    expect(table.rows.map((r) => r.fields[0])).toEqual(week1);
    // Each line's chance: the page's 20 draws (WASM Beta sampler in the plan worker) are Node's, by seed.
    const { uncertain } = await replay(() => outcomesCsv(new Set(week1)));
    await page.getByTestId('chance-sentences').waitFor({ timeout: 20_000 });
    const chances = (await page.getByTestId('chance').allTextContents()).map((t) => t.replace('borderline', '').trim());
    expect(chances).toEqual(Array.from(uncertain.membership, (m) => percent(m, 0)));
    await shoot(page, 'week-1');
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
    expect(idsOf(await downloadList(page))).toEqual(week1);
    expect(problems).toEqual([]);
    await page.close();
  });

  test("previews the week's outcomes with clear errors, and saves nothing until confirmed", async () => {
    const { page, problems, week1 } = await planWithFirstList();
    const weekBefore = await page.getByTestId('plan-week').getAttribute('data-week');
    await uploadOutcomes(page, 'bad.csv', 'id,called,engaged\nm000,1,1\nnobody,0,2\n');
    // one line per column, in words, with the file, the column, the value and its line
    const told = await page.getByTestId('plan-problems').textContent();
    expect(told).toMatch(/bad\.csv, column 1 \("id"\): an id is not in the register, e\.g\. "nobody" \(line 3\)/);
    expect(told).toMatch(
      /bad\.csv, column 3 \("engaged"\): a value is not read as engaged or not, e\.g\. "2" \(line 3\)/,
    );
    await shoot(page, 'outcomes-error');
    await page.reload();
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
    expect(await page.getByTestId('plan-week').getAttribute('data-week')).toBe(weekBefore);
    await uploadOutcomes(page, 'week.csv', outcomesCsv(new Set(week1)));
    expect(await page.getByTestId('outcomes-preview').textContent()).toMatch(
      new RegExp(`${NUM} beneficiaries; ${BUDGET} called \\(${BUDGET} of the ${BUDGET} planned calls were made\\)`),
    );
    await shoot(page, 'outcomes-preview');
    await page.reload();
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
    expect(await page.getByTestId('plan-week').getAttribute('data-week')).toBe(weekBefore);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('confirming applies the week and gives a next list that follows the new states; a reload keeps it', async () => {
    const { page, problems, week1, outcomes } = await planWithWeekApplied();
    const week2 = idsOf(await downloadList(page));
    const expected = await replay(() => outcomes);
    expect(expected.week1).toEqual(week1);
    expect(week2).toEqual(expected.week2);
    await shoot(page, 'week-2');
    const week = await page.getByTestId('plan-week').getAttribute('data-week');
    await page.reload();
    await expect.poll(() => page.getByTestId('plan-week').getAttribute('data-week'), { timeout: 20_000 }).toBe(week);
    expect(idsOf(await downloadList(page))).toEqual(week2);
    expect(await page.getByTestId('chart-plan-calls-by-week').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('asks before the same week twice: Apply waits for a yes', async () => {
    const { page, problems, outcomes } = await planWithWeekApplied();
    await uploadOutcomes(page, 'week.csv', outcomes);
    expect(await page.getByTestId('outcomes-question').textContent()).toMatch(
      /has the same rows as the outcomes of week \d+, already applied/,
    );
    expect(await page.getByTestId('confirm-outcomes').isDisabled()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('replaces the last applied week when the user says so, and stays on the same week', async () => {
    const { page, problems, week1 } = await planWithWeekApplied();
    const week = await page.getByTestId('plan-week').getAttribute('data-week');
    await page.getByTestId('replace-week').check();
    // Only half of the planned calls were made this time.
    await uploadOutcomes(page, 'week-corrected.csv', outcomesCsv(new Set(week1.slice(0, BUDGET / 2))));
    expect(await page.getByTestId('confirm-outcomes').textContent()).toMatch(
      new RegExp(`Replace week ${Number(week) - 1}'s outcomes`),
    );
    await page.getByTestId('confirm-outcomes').click();
    await expect.poll(() => page.getByTestId('outcomes-preview').count(), { timeout: 20_000 }).toBe(0);
    expect(await page.getByTestId('plan-week').getAttribute('data-week')).toBe(week);
    const chart = page.getByTestId('chart-plan-calls-by-week');
    await chart.getByRole('button', { name: 'Show table' }).click();
    expect(await chart.locator('tbody tr').first().locator('td').allTextContents()).toEqual([
      String(Number(week) - 1),
      String(BUDGET),
      String(BUDGET / 2),
      String(BUDGET / 2),
      expect.any(String),
    ]);
    await shoot(page, 'week-2-replaced');
    expect(problems).toEqual([]);
    await page.close();
  });
});
