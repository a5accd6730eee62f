import { describe, expect, test } from 'vitest';
import { CallDesign, MERGED_LEVELS } from '../../../../src/core/plan/call-design.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

/** Groups of the given bucket counts, each beneficiary without a bucket with probability 0.1 in every other group. */
function randomGroups(seed: number, N: number, counts: number[]) {
  const random = seededRandom(seed);
  return counts.map((count, g) => ({
    count,
    bucket: Int16Array.from({ length: N }, () => (g % 2 === 1 && random.next() < 0.1 ? -1 : random.int(count))),
  }));
}

/** sum_i w_i x_i x_i^T entry by entry from each beneficiary's list of design columns. */
function slowNormalMatrix(
  groups: { count: number; bucket: Int16Array }[],
  arms: Int32Array,
  weights: Uint16Array,
): Float64Array {
  const p = 1 + groups.reduce((a, g) => a + g.count, 0);
  const A = new Float64Array(p * p);
  arms.forEach((arm, i) => {
    const columns = [0];
    let offset = 1;
    for (const g of groups) {
      if (g.bucket[arm] >= 0) columns.push(offset + g.bucket[arm]);
      offset += g.count;
    }
    for (const x of columns) for (const z of columns) A[x * p + z] += weights[i];
  });
  return A;
}

describe('CallDesign', () => {
  test.each([
    ['dlm-like: 14 groups merged in sevens', [5, 4, 7, 3, 6, 3, 8, 4, 2, 4, 4, 2, 4, 4]],
    [`a group with more levels than ${MERGED_LEVELS} alone, between small ones`, [3, 2, 90, 5, 2]],
    ['one group', [6]],
    ['no group', []],
  ])('its normal matrix from merged tables equals the sum of w x x^T exactly (%s)', (_, counts) => {
    const N = 3000,
      groups = randomGroups(counts.length + 1, N, counts),
      design = new CallDesign(groups, N);
    const random = seededRandom(9);
    const arms = Int32Array.from({ length: N }, (_, i) => i).filter(() => random.next() < 0.7);
    const weights = Uint16Array.from(arms, () => 1 + random.int(6));
    expect(design.p).toBe(1 + counts.reduce((a, b) => a + b, 0));
    expect([...design.normalMatrix(arms, weights, arms.length)]).toEqual([...slowNormalMatrix(groups, arms, weights)]);
    // The first entries only.
    expect([...design.normalMatrix(arms, weights, 10)]).toEqual([
      ...slowNormalMatrix(groups, arms.slice(0, 10), weights),
    ]);
  });

  test('effect adds theta in column order; no effect exceeds maxEffect; addRow adds to her columns', () => {
    const N = 2000,
      groups = randomGroups(3, N, [4, 3, 5]),
      design = new CallDesign(groups, N);
    const random = seededRandom(4);
    const theta = Float64Array.from({ length: design.p }, () => random.normal() * 0.1);
    const top = design.maxEffect(theta);
    const b = new Float64Array(design.p);
    for (let arm = 0; arm < N; arm++) {
      let effect = theta[0];
      const columns = [0];
      groups.forEach((g, gi) => {
        if (g.bucket[arm] < 0) return;
        effect += theta[design.offsets[gi] + g.bucket[arm]];
        columns.push(design.offsets[gi] + g.bucket[arm]);
      });
      expect(design.effect(theta, arm)).toBe(effect);
      expect(design.effect(theta, arm)).toBeLessThanOrEqual(top);
      const before = b.slice();
      design.addRow(b, arm, 2);
      for (let c = 0; c < design.p; c++) expect(b[c] - before[c]).toBe(columns.includes(c) ? 2 : 0);
    }
  });
});
