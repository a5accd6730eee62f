// Arms in list order (higher index first, ties by lower tie rank) without a comparator: a stable LSD
// radix sort on the index's bits. The list, its default twin and the default ranks of 10^6 arms need
// this order, and a comparator sort of a JS array costs a second where four counting passes over
// typed arrays cost milliseconds.
//
// The key: a float64's bits, turned so that unsigned order is decreasing value (-0 counts as +0, as
// everywhere in the list); split into hi and lo 32-bit words, four 16-bit digits. Input arms come in
// increasing tie rank and the sort is stable, so equal indices stay in tie-rank order. Keys and buffers
// are scratch arrays (scratch.ts): at 10^6 fresh ones cost more in first touches than the sort.
import { keySort, radixPass } from './radix-key-sort.ts';
import { scratch } from './scratch.ts';

const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const LO = little ? 0 : 1,
  HI = 1 - LO;
/** Below this many arms a comparator sort is quicker than clearing 65,536 counters. */
export const SMALL = 1024;

/** -1 when arm a goes before arm b: higher index first, then lower tie rank (-0 equals +0). */
export function compareArms(index: Float64Array, tieRank: Int32Array, a: number, b: number): number {
  const d = index[b] - index[a];
  return d !== 0 ? (d > 0 ? 1 : -1) : tieRank[a] - tieRank[b];
}

const byTieRank = new WeakMap<Int32Array, Int32Array>();
/**
 * armAtRank[r]: the arm whose tie rank is r (tieRank a permutation of 0..N-1). Kept per tie-rank array
 * (a week's, shared by its list, default list and draws; tie ranks are never changed in place); read only.
 */
export function armsByTieRank(tieRank: Int32Array): Int32Array {
  let armAtRank = byTieRank.get(tieRank);
  if (!armAtRank) {
    armAtRank = new Int32Array(tieRank.length);
    for (let arm = 0; arm < tieRank.length; arm++) armAtRank[tieRank[arm]] = arm;
    byTieRank.set(tieRank, armAtRank);
  }
  return armAtRank;
}

/**
 * The arms with every flag set (null flags: no condition), in increasing tie rank. A scratch array
 * (`name`): valid until the next call with that name.
 */
export function flaggedInTieOrder(name: string, armAtRank: Int32Array, ...flags: (Uint8Array | null)[]): Int32Array {
  const N = armAtRank.length;
  const keep = flags.filter((f): f is Uint8Array => f !== null);
  if (keep.length === 0) return armAtRank;
  const out = scratch(name, Int32Array, N);
  let n = 0;
  if (keep.length === 1) {
    const f = keep[0];
    for (let r = 0; r < N; r++) if (f[armAtRank[r]]) out[n++] = armAtRank[r];
  } else if (keep.length === 2) {
    const [f, g] = keep;
    for (let r = 0; r < N; r++) if (f[armAtRank[r]] && g[armAtRank[r]]) out[n++] = armAtRank[r];
  } else {
    for (let r = 0; r < N; r++) {
      const arm = armAtRank[r];
      if (keep.every((f) => f[arm])) out[n++] = arm;
    }
  }
  return out.subarray(0, n);
}

/**
 * `arms` (any order, distinct) in increasing tie rank: a sort when they are few, a radix sort of their tie ranks when
 * they are a few in ten (two passes over them, where a pass over all the ranks reads a flag at each random arm),
 * else a pass over the ranks.
 */
export function inTieOrder(arms: Int32Array, tieRank: Int32Array, armAtRank: Int32Array): Int32Array {
  const n = arms.length;
  if (n * 16 < armAtRank.length) return Int32Array.from(arms).sort((a, b) => tieRank[a] - tieRank[b]);
  if (n * 4 < armAtRank.length) {
    const one = buffers(1, n),
      two = buffers(2, n);
    one.arms.set(arms);
    for (let j = 0; j < n; j++) {
      one.hi[j] = 0;
      one.lo[j] = tieRank[arms[j]];
    }
    return radixSort(n, one, two).slice();
  }
  const mark = scratch('tie-order-mark', Uint8Array, armAtRank.length, true);
  for (let j = 0; j < arms.length; j++) mark[arms[j]] = 1;
  return flaggedInTieOrder('tie-order', armAtRank, mark).slice();
}

/**
 * The first min(k, n) of `arms` in list order (a new array); `arms` must come in increasing tie rank.
 * Exact: a histogram of 16 bits of the keys (those below the bits all share) finds the bucket holding
 * the k-th best; the arms in it and above are sorted by radix, the others never.
 */
export function topInOrder(index: Float64Array, tieRank: Int32Array, arms: Int32Array, k: number): Int32Array {
  const n = arms.length;
  k = Math.min(k, n);
  if (k === 0) return new Int32Array(0);
  if (n <= SMALL)
    return Int32Array.from(arms)
      .sort((a, b) => compareArms(index, tieRank, a, b))
      .subarray(0, k);
  const one = buffers(1, n),
    two = buffers(2, n);
  keysOf(index, arms, one);
  const { hi, lo } = one;
  if (k < n) {
    const { shift, t, below, size } = bucketOfKth(hi, n, k);
    // buckets 0..t hold the best m >= k arms, in tie order as they come
    const m = below + size;
    if (m < n) {
      const { arms: a, hi: h, lo: l } = two;
      for (let j = 0, i = 0; j < n; j++) {
        if (((hi[j] >>> shift) & 0xffff) <= t) {
          a[i] = arms[j];
          h[i] = hi[j];
          l[i++] = lo[j];
        }
      }
      return keySort(m, two, one).slice(0, k);
    }
  }
  one.arms.set(arms);
  return keySort(n, one, two).slice(0, k);
}

export interface Buffers {
  arms: Int32Array;
  hi: Uint32Array;
  lo: Uint32Array;
}

export function buffers(set: number, n: number): Buffers {
  return {
    arms: scratch(`rank-arms-${set}`, Int32Array, n),
    hi: scratch(`rank-hi-${set}`, Uint32Array, n),
    lo: scratch(`rank-lo-${set}`, Uint32Array, n),
  };
}

/**
 * The same arms as topInOrder(index, tieRank, arms in tie order, k), in no particular order; `arms` in any
 * order. Those in buckets above the k-th best's are taken as they come; only its own bucket is sorted
 * (by tie rank, then by key).
 */
export function topSet(index: Float64Array, tieRank: Int32Array, arms: Int32Array, k: number): Int32Array {
  const n = arms.length;
  k = Math.min(k, n);
  if (k === n) return arms.slice();
  if (k === 0) return new Int32Array(0);
  if (n <= SMALL)
    return Int32Array.from(arms)
      .sort((a, b) => compareArms(index, tieRank, a, b))
      .slice(0, k);
  const one = buffers(1, n),
    two = buffers(2, n);
  keysOf(index, arms, one);
  const { shift, t, below } = bucketOfKth(one.hi, n, k);
  const out = new Int32Array(k);
  let i = 0,
    m = 0;
  for (let j = 0; j < n; j++) {
    const d = (one.hi[j] >>> shift) & 0xffff;
    if (d < t) out[i++] = arms[j];
    else if (d === t) {
      two.arms[m] = arms[j];
      two.hi[m] = 0;
      two.lo[m++] = tieRank[arms[j]];
    }
  }
  // the k-th best's bucket: into tie order, then by key (stable)
  const tied = radixSort(m, two, one).slice();
  keysOf(index, tied, two);
  two.arms.set(tied);
  out.set(radixSort(m, two, one).subarray(0, k - below), below);
  return out;
}

/** The shift that brings the 16 bits of hi just below those all n keys share to the bottom (a radix pass's digit). */
export function varyingShift(hi: Uint32Array, n: number): number {
  let or = 0,
    and = 0xffffffff;
  for (let j = 0; j < n; j++) {
    or |= hi[j];
    and &= hi[j];
  }
  return Math.max(0, 16 - Math.clz32((or ^ and) >>> 0));
}

/**
 * The 16 bits of hi below those all keys share (from `shift`), the bucket t holding the k-th smallest key,
 * the `below` keys under it and its `size`.
 */
function bucketOfKth(hi: Uint32Array, n: number, k: number): { shift: number; t: number; below: number; size: number } {
  const shift = varyingShift(hi, n);
  const count = scratch('rank-count', Int32Array, 65537, true);
  for (let j = 0; j < n; j++) count[((hi[j] >>> shift) & 0xffff) + 1]++;
  let t = 0,
    below = 0;
  while (below + count[t + 1] < k) below += count[++t];
  return { shift, t, below, size: count[t + 1] };
}

/** All of `arms` in list order (`arms` in increasing tie rank). */
export function sortInOrder(index: Float64Array, tieRank: Int32Array, arms: Int32Array): Int32Array {
  return topInOrder(index, tieRank, arms, arms.length);
}

const value = new Float64Array(1),
  bits = new Uint32Array(value.buffer);
/** Each arm's key as two unsigned words (into out.hi, out.lo), whose order (hi, then lo) is decreasing index. */
export function keysOf(index: Float64Array, arms: Int32Array, out: Buffers): void {
  const n = arms.length;
  const { hi, lo } = out;
  // one pass through a word-sized view (no 8 n bytes of values written and read again)
  for (let j = 0; j < n; j++) {
    const v = index[arms[j]];
    value[0] = v === 0 ? 0 : v;
    const h = bits[HI],
      l = bits[LO];
    // negative values keep their bits (more negative: larger); the others flip all but the sign
    if (h & 0x80000000) {
      hi[j] = h;
      lo[j] = l;
    } else {
      hi[j] = h ^ 0x7fffffff;
      lo[j] = ~l >>> 0;
    }
  }
}

/**
 * Every arm's key by arm (keysOf's words, hi[arm] and lo[arm]): one pass in memory order, no gather. Returns
 * varyingShift of the high words, taken in the same pass.
 */
export function armKeys(index: Float64Array, hi: Uint32Array, lo: Uint32Array): number {
  let or = 0,
    and = 0xffffffff;
  for (let arm = 0; arm < index.length; arm++) {
    const v = index[arm];
    value[0] = v === 0 ? 0 : v;
    const h = bits[HI],
      l = bits[LO];
    if (h & 0x80000000) {
      hi[arm] = h;
      lo[arm] = l;
    } else {
      hi[arm] = h ^ 0x7fffffff;
      lo[arm] = ~l >>> 0;
    }
    or |= hi[arm];
    and &= hi[arm];
  }
  return Math.max(0, 16 - Math.clz32((or ^ and) >>> 0));
}

/**
 * Stable LSD radix sort of the first n entries of `from` by (hi, lo), `to` being the other buffer;
 * passes whose digit is constant are skipped. Returns the arms in order (a view of either buffer).
 */
export function radixSort(n: number, from: Buffers, to: Buffers): Int32Array {
  let x = from,
    y = to;
  for (let pass = 0; pass < 4; pass++)
    if (radixPass(n, x, y, pass < 2 ? x.lo : x.hi, pass % 2 === 0 ? 0 : 16)) [x, y] = [y, x];
  return x.arms.subarray(0, n);
}
