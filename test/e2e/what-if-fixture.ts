// The What-if screen's default population choice, as the tests compute it on Node; and the steps that
// choose a built-in population and set its parameters on the screen.
import type { Page } from 'playwright-core';
import { GENERATORS } from '../../src/core/datasets/generators.ts';
import type { PopulationChoice } from '../../src/core/datasets/population-choice.ts';

export function defaultChoiceForTest(): PopulationChoice {
  const dlm = GENERATORS.find((g) => g.name === 'dlm')!;
  return {
    kind: 'generator',
    generator: 'dlm',
    parameters: Object.fromEntries(dlm.parameters.map((p) => [p.name, p.default])),
    seed: 0,
  };
}

/**
 * On the What-if screen (just opened): sets the number of trials and chooses the built-in `generator` with its defaults
 * (`defaultArms` arms).
 */
export async function chooseGenerated(
  page: Page,
  generator: string,
  defaultArms: number,
  trials: number,
): Promise<void> {
  await page
    .getByTestId('population-summary')
    .filter({ hasText: /^48 arms/ })
    .waitFor({ timeout: 60_000 });
  const field = page.locator('.settings input').first();
  await field.fill(String(trials));
  await field.dispatchEvent('change');
  await page.locator('#population-source').selectOption(`generator:${generator}`);
  await page
    .getByTestId('population-summary')
    .filter({ hasText: new RegExp(`^${defaultArms} arms`) })
    .waitFor({ timeout: 60_000 });
}

/** Fills the chosen generator's parameter fields, ready for "Use these parameters". */
export async function fillParameters(page: Page, parameters: Record<string, number>): Promise<void> {
  for (const [name, value] of Object.entries(parameters)) {
    await page
      .locator('.params label')
      .filter({ has: page.locator(`span:text-is("${name}")`) })
      .locator('input')
      .fill(String(value));
  }
}
