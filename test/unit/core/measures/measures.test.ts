import { describe, expect, test } from 'vitest';
import { averageEmd } from '../../../../src/core/measures/average-emd.ts';
import { clauseSummary } from '../../../../src/core/measures/clause-summary.ts';
import { emd } from '../../../../src/core/measures/emd.ts';
import { extremeBucketChange } from '../../../../src/core/measures/extreme-bucket-change.ts';
import { paretoFront } from '../../../../src/core/measures/pareto-front.ts';
import { utilityDrop } from '../../../../src/core/measures/utility-drop.ts';
import { seededRandom } from '../../../reference/seeded-random.ts';

/**
 * The transport problem solved by enumeration: the cheapest way to move integer masses `a` onto `b`
 * (same total) when moving one unit from bucket i to j costs |i - j|. The transportation polytope
 * has integral vertices, so the cheapest integer plan is the LP optimum.
 */
function bruteForceTransport(a: number[], b: number[]): number {
  const n = a.length;
  let best = Infinity;
  const need = [...b];
  const place = (i: number, j: number, left: number, cost: number): void => {
    if (cost >= best) return;
    if (i === n) {
      best = cost;
      return;
    }
    if (j === n - 1) {
      if (left > need[j]) return;
      need[j] -= left;
      place(i + 1, 0, i + 1 < n ? a[i + 1] : 0, cost + left * Math.abs(i - j));
      need[j] += left;
      return;
    }
    for (let t = 0; t <= Math.min(left, need[j]); t++) {
      need[j] -= t;
      place(i, j + 1, left - t, cost + t * Math.abs(i - j));
      need[j] += t;
    }
  };
  place(0, 0, a[0], 0);
  return best;
}

describe('emd', () => {
  test('is 0 for identical shapes, whatever the scale, and n - 1 between the two end buckets', () => {
    expect(emd([1, 2, 3], [2, 4, 6])).toBe(0);
    expect(emd([0, 0], [0, 0])).toBe(0);
    expect(emd([1, 0, 0, 0], [0, 0, 0, 5])).toBe(3);
    expect(emd([0.5, 0.5], [1, 0])).toBe(0.5);
  });

  test('agrees with the brute-force transport solution on random integer distributions', () => {
    const random = seededRandom(5);
    for (let trial = 0; trial < 150; trial++) {
      const n = 2 + Math.floor(random() * 4);
      const total = 1 + Math.floor(random() * 7);
      const spread = () => {
        const m = new Array<number>(n).fill(0);
        for (let u = 0; u < total; u++) m[Math.floor(random() * n)]++;
        return m;
      };
      const a = spread();
      const b = spread();
      expect(emd(a, b)).toBeCloseTo(bruteForceTransport(a, b) / total, 12);
      expect(emd(a, b)).toBeCloseTo(emd(b, a), 15);
    }
  });

  test('refuses different bucket counts, negative mass and comparing mass with no mass', () => {
    expect(() => emd([1, 2], [1, 2, 3])).toThrow('2 and 3 buckets');
    expect(() => emd([1, -2], [1, 2])).toThrow('bucket 2 of the first distribution is -2');
    expect(() => emd([0, 0], [1, 2])).toThrow('the first distribution has no mass');
  });

  test('averages over unmentioned features', () => {
    expect(
      averageEmd([
        { baseline: [1, 0], candidate: [0, 1] },
        { baseline: [1, 1, 1], candidate: [1, 1, 1] },
      ]),
    ).toBe(0.5);
    expect(() => averageEmd([])).toThrow('no unmentioned features');
  });
});

describe('paretoFront', () => {
  test('keeps the non-dominated candidates, sorted by the first clause, including exact duplicates', () => {
    const scores = [
      [1, 5],
      [3, 3],
      [2, 2], // dominated by (3, 3)
      [3, 3], // duplicate of candidate 1
      [5, 1],
      [5, 0], // dominated by (5, 1)
    ].flat();
    expect(paretoFront(scores, 2, 0, 1)).toEqual([4, 1, 3, 0]);
    expect(paretoFront(scores, 2, 1, 0)).toEqual([0, 1, 3, 4]);
  });

  test('matches the definition on random pools with many ties, for any pair of clauses', () => {
    const random = seededRandom(9);
    for (let trial = 0; trial < 200; trial++) {
      const n = 1 + Math.floor(random() * 12);
      const scores = Array.from({ length: n * 3 }, () => Math.floor(random() * 4));
      const x = Math.floor(random() * 3);
      const y = (x + 1 + Math.floor(random() * 2)) % 3;
      const s = (i: number, c: number) => scores[i * 3 + c];
      const expected = Array.from({ length: n }, (_, i) => i).filter(
        (i) =>
          !Array.from({ length: n }, (_, j) => j).some(
            (j) => s(j, x) >= s(i, x) && s(j, y) >= s(i, y) && (s(j, x) > s(i, x) || s(j, y) > s(i, y)),
          ),
      );
      expect([...paretoFront(scores, 3, x, y)].sort((a, b) => a - b)).toEqual(expected);
    }
  });

  test('refuses a clause that does not exist', () => {
    expect(() => paretoFront([1, 2], 2, 0, 2)).toThrow('clauses 1 and 3 are not both among the 2 clauses');
  });
});

describe("SCLM's evaluation measures", () => {
  const baseline = [10, 20, 30, 40];
  const candidate = [15, 18, 30, 30];

  test('% change of the bottom or top 1, 2, 3 buckets against the default', () => {
    expect(extremeBucketChange(candidate, baseline, 'bottom', 1)).toBe(50);
    expect(extremeBucketChange(candidate, baseline, 'bottom', 2)).toBeCloseTo((100 * 3) / 30, 12);
    expect(extremeBucketChange(candidate, baseline, 'top', 1)).toBe(-25);
    expect(extremeBucketChange(candidate, baseline, 'top', 3)).toBeCloseTo((100 * -12) / 90, 12);
    expect(() => extremeBucketChange(candidate, baseline, 'top', 5)).toThrow('cannot take the top 5 of 4 buckets');
    expect(() => extremeBucketChange([1, 1], [0, 1], 'bottom')).toThrow('a % change is undefined');
  });

  test('sum and minimum over clauses', () => {
    expect(clauseSummary([50, -25, 10])).toEqual({ sum: 35, min: -25 });
    expect(() => clauseSummary([])).toThrow('no clause scores');
  });

  test('% drop in total utility against the default', () => {
    expect(utilityDrop(93, 100)).toBe(7);
    expect(utilityDrop(110, 100)).toBe(-10);
    expect(() => utilityDrop(1, 0)).toThrow('positive total');
  });
});
