// A plan travels and a week cannot go wrong, in Chromium against the built site with real IndexedDB
// (issue 25, items 5 and 6; issue 29, items 3 and 5): a plan made in the app is exported, continued
// with `allot plan --outcomes` (in this process, through main()), imported back, and gives the same
// next list as the command line; the same rows again (re-saved with CRLF, a BOM, quotes, columns
// reordered) and a file with none of the planned calls are questions; a file for another week says
// so in its preview; after Apply a confirmation and focus on the new list's heading; the outcomes
// upload a few Tabs from the list; the setup kept across a reload; a damaged saved plan shown as
// damaged, with what can still be exported; a plan changed from two tabs loses nothing (issue 29, item 1).
// Screenshots at 1280 and 390 px of each new state.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { runMain } from '../unit/cli/run-main.ts';
import { axeViolations } from './accessibility.ts';
import { useBuiltSite, watchProblems } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import {
  confirmOutcomes,
  downloadList,
  idsOf,
  makeFirstList,
  NUM,
  outcomesCsv,
  readHistoryRegister,
  uploadOutcomes,
} from './plan-fixture.ts';
import { ARTIFACTS, openPage } from './run-helpers.ts';

const REWARD = 'state * (1 + 0.05 * agent_feats[0] + agent_feats[1])';
const BUDGET = 6;
const site = useBuiltSite();
const dir = mkdtempSync(join(tmpdir(), 'allot-plan-travel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function shoot(page: Page, name: string) {
  expect(await layoutAtBothWidths(page, `plan-${name}`, ARTIFACTS)).toEqual([]);
}

/** A new page with week 8's list made; its ids. */
async function planWithFirstList() {
  const { page, problems } = await openPage(site);
  await readHistoryRegister(page, site);
  const week1 = await makeFirstList(page, REWARD, BUDGET);
  return { page, problems, week1 };
}

/** Exports the plan from All plans; the file's path. */
async function exportFromAllPlans(page: Page): Promise<string> {
  await page.goto(`${site.url}#/plan`);
  await expect.poll(() => page.getByTestId('export-plan').count(), { timeout: 20_000 }).toBe(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-plan').click()]);
  const path = join(dir, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

describe('a plan travels', () => {
  test('export an app plan, continue it with allot plan --outcomes, import it back: the same next list', async () => {
    const { page, problems, week1 } = await planWithFirstList();
    const exported = await exportFromAllPlans(page);
    expect(exported).toMatch(/-week-8\.json$/);
    expect(await page.getByTestId('export-status').textContent()).toContain('allot plan --state');
    await shoot(page, 'all-plans-exported');
    // the command line continues it (on its own copy): week 8's outcomes, week 9's list
    const outcomes = join(dir, 'week8.csv');
    writeFileSync(outcomes, outcomesCsv(new Set(week1)));
    const onCli = join(dir, 'on-the-command-line.json');
    copyFileSync(exported, onCli);
    const cli = await runMain([
      'plan',
      '--state',
      onCli,
      '--outcomes',
      outcomes,
      '--out',
      join(dir, 'week9.csv'),
      '--json',
    ]);
    expect(cli.stderr).toBe('');
    const week9 = JSON.parse(cli.stdout);
    expect(week9.week).toBe(9);
    // back into the app: the saved plan (week 8) is replaced by the file's (week 9), when she says so
    await page
      .getByTestId('import-plan')
      .setInputFiles({ name: 'travelled.json', mimeType: 'application/json', buffer: readFileSync(onCli) });
    await expect.poll(() => page.getByTestId('import-question').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('import-question').textContent()).toMatch(
      /already saved here \(at week 8; the file is at week 9\)/,
    );
    await shoot(page, 'import-question');
    await page.getByTestId('import-replace').click();
    await expect.poll(() => page.getByTestId('plan-week').getAttribute('data-week'), { timeout: 20_000 }).toBe('9');
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
    expect(idsOf(await downloadList(page))).toEqual(week9.calls.map((c: { id: string }) => c.id));
    // the app applies the same week to its own copy and gets the same list (one plan use-case)
    await page.goto(`${site.url}#/plan`);
    await page
      .getByTestId('import-plan')
      .setInputFiles({ name: 'copy.json', mimeType: 'application/json', buffer: readFileSync(exported) });
    await expect.poll(() => page.getByTestId('import-question').count(), { timeout: 20_000 }).toBe(1);
    // the file is the app's own week-8 export, the saved plan is now at week 9: keep both
    await page.getByTestId('import-copy').click();
    await expect.poll(() => page.getByTestId('plan-week').getAttribute('data-week'), { timeout: 20_000 }).toBe('8');
    await uploadOutcomes(page, 'week8.csv', outcomesCsv(new Set(week1)));
    await confirmOutcomes(page);
    expect(idsOf(await downloadList(page))).toEqual(week9.calls.map((c: { id: string }) => c.id));
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a damaged saved plan is shown as damaged, and what can be read is exported', async () => {
    const { page, problems } = await planWithFirstList();
    const id = decodeURIComponent(page.url().split('#/plan/')[1]);
    // the register's ids cut to 5 of 60, as the attack left a record
    await page.evaluate(async (planId) => {
      const db = await new Promise<IDBDatabase>(
        (done) => (indexedDB.open('allot').onsuccess = (e) => done((e.target as IDBOpenDBRequest).result)),
      );
      const store = db.transaction('plan-registers', 'readwrite').objectStore('plan-registers');
      const record = await new Promise<any>(
        (done) => (store.get(planId).onsuccess = (e) => done((e.target as IDBRequest).result)),
      );
      record.register.ids = { text: 'a\nb\nc\nd\ne', ends: Uint32Array.of(1, 3, 5, 7, 9) };
      await new Promise((done) => (store.put(record).onsuccess = done));
      db.close();
    }, id);
    await page.reload();
    await expect.poll(() => page.getByTestId('plan-damaged').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('plan-damaged').textContent()).toContain(
      'the saved plan "history": "register.ids" holds 5 ids, expected 60',
    );
    expect(await page.getByTestId('call-row').count()).toBe(0);
    await shoot(page, 'damaged');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-damaged').click()]);
    const saved = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(saved).toMatchObject({
      format: 'allot-plan-damaged',
      problem: expect.stringContaining('"register.ids" holds 5 ids'),
    });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('a week that cannot go wrong', () => {
  test("after Apply a confirmation, and the view on the new list's answer with focus on its heading", async () => {
    const { page, problems, week1 } = await planWithFirstList();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await uploadOutcomes(page, 'week.csv', outcomesCsv(new Set(week1)));
    await confirmOutcomes(page);
    const engaged = outcomesCsv(new Set(week1))
      .trim()
      .split('\n')
      .slice(1)
      .filter((l) => l.endsWith(',1')).length;
    await expect
      .poll(() => page.getByTestId('week-applied').textContent())
      .toBe(`Week 8 applied: ${BUDGET} calls made, ${engaged} engaged. Week 9's list is ready.`);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('week-heading');
    const top = await page.evaluate(() => document.getElementById('week-heading')!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
    await shoot(page, 'week-applied');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test(
    'the same rows again (re-saved with CRLF, a BOM, quotes, columns reordered) and a file with no planned call ' +
      'are questions',
    async () => {
      const { page, problems, week1 } = await planWithFirstList();
      const text = outcomesCsv(new Set(week1));
      await uploadOutcomes(page, 'week.csv', text);
      await confirmOutcomes(page);
      const resaved =
        '\ufeff' +
        text
          .trim()
          .split('\n')
          .map((l) => l.split(','))
          .map(([id, c, e]) => `"${e}","${c}","${id}"`)
          .join('\r\n') +
        '\r\n';
      await uploadOutcomes(page, 'week (1).csv', resaved);
      expect(await page.getByTestId('outcomes-question').textContent()).toContain(
        'week (1).csv has the same rows as the outcomes of week 8, already applied (from week.csv)',
      );
      expect(await page.getByTestId('confirm-outcomes').isDisabled()).toBe(true);
      await shoot(page, 'outcomes-question');
      // none of week 9's planned calls made
      await uploadOutcomes(page, 'nobody.csv', outcomesCsv(new Set()));
      expect(await page.getByTestId('outcomes-question').textContent()).toContain(
        `None of the ${BUDGET} planned calls of week 9 were made according to nobody.csv`,
      );
      await page.getByTestId('outcomes-yes').check();
      await confirmOutcomes(page);
      expect(await page.getByTestId('week-applied').textContent()).toMatch(/^Week 9 applied: 0 calls made/);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  test("a plan changed from two tabs loses nothing: the second tab's apply of the same week is refused", async () => {
    // two tabs of one browser: one context, so one IndexedDB
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(site.url);
    await readHistoryRegister(page, site);
    const week1 = await makeFirstList(page, REWARD, BUDGET);
    const other = await context.newPage();
    await other.goto(page.url());
    await expect.poll(() => other.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
    await uploadOutcomes(page, 'week.csv', outcomesCsv(new Set(week1)));
    await confirmOutcomes(page);
    // the other tab still shows week 8: its apply is refused by the store, with nothing changed
    await uploadOutcomes(other, 'week-other.csv', outcomesCsv(new Set(week1.slice(0, 2))));
    await other.getByTestId('confirm-outcomes').click();
    await expect.poll(() => other.getByTestId('plan-problems').count(), { timeout: 20_000 }).toBe(1);
    expect(await other.getByTestId('plan-problems').textContent()).toContain(
      "Week 8's outcomes are already applied. Nothing was changed",
    );
    await other.reload();
    await expect.poll(() => other.getByTestId('plan-week').getAttribute('data-week'), { timeout: 20_000 }).toBe('9');
    expect(idsOf(await downloadList(other))).toEqual(idsOf(await downloadList(page)));
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a file for another week says so in its preview', async () => {
    const { page, problems, week1 } = await planWithFirstList();
    const withWeek = outcomesCsv(new Set(week1))
      .trim()
      .split('\n')
      .map((l, i) => (i === 0 ? `${l},week` : `${l},5`))
      .join('\n');
    await uploadOutcomes(page, 'week5.csv', withWeek);
    expect(await page.getByTestId('plan-problems').textContent()).toContain(
      'week5.csv holds week 5, which is already applied (the plan is at week 8); only the last applied week can ' +
        'be replaced',
    );
    expect(await page.getByTestId('outcomes-preview').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a keyboard user reaches the outcomes upload from the list in a few Tabs', async () => {
    const { page, problems } = await planWithFirstList();
    await expect.poll(() => page.locator('#outcomes-file').count()).toBe(1);
    await page.locator('#week-heading').focus();
    const active = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') || document.activeElement?.id || '');
    let inList = 0;
    const tabsTo = async (target: string, limit = 40) => {
      for (let n = 1; n <= limit; n++) {
        await page.keyboard.press('Tab');
        inList += await page.evaluate(() => (document.activeElement?.closest('[data-testid="call-row"]') ? 1 : 0));
        if ((await active()) === target) return n;
      }
      return Infinity;
    };
    const toSkip = await tabsTo('skip-to-outcomes');
    // the heading's two terms, the list's three downloads and What-if, then the skip
    expect(toSkip).toBeLessThanOrEqual(7);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('outcomes-file');
    // without the skip button: no line of the list is a tab stop (the chart's buttons and the glossary's remain)
    await page.locator('#week-heading').focus();
    expect(await tabsTo('outcomes-file')).toBeLessThanOrEqual(20);
    expect(inList).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('the setup form survives a reload: the register read again, the policy, budget and name kept', async () => {
    const { page, problems } = await openPage(site);
    await readHistoryRegister(page, site);
    await page.locator('#plan-reward').fill(REWARD);
    await page.getByTestId('plan-budget').fill('7');
    await page.getByTestId('plan-name').fill('Village A');
    await page.waitForTimeout(800);
    await page.reload();
    await expect.poll(() => page.getByTestId('register-summary').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('register-summary').textContent()).toContain(`${NUM} beneficiaries from history.csv`);
    expect(await page.getByTestId('setup-restored').textContent()).toContain('history.csv');
    expect(await page.locator('#plan-reward').inputValue()).toBe(REWARD);
    expect(await page.getByTestId('plan-budget').inputValue()).toBe('7');
    expect(await page.getByTestId('plan-name').inputValue()).toBe('Village A');
    await shoot(page, 'setup-restored');
    // once the plan is made, the setup is forgotten
    await page.getByTestId('make-list').click();
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(7);
    await page.goto(`${site.url}#/plan`);
    await page.reload();
    await expect.poll(() => page.getByTestId('saved-plans').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('setup-restored').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
