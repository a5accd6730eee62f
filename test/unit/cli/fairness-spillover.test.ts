// What a priority on one age bucket does to DP_variance on the `multilingual` population, with the
// real parts: the generator's structural equations (multilingual paper, section 2.1), the reward
// compiler, and the WASM simulation of the Whittle policy, through the protocol of `allot fairness`
// (src/cli/fairness-wiring.ts: seeds 0..1, 50 trials each). Income depends on age with strength
// alpha, phone ownership on income and call time on phone ownership; language depends on nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { multilingualGenerator } from '../../../src/core/datasets/generators/multilingual.ts';
import { groupFairness, openFairnessParts, type FairnessParts } from '../../../src/cli/fairness-wiring.ts';

let parts: FairnessParts;
beforeAll(async () => {
  parts = await openFairnessParts(1);
});
afterAll(() => parts?.close());

const FLAT = 'state'; // no priority
const OLDEST = 'state * (1 + 2 * agent_feats.age_51_60)'; // prioritize Ages 51-60

/** DP_variance per group on 4,000 arms (budget 400) of the population with strength alpha (population seed 7). */
async function dp(alpha: number, reward: string): Promise<Record<string, number>> {
  const instance = multilingualGenerator.generate({ alpha, arms: 4000, budget: 400 }, 7);
  const result = await groupFairness(parts, instance, reward, { seeds: 2, intended: ['Age'] });
  if (!result.ok) throw new Error(result.error);
  return Object.fromEntries(result.groups.map((g) => [g.name, g.dpVariance!]));
}

describe('a priority on Ages 51-60 on the multilingual population', () => {
  const at: Record<string, Record<string, Record<string, number>>> = {};
  beforeAll(async () => {
    for (const alpha of [0.2, 0.8]) at[alpha] = { flat: await dp(alpha, FLAT), oldest: await dp(alpha, OLDEST) };
  });
  const spill = (alpha: number, group: string) => at[alpha].oldest[group] - at[alpha].flat[group];

  test("raises Age's DP_variance far above that of the reward without priority, at both alphas", () => {
    for (const alpha of [0.2, 0.8]) {
      expect(at[alpha].oldest.Age).toBeGreaterThan(0.02);
      expect(at[alpha].oldest.Age).toBeGreaterThan(10 * at[alpha].flat.Age);
    }
  });

  test('spills over onto Income and what depends on it, far more at alpha 0.8 than at 0.2', () => {
    for (const group of ['Income', 'Phone ownership', 'Times to be called']) {
      expect(spill(0.8, group)).toBeGreaterThan(0.01);
      expect(spill(0.8, group)).toBeGreaterThan(3 * Math.abs(spill(0.2, group)));
    }
    expect(at[0.8].oldest.Income).toBeGreaterThan(5 * at[0.2].oldest.Income);
  });

  test('leaves Language, which depends on no other feature, where it was', () => {
    for (const alpha of [0.2, 0.8]) expect(Math.abs(spill(alpha, 'Language'))).toBeLessThan(5e-4);
    expect(at[0.8].oldest.Language).toBeLessThan(at[0.8].oldest.Income / 20);
  });

  test('gives the same numbers again for the same population and seeds', async () => {
    expect(await dp(0.8, OLDEST)).toEqual(at[0.8].oldest);
  });
});
