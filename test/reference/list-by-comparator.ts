// The list's order before rank-order.ts (comparator sorts, a binary search per arm for the default ranks),
// kept as the twin the radix path must equal exactly: constrainedTopB and ranksAmong as they were.
import type { ConstrainedTopB, ConstrainedTopBInput } from '../../src/core/plan/constrained-top-b.ts';

export function constrainedTopBByComparator(input: ConstrainedTopBInput): ConstrainedTopB {
  const { index, tieRank, eligible, budget, quotas } = input;
  const N = index.length;
  if (tieRank.length !== N) throw new RangeError(`constrainedTopB: ${N} indices but ${tieRank.length} tie ranks`);
  if (eligible && eligible.length !== N)
    throw new RangeError(`constrainedTopB: ${N} indices but ${eligible.length} eligibility flags`);
  if (!(Number.isInteger(budget) && budget >= 0))
    throw new RangeError(`constrainedTopB: the budget must be a whole number >= 0, not ${budget}`);
  for (const q of quotas) {
    if (q.members.length !== N)
      throw new RangeError(`constrainedTopB: quota "${q.label}" has ${q.members.length} member flags for ${N} arms`);
    if (!(q.min >= 0 && q.max >= q.min))
      throw new RangeError(`constrainedTopB: quota "${q.label}" needs 0 <= min <= max, got ${q.min} and ${q.max}`);
  }
  const armAtRank = new Int32Array(N);
  for (let arm = 0; arm < N; arm++) armAtRank[tieRank[arm]] = arm;
  const chosen = new Uint8Array(N);
  const quotaCalls = new Int32Array(quotas.length);
  const picked: number[] = [];
  const pickedVia: number[] = [];
  const capped = quotas.map((q, k) => (q.max < Infinity ? k : -1)).filter((k) => k >= 0);
  const fits = (arm: number) => {
    for (const k of capped) if (quotas[k].members[arm] && quotaCalls[k] >= quotas[k].max) return false;
    return true;
  };
  const choose = (arm: number, via: number) => {
    chosen[arm] = 1;
    picked.push(arm);
    pickedVia.push(via);
    for (let k = 0; k < quotas.length; k++) if (quotas[k].members[arm]) quotaCalls[k]++;
  };
  const unmet: string[] = [];
  const candidatesOf = (members: Uint8Array | null) => {
    let count = 0;
    for (let arm = 0; arm < N; arm++) if ((!eligible || eligible[arm]) && (!members || members[arm])) count++;
    const out = new Int32Array(count);
    for (let arm = 0, j = 0; arm < N; arm++)
      if ((!eligible || eligible[arm]) && (!members || members[arm])) out[j++] = arm;
    return out;
  };
  // Walks `candidates` in rank order, calling take(arm) on each until it returns false or they run out.
  const walk = (candidates: Int32Array, need: number, take: (arm: number) => boolean) => {
    // Skips (arms already chosen, caps) are rare: start at what is needed and double when they run out.
    let k = Math.min(candidates.length, need + 16);
    let position = 0;
    for (;;) {
      const top = rankTop(index, armAtRank, tieRank, candidates, k);
      for (; position < top.length; position++) if (!take(top[position])) return;
      if (top.length >= candidates.length) return;
      k = Math.min(candidates.length, 2 * k);
    }
  };
  quotas.forEach((q, k) => {
    if (q.min === 0 || picked.length >= budget) return;
    const members = candidatesOf(q.members);
    walk(members, q.min, (arm) => {
      if (quotaCalls[k] >= q.min || picked.length >= budget) return false;
      if (!chosen[arm] && fits(arm)) choose(arm, k);
      return true;
    });
    if (quotaCalls[k] < q.min) {
      const why =
        members.length < q.min
          ? `only ${members.length} eligible arm${members.length === 1 ? ' is' : 's are'} in it`
          : picked.length >= budget
            ? 'the budget was used up by earlier minima'
            : 'the maxima of other quotas leave too few of its members';
      unmet.push(`the minimum of ${q.min} calls for ${q.label} is not met (${quotaCalls[k]} calls): ${why}`);
    }
  });
  if (picked.length < budget) {
    const all = candidatesOf(null);
    walk(all, budget - picked.length, (arm) => {
      if (picked.length >= budget) return false;
      if (!chosen[arm] && fits(arm)) choose(arm, -1);
      return true;
    });
    if (picked.length < budget) {
      unmet.push(
        `only ${picked.length} of the ${budget} calls could be planned: ` +
          `${
            all.length < budget
              ? `${all.length} arms may be called (the others are excluded or ` + `in cooldown)`
              : 'the maxima leave no other arm'
          }`,
      );
    }
  }
  // Rank order of the chosen arms: the walk by index already took them in it unless minima came first.
  if (pickedVia.every((v) => v === -1))
    return { arms: Int32Array.from(picked), via: Int32Array.from(pickedVia), quotaCalls, unmet };
  const order = Array.from(picked.keys()).sort((a, b) => compareArms(index, tieRank, picked[a], picked[b]));
  return {
    arms: Int32Array.from(order, (i) => picked[i]),
    via: Int32Array.from(order, (i) => pickedVia[i]),
    quotaCalls,
    unmet,
  };
}

/** -1 when arm a goes before arm b: higher index first, then lower tie rank (-0 equals +0). */
export function compareArms(index: Float64Array, tieRank: Int32Array, a: number, b: number): number {
  const d = index[b] - index[a];
  return d !== 0 ? (d > 0 ? 1 : -1) : tieRank[a] - tieRank[b];
}

/**
 * The first min(k, candidates.length) of `candidates` in rank order. Exact: the threshold is the k-th
 * largest value; arms strictly above it are sorted with the comparator; arms at it follow by tie rank.
 */
export function rankTop(
  index: Float64Array,
  armAtRank: Int32Array,
  tieRank: Int32Array,
  candidates: Int32Array,
  k: number,
): Int32Array {
  const n = candidates.length;
  k = Math.min(k, n);
  if (k === 0) return new Int32Array(0);
  if (n <= 2048)
    return Int32Array.from(
      Array.from(candidates)
        .sort((a, b) => compareArms(index, tieRank, a, b))
        .slice(0, k),
    );
  const values = new Float64Array(n);
  for (let j = 0; j < n; j++) values[j] = index[candidates[j]];
  const threshold = kthSmallest(values, n - k);
  const above: number[] = [];
  let tiedCount = 0;
  for (let j = 0; j < n; j++) {
    const v = index[candidates[j]];
    if (v > threshold) above.push(candidates[j]);
    else if (v === threshold) tiedCount++;
  }
  above.sort((a, b) => compareArms(index, tieRank, a, b));
  const tied = new Int32Array(tiedCount);
  for (let j = 0, t = 0; j < n; j++) if (index[candidates[j]] === threshold) tied[t++] = tieRank[candidates[j]];
  tied.sort();
  const out = new Int32Array(k);
  out.set(above.slice(0, k));
  for (let j = above.length, t = 0; j < k; j++, t++) out[j] = armAtRank[tied[t]];
  return out;
}

/**
 * The value of rank r (0-based, ascending) of `values`, which it reorders: Hoare's quickselect with a
 * median-of-three pivot (expected linear time). -0 and +0 compare equal, as everywhere in the list.
 */
export function kthSmallest(values: Float64Array, r: number): number {
  let lo = 0,
    hi = values.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    // median of three, moved to values[mid]
    if (values[mid] < values[lo]) swap(values, mid, lo);
    if (values[hi] < values[lo]) swap(values, hi, lo);
    if (values[hi] < values[mid]) swap(values, hi, mid);
    const pivot = values[mid];
    let i = lo,
      j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        swap(values, i, j);
        i++;
        j--;
      }
    }
    if (r <= j) hi = j;
    else if (r >= i) lo = i;
    else return values[r];
  }
  return values[r];
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

export function ranksAmongBySearch(
  index: Float64Array,
  tieRank: Int32Array,
  eligible: Uint8Array | null,
  arms: Int32Array,
): Int32Array {
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
  let lo = 0,
    hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
