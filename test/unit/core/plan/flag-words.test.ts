// The flag kernels four a word (flag-words.ts) against their byte-by-byte twins, the loops they replaced:
// every length around a word and a byte of bits, flags starting off a word, flags other than 0 and 1,
// all set, none set, every stride from 1.
import { describe, expect, test } from 'vitest';
import {
  clearCalled,
  countFlags,
  everyStrideth,
  flipClearCalled,
  flipFlags,
} from '../../../../src/core/plan/flag-words.ts';
import { seededRandom, type Random } from '../../../../src/core/random/seeded-random.ts';

const slowCount = (flags: Uint8Array) => flags.reduce((sum, x) => sum + x, 0);

function slowStride(flags: Uint8Array, stride: number, out: Int32Array, at: number): number {
  let n = at;
  for (let arm = 0, left = 0; arm < flags.length; arm++) {
    if (!flags[arm]) continue;
    if (left === 0) {
      out[n++] = arm;
      left = stride - 1;
    } else left--;
  }
  return n;
}

function slowClear(flags: Uint8Array, planes: Uint8Array[]): void {
  for (let i = 0; planes.length && i < planes[0].length; i++) {
    let b = 0;
    for (const plane of planes) b |= plane[i];
    for (let arm = i * 8, end = Math.min(flags.length, arm + 8); arm < end; b >>= 1, arm++) flags[arm] &= ~b & 1;
  }
}

/** Flags of `length` at byte offset `offset` of their buffer: 0/1 with density p, or with some other bytes. */
function flagsOf(r: Random, length: number, offset: number, p: number, other: boolean): Uint8Array {
  const flags = new Uint8Array(length + offset + 3).subarray(offset, offset + length);
  for (let i = 0; i < length; i++) flags[i] = r.next() < p ? (other && r.next() < 0.1 ? 2 + r.int(254) : 1) : 0;
  return flags;
}

const cases = function* () {
  const r = seededRandom(7);
  for (let length = 0; length <= 70; length++)
    for (const offset of [0, 1, 2, 4]) for (const p of [0, 0.3, 1]) yield { r, length, offset, p, other: false };
  for (let k = 0; k < 60; k++) yield { r, length: 1 + r.int(3000), offset: r.int(4), p: r.next(), other: k % 3 === 0 };
};

describe('flag-words', () => {
  test('countFlags: the sum of the flags', () => {
    for (const { r, length, offset, p, other } of cases()) {
      const flags = flagsOf(r, length, offset, p, other);
      expect(countFlags(flags)).toBe(slowCount(flags));
    }
  });

  test('everyStrideth: the same positions and count as one flag at a time', () => {
    for (const { r, length, offset, p, other } of cases()) {
      const flags = flagsOf(r, length, offset, p, other);
      for (const stride of [1, 2, 3, 4, 5, 7, 13, 64]) {
        const at = r.int(4);
        const fast = new Int32Array(at + length + 1).fill(-7),
          slow = new Int32Array(at + length + 1).fill(-7);
        const n = everyStrideth(flags, stride, fast, at);
        expect(n).toBe(slowStride(flags, stride, slow, at));
        expect(Array.from(fast.subarray(0, n))).toEqual(Array.from(slow.subarray(0, n)));
      }
    }
  });

  test('flipFlags: each byte ^ 1, into an array of the same offset or another', () => {
    for (const { r, length, offset, p, other } of cases()) {
      const flags = flagsOf(r, length, offset, p, other);
      for (const outOffset of [0, 3]) {
        const out = new Uint8Array(length + 4).subarray(outOffset, outOffset + length);
        flipFlags(flags, out);
        expect(Array.from(out)).toEqual(Array.from(flags, (x) => x ^ 1));
      }
    }
  });

  test('clearCalled: the flags of arms called in any week cleared', () => {
    for (const { r, length, offset, p } of cases()) {
      for (const weeks of [0, 1, 3]) {
        const planes = Array.from({ length: weeks }, () => {
          const bytes = new Uint8Array(Math.ceil(length / 8) + (r.next() < 0.2 ? 2 : 0));
          for (let i = 0; i < bytes.length; i++) bytes[i] = r.next() < 0.3 ? r.int(256) : 0;
          return bytes;
        });
        const fast = flagsOf(r, length, offset, p, false),
          slow = fast.slice();
        clearCalled(fast, planes);
        slowClear(slow, planes);
        expect(Array.from(fast)).toEqual(Array.from(slow));
      }
    }
  });

  test('flipClearCalled: the flags flipped, then those called in any week cleared', () => {
    for (const { r, length, offset, p } of cases()) {
      for (const weeks of [0, 1, 3]) {
        // planes covering the flags, longer, or a byte short
        const planes = Array.from({ length: weeks }, () => {
          const bytes = new Uint8Array(
            Math.max(0, Math.ceil(length / 8) + (r.next() < 0.2 ? 2 : r.next() < 0.2 ? -1 : 0)),
          );
          for (let i = 0; i < bytes.length; i++) bytes[i] = r.next() < 0.3 ? r.int(256) : 0;
          return bytes;
        });
        const excluded = flagsOf(r, length, offset, p, false);
        for (const outOffset of [0, 3]) {
          const fast = new Uint8Array(length + 4).subarray(outOffset, outOffset + length).fill(7),
            slow = Uint8Array.from(excluded, (x) => x ^ 1);
          flipClearCalled(excluded, planes, fast);
          slowClear(slow, planes);
          expect(Array.from(fast)).toEqual(Array.from(slow));
        }
      }
    }
  });
});
