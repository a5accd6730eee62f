// Each call's chance while the posterior draws are still coming, in Chromium against the built site: a
// built-in sclm register large enough (200,000 beneficiaries, 200 draws) that the draws take seconds, so
// that the chances of a first batch are on screen before the last draws. The count so far is said in
// words (the answer and the column's head), after the first 2 draws and then each batch of 4; the final
// chances are counted from all 200. Screenshots at 1280 and 390 px while the chances are partial and when
// they are complete, the layout checked.
import { describe, expect, test } from 'vitest';
import { useBuiltSite } from './browser.ts';
import { parseCsv } from '../../src/core/datasets/csv.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { downloadList } from './plan-fixture.ts';
import { openPage } from './run-helpers.ts';

const site = useBuiltSite();
const ARMS = 200_000;
const DRAWS = 200;

describe('the chances so far', () => {
  test('come in batches of draws, said in words, then the chances from every draw', { timeout: 600_000 }, async () => {
    const { page, problems } = await openPage(site, { path: '#/plan' });
    await page.getByRole('combobox', { name: 'Population' }).selectOption('sclm');
    await page.getByTestId('register-arms').fill(String(ARMS));
    await page.getByTestId('load-register').click();
    await expect.poll(() => page.getByTestId('register-summary').count(), { timeout: 300_000 }).toBe(1);
    await page.locator('#plan-reward').fill('state * (1 + agent_feats[0])');
    await page.getByTestId('plan-budget').fill('2000');
    await page.getByLabel(/Posterior draws/).fill(String(DRAWS));
    await page.getByTestId('make-list').click();
    const soFar = page.getByTestId('uncertain-so-far');
    await soFar.waitFor({ timeout: 300_000 });
    // The answer and the column's head say how many of the draws the chances are from (the first 2, or whole
    // batches of 4).
    const said = (await soFar.textContent())!.replace(/\s+/g, ' ');
    const [, counted] = said.match(/^Each call's chance so far, from (\d+) of 200 redraws of what the history /)!;
    expect(Number(counted) === 2 || Number(counted) % 4 === 0).toBe(true);
    expect(said).toMatch(new RegExp(`it settles as the other ${DRAWS - Number(counted)} come\\.$`));
    expect(await page.getByTestId('chance-so-far').textContent()).toMatch(/^so far: \d+ of 200 redraws$/);
    // Her chance so far: a share of the draws counted.
    const first = await page.getByTestId('chance').first().textContent();
    expect(first).toMatch(/^\s*\d+%/);
    // A file made now carries no partial chance: its chance column stays empty until every draw is counted.
    expect((await soFar.locator('..').textContent())!).toMatch(/A list downloaded before then has an empty chance/);
    const early = parseCsv(await downloadList(page));
    const chanceAt = early.header.indexOf('chance');
    expect(chanceAt).toBeGreaterThan(0);
    expect(early.rows.filter((r) => r.fields[chanceAt] !== '')).toEqual([]);
    const shots = await layoutAtBothWidths(page, 'plan-chances-so-far');
    await page.getByTestId('chance-sentences').waitFor({ timeout: 600_000 });
    expect(await page.getByTestId('chance-so-far').count()).toBe(0);
    expect(await page.getByTestId('chance-sentences').textContent()).toMatch(/of 200 redraws of what the history/);
    const settled = parseCsv(await downloadList(page));
    expect(settled.rows.every((r) => /^\d/.test(r.fields[chanceAt]))).toBe(true);
    shots.push(...(await layoutAtBothWidths(page, 'plan-chances-all')));
    expect(shots).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
