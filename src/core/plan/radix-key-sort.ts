// The list order's sort of index keys (rank-order.ts's (hi, lo) words) in two radix passes instead of four.
// Apart from rank-order.ts because it holds the one sort that knows what the keys are: a float64's bits, whose
// high word (sign, exponent and 20 bits of mantissa) already tells almost every pair of indices apart (10^6
// dlm indices: runs of equal high words are short), so the low word is needed only within those runs.
import type { Buffers } from './rank-order.ts';
import { scratch } from './scratch.ts';

/** A run of equal high words longer than this is sorted by byte-wide radix passes on its low words, not insertion. */
const RUN = 48;

/**
 * The first n entries of `from` sorted by (hi, lo), stable, `to` being the other buffer (either may be left
 * changed): two 16-bit radix passes on hi, then each run of equal hi by lo. The same order as radixSort's four
 * passes. Returns the arms in order (a view of either buffer).
 */
export function keySort(n: number, from: Buffers, to: Buffers): Int32Array {
  return sorted(n, from, to).arms.subarray(0, n);
}

/**
 * keySort of entries gathered in any order (arm order, say): then each run of equal keys (an index shared) in
 * increasing tie rank, by insertion or, when long (every index 0: the whole list is the tie draw), by byte-wide
 * passes on the ranks. The same order as keySort of the entries in tie order.
 */
export function keySortTies(n: number, from: Buffers, to: Buffers, tieRank: Int32Array): Int32Array {
  const x = sorted(n, from, to);
  const { arms, hi, lo } = x;
  for (let s = 0; s < n;) {
    const h = hi[s],
      l = lo[s];
    let e = s + 1;
    while (e < n && hi[e] === h && lo[e] === l) e++;
    if (e - s > RUN) {
      // the run's words are all (h, l): its lo words carry the tie ranks for the sort, then l again
      for (let j = s; j < e; j++) lo[j] = tieRank[arms[j]];
      byteSortLo(s, e, x, x === from ? to : from);
      lo.fill(l, s, e);
    } else if (e - s > 1) {
      for (let i = s + 1; i < e; i++) {
        const arm = arms[i],
          r = tieRank[arm];
        let j = i - 1;
        while (j >= s && tieRank[arms[j]] > r) {
          arms[j + 1] = arms[j];
          j--;
        }
        arms[j + 1] = arm;
      }
    }
    s = e;
  }
  return arms.subarray(0, n);
}

/** keySort's work: the buffer holding the sorted entries. */
function sorted(n: number, from: Buffers, to: Buffers): Buffers {
  const x = passes(n, from, to);
  const { arms, hi, lo } = x,
    y = x === from ? to : from;
  for (let s = 0; s < n;) {
    const h = hi[s];
    let e = s + 1;
    while (e < n && hi[e] === h) e++;
    if (e - s > RUN) {
      // a long run (equal indices, often): nothing to do when its low words already rise, else byte-wide radix
      // passes (256 counters: a run costs its length, not 65,536 counters a pass)
      let i = s + 1;
      while (i < e && lo[i - 1] <= lo[i]) i++;
      if (i < e) byteSortLo(s, e, x, y);
    } else if (e - s > 1) {
      // insertion by lo: stable (only a strictly larger lo moves)
      for (let i = s + 1; i < e; i++) {
        const arm = arms[i],
          l = lo[i];
        let j = i - 1;
        while (j >= s && lo[j] > l) {
          arms[j + 1] = arms[j];
          lo[j + 1] = lo[j];
          j--;
        }
        arms[j + 1] = arm;
        lo[j + 1] = l;
      }
    }
    s = e;
  }
  return x;
}

/** Entries s..e-1 of `x` sorted by lo, stable, by four byte-wide LSD passes (`y`'s stretch the spare). */
function byteSortLo(s: number, e: number, x: Buffers, y: Buffers): void {
  const count = scratch('rank-count-byte', Int32Array, 256);
  let fa = x.arms,
    fl = x.lo,
    ta = y.arms,
    tl = y.lo;
  for (let shift = 0; shift < 32; shift += 8) {
    count.fill(0);
    for (let j = s; j < e; j++) count[(fl[j] >>> shift) & 0xff]++;
    if (count[(fl[s] >>> shift) & 0xff] === e - s) continue;
    for (let d = 0, sum = s; d < 256; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let j = s; j < e; j++) {
      const p = count[(fl[j] >>> shift) & 0xff]++;
      ta[p] = fa[j];
      tl[p] = fl[j];
    }
    [fa, fl, ta, tl] = [ta, tl, fa, fl];
  }
  if (fa !== x.arms) {
    x.arms.set(fa.subarray(s, e), s);
    x.lo.set(fl.subarray(s, e), s);
  }
}

/** Two stable 16-bit LSD passes by hi (a pass whose digit is constant skipped); the buffer holding the result. */
function passes(n: number, from: Buffers, to: Buffers): Buffers {
  let x = from,
    y = to;
  for (let shift = 0; shift <= 16; shift += 16) if (radixPass(n, x, y, x.hi, shift)) [x, y] = [y, x];
  return x;
}

/**
 * One stable counting pass of the first n entries of `x` into `y` by the 16-bit digit of `word` (x.hi or x.lo)
 * at `shift`; false, and nothing moved, when that digit is the same for all.
 */
export function radixPass(n: number, x: Buffers, y: Buffers, word: Uint32Array, shift: number): boolean {
  const count = scratch('rank-count', Int32Array, 65536);
  count.fill(0);
  for (let j = 0; j < n; j++) count[(word[j] >>> shift) & 0xffff]++;
  if (count[(word[0] >>> shift) & 0xffff] === n) return false;
  for (let d = 0, sum = 0; d < 65536; d++) {
    const c = count[d];
    count[d] = sum;
    sum += c;
  }
  const { arms: a, hi: h, lo: l } = x,
    { arms: a2, hi: h2, lo: l2 } = y;
  for (let j = 0; j < n; j++) {
    const p = count[(word[j] >>> shift) & 0xffff]++;
    a2[p] = a[j];
    h2[p] = h[j];
    l2[p] = l[j];
  }
  return true;
}
