// Debian's Chromium, driven by playwright-core. Never downloads a browser.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  startFakeProvider,
  type FakeProvider,
  type FakeProviderOptions,
} from '../fake-provider/fake-provider-server.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path))
    throw new Error(`Chromium not found at ${path}: install Debian's chromium package or set CHROMIUM_PATH.`);
  return path;
}

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(`${DIST}index.html`)) throw new Error('dist/ is not built: run "npm run build" first.');
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Collects console errors, page errors and CSP violations of a page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('crash', () => problems.push('page crashed'));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return problems;
}

/** Waits until the page's service worker is ready and controls the page (the build is precached). */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
  });
}

export interface BuiltSite {
  readonly browser: Browser;
  /** The site's URL, ending in a slash. */
  readonly url: string;
  readonly server: StaticServer;
}

/**
 * For a test file: Chromium and the built site on 127.0.0.1 (under `prefix`), started before its
 * tests and stopped after them.
 */
export function useBuiltSite({ prefix = '/' }: { prefix?: string } = {}): BuiltSite {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    [browser, server] = await Promise.all([launchBrowser(), serveStatic(DIST, { prefix })]);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), server?.close()]);
  });
  return {
    get browser() {
      return browser!;
    },
    get url() {
      return server!.url;
    },
    get server() {
      return server!;
    },
  };
}

/**
 * For a test file or a describe block: the fake LLM provider on 127.0.0.1, started before its tests
 * and stopped after them. The object returned stands for the server once it has started.
 */
export function useFakeProvider(options: FakeProviderOptions): FakeProvider {
  let fake: FakeProvider | undefined;
  beforeAll(async () => {
    fake = await startFakeProvider(options);
  });
  afterAll(async () => {
    await fake?.close();
  });
  return new Proxy({} as FakeProvider, {
    get(_, name) {
      if (!fake) throw new Error('the fake provider is used before it has started (outside a test?)');
      const value = Reflect.get(fake, name);
      return typeof value === 'function' ? value.bind(fake) : value;
    },
  });
}
