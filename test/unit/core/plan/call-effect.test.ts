import { describe, expect, test } from 'vitest';
import { C_MAX, C_MIN } from '../../../../src/core/plan/estimate-transitions.ts';
import { fitCallEffects } from '../../../../src/core/plan/call-effect.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { referenceCallEffects } from '../../../reference/call-effect.ts';

/**
 * Random counts with a per-arm effect shared by both states (so C is not 0), some rates near 1 (caps), some arms
 * without a bucket.
 */
function randomInput(seed: number, N: number, link: number) {
  const random = seededRandom(seed);
  const n = new Uint16Array(N * 4),
    k = new Uint16Array(N * 4);
  const passive = new Float64Array(N * 2),
    passiveVariance = new Float64Array(N * 2);
  const buckets = [
    { bucket: new Int32Array(N), count: 3 },
    { bucket: new Int32Array(N), count: 4 },
  ];
  for (let arm = 0; arm < N; arm++) {
    buckets[0].bucket[arm] = random.int(3);
    buckets[1].bucket[arm] = random.next() < 0.1 ? -1 : random.int(4);
    const own = 0.1 * random.normal();
    for (let s = 0; s < 2; s++) {
      const q0 = random.next();
      passive[arm * 2 + s] = q0;
      passiveVariance[arm * 2 + s] = 0.002 + 0.01 * random.next();
      const q1 = Math.min(
        1,
        Math.max(0, q0 + 0.05 * buckets[0].bucket[arm] + link * own + (1 - link) * 0.1 * random.normal()),
      );
      const calls = random.int(5);
      n[arm * 4 + s * 2 + 1] = calls;
      for (let j = 0; j < calls; j++) if (random.next() < q1) k[arm * 4 + s * 2 + 1]++;
    }
  }
  return { n, k, passive, passiveVariance, buckets };
}

describe('fitCallEffects', () => {
  test.each([
    [1, 1],
    [2, 0.5],
    [3, 0],
  ])(
    'equals its slow twin (seed %i, link between states %f): means, strengths, variances, tau^2, C, intercepts',
    (seed, link) => {
      const N = 400;
      const { n, k, passive, passiveVariance, buckets } = randomInput(seed, N, link);
      const fast = fitCallEffects(n, k, passive, passiveVariance, buckets, N, [C_MIN, C_MAX]);
      const slow = referenceCallEffects(n, k, passive, passiveVariance, buckets, N, [C_MIN, C_MAX]);
      for (let i = 0; i < 2 * N; i++) {
        expect(fast.mean[i]).toBeCloseTo(slow.mean[i], 9);
        expect(fast.strength[i] / slow.strength[i]).toBeCloseTo(1, 9);
        expect(fast.variance[i]).toBeCloseTo(slow.variance[i], 12);
      }
      expect(fast.fits.map((f) => f.tau2)).toEqual(slow.tau2.map((x) => expect.closeTo(x, 12)));
      expect(fast.fits[0].covariance).toBeCloseTo(slow.covariance, 12);
      expect(fast.fits.map((f) => f.intercept)).toEqual(slow.intercept.map((x) => expect.closeTo(x, 9)));
      // Some beneficiaries are capped.
      expect(passive.some((q, i) => q + fast.fits[i & 1].intercept >= 0.995)).toBe(true);
    },
  );

  test('the capped fit finds the effect that the plain least squares drags down,', () => {
    // Everyone's call adds 0.2, capped at 1: half the register engages at 0.9 on her own.
    const N = 2000;
    const n = new Uint16Array(N * 4),
      k = new Uint16Array(N * 4);
    const passive = new Float64Array(N * 2),
      passiveVariance = new Float64Array(N * 2).fill(1e-4);
    const random = seededRandom(5);
    for (let arm = 0; arm < N; arm++) {
      for (let s = 0; s < 2; s++) {
        const q0 = arm % 2 === 0 ? 0.3 : 0.9;
        passive[arm * 2 + s] = q0;
        n[arm * 4 + s * 2 + 1] = 20;
        for (let j = 0; j < 20; j++) if (random.next() < Math.min(1, q0 + 0.2)) k[arm * 4 + s * 2 + 1]++;
      }
    }
    const { fits, mean } = fitCallEffects(n, k, passive, passiveVariance, [], N, [C_MIN, C_MAX]);
    // Plain least squares would give about (0.2 + 0.1) / 2 = 0.15.
    expect(fits[0].intercept).toBeGreaterThan(0.18);
    expect(fits[0].intercept).toBeLessThan(0.22);
    expect(mean[0]).toBeCloseTo(0.3 + fits[0].intercept, 1);
  });
  test.each([
    [0, 3],
    [0, 4],
    [1, 3],
    [1, 4],
  ])(
    'C is about 0 when her effects in the two states are independent, and positive when shared (link %i, seed %i)',
    (link, seed) => {
      // Effects of sd 0.1 around 0.1, independent per state (link 0) or one per beneficiary (link 1: C = 0.01).
      const N = 4000,
        random = seededRandom(seed);
      const n = new Uint16Array(N * 4),
        k = new Uint16Array(N * 4);
      const passive = new Float64Array(N * 2),
        passiveVariance = new Float64Array(N * 2).fill(0.001);
      for (let arm = 0; arm < N; arm++) {
        const own = 0.1 * random.normal();
        for (let s = 0; s < 2; s++) {
          const q0 = 0.2 + 0.5 * random.next();
          passive[arm * 2 + s] = q0;
          const q1 = q0 + 0.1 + (link === 1 ? own : 0.1 * random.normal());
          n[arm * 4 + s * 2 + 1] = random.int(5);
          for (let j = 0; j < n[arm * 4 + s * 2 + 1]; j++) if (random.next() < q1) k[arm * 4 + s * 2 + 1]++;
        }
      }
      const { fits } = fitCallEffects(n, k, passive, passiveVariance, [], N, [C_MIN, C_MAX]);
      if (link === 0) expect(Math.abs(fits[0].covariance)).toBeLessThan(0.002);
      else expect(fits[0].covariance).toBeGreaterThan(0.003);
    },
  );
});
