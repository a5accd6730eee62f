// The list per health worker on paper and in files (issue 26), in Chromium against the built site: a plan
// with a worker column and one capacity; the answer says how the calls spread over the workers and which
// capacities bind; printed to PDF (A4, as the Print button prepares it) the one-page summary comes first,
// with the answer's sentences in the screen's order (her priority's group, then the side effects, from the
// same words module), then a section per worker, each starting a page, her name, calls and capacity in
// its heading and in the running head of each of its pages, her calls alone in rank order with her carried
// name beside her id; the download of one CSV per worker is one ZIP whose files are her lines of the one
// CSV. Layout at 1280 and 390 px.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/core/datasets/csv.ts';
import { useBuiltSite } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { pdfPages } from './pdf-text.ts';
import { featuresCsv, historyCsv, readMapped } from './plan-fixture.ts';
import { ARTIFACTS, openPage } from './run-helpers.ts';

const site = useBuiltSite();
const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
const WORKERS = ['Asha A', 'Asha B', 'आशा सी', 'Asha D'];
const features =
  featuresCsv()
    .trim()
    .split('\n')
    .map((row, i) => `${row},${i === 0 ? 'worker,name' : `${WORKERS[(i - 1) % 4]},Mother ${i}`}`)
    .join('\n') + '\n';
const REWARD = 'state * (1 + agent_feats.low_income)';

async function download(page: Page, testId: string): Promise<Buffer> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return readFileSync((await d.path())!);
}

describe('the list per health worker', () => {
  test('answer on capacities; printed sections, a page each; one CSV per worker in a ZIP', async () => {
    const { page, problems } = await openPage(site);
    await page.goto(`${site.url}#/plan`);
    await page.getByTestId('register-kind-history').check();
    await page.getByTestId('history-file').setInputFiles(csvFile('history.csv', historyCsv()));
    await page.getByTestId('features-file').setInputFiles(csvFile('features.csv', features));
    await page.getByTestId('load-register').click();
    await readMapped(page);
    await page.getByTestId('worker-column').selectOption('worker');
    await page.getByTestId('worker-capacity').fill('4');
    await page.locator('#plan-reward').fill(REWARD);
    await expect.poll(() => page.getByTestId('reward-check').count()).toBe(1);
    await page.getByTestId('plan-budget').fill('14');
    await page.getByTestId('make-list').click();
    await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 30_000 }).toBe(14);
    await expect.poll(() => page.getByTestId('chance-sentences').count(), { timeout: 120_000 }).toBe(1);

    // the answer: 14 calls over 4 workers of capacity 4 (at most 16): the spread and the binding capacities
    const said = (await page.getByTestId('worker-sentences').textContent())!.replace(/\s+/g, ' ').trim();
    expect(said).toMatch(/^14 calls over 4 of 4 health workers: [23] to 4 calls each, median [34](\.5)?\./);
    expect(said).toMatch(
      /of 4 health workers (is at her|are at their) capacity, which holds the list back: .*\(4 of 4\)/,
    );
    expect(await layoutAtBothWidths(page, 'plan-workers-answer', ARTIFACTS)).toEqual([]);

    const all = parseCsv((await download(page, 'download-list')).toString('utf8').slice(1));
    const w = all.header.indexOf('worker');
    const mine = (worker: string) => all.rows.filter((r) => r.fields[w] === worker).map((r) => r.fields);

    // the ZIP: one file per worker, her lines of the one CSV
    writeFileSync(`${ARTIFACTS}/plan-per-worker.zip`, await download(page, 'download-per-worker'));
    execFileSync('unzip', ['-tq', `${ARTIFACTS}/plan-per-worker.zip`]);
    const read =
      'import json, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\n' +
      'print(json.dumps({n: z.read(n).decode("utf-8") for n in z.namelist()}))';
    const zipped = JSON.parse(
      execFileSync('python3', ['-c', read, `${ARTIFACTS}/plan-per-worker.zip`], { encoding: 'utf8' }),
    );
    const entries = Object.entries(zipped as Record<string, string>);
    const busy = WORKERS.filter((x) => mine(x).length > 0);
    expect(entries.map(([name]) => name.split('/')[1]).sort()).toEqual(busy.map((x) => `${x}.csv`).sort());
    for (const [name, text] of entries) {
      const own = parseCsv(text.slice(1));
      expect(own.header).toEqual(all.header);
      expect(own.rows.map((r) => r.fields)).toEqual(mine(name.split('/')[1].replace(/\.csv$/, '')));
    }

    // on paper
    await page.evaluate(() => {
      window.print = () => {};
    });
    await page.getByTestId('print-list').click();
    await page.getByTestId('printed-list').waitFor({ state: 'attached' });
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    writeFileSync(`${ARTIFACTS}/plan-print-workers.pdf`, pdf);
    const [summary, ...sections] = pdfPages(pdf);
    const text = summary.lines.join(' ');
    // the screen's order, from the same words: the make-up sentences (her priority's group first; the side
    // effects under their label when there are any), then the workers'
    const screen = await page.getByTestId('plan-answer').evaluate((el) => {
      const own = [...el.querySelectorAll(':scope > p:not(.lead):not(.warn)')].map((p) => p.textContent!.trim());
      const side = el.querySelector('details > summary')?.textContent?.trim();
      const rest = [...el.querySelectorAll('details > p')].map((p) => p.textContent!.trim());
      return [...own, ...(side ? [`${side}:`, ...rest.slice(0, 3)] : [])];
    });
    screen.push(said.split('. ')[0]);
    expect(screen.length).toBeGreaterThan(1);
    const at = screen.map((sentence) => text.indexOf(sentence.slice(0, 30)));
    expect(at.every((x) => x > 0)).toBe(true);
    expect(at).toEqual([...at].sort((x, y) => x - y));
    // a section per busy worker, each on its own page(s), her heading first; her calls alone, in rank order
    expect(sections).toHaveLength(busy.length);
    const sorted = [...busy].sort((a, b) => a.localeCompare(b));
    sections.forEach((p, k) => {
      const worker = sorted[k],
        calls = mine(worker);
      // pdf-text.ts reads no Devanagari (shaped glyphs without a text mapping): Latin names are checked whole
      const name = /^[\x20-\x7e]+$/.test(worker) ? worker : '';
      const heading = `: ${calls.length} call${calls.length === 1 ? '' : 's'} this week (capacity 4)`;
      expect(p.lines[0].endsWith(heading) && p.lines[0].startsWith(name), p.lines[0]).toBe(true);
      expect(p.lines[1]).toMatch(/^Week 8 · /);
      expect(p.lines[1].endsWith(` · ${name}`) || name === '', p.lines[1]).toBe(true);
      const rows = p.lines.filter((l) => /^\d+ m\d{3} /.test(l));
      expect(rows.map((l) => l.split(' ')[0])).toEqual(calls.map((r) => r[all.header.indexOf('rank')]));
      // her carried name printed beside her id, as on screen and in the CSV
      expect(rows.map((l) => l.split(' ').slice(2, 4).join(' '))).toEqual(
        calls.map((r) => r[all.header.indexOf('name')]),
      );
    });
    await page.emulateMedia({ media: 'print' });
    expect(await layoutAtBothWidths(page, 'plan-print-workers', ARTIFACTS)).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
    console.log(`per worker: ${sections.length} sections, calls ${sorted.map((x) => mine(x).length).join(', ')}`);
    expect(problems).toEqual([]);
  });
});
