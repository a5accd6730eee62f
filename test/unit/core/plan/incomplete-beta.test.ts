import { describe, expect, test } from 'vitest';
import { betaQuantile, logGamma, regularizedIncompleteBeta } from '../../../../src/core/plan/incomplete-beta.ts';
import { referenceBetaQuantile, referenceIncompleteBeta } from '../../../reference/incomplete-beta.ts';

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
});
