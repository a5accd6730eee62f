// ListOrder.countBefore through fine-count.ts (an order of all the eligible on a kept index, fewer than 128 asked in
// each digit) against its obviously correct twin: the places in a comparator sort. On orders large enough that digits
// hold a few dozen arms and the fine bits split them: keys all distinct, spread over many exponents, and repeated
// values (ties within a digit's 4 bits, broken by tie rank), asked from a few to a third of the arms.
import { describe, expect, test } from 'vitest';
import { keysKept, ListOrder } from '../../../../src/core/plan/list-order.ts';
import { compareArms } from '../../../../src/core/plan/rank-order.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { permutation } from './plan-fixtures.ts';

describe('countBefore by fine bits', () => {
  test("her place among the order's arms not skipped, as in a comparator sort", () => {
    const r = seededRandom(61);
    const kinds = ['spread', 'exponents', 'repeated'] as const;
    for (const [t, n] of [40000, 200000].entries()) {
      for (const [k, kind] of kinds.entries()) {
        const index = Float64Array.from({ length: n }, () =>
          kind === 'spread'
            ? r.next() * 10 - 3
            : kind === 'exponents'
              ? (r.next() < 0.1 ? -1 : 1) * Math.exp(-20 * r.next())
              : r.int(n / 8) / n,
        );
        const tieRank = permutation(n, 10 * t + k);
        const eligible = k === 1 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.8 ? 1 : 0));
        const want = Array.from(index, (_, arm) => arm)
          .filter((arm) => !eligible || eligible[arm])
          .sort((a, b) => compareArms(index, tieRank, a, b));
        // 0: skipped, 1: asked, 2: counted; asked a few, a tenth or a third
        const rate = [0.001, 0.1, 0.33][(t + k) % 3];
        const side = want.map(() => (r.next() < rate ? 1 : r.next() < 0.3 ? 0 : 2));
        const skipped = Int32Array.from(want.filter((_, p) => side[p] === 0));
        const asked = Int32Array.from(want.filter((_, p) => side[p] === 1).reverse());
        const places = new Map<number, number>();
        want.reduce((before, arm, p) => (side[p] === 1 && places.set(arm, before), before + (side[p] ? 1 : 0)), 0);
        keysKept(index); // the fine bits are made for an order on a kept index (the default's)
        const order = new ListOrder(index, tieRank, eligible, 'test-fine');
        order.first(n / 10); // a prefix made first, as the lists make it
        const out = new Int32Array(n).fill(-1);
        order.countBefore(asked, skipped, out);
        let wrong = 0;
        for (const arm of asked) if (out[arm] !== places.get(arm)) wrong++;
        expect(wrong).toBe(0);
      }
    }
  });
});
