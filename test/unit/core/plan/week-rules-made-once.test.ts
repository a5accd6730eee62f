// The week's tie draw made a block of numbers at a time: the permutation seededTieRanks makes with the stream's
// int(), and the same stream after it (the posterior draws' seeds), drawStream's too, across block boundaries. And
// the worker column numbered by its own hash table (as a Map would number it), the other rule made once a week.
import { describe, expect, test } from 'vitest';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { drawStream, tieDraw } from '../../../../src/core/plan/list-rules.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { workerRules } from '../../../../src/core/plan/worker-rules.ts';

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

describe('workerRules numbering', () => {
  test("numbers workers in order of first appearance past the table's growth, blanks apart, names trimmed", () => {
    const r = seededRandom(7);
    const column = Array.from({ length: 60_000 }, () => {
      const u = r.next();
      return u < 0.02 ? '  ' : u < 0.04 ? ` ASHA ${r.int(9000)} ` : `ASHA ${r.int(9000)}`;
    });
    const got = workerRules(column, 5);
    expect(got.ok).toBe(true);
    if (!got.ok) return;
    const number = new Map<string, number>();
    const want = column.map((x) => {
      const name = x.trim();
      if (name === '') return -1;
      if (!number.has(name)) number.set(name, number.size);
      return number.get(name)!;
    });
    expect(Array.from(got.rules.worker)).toEqual(want);
    expect(got.rules.names).toEqual([...number.keys()]);
  });
});
