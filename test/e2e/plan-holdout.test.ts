// The holdout's evidence on the Plan screen (issue 26, item 3), in Chromium against the built site with
// real IndexedDB: a plan made by `allot plan --holdout` (in this process, through main()) with one
// week applied, imported into the app; the week's answer states the evidence in words. Screenshots
// at 1280 and 390 px.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runMainJson } from '../unit/cli/run-main.ts';
import { useBuiltSite } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { ARTIFACTS, openPage } from './run-helpers.ts';

const site = useBuiltSite();
const dir = mkdtempSync(join(tmpdir(), 'allot-plan-holdout-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the holdout on the Plan screen', () => {
  test("an imported plan with a holdout states its evidence in the week's answer", async () => {
    const path = join(dir, 'holdout.json');
    const first = await runMainJson([
      'plan',
      '--register',
      'sclm',
      '--arms',
      '300',
      '--weeks',
      '6',
      '--reward',
      'state',
      '--budget',
      '30',
      '--draws',
      '0',
      '--holdout',
      '0.2',
      '--state',
      path,
    ]);
    const ids: string[] = JSON.parse(readFileSync(path, 'utf8')).register.ids;
    const called = new Set(first.calls.map((c: { id: string }) => c.id));
    writeFileSync(
      join(dir, 'w.csv'),
      'id,called,engaged\n' +
        ids.map((id, i) => `${id},${called.has(id) ? 1 : 0},${i % 3 === 0 ? 1 : 0}`).join('\n') +
        '\n',
    );
    const next = await runMainJson(['plan', '--state', path, '--outcomes', join(dir, 'w.csv')]);
    const { page } = await openPage(site);
    await page.goto(`${site.url}#/plan`);
    await page
      .getByTestId('import-plan')
      .setInputFiles({ name: 'holdout.json', mimeType: 'application/json', buffer: readFileSync(path) });
    await expect.poll(() => page.getByTestId('holdout-evidence').count(), { timeout: 30_000 }).toBe(1);
    const text = (await page.getByTestId('holdout-evidence').textContent())!;
    expect(text).toContain('20% of mothers held out');
    expect(text).toContain('after 1 week');
    expect(text.toLowerCase()).toContain(next.evidence.sentences[1].slice(0, 40).toLowerCase());
    expect(await layoutAtBothWidths(page, 'plan-holdout-evidence', ARTIFACTS)).toEqual([]);
  });
});
