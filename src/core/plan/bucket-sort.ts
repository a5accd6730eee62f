// One bucket of a list order's gathered arms (key-digits.ts, digitSort) by key, then tie rank: a short one by
// insertion, a long one by byte-wide radix passes. Apart from key-digits.ts because it is the sort's inner loop. The
// insertion moved four arrays (arm, the key's two words, the tie) a step: when the bucket's high words differ in their
// low 16 bits alone (the digit fixes the bits above them), the key is one double of those 48 bits, and the insertion
// compares one number and moves the entries' places alone (one small array), the arms and ties put in place after.
import { scratch } from './scratch.ts';

/** A bucket longer than this is sorted by byte-wide passes, a shorter one by insertion. */
const RUN = 48;
const WORD = 4294967296;
/** A short bucket's keys (one double each), ties, places in sorted order and arms, while it is sorted. */
const K = new Float64Array(RUN),
  R = new Int32Array(RUN),
  X = new Int32Array(RUN),
  M = new Int32Array(RUN);

/**
 * Entries s..e-1 of (A, H, L, T) (arms, keys' high and low words, tie ranks) by (H, L), then T; with `keys`, H and
 * L come in that order too (else only A and T).
 */
export function sortBucket(
  s: number,
  e: number,
  A: Int32Array,
  H: Uint32Array,
  L: Uint32Array,
  T: Int32Array,
  keys: boolean,
): void {
  if (e - s < 2) return;
  if (e - s > RUN) return byteSort(s, e, A, H, L, T);
  const m = e - s;
  let or = 0,
    and = 0xffffffff;
  for (let i = 0; i < m; i++) {
    const h = H[s + i];
    or |= h;
    and &= h;
    K[i] = (h & 0xffff) * WORD + L[s + i];
    R[i] = T[s + i];
    X[i] = i;
  }
  if ((or ^ and) >>> 16) return insertion(s, e, A, H, L, T);
  // insertion of the entries' places by the key, then tie rank (every pair is ordered): one small array moved, the
  // keys and ties read through it, where moving the arms, keys and ties (three arrays) cost a quarter more
  for (let i = 1; i < m; i++) {
    const x = X[i],
      k = K[x],
      r = R[x];
    let j = i - 1;
    for (; j >= 0; j--) {
      const y = X[j],
        q = K[y];
      if (q < k || (q === k && R[y] <= r)) break;
      X[j + 1] = y;
    }
    X[j + 1] = x;
  }
  for (let i = 0; i < m; i++) M[i] = A[s + X[i]];
  for (let i = 0; i < m; i++) {
    A[s + i] = M[i];
    T[s + i] = R[X[i]];
  }
  if (!keys) return;
  const top = and & 0xffff0000;
  for (let i = 0; i < m; i++) {
    const k = K[X[i]];
    H[s + i] = (top | Math.floor(k / WORD)) >>> 0;
    L[s + i] = k % WORD;
  }
}

/** Insertion by (H, L), then T, moving all four arrays. */
function insertion(s: number, e: number, A: Int32Array, H: Uint32Array, L: Uint32Array, T: Int32Array): void {
  for (let i = s + 1; i < e; i++) {
    const arm = A[i],
      h = H[i],
      l = L[i],
      r = T[i];
    let j = i - 1;
    while (j >= s && (H[j] > h || (H[j] === h && (L[j] > l || (L[j] === l && T[j] > r))))) {
      A[j + 1] = A[j];
      H[j + 1] = H[j];
      L[j + 1] = L[j];
      T[j + 1] = T[j];
      j--;
    }
    A[j + 1] = arm;
    H[j + 1] = h;
    L[j + 1] = l;
    T[j + 1] = r;
  }
}

/**
 * Entries s..e-1 of (A, H, L, T) by (H, L), then tie rank T: stable byte-wide LSD passes on
 * the tie ranks, then L, then H (256 counters a pass, a pass whose byte all share skipped: within a bucket most of H's
 * are), so that a long bucket costs its length, where two 16-bit passes cleared 65,536 counters each.
 */
function byteSort(s: number, e: number, A: Int32Array, H: Uint32Array, L: Uint32Array, T: Int32Array): void {
  const n = e - s;
  const count = scratch('digit-count', Int32Array, 256);
  let a = scratch('digit-run-arms', Int32Array, n),
    h = scratch('digit-run-hi', Uint32Array, n),
    l = scratch('digit-run-lo', Uint32Array, n),
    r = scratch('digit-run-tie', Uint32Array, n);
  let a2 = scratch('digit-run-arms2', Int32Array, n),
    h2 = scratch('digit-run-hi2', Uint32Array, n),
    l2 = scratch('digit-run-lo2', Uint32Array, n),
    r2 = scratch('digit-run-tie2', Uint32Array, n);
  for (let i = 0; i < n; i++) {
    a[i] = A[s + i];
    h[i] = H[s + i];
    l[i] = L[s + i];
    r[i] = T[s + i];
  }
  for (let pass = 0; pass < 12; pass++) {
    const word = pass < 4 ? r : pass < 8 ? l : h,
      shift = (pass % 4) * 8;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(word[i] >>> shift) & 0xff]++;
    if (count[(word[0] >>> shift) & 0xff] === n) continue;
    for (let d = 0, sum = 0; d < 256; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const p = count[(word[i] >>> shift) & 0xff]++;
      a2[p] = a[i];
      h2[p] = h[i];
      l2[p] = l[i];
      r2[p] = r[i];
    }
    [a, a2, h, h2, l, l2, r, r2] = [a2, a, h2, h, l2, l, r2, r];
  }
  A.set(a, s);
  H.set(h, s);
  L.set(l, s);
  T.set(r, s);
}
