// A 16-bit digit per arm that splits the list order's keys into buckets of a few dozen arms, and the sort of arms
// gathered by it. Apart from list-order.ts (which buckets its prefix and counts by this digit) because it is the one
// place that knows how the digit is cut. The keys' top 16 varying bits (sign, exponent and 4 bits of mantissa) put 10^6
// dlm indices into a few hundred buckets, the largest 74,116 arms: each growth of the order then sorted big buckets and
// each count searched long runs. Here a bucket of the top 16 bits holding many arms is cut again by the bits below
// them, as many as its size asks, so that every bucket's arms are about as many as N / 32,768; the digit is monotone
// in the key, so a bucket is still a run of the order. An order's keys, digits and histogram are made in one pass
// (keyDigits: they were three passes over 10^6 arms per order).
import type { Buffers } from './rank-order.ts';
import { scratch } from './scratch.ts';
import { sortBucket } from './bucket-sort.ts';

/**
 * digit[arm] for each of hi's N keys (hi: the keys' high words; `shift`: that of the 16 bits below those all share):
 * monotone in hi, at most 65,536 values. Into `digit` (returned).
 */
export function fineDigits(hi: Uint32Array, N: number, shift: number, digit: Uint16Array): Uint16Array {
  const stride = strideOf(N);
  const count = scratch('digit-coarse', Int32Array, 65536, true);
  let sampled = 0;
  for (let arm = 0; arm < N; arm += stride, sampled++) count[(hi[arm] >>> shift) & 0xffff]++;
  const { base, sub } = cuts(count, sampled, shift);
  // next < 65,536 when a bucket has none of its own (cuts): its digit fits in 16 bits
  const below = 2 ** shift - 1; // shift <= 16
  for (let arm = 0; arm < N; arm++) {
    const h = hi[arm],
      c = (h >>> shift) & 0xffff;
    digit[arm] = base[c] + ((h & below) >>> sub[c]);
  }
  return digit;
}

/**
 * Every arm's key (rank-order.ts, armKeys: hi[arm], lo[arm]), its digit (fineDigits') and the histogram of the
 * eligible arms' digits (`count`, zeroed; `eligible` null: all), in one pass over the arms where they were three. The
 * cuts need the shift of the keys' varying bits before the pass: it is taken from the sampled keys, and checked by the
 * pass; when an arm off the sample varies in a higher bit, the digits and the histogram are made again with the true
 * shift (the same digits as fineDigits' either way). With `fine`, fine[arm]: 4 bits that never fall as the key rises
 * within a digit (the key's 4 bits below those the digit fixes; 0 in a digit's part that a bucket no sampled arm is in
 * shares, and everywhere after a shift made again), for counts that place an arm among a few in her digit
 * (fine-count.ts). Returns the number of eligible arms.
 */
export function keyDigits(
  index: Float64Array,
  hi: Uint32Array,
  lo: Uint32Array,
  digit: Uint16Array,
  fine: Uint8Array | null,
  eligible: Uint8Array | null,
  count: Int32Array,
): number {
  const N = index.length,
    stride = strideOf(N);
  const sample = scratch('digit-sample', Uint32Array, Math.ceil(N / stride));
  let or = 0,
    and = 0xffffffff,
    sampled = 0;
  for (let arm = 0; arm < N; arm += stride, sampled++) {
    const h = keyHi(index[arm]);
    sample[sampled] = h;
    or |= h;
    and &= h;
  }
  const shift = shiftOf(or, and);
  const coarse = scratch('digit-coarse', Int32Array, 65536, true);
  for (let j = 0; j < sampled; j++) coarse[(sample[j] >>> shift) & 0xffff]++;
  const { base, sub } = cuts(coarse, sampled, shift);
  const below = 2 ** shift - 1;
  // per top-16-bit bucket c its first digit and the shift of the bits below (base[c] | sub[c] << 17): one read of a
  // table per arm, not two
  const cut = scratch('digit-cut', Int32Array, 65536);
  for (let c = 0; c < 65536; c++) cut[c] = base[c] | (sub[c] << 17);
  const pass = fine ? finePass : plainPass;
  const n = pass(index, hi, lo, digit, fine!, eligible, count, shift, below, cut, fine ? howOf(sub, coarse) : cut);
  or = n[1];
  and = n[2];
  const actual = shiftOf(or, and);
  if (actual === shift) return n[0];
  fineDigits(hi, N, actual, digit);
  fine?.fill(0, 0, N);
  count.fill(0);
  for (let arm = 0; arm < N; arm++) count[digit[arm]] += eligible ? -eligible[arm] >>> 31 : 1;
  return n[0];
}

/**
 * Per top-16-bit bucket c (cuts' sub, and whether any sampled arm is in it), the 4 bits below bit sub[c] of the 64-bit
 * key (hi, lo) as shifts and masks: hi's bits from r1 up, moved up by r2, and lo's top bits from r3 masked by m3; the
 * whole masked by mk (0: unsampled).
 */
function howOf(sub: Uint8Array, coarse: Int32Array): Int32Array {
  const how = scratch('digit-fine', Int32Array, 65536);
  for (let c = 0; c < 65536; c++) {
    const b = sub[c],
      r1 = b >= 4 ? b - 4 : 0,
      r2 = b >= 4 ? 0 : 4 - b,
      r3 = b >= 4 ? 0 : 28 + b,
      m3 = b >= 4 ? 0 : 15,
      mk = coarse[c] > 0 ? 15 : 0;
    how[c] = r1 | (r2 << 5) | (r3 << 8) | (m3 << 16) | (mk << 20);
  }
  return how;
}

const counted = [0, 0, 0];

/**
 * keyDigits' pass without the fine bits: each arm's key, digit and her count in the histogram; returns [eligible arms,
 * the high words or'ed, and'ed] (one array, reused). Apart from finePass so that each loop is as short as it can be.
 */
function plainPass(
  index: Float64Array,
  hi: Uint32Array,
  lo: Uint32Array,
  digit: Uint16Array,
  _fine: Uint8Array,
  eligible: Uint8Array | null,
  count: Int32Array,
  shift: number,
  below: number,
  cut: Int32Array,
  _how: Int32Array,
): number[] {
  const N = index.length,
    H = HI,
    L = LO,
    v64 = value,
    w32 = bits;
  let n = 0,
    or = 0,
    and = 0xffffffff;
  for (let arm = 0; arm < N; arm++) {
    const v = index[arm];
    v64[0] = v === 0 ? 0 : v;
    let h = w32[H],
      l = w32[L];
    if (!(h & 0x80000000)) {
      h = (h ^ 0x7fffffff) >>> 0;
      l = ~l >>> 0;
    }
    hi[arm] = h;
    lo[arm] = l;
    or |= h;
    and &= h;
    const k = cut[(h >>> shift) & 0xffff],
      d = (k & 0x1ffff) + ((h & below) >>> (k >>> 17)),
      in1 = eligible ? -eligible[arm] >>> 31 : 1;
    digit[arm] = d;
    count[d] += in1;
    n += in1;
  }
  counted[0] = n;
  counted[1] = or;
  counted[2] = and;
  return counted;
}

/** plainPass with the fine bits (`how`: howOf's table). */
function finePass(
  index: Float64Array,
  hi: Uint32Array,
  lo: Uint32Array,
  digit: Uint16Array,
  fine: Uint8Array,
  eligible: Uint8Array | null,
  count: Int32Array,
  shift: number,
  below: number,
  cut: Int32Array,
  how: Int32Array,
): number[] {
  const N = index.length,
    H = HI,
    L = LO,
    v64 = value,
    w32 = bits;
  let n = 0,
    or = 0,
    and = 0xffffffff;
  for (let arm = 0; arm < N; arm++) {
    const v = index[arm];
    v64[0] = v === 0 ? 0 : v;
    let h = w32[H],
      l = w32[L];
    if (!(h & 0x80000000)) {
      h = (h ^ 0x7fffffff) >>> 0;
      l = ~l >>> 0;
    }
    hi[arm] = h;
    lo[arm] = l;
    or |= h;
    and &= h;
    const c = (h >>> shift) & 0xffff,
      k = cut[c],
      d = (k & 0x1ffff) + ((h & below) >>> (k >>> 17)),
      w = how[c],
      in1 = eligible ? -eligible[arm] >>> 31 : 1;
    digit[arm] = d;
    fine[arm] = (((h >>> (w & 31)) << ((w >>> 5) & 7)) | ((l >>> ((w >>> 8) & 31)) & (w >>> 16))) & (w >>> 20);
    count[d] += in1;
    n += in1;
  }
  counted[0] = n;
  counted[1] = or;
  counted[2] = and;
  return counted;
}

/** Every stride-th arm is sampled for the cuts (about 131,072 of them). */
function strideOf(N: number): number {
  return Math.max(1, Math.floor(N / 131072));
}

/** The shift that brings the 16 bits below those all keys share (or: their high words or'ed, and: and'ed) down. */
function shiftOf(or: number, and: number): number {
  return Math.max(0, 16 - Math.clz32((or ^ and) >>> 0));
}

/**
 * Each top-16-bit bucket's first digit and the bit below which its keys' bits are dropped, from the buckets' counts on
 * the `sampled` arms. The cuts need the buckets' sizes roughly; a bucket no sampled arm is in gets no digit of its own:
 * its arms share the next bucket's first, and the digit still never falls.
 */
function cuts(count: Int32Array, sampled: number, shift: number): { base: Int32Array; sub: Uint8Array } {
  let used = 0;
  for (let d = 0; d < 65536; d++) if (count[d] > 0) used++;
  // bucket d gets 2^b digits, 2^(b-1) < count / target: sum 2^b < used + 2 sampled / target <= 65,536
  const room = 65536 - used;
  const target = room > 0 ? Math.max(1, Math.ceil((2 * sampled) / room)) : Infinity;
  const base = scratch('digit-base', Int32Array, 65536),
    sub = scratch('digit-sub', Uint8Array, 65536);
  for (let d = 0, next = 0; d < 65536; d++) {
    let b = 0;
    while (b < shift && count[d] > target * 2 ** b) b++;
    base[d] = next;
    sub[d] = shift - b;
    if (count[d] > 0) next += 2 ** b;
  }
  return { base, sub };
}

const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = little ? 0 : 1,
  HI = 1 - LO;
const value = new Float64Array(1),
  bits = new Uint32Array(value.buffer);
/** A key's high word (rank-order.ts, keysOf: unsigned order is decreasing value, -0 as +0). */
function keyHi(v: number): number {
  value[0] = v === 0 ? 0 : v;
  const h = bits[HI];
  return h & 0x80000000 ? h : (h ^ 0x7fffffff) >>> 0;
}

/**
 * The first n entries of `x` (arms with their keys, any order) with their digits `dig` (all in d0..d1) and tie ranks
 * `tie` (gathered with them: read here, tieRank[arm] was a cache miss an arm) into out[at..at+n) in list order: placed
 * by digit in one counting pass, then each digit's arms by key and tie rank. With `keys`, their keys and ties in that
 * order too.
 */
export function digitSort(
  n: number,
  x: Buffers,
  dig: Uint16Array,
  d0: number,
  d1: number,
  tie: Int32Array,
  out: Int32Array,
  at: number,
  keys: { hi: Uint32Array; lo: Uint32Array; tie: Int32Array } | null = null,
): void {
  const span = d1 - d0 + 1;
  const start = scratch('digit-start', Int32Array, span + 1, true);
  for (let i = 0; i < n; i++) start[dig[i] - d0 + 1]++;
  for (let d = 0; d < span; d++) start[d + 1] += start[d];
  const A = scratch('digit-arms', Int32Array, n),
    H = scratch('digit-hi', Uint32Array, n),
    L = scratch('digit-lo', Uint32Array, n),
    T = scratch('digit-tie', Int32Array, n);
  const next = scratch('digit-next', Int32Array, span);
  next.set(start.subarray(0, span));
  for (let i = 0; i < n; i++) {
    const p = next[dig[i] - d0]++;
    A[p] = x.arms[i];
    H[p] = x.hi[i];
    L[p] = x.lo[i];
    T[p] = tie[i];
  }
  for (let d = 0; d < span; d++) sortBucket(start[d], start[d + 1], A, H, L, T, keys !== null);
  out.set(A.subarray(0, n), at);
  if (keys) {
    keys.hi.set(H.subarray(0, n));
    keys.lo.set(L.subarray(0, n));
    keys.tie.set(T.subarray(0, n));
  }
}
