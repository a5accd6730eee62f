// bucket-arms.ts against its obviously correct twin, a filter of the arms: every range of digits (empty, one digit,
// all), eligibility as 0/1 or any nonzero flag or none, members, a quota's listed arms, and N of 0.
import { describe, expect, test } from 'vitest';
import { armsInBuckets } from '../../../../src/core/plan/bucket-arms.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

describe('armsInBuckets', () => {
  test('the arms of a range of digits, eligible and members, in arm order, as a filter', () => {
    const r = seededRandom(71);
    for (const N of [0, 1, 50, 3000]) {
      for (let t = 0; t < 30; t++) {
        const digit = Uint16Array.from({ length: N }, () => (t % 5 === 0 ? 65535 : r.int(t % 2 ? 40 : 65536)));
        const flag = () =>
          Uint8Array.from({ length: N }, () => (r.next() < 0.7 ? (t % 3 === 0 ? 1 + r.int(255) : 1) : 0));
        const eligible = t % 4 === 1 ? null : flag(),
          members = t % 3 === 2 ? flag() : null,
          listed = members && t % 2 ? Int32Array.from(Array.from(members.keys()).filter((arm) => members[arm])) : null;
        const from = r.int(65536),
          to = t % 7 === 0 ? from - 1 : Math.min(65535, from + r.int(t % 2 ? 40 : 65536));
        const [lo, hi] = t % 2 ? [r.int(40), r.int(40)].sort((a, b) => a - b) : [from, to];
        const want = Array.from(digit.keys()).filter(
          (arm) =>
            digit[arm] >= lo &&
            digit[arm] <= hi &&
            (!eligible || eligible[arm] !== 0) &&
            (!members || members[arm] !== 0),
        );
        const out = new Int32Array(want.length + 1);
        const n = armsInBuckets(digit, lo, hi, eligible, listed, listed ? null : members, out);
        expect(Array.from(out.subarray(0, n))).toEqual(want);
      }
    }
  });
});
