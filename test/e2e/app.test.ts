import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exampleArms } from '../../src/core/examples/example-arms.ts';
import { closedFormWhittle2 } from '../reference/whittle2.ts';
import { DIST, launchBrowser, watchProblems } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

/** The first example arm's index in state 0, as the page formats it. */
function expectedFirstIndex(): string {
  const { transitions: t, rewards, discount } = exampleArms();
  const q = (s: number, a: number) => t[s * 4 + a * 2 + 1];
  return closedFormWhittle2(
    [
      [q(0, 0), q(0, 1)],
      [q(1, 0), q(1, 1)],
    ],
    [rewards[0], rewards[1]],
    discount,
  )[0].toFixed(4);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['application/wasm', '/'],
  ['application/octet-stream', '/some/sub/path/'],
])('the built site served plainly (wasm sent as %s, at %s)', (wasmType, prefix) => {
  let server: StaticServer;
  beforeAll(async () => {
    server = await serveStatic(DIST, { prefix, wasmType });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('shows a value computed by the WASM kernel in the worker, with no console error or CSP violation', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(server.url);
    await expect
      .poll(() => page.getByTestId('wasm-value').first().textContent(), { timeout: 15_000 })
      .toBe(expectedFirstIndex());
    expect(await page.getByTestId('wasm-value').count()).toBe(exampleArms().labels.length);
    // The kernel ran in a worker, not on the page.
    expect(
      page
        .workers()
        .map((w) => w.url())
        .some((url) => /engine\.worker-[\w-]+\.js$/.test(url)),
    ).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('a worker that dies', () => {
  test('is reported on the page with a clear error instead of hanging', async () => {
    const server = await serveStatic(DIST);
    const page = await browser.newPage();
    try {
      await page.route(/engine\.worker-[\w-]+\.js$/, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("simulated crash while loading");' }),
      );
      await page.goto(server.url);
      const error = page.getByTestId('engine-error');
      await expect
        .poll(() => error.textContent(), { timeout: 15_000 })
        .toMatch(/^The simulation engine stopped unexpectedly \(.*simulated crash while loading.*\)/);
    } finally {
      await page.close();
      await server.close();
    }
  });
});

describe('the start page', () => {
  test('passes an axe-core accessibility audit in light and dark mode', async () => {
    const { axeViolations } = await import('./accessibility.ts');
    const server = await serveStatic(DIST);
    try {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await browser.newPage({ colorScheme });
        await page.goto(server.url);
        await expect.poll(() => page.getByTestId('wasm-value').count(), { timeout: 15_000 }).toBeGreaterThan(0);
        expect(await axeViolations(page), colorScheme).toEqual([]);
        await page.close();
      }
    } finally {
      await server.close();
    }
  });
});

describe('the three ways in', () => {
  test('Start offers the list, What-if and a run, and each one leads there', async () => {
    const server = await serveStatic(DIST);
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      const ways = page.getByTestId('ways-in');
      expect(await ways.getByRole('listitem').allTextContents()).toEqual([
        expect.stringMatching(/^Make this week's call list.*No AI key needed\.$/),
        expect.stringMatching(/^Try a priority on a population.*No AI key needed\.$/),
        expect.stringMatching(/^Turn a priority in your own words into a reward.*Needs an AI key/),
      ]);
      await ways.getByRole('link', { name: "Make this week's call list" }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/plan');
      await page.goBack();
      await ways.getByRole('link', { name: 'Try a priority on a population' }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/what-if');
      await page.goBack();
      await ways.getByRole('button', { name: 'Turn a priority in your own words into a reward' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('priority');
    } finally {
      await page.close();
      await server.close();
    }
  });
});

describe('every screen as it first opens', () => {
  test('fits 1280 and 390 px: nothing wider than the window, no control out of its field or over another', async () => {
    const server = await serveStatic(DIST);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      const problems: string[] = [];
      for (const hash of ['#/', '#/what-if', '#/data', '#/history', '#/plan']) {
        await page.goto(`${server.url}${hash}`);
        if (hash === '#/what-if')
          await expect
            .poll(() => page.getByTestId('population-summary').textContent(), { timeout: 30_000 })
            .toMatch(/arms/);
        else await page.waitForTimeout(500);
        problems.push(...(await layoutAtBothWidths(page, `first-${hash.slice(2) || 'start'}`)));
      }
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await server.close();
    }
  });
});
