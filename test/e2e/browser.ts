// Debian's Chromium, driven by playwright-core. Never downloads a browser.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { serveStatic, type StaticServer } from './static-server.ts';

export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: install Debian's chromium package or set CHROMIUM_PATH.`);
  return path;
}

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(`${DIST}index.html`)) throw new Error('dist/ is not built: run "npm run build" first.');
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/** Collects console errors, page errors and CSP violations of a page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('crash', () => problems.push('page crashed'));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return problems;
}

/** For a test file: Chromium and the built site on 127.0.0.1, started before its tests and stopped after them. */
export function useBuiltSite(): { readonly browser: Browser; readonly url: string } {
  let browser: Browser | undefined;
  let server: StaticServer | undefined;
  beforeAll(async () => {
    mkdirSync('test-results', { recursive: true });
    [browser, server] = await Promise.all([launchBrowser(), serveStatic(DIST)]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get browser() {
      return browser!;
    },
    get url() {
      return server!.url;
    },
  };
}
