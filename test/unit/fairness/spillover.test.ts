// What a priority on one age bucket does to DP_variance on a correlated population: the structural
// equations of the multilingual paper (section 2.1) written out here with equal-width buckets, and
// an allocation that pulls the B arms with the highest reward in state 1 at every step (the
// Whittle policy of a state-separable reward on equal transitions does the same). Until the
// `multilingual` generator and the WASM simulation are merged, this is the behavioural check.
import { describe, expect, test } from 'vitest';
import type { Occupancy } from '../../../src/core/instance/occupancy.ts';
import { dpVariance } from '../../../src/core/measures/dp-variance.ts';
import { multilingualPromptSchema } from '../../../src/core/tasks/multilingual-prompts.ts';
import { seededRandom } from '../../reference/seeded-random.ts';

const schema = multilingualPromptSchema();
const F = schema.columns.length;
const N = 4000;
const B = 400;
const clip = (x: number) => Math.min(1, Math.max(0, x));

/** Features of N arms from the paper's structural equations with strength alpha. */
function multilingualFeatures(alpha: number, seed: number): Float64Array {
  const u = seededRandom(seed);
  const features = new Float64Array(N * F);
  for (let arm = 0; arm < N; arm++) {
    const age = u(), language = u(), education = u();
    const income = clip((alpha * (age + education)) / 2 + (1 - alpha) * u());
    const phone = clip(alpha * (1 - income) + (1 - alpha) * u());
    const callTime = clip(alpha * phone + (1 - alpha) * u());
    [age, language, education, phone, callTime, income].forEach((value, g) => {
      const { columns } = schema.groups[g];
      features[arm * F + columns[Math.min(columns.length - 1, Math.floor(value * columns.length))]] = 1;
    });
  }
  return features;
}

/** Pulls the B arms with the highest reward (ties: a seeded shuffle) at every step. */
function topB(reward: (row: number) => number, seed: number): Occupancy {
  const u = seededRandom(seed);
  const key = Float64Array.from({ length: N }, (_, arm) => reward(arm * F) + u() * 1e-6);
  const chosen = Array.from({ length: N }, (_, i) => i).sort((a, b) => key[b] - key[a]).slice(0, B);
  const pulls = new Float64Array(N);
  for (const arm of chosen) pulls[arm] = 10;
  return { numArms: N, numStates: 2, numTrials: 1, horizon: 10, discount: 0.9, discounted: new Float64Array(N * 2), undiscounted: new Float64Array(N * 2), pulls, pulledAtLeastOnce: pulls.map((p) => (p > 0 ? 1 : 0)), engagedSum: 0, pulledIdSum: 0 };
}

const dp = (alpha: number, reward: (features: Float64Array) => (row: number) => number) => {
  const features = multilingualFeatures(alpha, 7);
  const groups = dpVariance(topB(reward(features), 11), { schema, features }, { intended: ['Age'] });
  return Object.fromEntries(groups.map((g) => [g.name, g.dpVariance!]));
};
const everyone = () => () => 1; // reward "state": no priority
const oldest = (f: Float64Array) => (row: number) => 1 + 2 * f[row + 4]; // "state + 2 * state * agent_feats[4]"

describe('a priority on Ages 51-60', () => {
  test('raises Age\'s DP_variance far above a reward without priority', () => {
    for (const alpha of [0.2, 0.8]) {
      const flat = dp(alpha, everyone);
      const prioritized = dp(alpha, oldest);
      // About 800 arms are 51-60 and 400 of them are pulled: P = (0, 0, 0, 0, ~0.5), variance ~0.04.
      expect(prioritized.Age).toBeGreaterThan(0.03);
      expect(prioritized.Age).toBeGreaterThan(50 * flat.Age);
    }
  });

  test('spills over onto Income, and onto what depends on it, more at alpha 0.8 than at 0.2; Language stays put', () => {
    const low = dp(0.2, oldest);
    const high = dp(0.8, oldest);
    expect(high.Income).toBeGreaterThan(2 * low.Income);
    expect(high['Phone ownership']).toBeGreaterThan(low['Phone ownership']);
    // Language is independent of age at every alpha: only sampling noise, far below Income's spill-over.
    expect(high.Language).toBeLessThan(high.Income / 5);
    expect(low.Language).toBeLessThan(0.001);
  });
});
