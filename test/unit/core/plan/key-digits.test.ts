// key-digits.ts against its obviously correct twins: fineDigits' digit never falls as the key rises (so each digit is a
// run of the list order) and has at most 65,536 values, its buckets a few dozen arms when the keys spread; digitSort
// puts arms gathered in arm order in the order of a comparator sort, their keys and ties beside them. On indices
// spread over many exponents (as Whittle indices are), mass ties (buckets longer than the insertion's), one value for
// all, signed zeros, N below SMALL, and N large enough that fineDigits samples.
import { describe, expect, test } from 'vitest';
import { digitSort, fineDigits, keyDigits } from '../../../../src/core/plan/key-digits.ts';
import { armKeys, compareArms, varyingShift } from '../../../../src/core/plan/rank-order.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { permutation } from './plan-fixtures.ts';

const kinds = ['exponents', 'spread', 'ties', 'one value', 'signs'] as const;

function indices(kind: (typeof kinds)[number], n: number, seed: number): Float64Array {
  const r = seededRandom(seed);
  return Float64Array.from({ length: n }, () => {
    if (kind === 'exponents') return (r.next() < 0.1 ? -1 : 1) * Math.exp(-20 * r.next());
    if (kind === 'spread') return r.next() * 10 - 3;
    if (kind === 'ties') return r.int(5) / 7;
    if (kind === 'one value') return 0.25;
    return r.next() < 0.3 ? (r.next() < 0.5 ? -0 : 0) : r.int(4) - 2;
  });
}

function keysOf(index: Float64Array) {
  const N = index.length;
  const hi = new Uint32Array(N),
    lo = new Uint32Array(N);
  const shift = armKeys(index, hi, lo);
  expect(shift).toBe(varyingShift(hi, N));
  return { hi, lo, digit: fineDigits(hi, N, shift, new Uint16Array(N)) };
}

describe('fineDigits', () => {
  test('never falls along the list order, at most 65,536 values, short buckets when the keys spread', () => {
    // 300,000: the top bits' histogram on every second arm
    for (const [t, n] of [50, 1000, 30000, 300000].entries()) {
      for (const [k, kind] of kinds.entries()) {
        const index = indices(kind, n, 10 * t + k);
        const { digit } = keysOf(index);
        const tieRank = permutation(n, t + k);
        const order = Array.from(index, (_, arm) => arm).sort((a, b) => compareArms(index, tieRank, a, b));
        const size = new Map<number, number>();
        let falls = 0;
        for (let p = 0; p < n; p++) {
          if (p > 0 && digit[order[p]] < digit[order[p - 1]]) falls++;
          size.set(digit[order[p]], (size.get(digit[order[p]]) ?? 0) + 1);
        }
        expect(falls).toBe(0);
        expect(size.size).toBeLessThanOrEqual(65536);
        // spread keys: no bucket much above N / 32,768 (its share of 65,536 digits), nor above a few when N is small
        if (kind === 'exponents' || kind === 'spread')
          expect(Math.max(...size.values())).toBeLessThanOrEqual(Math.max(8, (8 * n) / 32768));
      }
    }
  });
});

/** The first entry where a and b differ, or -1 (toEqual on 300,000 entries takes seconds). */
function firstDiffering(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe('keyDigits', () => {
  test("armKeys' keys, fineDigits' digits, the eligible's histogram and fine bits, also when the sample misses", () => {
    const r = seededRandom(45);
    for (const [t, n] of [50, 1000, 30000, 300000].entries()) {
      for (const [k, kind] of kinds.entries()) {
        const index = indices(kind, n, 200 + 10 * t + k);
        // an arm off the sample (odd: the sample takes every second arm at 300,000) far above the rest: its
        // higher varying bit is found by the pass alone
        if (t === 3 && (kind === 'ties' || kind === 'one value')) index[n - 1 - 2 * r.int(100)] = 1e300;
        const want = keysOf(index);
        const eligible = k % 2 ? Uint8Array.from({ length: n }, () => (r.next() < 0.8 ? 1 : 0)) : null;
        const hi = new Uint32Array(n),
          lo = new Uint32Array(n),
          digit = new Uint16Array(n),
          fine = new Uint8Array(n),
          count = new Int32Array(65536);
        const m = keyDigits(index, hi, lo, digit, fine, eligible, count);
        expect(firstDiffering(hi, want.hi)).toBe(-1);
        expect(firstDiffering(lo, want.lo)).toBe(-1);
        expect(firstDiffering(digit, want.digit)).toBe(-1);
        const histogram = new Int32Array(65536);
        for (let arm = 0; arm < n; arm++) if (!eligible || eligible[arm]) histogram[want.digit[arm]]++;
        expect(firstDiffering(count, histogram)).toBe(-1);
        // (digit, fine) never falls along the list order; fine has 4 bits
        const tieRank = permutation(n, t + k);
        const order = Array.from(index, (_, arm) => arm).sort((a, b) => compareArms(index, tieRank, a, b));
        let falls = 0;
        for (let p = 1; p < n; p++) {
          const [a, b] = [order[p - 1], order[p]];
          if (digit[b] < digit[a] || (digit[b] === digit[a] && fine[b] < fine[a])) falls++;
        }
        expect(falls).toBe(0);
        expect(fine.every((v) => v < 16)).toBe(true);
        expect(m).toBe(eligible ? eligible.reduce((a, b) => a + b, 0) : n);
      }
    }
  });
});

describe('digitSort', () => {
  test('arms gathered in arm order, placed by digit and sorted in each, equal a comparator sort', () => {
    const r = seededRandom(44);
    for (const [t, n] of [40, 900, 5000, 60000, 300000].entries()) {
      for (const [k, kind] of kinds.entries()) {
        const index = indices(kind, n, 100 + 10 * t + k);
        const tieRank = permutation(n, 7 * t + k);
        const { hi, lo, digit } = keysOf(index);
        // a digit range (as a growth of the order takes) and some arms of it (eligible ones), in arm order
        const d0 = r.int(digit.reduce((a, b) => Math.max(a, b), 0) + 1);
        const d1 = d0 + r.int(65536 - d0);
        const arms = Array.from(index, (_, arm) => arm).filter(
          (arm) => digit[arm] >= d0 && digit[arm] <= d1 && r.next() < 0.9,
        );
        const m = arms.length;
        const x = { arms: Int32Array.from(arms), hi: new Uint32Array(m), lo: new Uint32Array(m) };
        const dig = new Uint16Array(m),
          tie = new Int32Array(m);
        arms.forEach((arm, i) => {
          x.hi[i] = hi[arm];
          x.lo[i] = lo[arm];
          dig[i] = digit[arm];
          tie[i] = tieRank[arm];
        });
        const out = new Int32Array(m + 3).fill(-1);
        const keys = { hi: new Uint32Array(m), lo: new Uint32Array(m), tie: new Int32Array(m) };
        digitSort(m, x, dig, d0, d1, tie, out, 3, keys);
        const want = arms.slice().sort((a, b) => compareArms(index, tieRank, a, b));
        expect(Array.from(out.subarray(3))).toEqual(want);
        // the keys and ties beside them, in their order
        expect(Array.from(keys.hi)).toEqual(want.map((arm) => hi[arm]));
        expect(Array.from(keys.lo)).toEqual(want.map((arm) => lo[arm]));
        expect(Array.from(keys.tie)).toEqual(want.map((arm) => tieRank[arm]));
        expect(Array.from(out.subarray(0, 3))).toEqual([-1, -1, -1]);
      }
    }
  });
});
