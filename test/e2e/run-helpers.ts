// What the run tests share: scripted LLM replies that fit each prompt allot sends, the provider
// settings on the page, a scan of every place a key could leak to, screenshots and long tasks.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FakeProvider } from '../fake-provider/fake-provider-server.ts';
import { watchProblems, type BuiltSite } from './browser.ts';

export const KEY = 'sk-e2e-run-secret-4b1d77';
export const ARTIFACTS = 'test-results/screens';

/** The last user message of an OpenAI chat body. */
export function promptOf(body: any): string {
  const messages: { content: string }[] = body?.messages ?? [];
  return messages.at(-1)?.content ?? '';
}

/**
 * Replies that fit allot's prompts: the clause split, DLM's reflection (always index 0), SCLM's
 * ratings (1 to 5 in turn) and reward proposals, taken in turn from `rewards` (so a run's candidates differ).
 */
export function scriptedReplies(rewards: string[], clauses: string[] = []): ScriptedReplies {
  let next = 0;
  const reply = (_format: string, body: any): string => {
    const prompt = promptOf(body);
    if (prompt.includes('Split it into preference clauses'))
      return clauses.map((c, i) => `Clause ${i + 1}: ${c}`).join('\n');
    if (prompt.includes('identify the index of the most effective reward function'))
      return 'The best reward function is at index: 0';
    if (prompt.includes('give your rating EXACTLY')) return `It fits the clause.\nScore: ${1 + (next++ % 5)}`;
    if (prompt.includes('Create a Python reward function'))
      return `$$$ ${rewards[next++ % rewards.length]} $$$\n%%% It favours the named group. %%%`;
    return 'ready';
  };
  return Object.assign(reply, { reset: () => void (next = 0) });
}

/** A reply script whose turn can be reset, so that every run a test starts gets the same replies. */
export type ScriptedReplies = ((format: string, body: any) => string) & { reset(): void };

/** Chooses OpenAI at the fake server, with the key, in the provider panel on the page. */
export async function configureProvider(page: Page, fake: FakeProvider, key = KEY): Promise<void> {
  await page.getByTestId('provider-kind').selectOption('openai');
  await page.getByTestId('provider-base-url').fill(`${fake.origin}/v1`);
  await page.getByTestId('provider-model').fill('fake-large');
  await page.getByTestId('provider-key').fill(key);
  await page.getByTestId('provider-key').blur();
}

/** Fills the Start screen for a small DLM run (2 rounds x 2 candidates, 20 trials), the provider set to `fake`. */
export async function fillDlmStart(page: Page, fake: FakeProvider, key = KEY): Promise<void> {
  await page.getByTestId('priority').fill('Prioritize the older mothers who have a low income');
  await page.getByTestId('trials').fill('20');
  await configureProvider(page, fake, key);
}

/** A composite SCLM run's script: the generator's three candidates, then clause A's and clause B's own rewards. */
export const SCLM_REWARDS = [
  'state * (1 + agent_feats[0])',
  'state * (2 - agent_feats[1])',
  'state * (1 + agent_feats[0] + (1 - agent_feats[1]))',
  'state * (1 + 3 * agent_feats[0])',
  'state * (3 - 2 * agent_feats[1])',
];
export const SCLM_CLAUSES = [
  'Prioritize the agents with a high feature A',
  'Prioritize the agents with a low feature B',
];

/**
 * Fills the Start screen for a small SCLM run on the built-in sclm population (1 round x 3 candidates, 1 x 1 per
 * clause, 20 trials, no baselines).
 */
export async function fillSclmStart(page: Page, fake: FakeProvider): Promise<void> {
  await page
    .getByTestId('priority')
    .fill('Prioritize the agents with a high feature A and also the agents with a low feature B');
  await page.getByTestId('kind-sclm').check();
  await page.getByTestId('population').selectOption('builtin:sclm');
  for (const [field, value] of [
    ['rounds', '1'],
    ['candidates', '3'],
    ['clause-rounds', '1'],
    ['clause-candidates', '1'],
    ['trials', '20'],
  ])
    await page.getByTestId(field).fill(value);
  await page.getByTestId('baselines').uncheck();
  await configureProvider(page, fake);
}

/** A new page in a context of its own (its own IndexedDB and storage) on the site, with its problems watched. */
export async function openPage(
  site: BuiltSite,
  { path = '', width = 1280 }: { path?: string; width?: number } = {},
): Promise<{ page: Page; problems: string[] }> {
  const page = await site.browser.newPage({ viewport: { width, height: 900 } });
  const problems = watchProblems(page);
  await page.goto(`${site.url}${path}`);
  return { page, problems };
}

/**
 * From the Start screen: a small DLM run (10 trials unless given) on the fake provider, run to the
 * end and saved; the page is left on the run's results. The script starts from its first reply.
 */
export async function finishDlmRun(
  page: Page,
  fake: FakeProvider,
  replies: ScriptedReplies,
  { priority = 'Prioritize older mothers with a low income', trials = 10 } = {},
): Promise<string> {
  replies.reset();
  await page.getByTestId('priority').fill(priority);
  await page.getByTestId('trials').fill(String(trials));
  await configureProvider(page, fake);
  await page.getByTestId('start-run').click();
  await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 90_000 }).toBe('Done');
  // the run's last checkpoint is written just after the screen says Done
  await expect.poll(async () => (await savedRuns(page)).map((r) => r.status)).toContain('done');
  return page.url();
}

/** localStorage, sessionStorage, every IndexedDB record, the URL, the page's text and cookies. */
export async function everyStore(page: Page): Promise<Record<string, string>> {
  const stores = await page.evaluate(async () => {
    const dump = (s: Storage) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i), s.getItem(s.key(i)!)])));
    const databases: Record<string, unknown> = {};
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const r = indexedDB.open(info.name!);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        databases[`${info.name}/${name}`] = await new Promise((ok) => {
          const r = db.transaction(name).objectStore(name).getAll();
          r.onsuccess = () => ok(r.result);
        });
      }
      db.close();
    }
    const replacer = (_: string, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array).slice(0, 8) : v);
    return {
      localStorage: dump(localStorage),
      sessionStorage: dump(sessionStorage),
      indexedDB: JSON.stringify(databases, replacer),
      text: document.body.textContent ?? '',
      cookies: document.cookie,
    };
  });
  return { ...stores, url: page.url() };
}

/** The runs saved in IndexedDB, as the page's store keeps them. */
export async function savedRuns(page: Page): Promise<{ id: string; status: string; transcript: unknown[] }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open('allot');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    const runs = await new Promise<any[]>((ok) => {
      const r = db.transaction('runs').objectStore('runs').getAll();
      r.onsuccess = () => ok(r.result);
    });
    db.close();
    return runs;
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
}

/** Records main-thread long tasks (> 50 ms) from the first script on; read them with longTasks(). */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const tasks: number[] = ((globalThis as any).__longTasks = []);
    try {
      new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration))).observe({
        type: 'longtask',
        buffered: true,
      });
    } catch {
      /* not supported */
    }
  });
}

export async function longTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => [...((globalThis as any).__longTasks ?? [])]);
}

/** Marks the long tasks seen so far as before the run, so that later ones are the run's. */
export async function resetLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => ((globalThis as any).__longTasks.length = 0));
}
