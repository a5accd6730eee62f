import { describe, expect, test } from 'vitest';
import { checkGroupBounds, constrainedTopB, type GroupBounds } from '../../../../src/core/plan/constrained-top-b.ts';
import { seededRandom } from '../../../reference/seeded-random.ts';

const bounds = (groupOf: number[], min: number[], max: number[]): GroupBounds => ({ groupOf: Int32Array.from(groupOf), min: Int32Array.from(min), max: Int32Array.from(max) });

describe('constrainedTopB', () => {
  test('without bounds that bind it is the plain top B of the ranking', () => {
    const b = bounds([0, 1, 0, 1, 0], [0, 0], [5, 5]);
    expect(constrainedTopB([4, 2, 0, 3, 1], b, 3)).toEqual([4, 2, 0]);
  });

  test('fills each minimum by the group’s own ranking before the rest by rank', () => {
    // ranking 4 2 0 3 1; group 1 (arms 1, 3) needs 2 calls: 3 and 1, then the best of the rest: 4
    const b = bounds([0, 1, 0, 1, 0], [0, 2], [5, 5]);
    expect(constrainedTopB([4, 2, 0, 3, 1], b, 3)).toEqual([4, 3, 1]);
  });

  test('respects maxima and lets arms in no group through', () => {
    const b = bounds([0, -1, 0, 1, 0], [0, 0], [1, 5]);
    expect(constrainedTopB([4, 2, 0, 1, 3], b, 3)).toEqual([4, 1, 3]);
  });

  test('on random instances the picks meet every bound and no swap with an unpicked arm is allowed and better', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * 20), G = 1 + Math.floor(random() * 4);
      const groupOf = Array.from({ length: n }, () => Math.floor(random() * (G + 1)) - 1);
      const size = Array.from({ length: G }, (_, g) => groupOf.filter((x) => x === g).length);
      const min = size.map((s) => Math.floor(random() * (s + 1) * 0.5));
      const max = min.map((m, g) => m + Math.floor(random() * (size[g] - m + 1)));
      const budget = Math.floor(random() * (n + 1));
      const b = bounds(groupOf, min, max);
      try {
        checkGroupBounds(b, budget);
      } catch {
        continue;
      }
      const ranking = Array.from({ length: n }, (_, i) => i).sort(() => random() - 0.5);
      const picked = constrainedTopB(ranking, b, budget);
      expect(picked.length).toBe(budget);
      for (let g = 0; g < G; g++) {
        const calls = picked.filter((i) => groupOf[i] === g).length;
        expect(calls).toBeGreaterThanOrEqual(min[g]);
        expect(calls).toBeLessThanOrEqual(max[g]);
      }
      // the picks within each group are a prefix of the group's ranking; ungrouped picks a prefix too
      for (let g = -1; g < G; g++) {
        const order = ranking.filter((i) => groupOf[i] === g);
        const inGroup = picked.filter((i) => groupOf[i] === g);
        expect(order.slice(0, inGroup.length).sort()).toEqual([...inGroup].sort());
      }
    }
  });
});

describe('checkGroupBounds', () => {
  test('names the group whose minimum exceeds its size, minima above the budget, and too little room', () => {
    expect(() => checkGroupBounds(bounds([0, 1], [2, 0], [2, 1]), 1, ['Ages 51-60', 'other'])).toThrow('"Ages 51-60" asks for at least 2 calls but has 1 arms');
    expect(() => checkGroupBounds(bounds([0, 1, 1], [1, 1], [1, 2]), 1)).toThrow('the minima add up to 2 calls, more than the budget of 1');
    expect(() => checkGroupBounds(bounds([0, 1, 1], [0, 0], [1, 1]), 3)).toThrow('room for 2 calls, fewer than the budget of 3');
    expect(() => checkGroupBounds(bounds([0, 1, 1], [1, 0], [1, 2]), 3)).not.toThrow();
  });
});
