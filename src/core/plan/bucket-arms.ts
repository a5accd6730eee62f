// The arms whose digits (key-digits.ts) fall in a range of buckets, in arm order: the pass over every arm that each
// growth of a list order makes (list-order.ts, ListOrder.first). Apart because it is that pass's kernel, written for
// the order of all the eligible on its own: each arm written and kept when in the range and the order, with no branch
// (the range and the eligibility at random arms mispredicted), and no choice made per arm (5 -> 3 ms per pass at 10^6).
// Beside it the arms a quota's order passes over in its place: its members', kept per members array; and the
// gather of a growth's or a count's arms with their keys, side by side, for digitSort.

/**
 * The arms with from <= digit[arm] <= t, eligible (null: all) and, when `members` is given, members, into `out` (room
 * for one more than them); `listed`: the arms to look at (a quota's members, in arm order), else all. Returns how
 * many.
 */
export function armsInBuckets(
  digit: Uint16Array,
  from: number,
  t: number,
  eligible: Uint8Array | null,
  listed: Int32Array | null,
  members: Uint8Array | null,
  out: Int32Array,
): number {
  const e = eligible,
    g = members;
  let i = 0;
  if (!listed && e && !g) {
    for (let arm = 0; arm < digit.length; arm++) {
      const d = digit[arm];
      out[i] = arm;
      // 1 when d - from and t - d are both >= 0, and she is eligible (-x >>> 31: 1 for any flag set)
      i += ((((d - from) | (t - d)) >>> 31) ^ 1) & (-e[arm] >>> 31);
    }
    return i;
  }
  const L = listed ? listed.length : digit.length;
  for (let j = 0; j < L; j++) {
    const arm = listed ? listed[j] : j,
      d = digit[arm];
    out[i] = arm;
    i += ((((d - from) | (t - d)) >>> 31) ^ 1) & (e ? -e[arm] >>> 31 : 1) & (g ? -g[arm] >>> 31 : 1);
  }
  return i;
}

/**
 * Each members array's arms in arm order (read only, as list-rules.ts keeps the arrays per bucket): a week's lists and
 * their quotas' orders share them, so a quota's histogram, gathers and counts read its members, not every arm's flag.
 */
const listed = new WeakMap<Uint8Array, Int32Array>();

export function membersListed(members: Uint8Array): Int32Array {
  let arms = listed.get(members);
  if (!arms) listed.set(members, (arms = armsOf(members)));
  return arms;
}

/** The arms with `flags` set, in arm order. */
export function armsOf(flags: Uint8Array): Int32Array {
  let n = 0;
  for (let arm = 0; arm < flags.length; arm++) n += -flags[arm] >>> 31;
  const arms = new Int32Array(n);
  for (let arm = 0, i = 0; arm < flags.length; arm++) if (flags[arm]) arms[i++] = arm;
  return arms;
}

/** The keys, ties and digits of arms[0, n), side by side in that order (digitSort's input). */
export function gatherKeys(
  arms: Int32Array,
  n: number,
  { hi, lo, digit }: { hi: Uint32Array; lo: Uint32Array; digit: Uint16Array },
  tieRank: Int32Array,
  into: { arms: Int32Array; hi: Uint32Array; lo: Uint32Array },
  tie: Int32Array,
  dig: Uint16Array,
): void {
  for (let j = 0; j < n; j++) {
    const arm = arms[j];
    into.arms[j] = arm;
    into.hi[j] = hi[arm];
    into.lo[j] = lo[arm];
    tie[j] = tieRank[arm];
    dig[j] = digit[arm];
  }
}
