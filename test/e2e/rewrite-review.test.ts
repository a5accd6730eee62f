// A priority not in English is rewritten into English clauses, and the user reads (and may edit)
// the rewrite before the LLM is asked for any candidate with it.
import { describe, expect, test } from 'vitest';
import { useBuiltSite, useFakeProvider, watchProblems } from './browser.ts';
import { configureProvider, KEY, promptOf, scriptedReplies } from './run-helpers.ts';

const script = scriptedReplies(['state * (1 + agent_feats[11])']);
const reply = (format: string, body: any) =>
  promptOf(body).includes('Rewrite the following preference')
    ? 'Clause 1: Prioritize mothers aged 51-60.'
    : script(format, body);
const site = useBuiltSite();
const fake = useFakeProvider({ key: KEY, reply });

describe('the rewritten priority, before the LLM uses it', () => {
  test('the run waits with the rewrite; the edited text is what the generator is given', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchProblems(page);
    await page.goto(site.url);
    await page.getByTestId('priority').fill('बुजुर्ग माताओं को प्राथमिकता दें');
    await page.getByTestId('rounds').fill('1');
    await page.getByTestId('candidates').fill('1');
    await page.getByTestId('trials').fill('10');
    await configureProvider(page, fake);
    expect(await page.getByTestId('rewrite').isChecked()).toBe(true);
    expect(await page.getByTestId('run-estimate').textContent()).toMatch(/^About 2 LLM calls/);
    await page.getByTestId('start-run').click();
    await expect.poll(() => page.getByTestId('rewrite-review').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('rewrite-text').inputValue()).toBe('Prioritize mothers aged 51-60.');
    expect(fake.calls().filter((c) => c.rawBody.includes('Create a Python reward function'))).toHaveLength(0);
    await page.getByTestId('rewrite-text').fill('Strongly prioritize mothers aged 51-60.');
    await page.getByTestId('accept-rewrite').click();
    await expect.poll(() => page.getByTestId('run-status').textContent(), { timeout: 60_000 }).toBe('Done');
    const generation = fake.calls().filter((c) => c.rawBody.includes('Create a Python reward function'));
    expect(generation).toHaveLength(1);
    expect(generation[0].rawBody).toContain('Strongly prioritize mothers aged 51-60.');
    expect(await page.getByTestId('effective-prompt').textContent()).toContain(
      'Strongly prioritize mothers aged 51-60.',
    );
    expect(await page.getByTestId('run-provider').textContent()).toMatch(/openai · fake-large/);
    expect(problems).toEqual([]);
  }, 120_000);
});
