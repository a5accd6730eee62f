// Where listed beneficiaries stand in another ordering (the default reward's): their 1-based ranks
// among all eligible beneficiaries, without sorting 10^6 of them.

/**
 * 1-based rank of each of `arms` among the eligible arms ordered by `index` (ties by tie rank). One
 * pass over the arms with a binary search among the (few) listed values counts, for each listed value,
 * the eligible arms strictly above it and those equal to it with a lower tie rank.
 */
export function ranksAmong(index: Float64Array, tieRank: Int32Array, eligible: Uint8Array | null, arms: Int32Array): Int32Array {
  const N = index.length;
  const values = Float64Array.from(arms, (arm) => index[arm]).sort();
  // distinct listed values, ascending
  let m = 0;
  for (let j = 0; j < values.length; j++) if (j === 0 || values[j] !== values[m - 1]) values[m++] = values[j];
  const distinct = values.subarray(0, m);
  // countAbove[p]: eligible arms whose value lies strictly between distinct[p] and distinct[p + 1] (or above the last)
  const between = new Float64Array(m + 1);
  const at = new Map<number, number[]>();
  for (let arm = 0; arm < N; arm++) {
    if (eligible && !eligible[arm]) continue;
    const v = index[arm];
    const lo = lowerBound(distinct, v);
    // distinct[lo] >= v
    if (lo < m && distinct[lo] === v) {
      let list = at.get(lo);
      if (!list) at.set(lo, (list = []));
      list.push(tieRank[arm]);
    } else between[lo]++;
  }
  // arms strictly above distinct[p]: those between p and p + 1, p + 1 itself, and everything above it
  const above = new Float64Array(m);
  let running = between[m];
  for (let p = m - 1; p >= 0; p--) {
    above[p] = running;
    running += between[p] + (at.get(p)?.length ?? 0);
  }
  for (const list of at.values()) list.sort((x, y) => x - y);
  return Int32Array.from(arms, (arm) => {
    const v = index[arm];
    const lo = lowerBound(distinct, v);
    const ties = at.get(lo) ?? [];
    return above[lo] + lowerBound(ties, tieRank[arm]) + 1;
  });
}

/** The first position in ascending `sorted` whose value is >= v (sorted.length when none is). */
function lowerBound(sorted: ArrayLike<number>, v: number): number {
  let lo = 0, hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
