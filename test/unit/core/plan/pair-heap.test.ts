import { describe, expect, test } from 'vitest';
import { PairHeap } from '../../../../src/core/plan/pair-heap.ts';
import { PairHeap as SlowHeap } from '../../../reference/pair-heap.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

/** The heap's entries as laid out (the flow's ties are broken by where they lie). */
function layout(h: PairHeap | SlowHeap): number[][] {
  const x = h as unknown as { size: number; k1: Float64Array; k2: Float64Array; item: Int32Array; stamp: Int32Array };
  return [x.k1, x.k2, x.item, x.stamp].map((a) => Array.from(a.subarray(0, x.size)));
}

describe('PairHeap: every entry where the slow twin puts it', () => {
  test('random pushes, cleans and pops with many equal costs, stale entries and compactions', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const r = seededRandom(seed);
      const items = 1 + r.int([3, 40, 700][r.int(3)]);
      const distinct = 1 + r.int(6);
      const stamps = new Int32Array(items);
      const withStamps = r.next() < 0.8;
      const fast = new PairHeap(withStamps ? stamps : null),
        slow = new SlowHeap(withStamps ? stamps : null);
      const ops = r.int(3000);
      for (let t = 0; t < ops; t++) {
        const kind = r.next();
        if (kind < 0.55) {
          const item = r.int(items);
          const stamp = r.next() < 0.7 ? ++stamps[item] : stamps[item];
          // few distinct costs (and -0 beside 0): most comparisons are ties, in either part
          const a = r.next() < 0.8 ? -1 : -7;
          const b0 = r.int(distinct) / 4;
          const b = b0 === 0 && r.next() < 0.5 ? -0 : b0;
          fast.push(a, b, item, stamp);
          slow.push(a, b, item, stamp);
        } else if (kind < 0.85) {
          expect(fast.clean(stamps)).toBe(slow.clean(stamps));
        } else if (slow.size > 0) {
          fast.pop();
          slow.pop();
        }
        expect(fast.size, `seed ${seed} op ${t}`).toBe(slow.size);
        if (slow.size) {
          expect([fast.topCost1, fast.topCost2, fast.topItem]).toEqual([slow.topCost1, slow.topCost2, slow.topItem]);
        }
        if (t % 100 === 0 || t === ops - 1) expect(layout(fast), `seed ${seed} op ${t}`).toEqual(layout(slow));
      }
      expect(layout(fast)).toEqual(layout(slow));
    }
  });

  test('empty, one entry, all equal', () => {
    const stamps = new Int32Array(4);
    const fast = new PairHeap(stamps),
      slow = new SlowHeap(stamps);
    expect(fast.clean(stamps)).toBe(false);
    for (let k = 0; k < 40; k++) {
      fast.push(0, 0.5, k % 4, stamps[k % 4]);
      slow.push(0, 0.5, k % 4, stamps[k % 4]);
      if (k % 3 === 0) {
        fast.pop();
        slow.pop();
      }
      expect(layout(fast)).toEqual(layout(slow));
    }
    while (slow.size) {
      fast.pop();
      slow.pop();
      expect(layout(fast)).toEqual(layout(slow));
    }
  });
});
