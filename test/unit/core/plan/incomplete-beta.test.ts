import { describe, expect, test } from 'vitest';
import {
  betaInterval,
  betaQuantile,
  logBeta,
  logGamma,
  regularizedIncompleteBeta,
} from '../../../../src/core/plan/incomplete-beta.ts';
import { referenceBetaQuantile, referenceIncompleteBeta } from '../../../reference/incomplete-beta.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

/** I_x(a, b) for whole a, b and rational x = num/den, exactly: P(Binomial(a + b - 1, x) >= a), in BigInt. */
function exactIntegerCase(num: bigint, den: bigint, a: number, b: number): number {
  const n = a + b - 1;
  let total = 0n;
  let choose = 1n;
  for (let j = 0; j <= n; j++) {
    if (j > 0) choose = (choose * BigInt(n - j + 1)) / BigInt(j);
    if (j >= a) total += choose * num ** BigInt(j) * (den - num) ** BigInt(n - j);
  }
  const scale = den ** BigInt(n);
  // 64 significant bits of the exact fraction, then to double.
  const shift = 64 + scale.toString(2).length - total.toString(2).length;
  return Number((total << BigInt(shift)) / scale) / 2 ** shift;
}

const rel = (x: number, y: number) => Math.abs(x - y) / Math.max(Math.abs(y), 1e-300);

describe('regularizedIncompleteBeta', () => {
  test('is 0 below the support and 1 above it, and refuses bad shapes', () => {
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(-1, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
    expect(() => regularizedIncompleteBeta(0.5, 0, 1)).toThrow('Beta parameters must be positive');
  });

  test('equals exact binomial tail sums for whole shapes to 1e-12', () => {
    for (const [num, den] of [
      [1n, 10n],
      [3n, 10n],
      [1n, 2n],
      [7n, 10n],
      [99n, 100n],
      [1n, 1000n],
    ] as const) {
      for (const [a, b] of [
        [1, 1],
        [2, 2],
        [5, 7],
        [12, 3],
        [30, 40],
        [1, 25],
        [60, 2],
      ]) {
        const exact = exactIntegerCase(num, den, a, b);
        const got = regularizedIncompleteBeta(Number(num) / Number(den), a, b);
        if (exact > 1e-290) expect(rel(got, exact), `x=${num}/${den} a=${a} b=${b}`).toBeLessThan(1e-12);
      }
    }
  });

  test('equals the closed forms of Beta(a, 1), Beta(1, b) and the arcsine law', () => {
    for (const x of [1e-8, 0.01, 0.3, 0.5, 0.9, 0.999]) {
      expect(rel(regularizedIncompleteBeta(x, 3.7, 1), x ** 3.7)).toBeLessThan(1e-13);
      expect(rel(regularizedIncompleteBeta(x, 1, 0.4), -Math.expm1(0.4 * Math.log1p(-x)))).toBeLessThan(1e-13);
      expect(rel(regularizedIncompleteBeta(x, 0.5, 0.5), (2 / Math.PI) * Math.asin(Math.sqrt(x)))).toBeLessThan(1e-13);
    }
  });

  test('agrees with the numerical-integration twin on fractional shapes', () => {
    for (const [a, b] of [
      [0.3, 4.5],
      [2.5, 0.7],
      [0.2, 0.25],
      [17.3, 9.1],
      [150.5, 20.25],
      [1.5, 1.5],
    ]) {
      for (const x of [0.001, 0.1, 0.37, 0.5, 0.63, 0.95, 0.9999]) {
        const twin = referenceIncompleteBeta(x, a, b);
        expect(Math.abs(regularizedIncompleteBeta(x, a, b) - twin), `a=${a} b=${b} x=${x}`).toBeLessThan(
          1e-11 * Math.max(twin, 1e-3),
        );
      }
    }
  });

  test('logGamma matches log((n - 1)!) and Gamma(1/2) = sqrt(pi)', () => {
    let f = 0;
    for (let n = 1; n < 60; n++) {
      expect(Math.abs(logGamma(n) - f)).toBeLessThan(1e-12 * Math.max(1, f));
      f += Math.log(n);
    }
    expect(Math.abs(logGamma(0.5) - 0.5 * Math.log(Math.PI))).toBeLessThan(1e-14);
  });
});

describe('betaQuantile', () => {
  test('inverts the closed forms', () => {
    for (const p of [1e-10, 0.001, 0.05, 0.5, 0.95, 0.999]) {
      expect(rel(betaQuantile(p, 3.7, 1), p ** (1 / 3.7))).toBeLessThan(1e-13);
      expect(rel(betaQuantile(p, 1, 0.4), -Math.expm1(Math.log1p(-p) / 0.4))).toBeLessThan(1e-12);
      expect(rel(betaQuantile(p, 0.5, 0.5), Math.sin((Math.PI * p) / 2) ** 2)).toBeLessThan(1e-12);
    }
    expect(betaQuantile(0, 2, 3)).toBe(0);
    expect(betaQuantile(1, 2, 3)).toBe(1);
    expect(() => betaQuantile(1.5, 2, 3)).toThrow('a probability must be in [0, 1]');
  });

  test('agrees with bisection on the twin, and I(Q(p)) = p, over posterior-like shapes', () => {
    for (const [a, b] of [
      [0.3, 4.5],
      [2.5, 0.7],
      [1.2, 26.8],
      [27, 1.05],
    ]) {
      for (const p of [0.05, 0.95]) {
        const q = betaQuantile(p, a, b);
        expect(Math.abs(regularizedIncompleteBeta(q, a, b) - p), `a=${a} b=${b} p=${p}`).toBeLessThan(1e-13);
        expect(Math.abs(q - referenceBetaQuantile(p, a, b)), `a=${a} b=${b} p=${p}`).toBeLessThan(
          1e-10 * Math.max(q, 1e-6),
        );
      }
    }
    for (const [a, b] of [
      [400, 600],
      [0.2, 0.3],
      [1000.5, 3.5],
    ]) {
      for (const p of [1e-6, 0.05, 0.5, 0.95])
        expect(
          Math.abs(regularizedIncompleteBeta(betaQuantile(p, a, b), a, b) - p),
          `a=${a} b=${b} p=${p}`,
        ).toBeLessThan(1e-12 * Math.max(p, 1e-3));
    }
  }, 60_000);

  test('agrees with bisection on the twin over random posterior-like shapes and levels', () => {
    const random = seededRandom(11);
    for (let i = 0; i < 12; i++) {
      const a = 0.3 + 60 * random.next(),
        b = 0.3 + 60 * random.next(),
        p = i % 4 === 0 ? 0.05 : i % 4 === 1 ? 0.95 : random.next();
      const q = betaQuantile(p, a, b);
      expect(Math.abs(q - referenceBetaQuantile(p, a, b)), `a=${a} b=${b} p=${p}`).toBeLessThan(1e-10 * q);
    }
  }, 60_000);

  test('I(Q(p)) = p over random shapes from 1e-3 to 1e7 and levels into both tails', () => {
    const random = seededRandom(12);
    const shape = () => 10 ** (-3 + (random.next() < 0.8 ? 5 : 10) * random.next());
    for (let i = 0; i < 3000; i++) {
      const a = shape(),
        b = shape(),
        k = random.next();
      const p = k < 0.3 ? 10 ** (-12 * random.next()) : k < 0.6 ? 1 - 10 ** (-1 - 11 * random.next()) : random.next();
      const q = betaQuantile(p, a, b);
      expect(q, `a=${a} b=${b} p=${p}`).toBeGreaterThanOrEqual(0);
      expect(q, `a=${a} b=${b} p=${p}`).toBeLessThanOrEqual(1);
      // the CDF beside the quantile straddles p (a quantile beyond the doubles rounds to 0 or 1); CDF noise: log B of
      // large shapes loses bits to cancellation (1e-16 of log G(a + b))
      const noise = 1e-13 * Math.max(1, Math.abs(logGamma(a + b))) * Math.min(p, 1 - p),
        at = `a=${a} b=${b} p=${p} q=${q}`;
      // (subnormal quantiles have few bits: there, within a factor 2)
      const e = q < 1e-300 ? 0.5 : 1e-13;
      const below = q === 0 ? -Infinity : regularizedIncompleteBeta(q === 1 ? 1 - 2 ** -53 : q * (1 - e), a, b),
        above = q === 1 ? Infinity : regularizedIncompleteBeta(q === 0 ? Number.MIN_VALUE : q * (1 + 2 * e), a, b);
      expect(below - p, at).toBeLessThan(noise + 1e-300);
      expect(above - p, at).toBeGreaterThan(-noise - 1e-300);
    }
  }, 60_000);

  test('finds quantiles far into the tails: below 1e-300, and 1 where the quantile rounds to it', () => {
    // I_x(a, b) ~ x^a / (a B(a, b)) for tiny x: the quantile (p a B)^(1/a)
    for (const [p, a, b] of [
      [1.9e-6, 0.018, 11.2],
      [0.24, 0.002, 9.2],
      [0.05, 0.01, 3],
    ]) {
      const tail = Math.exp((Math.log(p * a) + logBeta(a, b)) / a);
      expect(rel(betaQuantile(p, a, b), tail), `a=${a} b=${b} p=${p}`).toBeLessThan(1e-6);
    }
    // Beta(3, 0.017) at 0.95: 1 - 1e-77, which is 1 as a double
    expect(betaQuantile(0.95, 2.98, 0.0174)).toBe(1);
    // Beta(1, b): 1 - (1 - p)^(1/b), 1.2e-14 below 1
    expect(rel(1 - betaQuantile(0.05, 1, 0.0016), Math.exp(Math.log1p(-0.05) / 0.0016))).toBeLessThan(0.02);
  });
});

describe('betaInterval', () => {
  test("is the two quantiles' bits", () => {
    const random = seededRandom(13);
    for (let i = 0; i < 500; i++) {
      const a = 10 ** (-2 + 4 * random.next()),
        b = 10 ** (-2 + 4 * random.next()),
        level = i % 2 ? 0.9 : random.next();
      const tail = (1 - level) / 2;
      expect(betaInterval(a, b, level)).toEqual([betaQuantile(tail, a, b), betaQuantile(1 - tail, a, b)]);
    }
    expect(() => betaInterval(0, 1, 0.9)).toThrow('Beta parameters must be positive');
  });
});
