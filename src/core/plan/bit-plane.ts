// Values of 0/1 as bits, eight beneficiaries a byte, in memory as in PLAN.json: a week's calls, and a
// register's yes/no feature columns (feature-table.ts). A plan of 10^6 mothers and 26 weeks keeps its
// calls in 3 MB instead of 26 MB of bytes, its 43 dlm features in 5 MB instead of 43, and a read keeps
// the file's planes as they are instead of writing each value into fresh pages (about 5 ms per fresh MB
// here). The planes are read through these few functions (bitAt, or a byte of eight at a time), never
// indexed as bytes: the type has no index, so code that would read a byte per value does not compile.
import { packBits, packedBytes, unpackBits } from './bit-pack.ts';

/** `length` values of 0/1: value i is bit i & 7 of bits[i >> 3]; the bits past `length` are 0. */
export interface BitPlane {
  readonly bits: Uint8Array;
  readonly length: number;
}

/** Value i of a plane (0 or 1). */
export const bitAt = (plane: BitPlane, i: number): number => (plane.bits[i >> 3] >> (i & 7)) & 1;

/** A plane of `length` zeros. */
export const zeroPlane = (length: number): BitPlane => ({ bits: new Uint8Array(packedBytes(length, 1)), length });

/** The plane of 0/1 values (any non-zero is 1). */
export const toPlane = (values: Uint8Array): BitPlane => ({ bits: packBits(values), length: values.length });

/** A plane's values as a byte each (for code that needs them so; the planner's own readers read bits). */
export const planeBytes = (plane: BitPlane): Uint8Array => unpackBits(plane.bits, plane.length);

/** A plane over `bits` as they are (their length checked by the caller, the bits past `length` 0). */
export const asPlane = (bits: Uint8Array, length: number): BitPlane => ({ bits, length });

/** The first `n` values of a plane (itself when it has n). */
export function firstOf(plane: BitPlane, n: number): BitPlane {
  if (plane.length === n) return plane;
  const bits = plane.bits.slice(0, packedBytes(n, 1));
  if (n & 7) bits[bits.length - 1] &= (1 << (n & 7)) - 1;
  return { bits, length: n };
}

/** Values from .. to - 1 of a plane (the first `to` when `from` is 0). */
export function planeBetween(plane: BitPlane, from: number, to: number): BitPlane {
  if (from === 0) return firstOf(plane, to);
  const out = new Uint8Array(packedBytes(to - from, 1)),
    bits = plane.bits;
  for (let i = from; i < to; i++) out[(i - from) >> 3] |= ((bits[i >> 3] >> (i & 7)) & 1) << ((i - from) & 7);
  return { bits: out, length: to - from };
}

/** The plane grown to `n` values, the new ones 0 (itself when it has n). */
export function grownTo(plane: BitPlane, n: number): BitPlane {
  if (plane.length === n) return plane;
  const bits = new Uint8Array(packedBytes(n, 1));
  bits.set(plane.bits);
  return { bits, length: n };
}

/** How many values are 1. */
export function countOnes(plane: BitPlane): number {
  const bits = plane.bits;
  let n = 0;
  for (let i = 0; i < bits.length; i++) n += ONES[bits[i]]; // (indexed: for-of over a typed array is slower)
  return n;
}

/** The number of 1 bits of each byte. */
const ONES = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let x = b; x; x >>= 1) n += x & 1;
  return n;
});

/** The bits with those past the N-th cleared (a copy). */
export function clearedTail(data: Uint8Array, N: number): Uint8Array {
  const out = data.slice();
  out[out.length - 1] &= (1 << (N & 7)) - 1;
  return out;
}
