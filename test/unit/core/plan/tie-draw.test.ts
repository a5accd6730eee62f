// The week's tie draw made a block of numbers at a time: the permutation seededTieRanks makes with the stream's
// int(), and the same stream after it (the posterior draws' seeds), drawStream's too, across block boundaries.
import { describe, expect, test } from 'vitest';
import { seededTieRanks } from '../../../../src/core/plan/constrained-top-b.ts';
import { drawStream, tieDraw } from '../../../../src/core/plan/list-rules.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

describe('tieDraw', () => {
  test('equals seededTieRanks by int() and leaves the stream where it did', () => {
    for (const [seed, N] of [
      [1, 1],
      [2, 2],
      [3, 1000],
      [4, 65537],
      [5, 200_001],
    ]) {
      const reference = seededRandom(seed);
      const want = seededTieRanks(N, reference.int);
      const { tieRank, random } = tieDraw(seed, N);
      expect(Buffer.from(tieRank.buffer).equals(Buffer.from(want.buffer))).toBe(true);
      const next = reference.next();
      expect(random.next()).toBe(next);
      expect(drawStream(seed, N).next()).toBe(next);
    }
  });
});
