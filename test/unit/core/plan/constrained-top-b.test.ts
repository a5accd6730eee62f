import { describe, expect, test } from 'vitest';
import {
  constrainedTopB,
  kthSmallest,
  rankTop,
  shareQuota,
  type CallQuota,
} from '../../../../src/core/plan/constrained-top-b.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { referenceConstrainedTopB } from '../../../reference/constrained-top-b.ts';
import { ListOrder } from '../../../../src/core/plan/list-order.ts';

const ranks = (n: number, seed: number) => seededTieRanks(n, seededRandom(seed).int);

/** A random instance: indices with many ties (rounded), eligibility, and quotas over random buckets. */
function randomCase(seed: number, n: number, maxQuotas = 4) {
  const r = seededRandom(seed);
  const index = Float64Array.from({ length: n }, () => Math.round(r.next() * 20) / 20 - (r.next() < 0.1 ? 0 : 0.3));
  const eligible = r.next() < 0.3 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.8 ? 1 : 0));
  const budget = r.int(Math.min(n, 60) + 1);
  const buckets = Int32Array.from({ length: n }, () => r.int(4));
  const other = Int32Array.from({ length: n }, () => r.int(3));
  const quotas: CallQuota[] = [];
  for (let q = r.int(maxQuotas); q > 0; q--) {
    const byOther = r.next() < 0.5;
    const b = r.int(byOther ? 3 : 4);
    const members = Uint8Array.from({ length: n }, (_, arm) => ((byOther ? other : buckets)[arm] === b ? 1 : 0));
    const lo = r.next() < 0.6 ? r.next() * 0.4 : 0;
    const hi = r.next() < 0.5 ? lo + r.next() * (1 - lo) : 1;
    if (Math.ceil(lo * budget - 1e-9) <= Math.floor(hi * budget + 1e-9))
      quotas.push(shareQuota(`${byOther ? 'other' : 'bucket'} ${b}`, members, budget, lo, hi));
  }
  return { index, tieRank: ranks(n, seed + 1000), eligible, budget, quotas };
}

describe('constrainedTopB', () => {
  test('with no quota is the top B by index, ties by tie rank, among eligible arms', () => {
    const index = Float64Array.of(0.5, 0.9, 0.5, 0.1, 0.9, 0.5);
    const tieRank = Int32Array.of(5, 4, 3, 2, 1, 0);
    const r = constrainedTopB({ index, tieRank, eligible: Uint8Array.of(1, 1, 1, 1, 1, 0), budget: 3, quotas: [] });
    expect(Array.from(r.arms)).toEqual([4, 1, 2]);
    expect(Array.from(r.via)).toEqual([-1, -1, -1]);
    expect(r.unmet).toEqual([]);
  });

  test("fills a minimum by the quota's own ranking, then the rest by index", () => {
    const index = Float64Array.of(9, 8, 7, 6, 1, 0.5);
    const members = Uint8Array.of(0, 0, 0, 0, 1, 1);
    const r = constrainedTopB({
      index,
      tieRank: ranks(6, 1),
      eligible: null,
      budget: 3,
      quotas: [{ label: 'low', members, min: 2, max: Infinity }],
    });
    expect(Array.from(r.arms)).toEqual([0, 4, 5]);
    expect(Array.from(r.via)).toEqual([-1, 0, 0]);
  });

  test('respects a maximum while filling by index', () => {
    const index = Float64Array.of(9, 8, 7, 6, 5);
    const members = Uint8Array.of(1, 1, 1, 0, 0);
    const r = constrainedTopB({
      index,
      tieRank: ranks(5, 2),
      eligible: null,
      budget: 3,
      quotas: [{ label: 'top', members, min: 0, max: 1 }],
    });
    expect(Array.from(r.arms)).toEqual([0, 3, 4]);
  });

  test('reports a minimum it cannot meet and a list shorter than the budget', () => {
    const index = Float64Array.of(3, 2, 1);
    const r = constrainedTopB({
      index,
      tieRank: ranks(3, 3),
      eligible: Uint8Array.of(1, 0, 1),
      budget: 3,
      quotas: [{ label: 'Ages = 51-60', members: Uint8Array.of(0, 1, 0), min: 1, max: Infinity }],
    });
    expect(Array.from(r.arms)).toEqual([0, 2]);
    expect(r.unmet.join('\n')).toContain(
      'the minimum of 1 calls for Ages = 51-60 is not met (0 calls): only 0 eligible arms are in it',
    );
    expect(r.unmet.join('\n')).toContain('only 2 of the 3 calls could be planned');
  });

  test('shareQuota turns shares into counts: min rounds up, max rounds down', () => {
    const q = shareQuota('x', new Uint8Array(1), 10, 0.21, 0.39);
    expect([q.min, q.max]).toEqual([3, 3]);
    expect(shareQuota('x', new Uint8Array(1), 10, 0.2, 1)).toMatchObject({ min: 2, max: Infinity });
    expect(() => shareQuota('x', new Uint8Array(1), 10, 0.5, 0.4)).toThrow('above the maximum share');
    expect(() => shareQuota('x', new Uint8Array(1), 36, 0.35, 0.36)).toThrow(
      'no whole number of calls (at least 13, at most 12)',
    );
  });

  test('equals the slow reference on 300 random seeded cases, and every constraint holds', () => {
    for (let seed = 0; seed < 300; seed++) {
      const c = randomCase(seed, 20 + (seed % 7) * 40);
      const fast = constrainedTopB(c);
      const slow = referenceConstrainedTopB(c.index, c.tieRank, c.eligible, c.budget, c.quotas);
      expect(Array.from(fast.arms), `seed ${seed}`).toEqual(slow.arms);
      expect(Array.from(fast.via), `seed ${seed}`).toEqual(slow.via);
      expect(fast.arms.length).toBeLessThanOrEqual(c.budget);
      for (const arm of fast.arms) if (c.eligible) expect(c.eligible[arm]).toBe(1);
      c.quotas.forEach((q, k) => {
        const calls = Array.from(fast.arms).filter((arm) => q.members[arm]).length;
        expect(calls).toBe(fast.quotaCalls[k]);
        expect(calls).toBeLessThanOrEqual(q.max);
        if (calls < q.min) expect(fast.unmet.some((u) => u.includes(q.label))).toBe(true);
      });
    }
  });

  test('with more quotas than the flags of an arm hold (up to 39), equals the slow reference', () => {
    let many = 0;
    for (let seed = 0; seed < 60; seed++) {
      const c = randomCase(seed, 200, seed % 2 ? 12 : 40);
      many += c.quotas.length > 31 ? 1 : 0;
      const fast = constrainedTopB(c);
      const slow = referenceConstrainedTopB(c.index, c.tieRank, c.eligible, c.budget, c.quotas);
      expect(Array.from(fast.arms), `seed ${seed}`).toEqual(slow.arms);
      expect(Array.from(fast.via), `seed ${seed}`).toEqual(slow.via);
    }
    expect(many).toBeGreaterThan(0);
  });

  test('with a shared order (its picks in rank order off the prefix, Walk.inOrder), equals the slow reference', () => {
    for (let seed = 0; seed < 200; seed++) {
      // small orders (a comparator's) and orders of 2,000 and more arms (radix-sorted buckets), many minima
      const n = seed % 4 === 3 ? 2000 + 37 * seed : 20 + (seed % 7) * 40;
      const c = randomCase(seed, n, seed % 3 ? 4 : 12);
      if (seed % 4 === 3) c.budget = Math.floor(n / 10);
      const fast = constrainedTopB({ ...c, order: new ListOrder(c.index, c.tieRank, c.eligible, 'test-shared') });
      const slow = referenceConstrainedTopB(c.index, c.tieRank, c.eligible, c.budget, c.quotas);
      expect(Array.from(fast.arms), `seed ${seed}`).toEqual(slow.arms);
      expect(Array.from(fast.via), `seed ${seed}`).toEqual(slow.via);
    }
    // more quotas than a byte's vias (300): the minima of the last ones bring arms in
    const r = seededRandom(7),
      n = 600;
    const index = Float64Array.from({ length: n }, () => Math.round(r.next() * 10) / 10);
    const quotas = Array.from({ length: 300 }, (_, q) => ({
      label: `q${q}`,
      members: Uint8Array.from({ length: n }, () => (r.next() < 0.02 ? 1 : 0)),
      min: q >= 250 && q % 10 === 0 ? 3 : 0,
      max: Infinity,
    }));
    const c = { index, tieRank: ranks(n, 8), eligible: null, budget: 40, quotas };
    const fast = constrainedTopB({ ...c, order: new ListOrder(index, c.tieRank, null, 'test-shared') });
    const slow = referenceConstrainedTopB(index, c.tieRank, null, 40, quotas);
    expect(Array.from(fast.arms)).toEqual(slow.arms);
    expect(Array.from(fast.via)).toEqual(slow.via);
    expect(slow.via.some((v) => v >= 255)).toBe(true);
  });

  test('is exact on large inputs with mass ties at the threshold (rankTop)', () => {
    const n = 20000;
    const r = seededRandom(7);
    const index = Float64Array.from({ length: n }, () => r.int(5));
    const tieRank = ranks(n, 8);
    const armAtRank = new Int32Array(n);
    tieRank.forEach((rank, arm) => (armAtRank[rank] = arm));
    const all = Int32Array.from({ length: n }, (_, i) => i);
    const expected = Array.from(all).sort((a, b) => index[b] - index[a] || tieRank[a] - tieRank[b]);
    for (const k of [1, 100, 4000, 4001, n])
      expect(Array.from(rankTop(index, armAtRank, tieRank, all, k))).toEqual(expected.slice(0, k));
    const quotas = [
      shareQuota(
        '3s',
        Uint8Array.from(index, (v) => (v === 3 ? 1 : 0)),
        5000,
        0.3,
        0.5,
      ),
    ];
    const fast = constrainedTopB({ index, tieRank, eligible: null, budget: 5000, quotas });
    const slow = referenceConstrainedTopB(index, tieRank, null, 5000, quotas);
    expect(Array.from(fast.arms)).toEqual(slow.arms);
  });

  test('seededTieRanks is a permutation, the same for the same seed', () => {
    const a = ranks(1000, 5);
    expect(Array.from(a).sort((x, y) => x - y)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect(ranks(1000, 5)).toEqual(a);
    expect(ranks(1000, 6)).not.toEqual(a);
  });

  test('kthSmallest equals sorting, with ties and signed zeros', () => {
    const r = seededRandom(3);
    for (let t = 0; t < 50; t++) {
      const n = 1 + r.int(500);
      const values = Float64Array.from({ length: n }, () =>
        r.next() < 0.3 ? (r.next() < 0.5 ? -0 : 0) : Math.round(r.next() * 10),
      );
      const sorted = Float64Array.from(values).sort();
      const k = r.int(n);
      expect(kthSmallest(Float64Array.from(values), k) === sorted[k]).toBe(true);
    }
  });
});
