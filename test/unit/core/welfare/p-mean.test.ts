import { describe, expect, test } from 'vitest';
import { parseP } from '../../../../src/core/welfare/parse-p.ts';
import { pMean } from '../../../../src/core/welfare/p-mean.ts';
import { seededRandom } from '../../../reference/seeded-random.ts';

/** The textbook formula, for moderate p and scales only (the reference twin). */
function naivePMean(x: number[], p: number, w = x.map(() => 1 / x.length)): number {
  if (p === 0) return x.reduce((acc, xi, i) => acc * xi ** w[i], 1);
  if (p === -Infinity) return Math.min(...x);
  return x.reduce((acc, xi, i) => acc + w[i] * xi ** p, 0) ** (1 / p);
}

const close = (a: number, b: number, rel = 1e-13) => expect(Math.abs(a - b)).toBeLessThanOrEqual(rel * Math.abs(b));

describe('pMean: bad input', () => {
  test('refuses an empty vector, p above 1 or NaN, and names a negative or non-finite score', () => {
    expect(() => pMean([], 1)).toThrow('at least one score');
    expect(() => pMean([1, 2], 2)).toThrow('p must be a number in [-inf, 1], got 2');
    expect(() => pMean([1, 2], NaN)).toThrow('got NaN');
    expect(() => pMean([1, -2, 4], 1)).toThrow('score 2 is -2');
    expect(() => pMean([1, NaN], 0)).toThrow('score 2 is NaN');
    expect(() => pMean([Infinity, 1], -1)).toThrow('score 1 is Infinity');
  });

  test('refuses weights of the wrong length, negative weights and weights that do not sum to 1', () => {
    expect(() => pMean([1, 2], 1, [1])).toThrow('1 weights for 2 scores');
    expect(() => pMean([1, 2], 1, [1.5, -0.5])).toThrow('weight 2 is -0.5');
    expect(() => pMean([1, 2], 1, [0.5, 0.6])).toThrow('the weights sum to 1.1, not 1');
  });
});

describe('pMean: values computed by hand', () => {
  test('a single score is its own mean for every p', () => {
    for (const p of [1, 0.5, 0, -1, -50, -Infinity]) close(pMean([3.5], p), 3.5);
  });

  test('(1, 2, 4): utilitarian 7/3, Nash 2, harmonic 12/7, egalitarian 1, p = 1/2 ((3 + sqrt 2)/3)^2', () => {
    close(pMean([1, 2, 4], 1), 7 / 3);
    close(pMean([1, 2, 4], 0), 2);
    close(pMean([1, 2, 4], -1), 12 / 7);
    expect(pMean([1, 2, 4], -Infinity)).toBe(1);
    close(pMean([1, 2, 4], 0.5), ((3 + Math.SQRT2) / 3) ** 2);
  });

  test(
    'weights (1/2, 1/4, 1/4) on (1, 2, 4): 2, 2^(3/4), 16/11; a zero weight removes a clause, even from ' +
      'the minimum',
    () => {
      const w = [0.5, 0.25, 0.25];
      close(pMean([1, 2, 4], 1, w), 2);
      close(pMean([1, 2, 4], 0, w), 2 ** 0.75);
      close(pMean([1, 2, 4], -1, w), 16 / 11);
      expect(pMean([1, 2, 4], -Infinity, [0, 0.5, 0.5])).toBe(2);
      close(pMean([1, 2, 4], 0, [0, 0.5, 0.5]), Math.sqrt(8));
    },
  );

  test('agrees with the textbook formula on random vectors and p', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 6);
      const x = Array.from({ length: n }, () => 0.01 + 10 * random());
      const raw = x.map(() => random());
      const w = raw.map((r) => r / raw.reduce((a, b) => a + b));
      const p = trial % 10 === 0 ? 0 : 1 - 8 * random();
      close(pMean(x, p, w), naivePMean(x, p, w), 1e-12);
    }
  });
});

describe('pMean: limits and numerical range', () => {
  test('tends to the geometric mean as p -> 0 from both sides, without cancellation', () => {
    const x = [0.3, 1.7, 2.9, 8];
    const g = pMean(x, 0);
    for (const p of [1e-6, -1e-6, 1e-12, -1e-12]) close(pMean(x, p), g, 3 * Math.abs(p) * 10);
    close(pMean(x, 1e-300), g);
  });

  test('tends to the minimum as p -> -inf: within the factor d^(1/|p|) the paper uses, and finite at p = -1e6', () => {
    const x = [0.3, 1.7, 2.9, 8];
    for (const p of [-10, -100, -1e4]) {
      const m = pMean(x, p);
      expect(m).toBeGreaterThanOrEqual(0.3);
      expect(m).toBeLessThanOrEqual(0.3 * 4 ** (1 / -p) * (1 + 1e-14));
    }
    close(pMean(x, -1e6), 0.3, 1e-5);
  });

  test('works at extreme scales where the textbook formula overflows or underflows', () => {
    for (const s of [1e-300, 1e300]) {
      const x = [1 * s, 2 * s, 4 * s];
      close(pMean(x, 1), (7 / 3) * s);
      close(pMean(x, 0), 2 * s);
      close(pMean(x, -1), (12 / 7) * s);
      close(pMean(x, -200), s * pMean([1, 2, 4], -200));
      const naive = naivePMean(x, -200); // 0 or Infinity: the powers leave the double range
      expect(naive > 0 && Number.isFinite(naive)).toBe(false);
    }
    close(pMean([1e-300, 1e300], 0), 1);
  });

  test('is nondecreasing in p and positively homogeneous on random vectors', () => {
    const random = seededRandom(11);
    const ps = [-Infinity, -1e4, -100, -10, -3, -1, -0.5, -1e-3, 0, 1e-3, 0.25, 0.5, 0.9, 1];
    for (let trial = 0; trial < 200; trial++) {
      const n = 2 + Math.floor(random() * 8);
      const x = Array.from({ length: n }, () => 10 ** (6 * random() - 3));
      const values = ps.map((p) => pMean(x, p));
      for (let i = 1; i < ps.length; i++) expect(values[i]).toBeGreaterThanOrEqual(values[i - 1] * (1 - 1e-13));
      const lambda = 10 ** (10 * random() - 5);
      for (const [i, p] of ps.entries())
        close(
          pMean(
            x.map((xi) => lambda * xi),
            p,
          ),
          lambda * values[i],
          1e-12,
        );
    }
  });
});

describe('pMean: the rule for zero scores', () => {
  test('a zero adds nothing for p > 0 and makes the welfare 0 for p <= 0 (the limit from the right)', () => {
    close(pMean([0, 2], 1), 1);
    close(pMean([0, 2], 0.5), 0.5);
    for (const p of [0, -0.5, -1, -Infinity]) expect(pMean([0, 2], p)).toBe(0);
    for (const p of [-1, -0.01]) expect(pMean([1e-200, 2], p)).toBeLessThan(1e-100);
    expect(pMean([0, 0], 1)).toBe(0);
  });
});

describe('parseP', () => {
  test('reads numbers, -inf and the classic names, and refuses p > 1 and junk', () => {
    expect(parseP('-1')).toBe(-1);
    expect(parseP(' 0.5 ')).toBe(0.5);
    expect(parseP('-inf')).toBe(-Infinity);
    expect(parseP('Egalitarian')).toBe(-Infinity);
    expect(parseP('nash')).toBe(0);
    expect(parseP('utilitarian')).toBe(1);
    expect(() => parseP('2')).toThrow('p = 2 is above 1');
    expect(() => parseP('inf')).toThrow('"inf" is not a value of p');
    expect(() => parseP('1,5')).toThrow('not a value of p');
  });
});
