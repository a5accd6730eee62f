// What-if on a population larger than one chunk (16,384 arms): the population worker makes the
// engine's jobs, the page relays their chunks, rewards and sums between it and the engine workers
// (src/workers/engine/engine-jobs.ts), and the screen shows what the same evaluation gives on Node.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createNodeSimulator } from '../../src/cli/node-simulate.ts';
import type { PopulationChoice } from '../../src/core/datasets/population-choice.ts';
import { compileReward } from '../../src/core/reward/compile-reward.ts';
import { buildPopulation, evaluateCandidate } from '../../src/core/simulation/what-if-evaluate.ts';
import { useBuiltSite, watchProblems } from './browser.ts';
import { chooseGenerated, fillParameters } from './what-if-fixture.ts';

const site = useBuiltSite();
const ARMS = 40_000,
  BUDGET = 4_000,
  TRIALS = 3;
const REWARD = 'state * (1 + agent_feats[0])';

/** Engagement (3 decimals, as the screen shows it) of each reward on sclm with these parameters, on Node. */
async function expectedEngagement(...expressions: string[]): Promise<string[]> {
  const choice: PopulationChoice = {
    kind: 'generator',
    generator: 'sclm',
    parameters: { arms: ARMS, budget: BUDGET },
    seed: 0,
  };
  const instance = await buildPopulation(choice, async () => undefined);
  const node = await createNodeSimulator(1);
  try {
    return await Promise.all(
      expressions.map(async (expression) => {
        const compiled = compileReward(expression, instance);
        if (!compiled.ok) throw new Error(compiled.error.message);
        const result = await evaluateCandidate(
          instance,
          { table: compiled.table, featuresUsed: compiled.diagnostics.featuresUsed },
          node.simulate,
          { trials: TRIALS, seed: 0 },
        );
        return result.totalUtility.toFixed(3);
      }),
    );
  } finally {
    await node.close();
  }
}

const statuses = (page: Page) =>
  page.getByTestId('candidate-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));

describe('What-if on more arms than one chunk', () => {
  test(
    `${ARMS.toLocaleString('en')} sclm arms (three chunks per engine worker) give the engagement ` + `Node gives`,
    async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems = watchProblems(page);
      await page.goto(`${site.url}#/what-if`);
      await chooseGenerated(page, 'sclm', 100, TRIALS);
      await fillParameters(page, { arms: ARMS, budget: BUDGET });
      await page.getByRole('button', { name: 'Use these parameters' }).click();
      await page
        .getByTestId('population-summary')
        .filter({ hasText: new RegExp(`^${ARMS} arms`) })
        .waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Add a reward' }).click();
      await page.getByLabel('Candidate 1', { exact: true }).fill(REWARD);
      await expect.poll(() => statuses(page), { timeout: 60_000 }).toEqual(['done', 'done']);
      const [defaultEngagement, candidateEngagement] = await expectedEngagement('state', REWARD);
      const engagement = page.getByTestId('engagement');
      expect(await engagement.first().textContent()).toBe(defaultEngagement);
      expect(await engagement.nth(1).textContent()).toBe(candidateEngagement);
      expect(problems).toEqual([]);
      await page.close();
    },
  );
});
