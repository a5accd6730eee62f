import { describe, expect, test } from 'vitest';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { ranksAmong, ranksInUnion, ranksUnder } from '../../../../src/core/plan/ranks-among.ts';
import { defaultListOrder, keepDefaultOrder } from '../../../../src/core/plan/default-order.ts';
import { ListOrder } from '../../../../src/core/plan/list-order.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

describe('ranksAmong', () => {
  test('equals the position in the full sorted order of eligible arms, with many ties and signed zeros', () => {
    const r = seededRandom(5);
    for (let t = 0; t < 30; t++) {
      const n = 1 + r.int(400);
      const index = Float64Array.from({ length: n }, () => (r.next() < 0.2 ? (r.next() < 0.5 ? -0 : 0) : r.int(6)));
      const tieRank = seededTieRanks(n, seededRandom(t).int);
      const eligible = r.next() < 0.3 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.8 ? 1 : 0));
      const order = Array.from({ length: n }, (_, a) => a)
        .filter((a) => !eligible || eligible[a])
        .sort((a, b) => index[b] - index[a] || tieRank[a] - tieRank[b]);
      const arms = Int32Array.from(order.filter(() => r.next() < 0.3));
      expect(Array.from(ranksAmong(index, tieRank, eligible, arms))).toEqual(
        Array.from(arms, (arm) => order.indexOf(arm) + 1),
      );
    }
  });

  test("ranksInUnion (counted) equals ranksUnder's second count (a walk down the kept order) and ranksAmong", () => {
    const r = seededRandom(9);
    for (let t = 0; t < 60; t++) {
      // small and empty registers, few distinct values (long runs of ties, signed zeros), all equal, spread values
      const n = t < 3 ? t : 1 + r.int(t % 4 === 0 ? 40 : 3000);
      const kind = t % 3;
      const index = Float64Array.from({ length: n }, () =>
        kind === 0 ? 2 : kind === 1 ? (r.next() < 0.2 ? (r.next() < 0.5 ? -0 : 0) : r.int(6)) : r.next() * 4 - 1,
      );
      const tieRank = seededTieRanks(n, seededRandom(t).int);
      const side = Uint8Array.from({ length: n }, () => (r.next() < 0.8 ? 0 : r.next() < 0.9 ? 1 : 2));
      const inFirst = t % 5 === 4 ? null : Uint8Array.from(side, (x) => (x === 0 ? 1 : 0));
      const inSecond = Uint8Array.from(side, (x) => (x === 1 ? 1 : 0));
      const second = new ListOrder(index, tieRank, inSecond).all();
      const p = [0.02, 0.5, 1][t % 3];
      const arms = second.filter(() => r.next() < p);
      // half the cases shuffled: the asked need not be in list order
      for (let j = t % 2 ? 0 : arms.length - 1; j > 0; j--) {
        const i = r.int(j + 1);
        [arms[i], arms[j]] = [arms[j], arms[i]];
      }
      const union = Uint8Array.from(side, (x) => (inFirst ? (x < 2 ? 1 : 0) : 1));
      const counted = Array.from(ranksInUnion(index, tieRank, inFirst, inSecond, arms));
      expect(counted).toEqual(Array.from(ranksAmong(index, tieRank, union, arms)));
      // by ranksUnder's walk down the kept order, the union given (the holdout's lines: all who may be called; null:
      // every arm), beside its own ranks (a default list of the first set's best with some skipped, and asked arms)
      const firstOrder = new ListOrder(index, tieRank, inFirst, 'test-first').all();
      const listed = Int32Array.from(firstOrder.slice(0, r.int(firstOrder.length + 1)).filter(() => r.next() < 0.7));
      const asked = Int32Array.from(firstOrder.filter(() => r.next() < 0.3));
      const alone = ranksUnder(new ListOrder(index, tieRank, inFirst, 'test-alone'), n, listed, asked);
      const ask = () => ({ among: inFirst ? union : null, arms, ranks: null as Int32Array | null });
      const fresh = ask();
      const order = () => defaultListOrder(index, tieRank, inFirst, 'test-kept');
      expect(ranksUnder(order(), n, listed, asked, undefined, fresh)).toEqual(alone);
      expect(fresh.ranks).toBeNull();
      keepDefaultOrder(index, tieRank);
      const walked = ask();
      expect(ranksUnder(order(), n, listed, asked, undefined, walked)).toEqual(alone);
      expect(Array.from(walked.ranks!)).toEqual(counted);
      // the same ask again on an order not kept: its earlier ranks are not left in it
      const again = new ListOrder(index, tieRank, inFirst, 'test-again');
      expect(ranksUnder(again, n, listed, asked, undefined, walked)).toEqual(alone);
      expect(walked.ranks).toBeNull();
    }
  });

  test('ranksInUnion: an arm outside the second set is an error', () => {
    const index = Float64Array.of(1, 2, 3),
      tieRank = Int32Array.of(0, 1, 2);
    expect(() =>
      ranksInUnion(index, tieRank, Uint8Array.of(1, 0, 0), Uint8Array.of(0, 1, 1), Int32Array.of(0)),
    ).toThrow(RangeError);
    keepDefaultOrder(index, tieRank);
    const kept = defaultListOrder(index, tieRank, null, 'test-kept');
    const also = { among: Uint8Array.of(0, 1, 1), arms: Int32Array.of(0), ranks: null };
    expect(() => ranksUnder(kept, 3, new Int32Array(0), new Int32Array(0), undefined, also)).toThrow(RangeError);
  });

  test('ranksUnder: her place on the list, else after it among the eligible it left out, in the full order', () => {
    const r = seededRandom(13);
    for (let t = 0; t < 24; t++) {
      const n = 1 + r.int(6000);
      // half the cases with few distinct values (long runs of ties), half spread
      const few = t % 2 === 0;
      const index = Float64Array.from({ length: n }, () =>
        r.next() < 0.1 ? (r.next() < 0.5 ? -0 : 0) : few ? r.int(6) : r.next() * 4 - 1,
      );
      const tieRank = seededTieRanks(n, seededRandom(t).int);
      const eligible = Uint8Array.from({ length: n }, () => (r.next() < 0.85 ? 1 : 0));
      const sorted = Array.from({ length: n }, (_, a) => a)
        .filter((a) => eligible[a])
        .sort((a, b) => index[b] - index[a] || tieRank[a] - tieRank[b]);
      // a list in list order that skips some (as caps do), and asked arms on it and off it
      const listed = Int32Array.from(sorted.slice(0, r.int(sorted.length + 1)).filter(() => r.next() < 0.7));
      const asked = Int32Array.from(sorted.filter(() => r.next() < 0.3));
      const on = new Set(listed);
      const expected = Array.from(asked, (arm) => {
        const j = listed.indexOf(arm);
        if (j >= 0) return j + 1;
        return listed.length + 1 + sorted.slice(0, sorted.indexOf(arm)).filter((a) => !on.has(a)).length;
      });
      expect(Array.from(ranksUnder(new ListOrder(index, tieRank, eligible), n, listed, asked))).toEqual(expected);
    }
  });
});
