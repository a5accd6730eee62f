// The Data screen in Chromium against the built site, with the real IndexedDB: a malformed CSV is
// refused with its line and column and nothing is saved; a valid one is previewed, saved, and still
// there after a reload; a 100,000-arm file is parsed in the worker (timings printed, not asserted).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { axeViolations } from './accessibility.ts';
import { useBuiltSite, useFakeProvider, watchProblems } from './browser.ts';
import { configureProvider, KEY, promptOf, scriptedReplies } from './run-helpers.ts';

const site = useBuiltSite();

const GOOD = 'id,q00,q01,q10,q11,age\na,0.1,0.3,0.6,0.9,23\nb,0.2,0.4,0.7,0.95,41\nc,0.05,0.2,0.5,0.8,35\n';

function upload(page: Page, name: string, text: string) {
  return page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

/** A population CSV of `n` 2-state arms with a one-hot group and a numeric feature. */
function bigCsv(n: number): string {
  const lines = ['id,q00,q01,q10,q11,lang_a,lang_b,age'];
  for (let i = 0; i < n; i++) {
    const q00 = ((i * 7919) % 100) / 500;
    lines.push(`arm${i},${q00},${q00 + 0.2},${0.6 + q00},${0.7 + q00},${i % 2},${1 - (i % 2)},${18 + (i % 40)}`);
  }
  return lines.join('\n') + '\n';
}

describe('the data screen', () => {
  test('refuses a malformed CSV with its line and column, and saves nothing', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}#/data`);
    await expect.poll(() => page.getByTestId('no-populations').count(), { timeout: 15_000 }).toBe(1);
    await upload(page, 'broken.csv', 'id,q00,q01,q10,q11,age\na,0.1,0.3,0.6,0.9,23\nb,0.2,zero,0.7,0.95,41\n');
    const error = page.getByTestId('import-error');
    await expect.poll(() => error.count(), { timeout: 15_000 }).toBe(1);
    expect(await error.textContent()).toMatch(/broken\.csv, line 3, column 3 \("q01"\)/);
    expect(await page.getByTestId('import-error-place').textContent()).toBe('Line 3, column 3 ("q01").');
    expect(await page.getByTestId('import-preview').count()).toBe(0);
    await page.screenshot({ path: 'test-results/data-error.png', fullPage: true });
    await page.reload();
    await expect.poll(() => page.getByTestId('no-populations').count(), { timeout: 15_000 }).toBe(1);
    await context.close();
  });

  test('previews a valid CSV, saves it, and still has it after a reload; exports it as JSON', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${site.url}#/data`);
    await upload(page, 'village.csv', GOOD);
    const preview = page.getByTestId('import-preview');
    await expect.poll(() => preview.count(), { timeout: 15_000 }).toBe(1);
    expect(await preview.locator('caption').first().textContent()).toBe('First 3 of 3 arms');
    expect(await page.getByTestId('populations').count()).toBe(0);
    await page.screenshot({ path: 'test-results/data-preview.png', fullPage: true });
    await page.getByTestId('save-population').click();
    await expect.poll(() => page.getByTestId('population').count()).toBe(1);

    await page.reload();
    await expect.poll(() => page.getByTestId('population').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('population').textContent()).toContain('village');
    await page.getByRole('button', { name: 'Inspect village' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON of village' }).click(),
    ]);
    const json = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(json).toMatchObject({ format: 'allot-instance', numArms: 3, ids: ['a', 'b', 'c'] });
    await page.screenshot({ path: 'test-results/data-saved.png', fullPage: true });

    // The What-if screen offers it.
    await page.goto(`${site.url}#/what-if`);
    await expect
      .poll(() => page.locator('#population-source option', { hasText: 'village' }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.locator('#population-source').selectOption({ label: 'village' });
    await expect
      .poll(() => page.getByTestId('population-summary').textContent())
      .toMatch(/^3 arms, 2 states, budget 1/);
    await expect
      .poll(() => page.getByTestId('candidate-status').first().getAttribute('data-status'), { timeout: 30_000 })
      .toBe('done');

    await page.goto(`${site.url}#/data`);
    await page.getByRole('button', { name: 'Delete village' }).click();
    await page.getByRole('button', { name: 'Delete village for good' }).click();
    await expect.poll(() => page.getByTestId('no-populations').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('imports 100,000 arms in the worker (figures printed)', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}#/data`);
    await page.evaluate(() => {
      const w = window as unknown as { tasks: number[][] };
      w.tasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.tasks.push([Math.round(e.startTime), Math.round(e.duration)]);
      }).observe({ type: 'longtask', buffered: false });
    });
    const text = bigCsv(100_000);
    const now = () => page.evaluate(() => Math.round(performance.now()));
    // Handing the file to the page (Playwright builds it in the page) is the test's own work, not the app's.
    const file = await (async () => {
      const t0 = await now();
      const handle = await page.evaluateHandle((t) => new File([t], 'big.csv', { type: 'text/csv' }), text);
      return { handle, t0, t1: await now() };
    })();
    const selected = await now();
    await page.getByTestId('import-file').evaluate((input: HTMLInputElement, f) => {
      const dt = new DataTransfer();
      dt.items.add(f as unknown as File);
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, file.handle);
    const timing = page.getByTestId('import-timing');
    await expect.poll(() => timing.count(), { timeout: 60_000 }).toBe(1);
    expect(await page.getByTestId('import-preview').locator('caption').first().textContent()).toBe(
      'First 5 of 100,000 arms',
    );
    const tasks = async (from: number) =>
      (await page.evaluate(() => (window as unknown as { tasks: number[][] }).tasks)).filter(
        ([start]) => start >= from,
      );
    const longest = async (from: number) => Math.max(0, ...(await tasks(from)).map(([, d]) => d));
    console.log(
      `100,000-arm CSV (${(text.length / 1e6).toFixed(1)} MB): ${await timing.textContent()} Longest main-thread ` +
        `task of the app while importing: ${await longest(selected)} ms (the test building the File in the page: ` +
        `${file.t1 - file.t0} ms).`,
    );
    // Typing cut points for age, keystroke by keystroke: each bands that column alone (a figure, not a limit).
    const age = page.locator('[data-testid="column-use"][data-kind="numeric"]');
    await age.getByTestId('band-by').selectOption('cuts');
    const perKey = await age.getByTestId('band-cuts').evaluate(async (input: HTMLInputElement) => {
      const times: number[] = [];
      for (const text of ['2', '25', '25,', '25, 3', '25, 35']) {
        const t0 = performance.now();
        input.value = text;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((done) => setTimeout(done)); // the update runs before the next task
        times.push(performance.now() - t0);
      }
      return times;
    });
    await expect
      .poll(() => age.getByTestId('column-use-words').textContent())
      .toMatch(/banded at your cut points into the group “age” with 3 buckets: <= 25 · 26-35 · > 35$/);
    console.log(
      `Typing "25, 35" into the age cut points at 100,000 arms: ${perKey.map((t) => t.toFixed(1)).join(', ')} ms ` +
        `per keystroke (input to the page's next task).`,
    );
    const saving = await now();
    const started = Date.now();
    await page.getByTestId('save-population').click();
    await expect.poll(() => page.getByTestId('population').count(), { timeout: 60_000 }).toBe(1);
    console.log(
      `Saved to IndexedDB in ${Date.now() - started} ms (seen from the test); longest main-thread task while ` +
        `saving: ${await longest(saving)} ms.`,
    );
    await context.close();
  });
});

describe('an imported population with numeric and yes/no columns', () => {
  // 12 mothers: an age in years (numbers), a yes/no column, and a one-hot language group, with the user's spelling.
  const CSV =
    'id,q00,q01,q10,q11,Age (years),Low income,lang_hindi,lang_marathi\n' +
    Array.from(
      { length: 12 },
      (_, i) =>
        `m${i},${0.05 + 0.02 * i},${0.3 + 0.03 * i},0.6,0.9,` +
        `${18 + 2 * i},${i % 3 === 0 ? 1 : 0},${i % 2},${1 - (i % 2)}`,
    ).join('\n') +
    '\n';
  const REWARDS = ['state * (1 + 2 * agent_feats[1])', 'state * (1 + 0.1 * agent_feats[0])'];
  const fake = useFakeProvider({ key: KEY, reply: scriptedReplies(REWARDS) });

  test(
    'lists each column with what allot does with it, bands the numbers at cut points she types, and a DLM run ' +
      'on it finishes',
    async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(`${site.url}#/data`);
      await upload(page, 'clinic.csv', CSV);
      const uses = page.getByTestId('column-uses');
      await expect.poll(() => uses.count(), { timeout: 15_000 }).toBe(1);
      // the preview's header and the column list keep her names as written
      expect(await page.getByTestId('import-preview').locator('thead th').allTextContents()).toContain('Age (years)');
      const items = uses.getByTestId('column-use');
      expect(
        await items.evaluateAll((els) =>
          els.map((e) => [e.querySelector('strong')?.textContent, e.getAttribute('data-kind')]),
        ),
      ).toEqual([
        ['Age (years)', 'numeric'],
        ['Low income', 'binary'],
        ['lang_hindi', 'one-hot'],
        ['lang_marathi', 'one-hot'],
      ]);
      expect(await items.nth(0).getByTestId('column-use-words').textContent()).toBe(
        'numbers from 18 to 40, banded at its quantiles into the group “Age (years)” with 4 buckets: <= 22 · 23-28 · ' +
          '29-34 · > 34',
      );
      expect(await items.nth(1).getByTestId('column-use-words').textContent()).toBe(
        'yes/no: the group “Low income” with two buckets, no · yes',
      );
      expect(await uses.textContent()).toMatch(/id: names each beneficiary/);
      // her own cut points
      await items.nth(0).getByTestId('band-by').selectOption('cuts');
      expect(await items.nth(0).getByTestId('band-cuts').inputValue()).toBe('22, 28, 34');
      await items.nth(0).getByTestId('band-cuts').fill('25, 35, 20');
      await expect
        .poll(() => items.nth(0).getByRole('alert').textContent())
        .toBe('the cut points of "Age (years)" must increase: 35 then 20');
      await items.nth(0).getByTestId('band-cuts').fill('25, 35');
      await expect
        .poll(() => items.nth(0).getByTestId('column-use-words').textContent())
        .toMatch(/banded at your cut points into the group “Age \(years\)” with 3 buckets: <= 25 · 26-35 · > 35$/);
      // the groups table of the preview counts the arms of each band: 18..24 (4), 26..34 (5), 36..40 (3)
      expect(
        await page.getByTestId('import-preview').locator('table', { hasText: 'Buckets (arms)' }).textContent(),
      ).toMatch(/<= 25 \(4\) · 26-35 \(5\) · > 35 \(3\)/);
      await page.screenshot({ path: 'test-results/data-columns.png', fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: 'test-results/data-columns-390.png', fullPage: true });
      await uses.screenshot({ path: 'test-results/data-columns-list-390.png' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(391);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByTestId('save-population').click();
      await expect.poll(() => page.getByTestId('population').count(), { timeout: 15_000 }).toBe(1);

      // A DLM run on it: the prompt lists the features by her names, the reflection sees the banded groups, and it
      // finishes.
      await page.goto(site.url);
      const option = page.getByTestId('population').locator('optgroup[label="Imported"] option').first();
      await expect.poll(() => option.count(), { timeout: 15_000 }).toBe(1);
      await page.getByTestId('population').selectOption(await option.getAttribute('value'));
      await page.getByTestId('priority').fill('Prioritize mothers with a low income');
      for (const [field, value] of [
        ['rounds', '2'],
        ['candidates', '2'],
        ['trials', '10'],
      ])
        await page.getByTestId(field).fill(value);
      await configureProvider(page, fake);
      await page.getByTestId('start-run').click();
      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 90_000 }).toBe('Done');
      const prompts = fake.calls().map((c) => promptOf(JSON.parse(c.rawBody)));
      expect(prompts[0]).toMatch(/\n0\. Age \(years\) - /);
      expect(prompts[0]).toMatch(/\n1\. Low income - /);
      const reflection = prompts.find((p) => p.includes('identify the index of the most effective reward function'));
      expect(reflection).toMatch(/Category: Age \(years\)\n<= 25: [\d.]+%\n26-35: [\d.]+%\n> 35: [\d.]+%/);
      expect(reflection).toMatch(/Category: Low income\nno: [\d.]+%\nyes: [\d.]+%/);
      expect(problems).toEqual([]);
      await page.close();
    },
    150_000,
  );
});
