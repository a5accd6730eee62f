// A deploy while a tab is open: two builds served one after the other (the second with different
// chunk names, as any new build has). The open tab keeps working on its build, says a new version
// is ready, and moves to it when the user reloads; without a service worker, a chunk that is gone
// shows a reload prompt instead of a blank page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { axeViolations } from './accessibility.ts';
import { DIST, untilServiceWorkerControls, useBuiltSite, watchProblems } from './browser.ts';

const site = useBuiltSite({ prefix: '/allot/' });
const next = join(mkdtempSync(join(tmpdir(), 'allot-deploy-')), 'dist-b');
beforeAll(async () => {
  // The second build: the same sources, chunk names tagged "b-" (vite.config.ts, ALLOT_BUILD_TAG).
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', next, '--emptyOutDir', '--logLevel', 'error'],
    { env: { ...process.env, ALLOT_BUILD_TAG: 'b' }, stdio: 'pipe', timeout: 180_000 },
  );
  expect(readdirSync(join(next, 'assets')).every((f) => f.startsWith('b-'))).toBe(true);
}, 200_000);
afterAll(async () => {
  rmSync(join(next, '..'), { recursive: true, force: true });
});

/** axe on the page while the banner shows, in the light and dark schemes, and screenshots at 1280 and 390 px. */
async function bannerChecks(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), `axe, ${colorScheme} scheme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type=module]')!.src.split('/').pop());

test(
  'with the service worker: the open tab keeps loading its own chunks, says a new version is ready, and ' +
    'reloads onto it',
  async () => {
    site.server.setDir(DIST);
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(site.url);
    await untilServiceWorkerControls(page);
    expect(await entryScript(page)).not.toMatch(/^b-/);

    site.server.setDir(next); // the deploy
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect
      .poll(() => page.getByTestId('update-banner').textContent(), { timeout: 20_000 })
      .toMatch(/A new version of allot is ready/);
    await bannerChecks(page, 'update-banner-new-version');

    // The run screen is a lazy chunk of the old build, which the server no longer has.
    await page.goto(`${site.url}#/runs/no-such-run`);
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toMatch(/\w/);
    expect(await page.getByTestId('update-banner').textContent()).not.toMatch(/cannot load/);

    await page.getByRole('button', { name: 'Reload now' }).click();
    await expect.poll(() => entryScript(page), { timeout: 20_000 }).toMatch(/^b-/);
    await expect.poll(() => page.getByTestId('update-banner').count()).toBe(0);
    expect(problems.filter((p) => !/404|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  },
);

test(
  'without a service worker: a chunk of the old build that is gone shows a reload prompt, never a ' + 'blank page',
  async () => {
    site.server.setDir(DIST);
    const context = await site.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(site.url);
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toMatch(/\w/);
    site.server.setDir(next);
    await page.evaluate(() => (location.hash = '#/runs/no-such-run'));
    await expect
      .poll(() => page.getByTestId('update-banner').textContent(), { timeout: 15_000 })
      .toMatch(/allot was updated while this page was open.*Reload/s);
    expect(await page.locator('main').innerText()).toMatch(/could not be loaded: allot was updated/);
    await bannerChecks(page, 'update-banner-files-gone');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => entryScript(page), { timeout: 20_000 }).toMatch(/^b-/);
    await context.close();
  },
);
