import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST, launchBrowser, watchProblems } from './browser.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

let browser: Browser;
let server: StaticServer;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await serveStatic(DIST, { prefix: '/allot/' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('after the first visit the app loads and computes offline, from a sub-path', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(server.url);
  await expect.poll(() => page.getByTestId('wasm-value').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  // Wait until the service worker has precached the build and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.reload();
  await expect.poll(() => page.getByTestId('wasm-value').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(problems).toEqual([]);
  await context.close();
});
