// Layout on every screen with results loaded, at 1280 px and 390 px: no horizontal overflow of the
// page, and no text cut without its full form at hand (a title, or the chart's table view). Each
// screen is photographed into test-results/layout/ (the artifacts to look at).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { useBuiltSite, useFakeProvider, watchProblems } from './browser.ts';
import { configureProvider, KEY, scriptedReplies } from './run-helpers.ts';

const REWARDS = ['state * (1 + 3 * agent_feats[11])', 'state * (1 + 2 * agent_feats[35])', 'state * (1 + agent_feats[11] + agent_feats[35])', 'state + state * agent_feats[8]'];
const DIR = 'test-results/layout';
const CSV = 'id,q00,q01,q10,q11,lang_a,lang_b,age\na,0.1,0.3,0.6,0.9,1,0,23\nb,0.2,0.4,0.7,0.95,0,1,41\nc,0.05,0.2,0.5,0.8,1,0,35\n';

const site = useBuiltSite();
const fake = useFakeProvider({ key: KEY, reply: scriptedReplies(REWARDS) });
let page: Page;
let problems: string[];
let runUrl = '';
beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  problems = watchProblems(page);
  await page.goto(site.url);
}, 60_000);

/** What overflows: the page's width beyond the window, and elements whose text is cut with no title. */
async function layoutProblems(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) {
      out.push(`the page is ${doc.scrollWidth} px wide in a ${window.innerWidth} px window`);
      // the outermost elements that stick out: their parents fit
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const right = el.getBoundingClientRect().right, parent = el.parentElement?.getBoundingClientRect().right ?? 0;
        if (right > window.innerWidth + 1 && parent <= window.innerWidth + 1) out.push(`  ${el.tagName.toLowerCase()}.${el.className} (${el.dataset.testid ?? ''}) reaches ${Math.round(right)} px`);
      }
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.closest('svg, .visually-hidden') || !el.textContent?.trim()) continue;
      const style = getComputedStyle(el);
      const clips = style.textOverflow === 'ellipsis' || ((style.overflowX === 'hidden' || style.overflowX === 'clip') && style.whiteSpace === 'nowrap');
      if (clips && el.scrollWidth > el.clientWidth + 1 && !el.title && !el.closest('[title]')) out.push(`text cut without a title: "${el.textContent.trim().slice(0, 60)}"`);
      const rect = el.getBoundingClientRect();
      if (rect.width > 0 && rect.right > window.innerWidth + 1 && !el.closest('.table-wrap, [data-scroll-region], .scroll')) {
        // inside a sideways-scrolling region is fine; anything else sticking out of the window is not
        let scroller: HTMLElement | null = el.parentElement;
        while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
        if (!scroller) out.push(`${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''} reaches ${Math.round(rect.right)} px`);
      }
    }
    for (const t of Array.from(document.querySelectorAll('svg text'))) {
      if (t.textContent?.includes('…') && !t.querySelector('title') && !t.closest('g')?.querySelector('title')) out.push(`chart label cut without its full form: "${t.textContent}"`);
    }
    return [...new Set(out)].slice(0, 20);
  });
}

async function check(name: string) {
  const found: string[] = [];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${DIR}/${name}-${width}-first-screen.png` });
    found.push(...(await layoutProblems(page)).map((p) => `${width} px: ${p}`));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

describe('layout of every screen with results loaded', () => {
  test('a finished DLM run: its results page', async () => {
    await page.getByTestId('priority').fill('Prioritize older mothers (ages 51-60) and those who are to be called in the morning');
    await page.getByTestId('trials').fill('20');
    await configureProvider(page, fake);
    // the Engine check answers in words first, from the indices the engine computed; the table below
    await expect.poll(() => page.getByTestId('first-call-words').locator('p').first().textContent(), { timeout: 15_000 }).toMatch(/^Call mother A \(drifting away, responds to calls\) first, engaged or not: .* a call helps her most/);
    expect(await page.getByTestId('first-call-words').textContent()).toMatch(/Call mother D \(engaged on her own\) last/);
    expect(await page.getByTestId('example-indices').count()).toBe(1);
    expect.soft(await check('start')).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('engine-check').screenshot({ path: `${DIR}/engine-check-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('start-run').click();
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 90_000 }).toBe('Done');
    runUrl = page.url();
    await expect.poll(() => page.getByTestId('results-in-words').count()).toBe(1);
    await page.waitForTimeout(500);
    expect.soft(await check('results-dlm')).toEqual([]);
  }, 120_000);

  test('What-if with two compared candidates', async () => {
    await page.goto(`${site.url}#/what-if`);
    await expect.poll(() => page.getByTestId('candidate-status').first().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    for (const expression of ['state * (1 + 4 * agent_feats[11])', 'state * (1 + agent_feats[42])']) {
      await page.getByRole('button', { name: 'Add a reward' }).click();
      await page.locator('textarea').last().fill(expression);
    }
    await expect.poll(async () => (await page.getByTestId('candidate-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).every((s) => s === 'done'), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('candidate-in-words').count()).toBe(2);
    expect.soft(await check('what-if')).toEqual([]);
  }, 90_000);

  test('Data with a saved population, History with the run and its rerun side by side, glossary terms on focus', async () => {
    await page.goto(`${site.url}#/data`);
    await page.getByTestId('import-file').setInputFiles({ name: 'clinic.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await expect.poll(() => page.getByTestId('import-preview').count(), { timeout: 15_000 }).toBe(1);
    expect.soft(await check('data-preview')).toEqual([]);
    await page.getByTestId('save-population').click();
    await expect.poll(() => page.getByTestId('population').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect.soft(await check('data')).toEqual([]);
    await page.goto(`${site.url}#/history`);
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // a second finished run (a rerun replays the first's transcript), then both side by side
    await page.getByRole('button', { name: /^Rerun DLM/ }).first().click();
    await expect.poll(() => page.getByTestId('history-status').textContent(), { timeout: 60_000 }).toMatch(/Rerun saved as/);
    expect.soft(await check('history')).toEqual([]);
    const picks = page.getByTestId('pick-run');
    await picks.nth(0).check();
    await picks.nth(1).check();
    await page.getByTestId('compare-runs').click();
    await expect.poll(() => page.getByTestId('results-in-words').count(), { timeout: 15_000 }).toBe(2);
    expect.soft(await check('side-by-side')).toEqual([]);
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
  }, 120_000);
});
