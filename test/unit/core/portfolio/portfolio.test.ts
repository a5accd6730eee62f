import { describe, expect, test } from 'vitest';
import { parsePolicyUtilities } from '../../../../src/core/datasets/policy-utilities-csv.ts';
import { approximationFactor, optimalWelfare } from '../../../../src/core/portfolio/approximation-factor.ts';
import { budgetPortfolio } from '../../../../src/core/portfolio/budget-portfolio.ts';
import { pGrid } from '../../../../src/core/portfolio/p-grid.ts';
import { pMeanPortfolio } from '../../../../src/core/portfolio/p-mean-portfolio.ts';
import { randomNormPortfolio, randomPolicyPortfolio } from '../../../reproduce/random-portfolios.ts';
import {
  bestPolicy,
  policyWelfare,
  utilityPool,
  type UtilityPool,
} from '../../../../src/core/portfolio/utility-pool.ts';
import { WelfareOracle } from '../../../../src/core/portfolio/welfare-oracle.ts';
import { pMean } from '../../../../src/core/welfare/p-mean.ts';
import { seededRandom } from '../../../reference/seeded-random.ts';

function randomPool(random: () => number, policies: number, stakeholders: number): UtilityPool {
  return utilityPool(
    Float64Array.from({ length: policies * stakeholders }, () => 0.05 + random() ** 2),
    policies,
    stakeholders,
  );
}

/** A dense check grid, independent of pGrid: p = -inf, -200..-10 and 500 points on [-10, 1]. */
const denseGrid = [
  -Infinity,
  ...Array.from({ length: 20 }, (_, i) => -200 + 10 * i),
  ...Array.from({ length: 501 }, (_, i) => -10 + (11 * i) / 500),
];

/** Best approximation factor any set of `size` policies achieves on `grid`, by trying every subset. */
function bestSubsetFactor(pool: UtilityPool, size: number, grid: number[]): number {
  const optimal = optimalWelfare(pool, grid);
  let best = 0;
  const pick = (start: number, chosen: number[]): void => {
    if (chosen.length === size) {
      best = Math.max(best, approximationFactor(pool, chosen, grid, optimal));
      return;
    }
    for (let k = start; k < pool.numPolicies; k++) pick(k + 1, [...chosen, k]);
  };
  pick(0, []);
  return best;
}

describe('the pool and its oracle', () => {
  test('refuses a wrongly shaped or negative pool, naming the cell', () => {
    expect(() => utilityPool(new Float64Array(5), 2, 3)).toThrow('5 utilities do not form 2 policies x 3 stakeholders');
    expect(() => utilityPool(Float64Array.of(1, 2, -1, 4), 2, 2)).toThrow('policy 2, stakeholder 1: utility -1');
  });

  test('the oracle is an argmax of the p-mean with ties to the lowest index, and counts every call', () => {
    // Policy 0 balanced (1, 1), policy 1 lopsided (0.25, 3), policy 2 a copy of policy 0.
    const pool = utilityPool(Float64Array.of(1, 1, 0.25, 3, 1, 1), 3, 2);
    const oracle = new WelfareOracle(pool);
    expect(oracle.best(1)).toEqual({ policy: 1, value: 1.625 });
    expect(oracle.best(-Infinity)).toEqual({ policy: 0, value: 1 });
    expect(oracle.best(0).policy).toBe(0); // sqrt(0.75) < 1
    expect(oracle.calls).toBe(3);
    expect(policyWelfare(pool, 1, -1)).toBeCloseTo(pMean([0.25, 3], -1), 15);
  });
});

describe('pGrid', () => {
  test("builds the paper's 500-point grid for d = 53, alpha = 0.6", () => {
    const grid = pGrid(53, 0.6, 500);
    const pMid = -Math.log(53) / Math.log(1 / 0.6);
    expect(grid).toHaveLength(500);
    expect(grid[0]).toBe(-Infinity);
    expect(grid[1]).toBeCloseTo(249 * pMid, 9);
    expect(grid.at(-1)).toBe(1);
    expect(grid).toContain(0);
    expect(grid.filter((p) => Math.abs(p - pMid) < 1e-9)).toHaveLength(1);
    expect(grid.filter((p) => p < pMid - 1e-9)).toHaveLength(249);
    for (let i = 1; i < grid.length; i++) expect(grid[i]).toBeGreaterThan(grid[i - 1]);
  });

  test('ends exactly at p = 1, whatever the rounding', () => {
    for (const d of [2, 3, 7, 12, 53, 1000])
      for (const alpha of [0.1, 0.6, 0.9, 0.95]) expect(Math.max(...pGrid(d, alpha, 500))).toBe(1);
  });

  test('degenerates to -inf, 0, 1 for one stakeholder and refuses bad parameters', () => {
    expect(pGrid(1)).toEqual([-Infinity, 0, 1]);
    expect(() => pGrid(5, 1)).toThrow("the grid's alpha must be in (0, 1)");
    expect(() => pGrid(5, 0.5, 3)).toThrow('size >= 4');
  });
});

describe('approximationFactor', () => {
  test(
    'is 1 for the whole pool and for a policy that is optimal everywhere, and skips points where the ' + 'optimum is 0',
    () => {
      const random = seededRandom(1);
      const pool = randomPool(random, 6, 4);
      const grid = pGrid(4);
      expect(approximationFactor(pool, [0, 1, 2, 3, 4, 5], grid)).toBe(1);
      // Both policies leave a stakeholder at 0, so every p <= 0 has optimum 0; only p > 0 counts.
      const zeros = utilityPool(Float64Array.of(0, 2, 1, 0), 2, 2);
      expect(approximationFactor(zeros, [0], grid)).toBe(1);
      expect(() => approximationFactor(pool, [], grid)).toThrow('an empty portfolio');
    },
  );

  test('is the worst ratio over the grid, computed by hand for two policies', () => {
    const pool = utilityPool(Float64Array.of(1, 1, 0.25, 3), 2, 2);
    // Portfolio {balanced}: worst at p = 1 where 1 / 1.625; portfolio {lopsided}: worst at -inf where 0.25.
    expect(approximationFactor(pool, [0], [-Infinity, 0, 1])).toBeCloseTo(1 / 1.625, 15);
    expect(approximationFactor(pool, [1], [-Infinity, 0, 1])).toBe(0.25);
  });
});

describe('pMeanPortfolio', () => {
  test('returns one policy when one policy is optimal for every p, after one oracle call per line search', () => {
    const pool = utilityPool(Float64Array.of(1, 1, 2, 2, 0.5, 3), 3, 2);
    const result = pMeanPortfolio(pool, 0.5);
    expect(result.policies).toEqual([1]);
    expect(result.pValues[0]).toBeCloseTo(Math.log(2) / Math.log(0.5), 15);
    expect(result.oracleCalls).toBe(2); // p0, then OPT(1) once: policy 1 already covers [p0, 1]
    expect(result.lineSearchCalls).toBe(1);
  });

  test(
    'is alpha-approximate on a dense grid and no larger than needed by much, against exhaustive search on ' +
      'small pools',
    () => {
      const random = seededRandom(42);
      for (let trial = 0; trial < 25; trial++) {
        const pool = randomPool(random, 3 + Math.floor(random() * 6), 2 + Math.floor(random() * 4));
        for (const alpha of [0.5, 0.8, 0.95]) {
          const result = pMeanPortfolio(pool, alpha);
          expect(new Set(result.policies).size).toBe(result.policies.length);
          expect(result.pValues.every((p, i) => i === 0 || p > result.pValues[i - 1])).toBe(true);
          expect(result.oracleCalls).toBe(result.lineSearchCalls + 1);
          // The guarantee, checked against the optimum found by enumerating the pool at every grid point.
          expect(approximationFactor(pool, result.policies, denseGrid)).toBeGreaterThanOrEqual(alpha - 1e-12);
          // Some subset of the same size exists that does at least as well (sanity of the measure).
          expect(bestSubsetFactor(pool, result.policies.length, denseGrid)).toBeGreaterThanOrEqual(
            approximationFactor(pool, result.policies, denseGrid),
          );
        }
      }
    },
  );

  test('refuses alpha outside (0, 1)', () => {
    const pool = utilityPool(Float64Array.of(1, 1), 1, 2);
    expect(() => pMeanPortfolio(pool, 1)).toThrow('alpha must be in (0, 1)');
  });
});

describe('budgetPortfolio', () => {
  test('spends exactly the budget: the initial p, then 1, then midpoints of the worst interval', () => {
    const random = seededRandom(3);
    const pool = randomPool(random, 8, 4);
    const result = budgetPortfolio(pool, 6, -100);
    expect(result.oracleCalls).toBe(6);
    expect(result.pValues.slice(0, 3)).toEqual([-100, 1, -49.5]);
    result.policies.forEach((k, i) => expect(k).toBe(bestPolicy(pool, result.pValues[i]).policy));
    // Each later p bisects an interval of the p already chosen.
    for (let t = 2; t < 6; t++) {
      const before = [...result.pValues.slice(0, t)].sort((a, b) => a - b);
      const mids = before.slice(1).map((r, i) => (before[i] + r) / 2);
      expect(mids).toContain(result.pValues[t]);
    }
  });

  test('bisects the worst interval, by the ratio M_pr(x_l) / M_pr(x_r)', () => {
    // Policy 0 wins at the minimum, policy 1 at p = 1, policy 2 in the middle.
    const pool = utilityPool(Float64Array.of(1, 1, 1, 0.2, 3, 3, 0.9, 1.6, 1.6), 3, 3);
    const result = budgetPortfolio(pool, 4, -10);
    expect(result.pValues.slice(0, 3)).toEqual([-10, 1, -4.5]);
    const ratio = (l: number, r: number) =>
      policyWelfare(pool, result.policies[l], result.pValues[r]) /
      policyWelfare(pool, result.policies[r], result.pValues[r]);
    // Intervals after call 3: [-10, -4.5] (calls 0, 2) and [-4.5, 1] (calls 2, 1): the worse one is bisected.
    const expected = ratio(0, 2) < ratio(2, 1) ? (-10 + -4.5) / 2 : (-4.5 + 1) / 2;
    expect(result.pValues[3]).toBe(expected);
  });

  test('bisects the widest interval (the leftmost of equals) once every interval is estimated exact', () => {
    const pool = utilityPool(Float64Array.of(1, 1, 2, 2), 2, 2);
    expect(budgetPortfolio(pool, 5, -100).pValues).toEqual([-100, 1, -49.5, -74.75, -24.25]);
  });

  test('is never better than the best subset of the same size, found by exhaustive search', () => {
    const random = seededRandom(8);
    for (let trial = 0; trial < 20; trial++) {
      const pool = randomPool(random, 3 + Math.floor(random() * 5), 2 + Math.floor(random() * 3));
      for (const budget of [1, 2, 3, 4]) {
        const result = budgetPortfolio(pool, budget, -100);
        const distinct = [...new Set(result.policies)];
        expect(bestSubsetFactor(pool, distinct.length, denseGrid)).toBeGreaterThanOrEqual(
          approximationFactor(pool, distinct, denseGrid),
        );
      }
    }
  });
});

describe('random baselines', () => {
  test('are reproducible by seed, draw distinct policies, and p in [initialP, 1)', () => {
    const pool = randomPool(seededRandom(4), 10, 3);
    expect(randomPolicyPortfolio(pool, 4, seededRandom(1))).toEqual(randomPolicyPortfolio(pool, 4, seededRandom(1)));
    const drawn = randomPolicyPortfolio(pool, 10, seededRandom(2)).policies;
    expect([...drawn].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const norms = randomNormPortfolio(pool, 50, -20, seededRandom(3));
    expect(norms.oracleCalls).toBe(50);
    expect(norms.pValues.every((p) => p >= -20 && p < 1)).toBe(true);
    norms.policies.forEach((k, i) => expect(k).toBe(bestPolicy(pool, norms.pValues[i]).policy));
    expect(() => randomPolicyPortfolio(pool, 11, seededRandom(1))).toThrow('cannot draw 11 distinct policies from 10');
  });
});

describe('parsePolicyUtilities', () => {
  const csv = 'Key,Category,default,a,b\nyoung,Age,2,1,3\nold,Age,0,1,1\n"Income, low",Income,4,5,0\n';

  test(
    'reads stakeholders x policies into a policies x stakeholders pool, optionally dropping ' + 'zero-default rows',
    () => {
      const all = parsePolicyUtilities(csv, 'u.csv');
      expect(all.policyNames).toEqual(['default', 'a', 'b']);
      expect(Array.from(all.pool.utilities)).toEqual([2, 0, 4, 1, 1, 5, 3, 1, 0]);
      const kept = parsePolicyUtilities(csv, 'u.csv', true);
      expect(kept.dropped).toEqual(['old']);
      expect(kept.stakeholders.map((s) => s.key)).toEqual(['young', 'Income, low']);
      expect(Array.from(kept.pool.utilities)).toEqual([2, 4, 1, 5, 3, 0]);
    },
  );

  test('names the file, line and column of a bad value, and refuses a wrong header', () => {
    expect(() => parsePolicyUtilities('Key,Category,d\nx,y,abc\n', 'u.csv')).toThrow(
      'u.csv, line 2, column 3 ("d"): "abc" is not a number',
    );
    expect(() => parsePolicyUtilities('Key,Category,d\nx,y,-1\n', 'u.csv')).toThrow(
      'u.csv, line 2, column 3 ("d"): utility -1 is negative',
    );
    expect(() => parsePolicyUtilities('Name,Category,d\nx,y,1\n', 'u.csv')).toThrow(
      'expected the columns Key, Category',
    );
    expect(() => parsePolicyUtilities('Key,Category,d\nx,y,0\n', 'u.csv', true)).toThrow('no stakeholder rows left');
  });
});
