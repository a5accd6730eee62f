import { describe, expect, test } from 'vitest';
import { groupKeys } from '../../../../src/core/plan/group-keys.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

/** The plain pass groupKeys replaced: a branch per set's -1, one count table. */
function plainKeys(aOf: Int32Array, nA: number, bOf: Int32Array | null, nB: number): [number[], number[]] {
  const side = nB + 1;
  const counts = new Array<number>((nA + 1) * side + 1).fill(0);
  const group = Array.from(aOf, (a, arm) => {
    const b = bOf ? bOf[arm] : 0;
    const g = (a < 0 ? nA : a) * side + (b < 0 ? nB : b);
    counts[g + 1]++;
    return g;
  });
  return [group, counts];
}

describe('group-keys: the groupings keys and counts', () => {
  test('against the plain pass: one family or two, none (-1) and empty sets, N odd, even, 0 and 1', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = seededRandom(seed);
      const N = seed <= 4 ? seed - 1 : r.int(seed < 20 ? 8 : 3000);
      const nA = r.int(seed % 7 === 0 ? 1 : 50),
        nB = seed % 3 === 0 ? 0 : r.int(5);
      const none = [0, 0.3, 1][seed % 3];
      const aOf = Int32Array.from({ length: N }, () => (r.next() < none || nA === 0 ? -1 : r.int(nA)));
      const bOf = seed % 2 ? null : Int32Array.from({ length: N }, () => (r.next() < 0.5 || nB === 0 ? -1 : r.int(nB)));
      const group = new Int32Array(N).fill(-7);
      const counts = groupKeys(aOf, nA, bOf, bOf ? nB : 0, group);
      const [wantGroup, wantCounts] = plainKeys(aOf, nA, bOf, bOf ? nB : 0);
      expect(Array.from(group), `seed ${seed}`).toEqual(wantGroup);
      expect(Array.from(counts), `seed ${seed}`).toEqual(wantCounts);
    }
  });
});
