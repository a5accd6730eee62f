// Answers that lead with what she asked, on the What-if screen: the groups a reward reads come first
// and the others are side effects; a reward in effect the default says which term cancels and why; a
// reward whose features mean other things on a new population is flagged and held before it runs.
import { describe, expect, test } from 'vitest';
import { useBuiltSite } from './browser.ts';
import { openPage } from './run-helpers.ts';

const site = useBuiltSite();

describe('What-if answers in words', () => {
  test('lead with the reward’s groups, say why a reward is the default, and flag a change of meaning', async () => {
    const { page, problems } = await openPage(site, { path: '#/what-if' });
    await page
      .getByTestId('population-summary')
      .filter({ hasText: /^48 arms/ })
      .waitFor({ timeout: 60_000 });
    for (const expression of ['state * (1 + 3 * agent_feats[10])', 'state + 5 * agent_feats[7]']) {
      await page.getByRole('button', { name: 'Add a reward' }).click();
      await page.locator('textarea').last().fill(expression);
    }
    const statuses = () =>
      page.getByTestId('candidate-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    await expect.poll(statuses, { timeout: 90_000 }).toEqual(['done', 'done', 'done']);
    const words = page.getByTestId('candidate-in-words');
    // Ages 41-50 is what the first reward names: its sentences lead, the other groups are side effects
    await expect.poll(() => words.nth(0).getByTestId('verdict').textContent()).toMatch(/Ages/);
    await expect.poll(() => words.nth(0).getByTestId('side-effects').count()).toBe(1);
    expect(await words.nth(0).locator('ul').first().textContent()).not.toMatch(/Education|Languages|Income/);
    // the second adds a term free of state: in effect the default, and why
    await expect
      .poll(() => words.nth(1).getByTestId('verdict').textContent())
      .toMatch(
        new RegExp(
          String.raw`in effect it is the default\. Why: ‘5 \* “Ages 10-20”’ does not change ` +
            String.raw`with her engagement, so it adds the same with a call as without one`,
        ),
      );

    // another population: agent_feats[10] now means an education level; said, and held until she runs it
    await page.locator('#population-source').selectOption('generator:multilingual');
    await page
      .getByTestId('population-summary')
      .filter({ hasText: /^100 arms/ })
      .waitFor({ timeout: 60_000 });
    const flag = page.getByTestId('meaning-changed');
    await expect.poll(() => flag.count()).toBe(2);
    expect(await flag.first().textContent()).toMatch(
      /agent_feats\[10\] meant “Ages 41-50” and now means “Education level 1\/7 – Illiterate”/,
    );
    expect(await flag.nth(1).textContent()).toMatch(
      /agent_feats\[7\] meant “Ages 10-20” and now means “Language: Speaks Gujarati”/,
    );
    expect((await statuses()).slice(1)).toEqual(['waiting', 'waiting']);
    await flag
      .first()
      .getByRole('button', { name: /Simulate it as it is/ })
      .click();
    await expect.poll(statuses, { timeout: 90_000 }).toEqual(['done', 'done', 'waiting']);
    expect(await flag.count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);
});
