// The provider panel of the built app, in Chromium, calling the fake provider server on
// 127.0.0.1: real fetch, real CORS preflights, real storage. After each call every place a key
// could leak to (storage, IndexedDB, URL, console, page text, transcript) is scanned for it.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { startFakeProvider } from '../fake-provider/fake-provider-server.ts';
import { useBuiltSite, useFakeProvider } from './browser.ts';
import { everyStore } from './run-helpers.ts';

const KEY = 'sk-e2e-secret-key-7f3a9c';
const site = useBuiltSite();
const fake = useFakeProvider({ key: KEY, reply: () => 'ready' });

/** A page with every console message collected. */
async function openPage(): Promise<{ page: Page; consoleText: string[] }> {
  const page = await site.browser.newPage();
  const consoleText: string[] = [];
  page.on('console', (m) => consoleText.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => consoleText.push(`pageerror: ${e.message}`));
  await page.goto(site.url);
  return { page, consoleText };
}

async function configure(page: Page, kind: string, baseUrl: string, key: string) {
  await page.getByTestId('provider-kind').selectOption(kind);
  await page.getByTestId('provider-base-url').fill(baseUrl);
  await page.getByTestId('provider-model').fill('fake-large');
  await page.getByTestId('provider-key').fill(key);
}

function expectNoKey(places: Record<string, string>, key = KEY) {
  const leaks = Object.entries(places)
    .filter(([, text]) => text.includes(key))
    .map(([where]) => where);
  expect(leaks).toEqual([]);
}

describe.each([
  ['openai', '/v1', 'authorization', `Bearer ${KEY}`],
  ['anthropic', '', 'x-api-key', KEY],
  ['gemini', '', 'x-goog-api-key', KEY],
  ['openai-compatible', '/v1', 'authorization', `Bearer ${KEY}`],
])('Test connection with %s from the page', (kind, suffix, authHeader, authValue) => {
  test(
    'reaches the fake provider through a CORS preflight with the right headers, shows the reply, and leaks the ' +
      'key nowhere',
    async () => {
      const { page, consoleText } = await openPage();
      fake.received.length = 0;
      await configure(page, kind, fake.origin + suffix, KEY);
      await page.getByTestId('provider-test').click();
      await expect
        .poll(() => page.getByTestId('provider-reply').textContent(), { timeout: 15_000 })
        .toBe('Reply: ready');

      const preflight = fake.received.find((r) => r.method === 'OPTIONS');
      expect(preflight?.headers['access-control-request-headers']).toContain(authHeader);
      const [call] = fake.calls();
      expect(call.headers[authHeader]).toBe(authValue);
      expect(call.headers.origin).toBe(new URL(site.url).origin);
      expect(call.headers.cookie).toBeUndefined();
      expect(call.headers.referer).toBeUndefined();
      expect(call.path).not.toContain(KEY);
      expect(Object.keys(call.headers).filter((h) => h.startsWith('x-stainless'))).toEqual([]);
      if (kind === 'anthropic') expect(call.headers['anthropic-dangerous-direct-browser-access']).toBe('true');

      const transcript = await page.getByTestId('provider-transcript').textContent();
      expect(transcript).toContain('Reply with the single word: ready');
      expectNoKey({ ...(await everyStore(page)), console: consoleText.join('\n'), transcript: transcript ?? '' });
      await page.close();
    },
  );
});

describe('the key on the page', () => {
  test('a wrong key shows the classified error, which holds neither key', async () => {
    const { page, consoleText } = await openPage();
    const wrong = 'sk-e2e-wrong-key-000111';
    await configure(page, 'anthropic', fake.origin, wrong);
    await page.getByTestId('provider-test').click();
    const error = page.getByTestId('provider-error');
    await expect
      .poll(() => error.textContent(), { timeout: 15_000 })
      .toMatch(/^Anthropic refused the key \(HTTP 401\)/);
    const places = { ...(await everyStore(page)), console: consoleText.join('\n') };
    expectNoKey(places, wrong);
    expectNoKey(places);
    await page.close();
  });

  test(
    'a local server that refuses the page origin gets the OLLAMA_ORIGINS explanation with the ' + 'exact origin',
    async () => {
      const ollama = await startFakeProvider({ allowedOrigins: ['http://localhost:9999'] });
      const { page } = await openPage();
      try {
        await page.getByTestId('provider-kind').selectOption('openai-compatible');
        await page.getByTestId('provider-base-url').fill(`${ollama.origin}/v1`);
        await page.getByTestId('provider-test').click();
        const origin = new URL(site.url).origin;
        await expect
          .poll(() => page.getByTestId('provider-error').textContent(), { timeout: 15_000 })
          .toContain(`OLLAMA_ORIGINS=${origin}`);
      } finally {
        await page.close();
        await ollama.close();
      }
    },
  );

  test(
    'stays out of localStorage until "remember" is ticked, survives a reload then, and "forget keys" ' + 'removes it',
    async () => {
      const { page } = await openPage();
      await configure(page, 'gemini', fake.origin, KEY);
      await page.getByTestId('provider-test').click();
      await expect
        .poll(() => page.getByTestId('provider-reply').textContent(), { timeout: 15_000 })
        .toBe('Reply: ready');
      expectNoKey(await everyStore(page));

      await page.getByTestId('provider-remember').check();
      await expect
        .poll(() => page.getByRole('note').textContent())
        .toMatch(/stores the key unencrypted in this browser/);
      expect((await everyStore(page)).localStorage).toContain(KEY);

      await page.reload();
      await page.getByTestId('provider-kind').selectOption('gemini');
      expect(await page.getByTestId('provider-key').inputValue()).toBe(KEY);
      expect(page.url()).not.toContain(KEY);

      await page.getByTestId('provider-forget').click();
      expect(await page.getByTestId('provider-key').inputValue()).toBe('');
      expect(await page.getByTestId('provider-remember').isChecked()).toBe(false);
      expectNoKey(await everyStore(page));

      // Ticking the box before typing the key stores the key once it is entered.
      await page.getByTestId('provider-remember').check();
      await expect.poll(() => page.getByRole('note').count()).toBe(1);
      await page.getByTestId('provider-key').fill(KEY);
      await page.getByTestId('provider-key').press('Tab');
      await expect.poll(async () => (await everyStore(page)).localStorage).toContain(KEY);
      await page.getByTestId('provider-forget').click();
      expectNoKey(await everyStore(page));
      await page.close();
    },
  );
});
