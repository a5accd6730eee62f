// ListOrder.countBefore's count for an order of all the eligible (list-order.ts): how many arms of the order come
// before each of some asked arms, with no search per arm. Apart from list-order.ts because it is one kernel with
// its own table. A search per arm among the asked of her digit (a few dozen arms a digit, key-digits.ts) cost most of
// the default ranks at 10^6 (its branches and reads at random). Here each digit is cut again by the key's 4 bits below
// it (`fine`, key-digits.ts), and a table gives, per digit and those 4 bits, how many of the digit's asked come before
// them and whether any shares them: an arm is then counted at her place among the asked with no branch, and only the
// arms that share their 4 bits with an asked (a few in ten) are compared with those. And countDown, the count by a
// walk down an order made whole (a short one, or one kept of all arms, default-order.ts), with a second count in the
// same walk when asked (the holdout lines' ranks beside the default ranks).
import { scratch } from './scratch.ts';

/**
 * For each asked arm sorted[j] (the asked in list order, with their keys and ties; `start[d]` the first of them in
 * digit d, start[65536] their number), out[sorted[j]] = the arms of the order (eligible, not `skip`ped) before her.
 * False, out and diff untouched, when a digit holds 128 asked or more (its count does not fit the table's byte): the
 * caller then searches.
 */
export function countByFine(
  keys: { hi: Uint32Array; lo: Uint32Array; digit: Uint16Array; fine: Uint8Array },
  tieRank: Int32Array,
  eligible: Uint8Array | null,
  skip: Uint8Array,
  asked: { sorted: Int32Array; hi: Uint32Array; lo: Uint32Array; tie: Int32Array; start: Int32Array },
  diff: Int32Array,
  out: Int32Array,
  name: string,
): boolean {
  const { hi, lo, digit, fine } = keys,
    { sorted, hi: sHi, lo: sLo, tie: sTie, start } = asked,
    A = sorted.length,
    N = digit.length;
  const table = scratch(`${name}-fine-table`, Uint8Array, 16 * 65536, true),
    candidates = scratch(`${name}-fine-arms`, Int32Array, N);
  // table[16 d + s]: the asked of digit d whose 4 bits are below s, + 128 when one of them has s (table zeroed);
  // each asked's 4 bits read once, in the order of `sorted`
  const fs = scratch(`${name}-asked-fine`, Uint8Array, A);
  for (let j = 0; j < A; j++) fs[j] = fine[sorted[j]];
  for (let d = 0; d < 65536; d++) {
    const j = start[d],
      b = start[d + 1];
    if (j === b) continue;
    if (b - j >= 128) return false;
    for (let p = j; p < b; p++) table[16 * d + fs[p]] = 128;
    for (let s = 0, p = j; s < 16; s++) {
      while (p < b && fs[p] < s) p++;
      table[16 * d + s] |= p - j;
    }
  }
  // diff[j]: the arms whose first asked after them is sorted[j] (A: none). Each arm counted at the first asked of her
  // digit not below her 4 bits (1 or 0, no branch); those sharing their 4 bits with an asked kept to be placed exactly
  let c = 0;
  for (let x = 0; x < N; x++) {
    const d = digit[x],
      o = table[16 * d + fine[x]],
      in1 = (eligible ? -eligible[x] >>> 31 : 1) & (skip[x] ^ 1);
    diff[start[d] + (o & 127)] += in1;
    candidates[c] = x;
    c += (o >>> 7) & in1;
  }
  for (let i = 0; i < c; i++) {
    const x = candidates[i],
      d = digit[x],
      s = fine[x],
      p = start[d] + (table[16 * d + s] & 127),
      h = hi[x],
      l = lo[x],
      t = tieRank[x];
    let a = p,
      b = s < 15 ? start[d] + (table[16 * d + s + 1] & 127) : start[d + 1];
    if (b - a === 1) {
      // one asked shares her bits (most often): x after it or not, without a branch on which
      const g = sHi[a],
        q = sLo[a],
        after = +(h > g) | (+(h === g) & (+(l > q) | (+(l === q) & +(t >= sTie[a]))));
      diff[a] -= after;
      diff[a + 1] += after;
      continue;
    }
    // the first asked that x comes before: keys rise along `sorted`, ties by tie rank
    while (a < b) {
      const m = (a + b) >>> 1,
        g = sHi[m];
      if (h < g || (h === g && (l < sLo[m] || (l === sLo[m] && t < sTie[m])))) b = m;
      else a = m + 1;
    }
    diff[p]--;
    diff[a]++;
  }
  for (let j = 0, sum = 0; j < A; j++) {
    sum += diff[j];
    out[sorted[j]] = sum;
  }
  return true;
}

/** A second count in countDown's walk: out[arm] = the arms of `among` (null: every arm) before each of `asked`. */
export interface AlsoCount {
  asked: Int32Array;
  among: Uint8Array | null;
  out: Int32Array;
}

/**
 * countBefore by a walk down the whole order (a short one, or an order of all arms kept: default-order.ts); N: the
 * arms' number. With `eligible` (`members`), arms of `order` without the flag are not counted (an order read off the
 * kept order of all arms, counted there, not filtered whole: a walk down all arms cost less than the filter's pass).
 * With `also`, its count made in the same walk (the holdout's lines' ranks beside the default ranks: one pass of
 * flags and one walk where they were two each).
 */
export function countDown(
  order: Int32Array,
  N: number,
  asked: Int32Array,
  skipped: Int32Array,
  out: Int32Array,
  eligible: Uint8Array | null = null,
  members: Uint8Array | null = null,
  also: AlsoCount | null = null,
): void {
  if (also) return countDownTwo(order, N, asked, skipped, out, eligible, members, also);
  // 1: not counted (skipped, or not in this order), 2: asked; a loop per case (-x >>> 31: 1 for any flag set)
  const flag = scratch('count-down-flag', Uint8Array, N, !eligible && !members);
  if (eligible && members) {
    for (let arm = 0; arm < N; arm++) flag[arm] = ((-eligible[arm] >>> 31) & (-members[arm] >>> 31)) ^ 1;
  } else if (eligible || members) {
    const flags = (eligible ?? members)!,
      from = flagWords(flags, N),
      into = flagWords(flag, N);
    let arm = 0;
    if (from && into) {
      // four a word (1.3 -> 0.4 ms at 10^6)
      for (let i = 0; i < from.length; i++) into[i] = nonZeroBits(from[i]) ^ 0x01010101;
      arm = from.length * 4;
    }
    for (; arm < N; arm++) flag[arm] = (-flags[arm] >>> 31) ^ 1;
  }
  for (let j = 0; j < skipped.length; j++) flag[skipped[j]] = 1;
  for (let j = 0; j < asked.length; j++) flag[asked[j]] = 2;
  let left = asked.length;
  // every arm but the not counted (f = 1) counts, with no branch on it (a quarter of them at random: half the walk's
  // time went on that branch); the asked are few
  for (let p = 0, before = 0; p < order.length && left > 0; p++) {
    const arm = order[p],
      f = flag[arm];
    if (f === 2) {
      out[arm] = before;
      left--;
    }
    before += (f & 1) ^ 1;
  }
  if (left > 0) throw new RangeError('ListOrder: an arm asked is not in the order');
}

/**
 * countDown with a second count: each arm's flags for both in one byte (bit 0: not counted in the first, bit 1: asked
 * by it; bits 2 and 3 the same for `also`), two counts kept down the walk.
 */
function countDownTwo(
  order: Int32Array,
  N: number,
  asked: Int32Array,
  skipped: Int32Array,
  out: Int32Array,
  eligible: Uint8Array | null,
  members: Uint8Array | null,
  also: AlsoCount,
): void {
  const flag = scratch('count-down-flag', Uint8Array, N),
    a = also.among;
  if (eligible && a && !members) {
    // the holdout's case, its own loop: no choice per arm, four arms a word where the arrays start on one
    const e = flagWords(eligible, N),
      w = flagWords(a, N),
      into = flagWords(flag, N);
    let arm = 0;
    if (e && w && into) {
      for (let i = 0; i < e.length; i++)
        into[i] = (nonZeroBits(e[i]) ^ 0x01010101) | ((nonZeroBits(w[i]) ^ 0x01010101) << 2);
      arm = e.length * 4;
    }
    for (; arm < N; arm++) flag[arm] = ((-eligible[arm] >>> 31) ^ 1) | (((-a[arm] >>> 31) ^ 1) << 2);
  } else {
    for (let arm = 0; arm < N; arm++) {
      const in1 = (eligible ? -eligible[arm] >>> 31 : 1) & (members ? -members[arm] >>> 31 : 1),
        in2 = a ? -a[arm] >>> 31 : 1;
      flag[arm] = (in1 ^ 1) | ((in2 ^ 1) << 2);
    }
  }
  for (let j = 0; j < skipped.length; j++) flag[skipped[j]] |= 1;
  // as countDown: an asked arm is counted before those after her (her bit 0 cleared)
  for (let j = 0; j < asked.length; j++) flag[asked[j]] = (flag[asked[j]] & 12) | 2;
  for (let j = 0; j < also.asked.length; j++) flag[also.asked[j]] = (flag[also.asked[j]] & 3) | 8;
  const out2 = also.out;
  let left = asked.length + also.asked.length;
  for (let p = 0, before = 0, before2 = 0; p < order.length && left > 0; p++) {
    const arm = order[p],
      f = flag[arm];
    if (f & 10) {
      if (f & 2) {
        out[arm] = before;
        left--;
      }
      if (f & 8) {
        out2[arm] = before2;
        left--;
      }
    }
    before += (f & 1) ^ 1;
    before2 += ((f >>> 2) & 1) ^ 1;
  }
  if (left > 0) throw new RangeError('ListOrder: an arm asked is not in the order');
}

/** The whole words of the first N bytes of `flags`, or null when they do not start on a word (or are fewer than N). */
export function flagWords(flags: Uint8Array, N: number): Uint32Array | null {
  const whole = flags.byteOffset % 4 === 0 && flags.length >= N;
  return whole ? new Uint32Array(flags.buffer, flags.byteOffset, N >> 2) : null;
}

/** Per byte of `w`, 1 in its lowest bit when the byte is not 0 (its bits or'ed down within it), else 0. */
export function nonZeroBits(w: number): number {
  const t = w | (w >>> 4),
    u = t | (t >>> 2);
  return (u | (u >>> 1)) & 0x01010101;
}
