import { expect, test } from 'vitest';
import { untilServiceWorkerControls, useBuiltSite, watchProblems } from './browser.ts';

const site = useBuiltSite({ prefix: '/allot/' });

test('after the first visit the app loads and computes offline, from a sub-path', async () => {
  const context = await site.browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(site.url);
  await expect.poll(() => page.getByTestId('wasm-value').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await untilServiceWorkerControls(page);
  await context.setOffline(true);
  await page.reload();
  await expect.poll(() => page.getByTestId('wasm-value').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(problems).toEqual([]);
  await context.close();
});
