import { describe, expect, test } from 'vitest';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

const draw = (seed: number, n: number) => {
  const r = seededRandom(seed);
  return Array.from({ length: n }, () => r.next());
};

describe('seededRandom', () => {
  test('refuses a seed that is not a finite number', () => {
    expect(() => seededRandom(NaN)).toThrow('seed must be a finite number');
  });

  test('gives the same sequence for the same seed, including seed 0', () => {
    expect(draw(0, 50)).toEqual(draw(0, 50));
    expect(draw(12345, 50)).toEqual(draw(12345, 50));
  });

  test('gives different sequences for neighbouring seeds and for seeds beyond 2^32', () => {
    expect(draw(1, 5)).not.toEqual(draw(2, 5));
    expect(draw(1, 5)).not.toEqual(draw(2 ** 32 + 1, 5));
    expect(draw(-1, 5)).not.toEqual(draw(1, 5));
  });

  test('draws uniformly in [0, 1): mean, variance and every decile within tolerance', () => {
    const xs = draw(7, 100_000);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const mean = xs.reduce((a, b) => a + b) / xs.length;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
    expect(mean).toBeCloseTo(0.5, 2);
    expect(variance).toBeCloseTo(1 / 12, 3);
    const deciles = new Array(10).fill(0);
    for (const x of xs) deciles[Math.floor(x * 10)]++;
    for (const count of deciles) expect(Math.abs(count - 10_000)).toBeLessThan(500); // ~5 standard deviations
  });

  test('draws standard normals with mean 0 and variance 1', () => {
    const r = seededRandom(3);
    const xs = Array.from({ length: 100_000 }, () => r.normal());
    const mean = xs.reduce((a, b) => a + b) / xs.length;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(Math.abs(variance - 1)).toBeLessThan(0.02);
  });

  test('draws categorical indices in proportion to the weights, never a zero-weight index', () => {
    const r = seededRandom(4);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[r.categorical([1, 0, 3, 0])]++;
    expect(counts[1]).toBe(0);
    expect(counts[3]).toBe(0);
    expect(counts[0] / 40_000).toBeCloseTo(0.25, 1);
  });

  test('fill gives the numbers next() gives, and leaves the generator where next() would', () => {
    const a = seededRandom(9);
    const b = seededRandom(9);
    const out = new Float64Array(1000).fill(-1);
    a.fill(out, 3, 997);
    const expected = Array.from({ length: 1000 }, (_, i) => (i >= 3 && i < 997 ? b.next() : -1));
    expect(Array.from(out)).toEqual(expected);
    expect([a.next(), a.int(10), a.normal()]).toEqual([b.next(), b.int(10), b.normal()]);
  });
});
