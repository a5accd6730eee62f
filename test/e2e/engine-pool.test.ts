import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { uniformInitial } from '../../src/engine/simulation.ts';
import { chromiumPath } from './browser.ts';
import { lcgArms } from './pool-page/lcg-arms.ts';
import { serveStatic, type StaticServer } from './static-server.ts';


let out: string;
let server: StaticServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The pool page is built like the app (Vite, ES workers, the release WASM as a file of its own).
  out = mkdtempSync(join(tmpdir(), 'allot-pool-page-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: fileURLToPath(new URL('./pool-page/', import.meta.url)),
    base: './',
    worker: { format: 'es' },
    build: { outDir: out, emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0 },
  });
  server = await serveStatic(out);
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'] });
  page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 15_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const call = <T>(name: string, ...args: unknown[]): Promise<T> => page.evaluate(([n, a]) => (globalThis as any).allotPool[n as string](...(a as unknown[])), [name, args] as const);

interface Summary { ms: number; progress: { at: number; done: number }[]; engagedSum: number; pulledIdSum: number; rewardMean: number; discounted: number[]; pulls: number[] }

describe('the engine pool in Chromium', () => {
  test('gives identical results on 1, 2 and 4 workers, equal to the engine in Node', async () => {
    const runs = [];
    for (const workers of [1, 2, 4]) runs.push(await call<Summary>('simulate', workers, 500, 50, 20, 9, 3));
    const engine = await loadEngineNode();
    const { transitions, rewards } = lcgArms(500, 7);
    const node = engine.simulate({ numArms: 500, numStates: 2, transitions, rewards, initial: uniformInitial(500, 0.5), discount: 0.9, budget: 50, horizon: 20, trials: 9, seed: 3, policy: 'whittle', ties: 'random' });
    for (const r of runs) {
      expect(r.engagedSum).toBe(node.engagedSum);
      expect(r.pulledIdSum).toBe(node.pulledIdSum);
      expect(r.rewardMean).toBe(node.rewardMean);
      expect(r.discounted).toEqual(Array.from(node.discounted.subarray(0, 64)));
      expect(r.pulls).toEqual(Array.from(node.pulls.subarray(0, 32)));
    }
  });

  test('reports progress between kernel calls until all trials are done', async () => {
    const r = await call<Summary>('simulate', 2, 100_000, 10_000, 50, 16, 1);
    expect(r.progress.length).toBeGreaterThanOrEqual(8);
    expect(r.progress.at(-1)!.done).toBe(16);
    const gaps = r.progress.slice(1).map((p, i) => p.at - r.progress[i].at);
    console.log(`pool progress: ${r.progress.length} reports over ${r.ms.toFixed(0)} ms, first after ${r.progress[0].at.toFixed(0)} ms (worker start, WASM compile, index table), then largest gap ${Math.max(...gaps).toFixed(0)} ms`);
  });

  test('stops every worker when aborted: the call rejects with an AbortError', async () => {
    const r = await call<{ outcome: string; settleMs: number }>('cancel', 300);
    expect(r.outcome).toBe('AbortError');
    console.log(`pool cancel: settled ${r.settleMs.toFixed(1)} ms after abort`);
    expect(r.settleMs).toBeLessThan(100);
  });

  test('reports a worker that crashes instead of hanging', async () => {
    const crashing = await browser.newPage();
    try {
      await crashing.route(/engine\.worker-[\w-]+\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("simulated crash");' }));
      await crashing.goto(server.url);
      await expect.poll(() => crashing.title(), { timeout: 15_000 }).toBe('ready');
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const message = await crashing.evaluate(() => (globalThis as any).allotPool.crash());
      expect(message).toMatch(/^WorkerCrashedError: The simulation engine stopped unexpectedly/);
    } finally {
      await crashing.close();
    }
  });

  test('plans and simulates one million arms in a tab (index table + 10 steps), memory reported', async () => {
    const r = await call<{ ms: number; engagedSum: number; wasmBytesPerWorker: number[]; pageHeapBytes: number }>('million', 2);
    expect(r.engagedSum).toBeGreaterThan(0);
    console.log(`1M arms in Chromium: ${r.ms.toFixed(0)} ms; WASM memory per worker ${r.wasmBytesPerWorker.map((b) => (b / 2 ** 20).toFixed(0) + ' MiB').join(', ')}; page JS heap ${(r.pageHeapBytes / 2 ** 20).toFixed(0)} MiB`);
  }, 120_000);
});
