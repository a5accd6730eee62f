// keySort (two passes on the high words, then runs by the low words) against the comparator order it must equal,
// on keys whose high words repeat in short and long runs (insertion and radix within a run), with ties.
import { describe, expect, test } from 'vitest';
import { buffers, compareArms, keysOf } from '../../../../src/core/plan/rank-order.ts';
import { keySort } from '../../../../src/core/plan/radix-key-sort.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

describe('keySort', () => {
  test('gives the list order (index down, tie rank up) on runs of equal high words, ties and signs', () => {
    const r = seededRandom(11);
    for (let t = 0; t < 40; t++) {
      const n = 1 + r.int(t < 20 ? 300 : 5000);
      // a few bases: the same high word, low words apart (2^-40 is below the high word's 20 mantissa bits)
      const bases = Float64Array.from({ length: 1 + r.int(4) }, () => (r.next() - 0.3) * 8);
      const index = Float64Array.from({ length: n }, () => {
        const u = r.next();
        if (u < 0.1) return u < 0.05 ? -0 : 0;
        const b = bases[r.int(bases.length)];
        return u < 0.6 ? b + r.int(200) * 2 ** -40 * Math.abs(b || 1) : b;
      });
      const tieRank = seededTieRanks(n, seededRandom(t).int);
      const inTie = new Int32Array(n);
      tieRank.forEach((rank, arm) => (inTie[rank] = arm));
      const one = buffers(1, n),
        two = buffers(2, n);
      keysOf(index, inTie, one);
      one.arms.set(inTie);
      const got = Array.from(keySort(n, one, two));
      const want = Array.from(inTie).sort((a, b) => compareArms(index, tieRank, a, b));
      expect(got).toEqual(want);
    }
  });
});
