// A reload in the middle of a DLM run, then resume: the run continues from its last checkpoint and
// asks the LLM nothing it had answered, and simulates nothing it had simulated.
import { expect, test } from 'vitest';
import { axeViolations } from './accessibility.ts';
import { useBuiltSite, useFakeProvider } from './browser.ts';
import {
  configureProvider,
  everyStore,
  fillDlmStart,
  KEY,
  savedRuns,
  screenshot,
  scriptedReplies,
} from './run-helpers.ts';

const REWARDS = [
  'state * (1 + agent_feats[7])',
  'state * (1 + 2 * agent_feats[8])',
  'state * (1 + agent_feats[9] + agent_feats[10])',
  'state + state * agent_feats[11]',
];

const site = useBuiltSite();
const fake = useFakeProvider({ key: KEY, reply: scriptedReplies(REWARDS) });

const isProposal = (body: string) => body.includes('Create a Python reward function');
const isReflection = (body: string) => body.includes('identify the index');

test(
  'a run reloaded while the LLM is answering resumes without repeating an answered call or a recorded ' + 'simulation',
  async () => {
    const page = await site.browser.newPage();
    try {
      await page.goto(site.url);
      await fillDlmStart(page, fake);
      // Round 1's two proposals are answered at once; its reflection is slow, and the page is reloaded meanwhile.
      fake.script({}, {}, { delayMs: 5000 });
      await page.getByTestId('start-run').click();
      await expect.poll(() => fake.calls().length, { timeout: 30_000 }).toBe(3);
      // Both answers and the round's simulations are checkpointed before the reflection is asked.
      await expect.poll(async () => (await savedRuns(page))[0]?.transcript.length, { timeout: 10_000 }).toBe(2);
      await page.reload();

      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 15_000 }).toBe('Paused');
      expect(await page.getByTestId('run-message').textContent()).toMatch(/interrupted.*Resume/);
      expect(await page.getByTestId('live-candidates').locator('tbody tr').count()).toBe(2);
      await screenshot(page, 'run-paused');
      await page.locator('details', { hasText: 'Provider and key' }).locator('summary').click();
      expect(await axeViolations(page)).toEqual([]);

      // The key was in memory only: enter it again, then resume.
      await configureProvider(page, fake);
      await page.getByTestId('run-resume').click();
      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');

      const bodies = fake.calls().map((c) => c.rawBody);
      expect(bodies.filter(isProposal).length).toBe(4); // r0/c0, r0/c1 before the reload; r1/c0, r1/c1 after
      const reflections = bodies.filter(isReflection);
      expect(reflections.length).toBe(3); // round 1's, unanswered when the page went away, asked once more; round 2's
      expect(reflections[1]).toBe(reflections[0]);
      expect(bodies.length).toBe(7);
      // After the reload: round 2's two candidates and the default policy; round 1's were recorded.
      expect(await page.getByTestId('simulations').textContent()).toBe('3');
      expect(await page.getByTestId('selected-expression').textContent()).toBe(REWARDS[2]);
      const places = await everyStore(page);
      expect(
        Object.entries(places)
          .filter(([, text]) => text.includes(KEY))
          .map(([where]) => where),
      ).toEqual([]);
    } finally {
      await page.close();
    }
  },
);

test('Cancel stops the LLM call under way and pauses the run; Resume then finishes it', async () => {
  const page = await site.browser.newPage();
  try {
    await page.goto(site.url);
    await fillDlmStart(page, fake);
    fake.received.length = 0;
    fake.script({ delayMs: 5000 });
    await page.getByTestId('start-run').click();
    await expect.poll(() => fake.calls().length, { timeout: 30_000 }).toBe(1);
    await page.getByTestId('run-cancel').click();
    await expect
      .poll(() => page.getByTestId('run-message').textContent(), { timeout: 5_000 })
      .toMatch(/Cancelled by you/);
    expect(await page.getByTestId('run-status').textContent()).toBe('Paused');
    await page.getByTestId('run-resume').click();
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');
    expect(fake.calls().length).toBe(7); // the cancelled call, asked again, and the 6 of the run
  } finally {
    await page.close();
  }
});

test(
  "a refused key pauses the run with the provider's classified reason, and the run resumes once the " + 'key is fixed',
  async () => {
    const page = await site.browser.newPage();
    try {
      await page.goto(site.url);
      await fillDlmStart(page, fake, 'sk-e2e-wrong-key-123456');
      fake.received.length = 0;
      await page.getByTestId('start-run').click();
      await expect
        .poll(() => page.getByTestId('run-message').textContent(), { timeout: 30_000 })
        .toMatch(/OpenAI refused the key \(HTTP 401\).*resume/);
      expect(await page.getByTestId('run-status').textContent()).toBe('Paused');
      await page.locator('details', { hasText: 'Provider and key' }).locator('summary').click();
      await configureProvider(page, fake);
      await page.getByTestId('run-resume').click();
      await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');
    } finally {
      await page.close();
    }
  },
);

test(
  'a run open in two tabs runs in one only: the other tab says so, asks the LLM nothing, and shows the run ' +
    'finished when the first tab finishes it',
  async () => {
    const context = await site.browser.newContext();
    try {
      const first = await context.newPage();
      await first.goto(site.url);
      await fillDlmStart(first, fake);
      fake.received.length = 0;
      // The first tab's first call is held until the second tab has been checked (not a delay that a
      // loaded machine can outlast: then the run was over before the second tab opened).
      let release!: () => void;
      fake.script({ until: new Promise<void>((done) => (release = done)) });
      await first.getByTestId('start-run').click();
      await fake.whenCalls(1);

      const second = await context.newPage();
      await second.goto(first.url());
      await expect
        .poll(() => second.getByTestId('run-message').textContent(), { timeout: 15_000 })
        .toMatch(/running in another tab/);
      await second.locator('details', { hasText: 'Provider and key' }).locator('summary').click();
      await configureProvider(second, fake);
      await second.getByTestId('run-resume').click();
      await expect.poll(() => second.getByTestId('run-message').textContent()).toMatch(/running in another tab/);
      expect(fake.calls().length).toBe(1);
      release();

      await expect.poll(() => first.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');
      expect(fake.calls().length).toBe(6);
      // The second tab hears that the first finished the run (BroadcastChannel): Done, without a reload.
      await expect.poll(() => second.getByTestId('run-status').textContent(), { timeout: 15_000 }).toBe('Done');
      expect(await second.getByTestId('run-message').textContent()).not.toMatch(/running in another tab/);
      // ...and wrote nothing over it: the saved run is the finished one.
      expect((await savedRuns(second)).map((r) => r.status)).toEqual(['done']);
    } finally {
      await context.close();
    }
  },
);
