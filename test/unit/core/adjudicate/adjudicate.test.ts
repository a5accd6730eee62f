import { describe, expect, test } from 'vitest';
import { adjudicate } from '../../../../src/core/adjudicate/adjudicate.ts';
import { minMaxNormalize } from '../../../../src/core/adjudicate/min-max-normalize.ts';
import { relativeRegretBound } from '../../../../src/core/adjudicate/regret-bound.ts';
import { selectByWelfare } from '../../../../src/core/adjudicate/select-by-welfare.ts';
import { pMean } from '../../../../src/core/welfare/p-mean.ts';
import { seededRandom } from '../../../reference/seeded-random.ts';

/**
 * The smallest eps with (1 - eps) s <= s_hat <= (1 + eps) s entrywise: max_i |s_hat_i / s_i - 1|
 * (true scores must be positive; a true 0 needs an observed 0).
 */
function noiseLevel(trueScores: ArrayLike<number>, observed: ArrayLike<number>): number {
  if (trueScores.length !== observed.length)
    throw new RangeError(`${trueScores.length} true scores but ${observed.length} observed ones`);
  let eps = 0;
  for (let i = 0; i < trueScores.length; i++) {
    const s = trueScores[i];
    if (s === 0 && observed[i] === 0) continue;
    if (!(s > 0)) throw new RangeError(`true score ${i + 1} is ${s}: multiplicative noise needs positive true scores`);
    eps = Math.max(eps, Math.abs(observed[i] / s - 1));
  }
  return eps;
}

describe('minMaxNormalize', () => {
  test('gives a one-candidate pool 1 and says so', () => {
    expect(minMaxNormalize([0.7])).toEqual({ values: Float64Array.of(1), rule: 'single' });
    expect(minMaxNormalize([0.7], true)).toEqual({ values: Float64Array.of(1), rule: 'single' });
  });

  test('gives every candidate 1 when the clause does not tell them apart', () => {
    expect(minMaxNormalize([3, 3, 3], true)).toEqual({ values: Float64Array.of(1, 1, 1), rule: 'all-equal' });
  });

  test('maps the range onto [0, 1], inverted when lower is better (EMD)', () => {
    expect(minMaxNormalize([2, 4, 3])).toEqual({ values: Float64Array.of(0, 1, 0.5), rule: 'range' });
    expect(minMaxNormalize([2, 4, 3], true)).toEqual({ values: Float64Array.of(1, 0, 0.5), rule: 'range' });
  });

  test('refuses an empty pool and non-finite scores', () => {
    expect(() => minMaxNormalize([])).toThrow('no scores');
    expect(() => minMaxNormalize([1, NaN])).toThrow('score 2 is NaN');
  });
});

describe('selectByWelfare', () => {
  // Three candidates x two clauses: A is lopsided with the best sum, B balanced, C dominated.
  const scores = [
    [1.6, 0.6],
    [1.0, 1.0],
    [0.9, 0.9],
  ].flat();

  test('utilitarian picks the best sum, egalitarian the best minimum, and weights can move the choice', () => {
    expect(selectByWelfare(scores, 2, 1).index).toBe(0);
    expect(selectByWelfare(scores, 2, -Infinity).index).toBe(1);
    expect(selectByWelfare(scores, 2, 0).index).toBe(1); // 0.98 < 1
    expect(selectByWelfare(scores, 2, -Infinity, [1, 0]).index).toBe(0);
    expect(Array.from(selectByWelfare(scores, 2, 1).welfare)).toEqual([1.1, 1, 0.9]);
  });

  test('breaks ties by the lowest index and lists the tied candidates', () => {
    const tie = selectByWelfare([1, 2, 2, 1, 0.5, 0.5], 2, 1);
    expect(tie.index).toBe(0);
    expect(tie.tied).toEqual([0, 1]);
  });

  test('returns the only candidate of a one-candidate pool', () => {
    expect(selectByWelfare([0.3, 0.9], 2, 0)).toMatchObject({ index: 0, tied: [0] });
  });

  test('names the candidate whose scores are bad, and refuses a ragged matrix', () => {
    expect(() => selectByWelfare([1, 1, 1, -1], 2, 1)).toThrow('candidate 2: score 2 is -1');
    expect(() => selectByWelfare([1, 1, 1], 2, 1)).toThrow('do not form a candidates x 2 clauses matrix');
  });
});

describe("SCLM's regret bound under multiplicative noise", () => {
  test('is 2 eps / (1 + eps), 0 without noise, and refuses eps outside [0, 1)', () => {
    expect(relativeRegretBound(0)).toBe(0);
    expect(relativeRegretBound(0.1)).toBeCloseTo(0.2 / 1.1, 15);
    expect(() => relativeRegretBound(1)).toThrow('[0, 1)');
    expect(() => relativeRegretBound(-0.1)).toThrow('[0, 1)');
  });

  test('holds on random pools with random noise of every size, for every welfare function', () => {
    const random = seededRandom(2024);
    let worstSlack = Infinity;
    for (let trial = 0; trial < 2000; trial++) {
      const candidates = 2 + Math.floor(random() * 20);
      const clauses = 1 + Math.floor(random() * 4);
      const eps = 0.5 * random();
      const truth = Array.from({ length: candidates * clauses }, () => 0.05 + random());
      const observed = truth.map((s) => s * (1 + eps * (2 * random() - 1)));
      expect(noiseLevel(truth, observed)).toBeLessThanOrEqual(eps * (1 + 1e-12));
      const p = [1, 0, -1, -Infinity, 0.5, -5][trial % 6];
      const chosen = selectByWelfare(observed, clauses, p).index;
      const best = selectByWelfare(truth, clauses, p);
      const regret = 1 - best.welfare[chosen] / best.welfare[best.index];
      worstSlack = Math.min(worstSlack, relativeRegretBound(eps) - regret);
    }
    expect(worstSlack).toBeGreaterThanOrEqual(-1e-12);
  });

  test('is attained: the true best is observed low by (1 - eps), a rival high by (1 + eps)', () => {
    const eps = 0.2;
    const truth = [1, 1, (1 - eps) / (1 + eps), (1 - eps) / (1 + eps)];
    const observed = [truth[0] * (1 - eps), truth[1] * (1 - eps), truth[2] * (1 + eps), truth[3] * (1 + eps)];
    for (const p of [1, 0, -Infinity]) {
      // Both rows observe (0.8, 0.8); the tie goes to the first, so perturb the rival up by one ulp's worth.
      const chosen = selectByWelfare(
        observed.map((s, i) => (i >= 2 ? s * (1 + 1e-15) : s)),
        2,
        p,
      ).index;
      expect(chosen).toBe(1);
      const regret = 1 - pMean(truth.slice(2), p) / pMean(truth.slice(0, 2), p);
      expect(regret).toBeCloseTo(relativeRegretBound(eps), 12);
    }
  });
});

describe('a pick tied with the runner-up to the shown precision', () => {
  test('is explained as a tie and how it was broken, not as robust to noise', () => {
    const matrix = {
      numCandidates: 2,
      clauses: [{ name: 'a' }, { name: 'b' }],
      scores: new Float64Array([1.0002, 1.0, 1.0, 1.0001]),
    };
    const [u] = adjudicate(matrix as never, [{ label: 'utilitarian', p: 1 }]).outcomes;
    expect(u.explanation).toMatch(
      new RegExp(
        String.raw`^candidate 1 and candidate 2 tie on welfare \(1 each, to ` +
          String.raw`three digits\); the tie went to candidate 1 by a margin`,
      ),
    );
    expect(u.explanation).not.toMatch(/cannot change this choice/);
  });
});
