// ListOrder (list-order.ts) against a comparator sort, its obviously correct twin: every prefix it makes, the whole
// order and each quota's order (`among`) are the eligible arms (and members) by index down, ties by tie rank up, with
// -0 equal to +0; countBefore's places are those in that order; on short lists, long ones, mass ties (runs longer
// than the insertion's) and every index equal.
import { describe, expect, test } from 'vitest';
import { defaultListOrder, keepDefaultOrder } from '../../../../src/core/plan/default-order.ts';
import { keysKept, ListOrder } from '../../../../src/core/plan/list-order.ts';
import { compareArms } from '../../../../src/core/plan/rank-order.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { permutation } from './plan-fixtures.ts';

/** The twin: the flagged arms sorted by the list's comparator. */
function byComparator(index: Float64Array, tieRank: Int32Array, ...flags: (Uint8Array | null)[]): number[] {
  const arms = Array.from(index, (_, arm) => arm).filter((arm) => flags.every((f) => !f || f[arm] === 1));
  return arms.sort((a, b) => compareArms(index, tieRank, a, b));
}

describe('ListOrder', () => {
  test('its prefixes, whole order and quota orders equal a comparator sort', () => {
    const r = seededRandom(28);
    const kinds = ['spread', 'ties', 'one value', 'signs'] as const;
    for (let t = 0; t < 24; t++) {
      const n = [300, 3000, 9000][t % 3];
      const kind = kinds[Math.floor(t / 3) % kinds.length];
      const index = Float64Array.from({ length: n }, () =>
        kind === 'spread'
          ? r.next() * 10 - 3
          : kind === 'ties'
            ? r.int(5) / 7
            : kind === 'one value'
              ? 0.25
              : r.next() < 0.3
                ? r.next() < 0.5
                  ? -0
                  : 0
                : r.int(4) - 2,
      );
      const tieRank = permutation(n, t);
      const eligible = t % 4 === 3 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.85 ? 1 : 0));
      const share = [0.2, 0.6, 1][t % 3];
      const members = Uint8Array.from({ length: n }, () => (r.next() < share ? 1 : 0));
      const want = byComparator(index, tieRank, eligible);
      const order = new ListOrder(index, tieRank, eligible, 'test-order');
      expect(order.length).toBe(want.length);
      // steps of a fifth read the arms the last pass gathered ahead (ListOrder.gathered), larger ones pass again
      for (const k of [1, 17, Math.floor(n / 10), Math.floor(n / 8), Math.floor(n / 6.5), Math.floor(n / 2)]) {
        const prefix = order.first(k);
        expect(prefix.length).toBeGreaterThanOrEqual(Math.min(k, want.length));
        expect(Array.from(prefix)).toEqual(want.slice(0, prefix.length));
      }
      expect(Array.from(order.all())).toEqual(want);
      const quota = order.among(members);
      const wantMembers = byComparator(index, tieRank, eligible, members);
      expect(quota.length).toBe(wantMembers.length);
      // a quota's order reads its members' arms (kept per members array): prefixes, then all, as the twin
      for (const k of [5, Math.floor(n / 20), Math.floor(n / 16), Math.floor(n / 4)]) {
        const prefix = quota.first(k);
        expect(Array.from(prefix)).toEqual(wantMembers.slice(0, prefix.length));
      }
      expect(Array.from(quota.all())).toEqual(wantMembers);
      expect(order.among(members)).toBe(quota);
      // countBefore in a quota's order, against a walk down the twin
      const mSide = wantMembers.map(() => r.int(3));
      const mAsked = Int32Array.from(wantMembers.filter((_, p) => mSide[p] === 1));
      const mOut = new Int32Array(n).fill(-1),
        mPlaces = new Map<number, number>();
      wantMembers.reduce((b, arm, p) => (mSide[p] === 1 && mPlaces.set(arm, b), b + (mSide[p] ? 1 : 0)), 0);
      new ListOrder(index, tieRank, eligible, 'test-fresh-quota')
        .among(members)
        .countBefore(mAsked, Int32Array.from(wantMembers.filter((_, p) => mSide[p] === 0)), mOut);
      expect(Array.from(mAsked, (arm) => mOut[arm])).toEqual(Array.from(mAsked, (arm) => mPlaces.get(arm)));
      // countBefore: her place among the order's arms that are not skipped
      const side = want.map(() => r.int(3));
      const skipped = Int32Array.from(want.filter((_, p) => side[p] === 0));
      const asked = Int32Array.from(want.filter((_, p) => side[p] === 1).reverse());
      const places = new Map<number, number>();
      want.reduce((before, arm, p) => (side[p] === 1 && places.set(arm, before), before + (side[p] ? 1 : 0)), 0);
      const out = new Int32Array(n).fill(-1);
      new ListOrder(index, tieRank, eligible, 'test-fresh').countBefore(asked, skipped, out);
      expect(Array.from(asked, (arm) => out[arm])).toEqual(Array.from(asked, (arm) => places.get(arm)));
      // the same orders read off a kept order of all arms (default-order.ts)
      const copy = index.slice();
      keepDefaultOrder(copy, tieRank);
      const kept = defaultListOrder(copy, tieRank, eligible, 'test-kept');
      expect(kept.constructor).not.toBe(ListOrder);
      expect(Array.from(kept.all())).toEqual(want);
      expect(Array.from(kept.among(members).all())).toEqual(wantMembers);
      out.fill(-1);
      kept.countBefore(asked, skipped, out);
      expect(Array.from(asked, (arm) => out[arm])).toEqual(Array.from(asked, (arm) => places.get(arm)));
    }
  });

  test("an order on a kept index reads the keys an earlier order of its name made, and no other index's", () => {
    const r = seededRandom(29);
    const n = 40000;
    const indices = [0, 1].map(() => Float64Array.from({ length: n }, () => r.next() * 10 - 3));
    const tieRank = permutation(n, 5);
    indices.forEach(keysKept);
    // the same name on index 0, 0 again (its keys read again, another eligibility), 1, then 0
    for (const i of [0, 0, 1, 0]) {
      const eligible = Uint8Array.from({ length: n }, () => (r.next() < 0.8 ? 1 : 0));
      const order = new ListOrder(indices[i], tieRank, eligible, 'test-kept-keys');
      const want = byComparator(indices[i], tieRank, eligible);
      expect(order.length).toBe(want.length);
      expect(Array.from(order.first(n / 10))).toEqual(want.slice(0, order.first(n / 10).length));
      const asked = Int32Array.from(want.filter((_, p) => p % 7 === 3).reverse()),
        out = new Int32Array(n);
      order.countBefore(asked, new Int32Array(0), out);
      expect(Array.from(asked, (arm) => out[arm])).toEqual(Array.from(asked, (arm) => want.indexOf(arm)));
    }
  });

  test('a second count is asked only of an order read off the kept order of all arms', () => {
    const order = new ListOrder(Float64Array.of(3, 1, 2), Int32Array.of(0, 1, 2), null, 'test-no-second');
    const also = { asked: Int32Array.of(1), among: null, out: new Int32Array(3) };
    expect(order.keptWhole).toBe(false);
    expect(() => order.countBefore(Int32Array.of(0), new Int32Array(0), new Int32Array(3), also)).toThrow(RangeError);
  });
});
