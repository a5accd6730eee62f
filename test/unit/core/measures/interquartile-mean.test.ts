import { describe, expect, test } from 'vitest';
import { interquartileMean } from '../../../../src/core/measures/interquartile-mean.ts';
import { meanNormalizedReward } from '../../../../src/core/measures/mean-normalized-reward.ts';

// Expected values computed with scipy 1.17: stats.trim_mean(x, 0.25) and
// stats.mstats.trimmed_stde(x, limits=(0.25, 0.25)).
describe('interquartileMean', () => {
  test('refuses no values and non-finite values', () => {
    expect(() => interquartileMean([])).toThrow('no values');
    expect(() => interquartileMean([1, Number.NaN])).toThrow('value 1 is NaN');
  });

  test('of one value is that value, with an undefined standard error', () => {
    const r = interquartileMean([7]);
    expect(r.iqm).toBe(7);
    expect(r.se).toBeNaN();
  });

  test('of fewer than four values trims nothing, like trim_mean', () => {
    expect(interquartileMean([2, 4])).toEqual({ iqm: 3, se: 2, n: 2 });
    const r = interquartileMean([1, 2, 3]);
    expect(r.iqm).toBe(2);
    expect(r.se).toBeCloseTo(1.1547005383792517, 15);
  });

  test(
    'cuts a quarter from each end: 1..8 has IQM 4.5 and standard error 1 (winsorized sd sqrt 2 over ' + '0.5 sqrt 8)',
    () => {
      expect(interquartileMean([8, 1, 7, 2, 6, 3, 5, 4])).toEqual({ iqm: 4.5, se: 1, n: 8 });
    },
  );

  test('cuts floor(n/4) when n is not a multiple of four and ignores the order of the input', () => {
    const r = interquartileMean([10, -2, 4, 4, 8, 100, -50, 3, 3, 7, 1]);
    expect(r.iqm).toBeCloseTo(4.285714285714286, 14);
    expect(r.se).toBeCloseTo(1.7533910474532648, 14);
    const five = interquartileMean([5, 1, 9, 3, 7]);
    expect(five.iqm).toBe(5);
    expect(five.se).toBeCloseTo(1.7888543819998317, 15);
  });

  test('is not moved by outliers in the outer quarters', () => {
    expect(interquartileMean([-1e9, 1, 2, 3, 4, 5, 6, 1e9]).iqm).toBe(3.5);
  });
});

describe('meanNormalizedReward', () => {
  const random = [0, 1, 2, 3, 4, 5, 6, 7]; // IQM 3.5
  const base = [10, 11, 12, 13, 14, 15, 16, 17]; // IQM 13.5

  test('is 0 for the Random policy and 1 for the Base policy by construction', () => {
    expect(meanNormalizedReward(random, random, base).mnr).toBe(0);
    expect(meanNormalizedReward(base, random, base).mnr).toBe(1);
  });

  test('places a method on the Random-to-Base scale and scales its standard error by the span', () => {
    // method 1..8: IQM 4.5, SE 1 -> (4.5 - 3.5) / 10 = 0.1, SE 1 / 10.
    const r = meanNormalizedReward([1, 2, 3, 4, 5, 6, 7, 8], random, base);
    expect(r.mnr).toBeCloseTo(0.1, 15);
    expect(r.se).toBeCloseTo(0.1, 15);
    expect(r).toMatchObject({ iqmMethod: 4.5, iqmRandom: 3.5, iqmBase: 13.5 });
  });

  test('is negative below Random (No Action) and may exceed 1', () => {
    expect(meanNormalizedReward([0, 0, 0, 0], random, base).mnr).toBeCloseTo(-0.35, 15);
    expect(meanNormalizedReward([23.5, 23.5], random, base).mnr).toBe(2);
  });

  test('is undefined (NaN) when Base does no better than Random', () => {
    const r = meanNormalizedReward(base, random, random);
    expect(r.mnr).toBeNaN();
    expect(r.se).toBeNaN();
  });
});
