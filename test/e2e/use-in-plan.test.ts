// "Use in this week's list": a reward tried in What-if opens the Plan screen as the policy of the list she is
// setting up, said on the screen, and checked against her register once it is read.
import { expect, test } from 'vitest';
import { useBuiltSite, watchProblems } from './browser.ts';
import { readHistoryRegister } from './plan-fixture.ts';

const site = useBuiltSite();

test('a What-if reward becomes the policy of the week being set up', async () => {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = watchProblems(page);
  await page.goto(`${site.url}#/what-if`);
  await expect.poll(() => page.getByTestId('population-summary').textContent(), { timeout: 30_000 }).toMatch(/arms/);
  await page.getByRole('button', { name: 'Add a reward' }).click();
  await page.getByLabel('Candidate 1', { exact: true }).fill('state * 2');
  await page.getByRole('button', { name: "Use in this week's list (Candidate 1)" }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('#/plan');
  await expect
    .poll(() => page.getByTestId('setup-proposed').textContent(), { timeout: 15_000 })
    .toBe(
      'The policy is the reward you chose in What-if (Candidate 1); it is checked against your register when ' +
        'you read it.',
    );
  await readHistoryRegister(page, site);
  expect(await page.locator('#plan-reward').inputValue()).toBe('state * 2');
  await expect.poll(() => page.getByTestId('reward-check').count()).toBe(1);
  expect(problems).toEqual([]);
  await page.close();
}, 120_000);
