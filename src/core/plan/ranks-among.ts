// Where listed beneficiaries stand in another ordering (the default reward's): their 1-based ranks
// among all eligible beneficiaries, or under the default list made with the list's own rules. One
// radix sort of the eligible arms (rank-order.ts) and a pass down it: linear in N, where a binary
// search per arm was not.
import { armsByTieRank, buffers, flaggedInTieOrder, keysOf, sortInOrder } from './rank-order.ts';
import { keySortTies } from './radix-key-sort.ts';
import { scratch } from './scratch.ts';
import type { ListOrder } from './list-order.ts';

/**
 * 1-based rank of each of `arms` among the eligible arms ordered by `index` (ties by tie rank): one
 * more than the eligible arms before her (she need not be eligible herself).
 */
export function ranksAmong(
  index: Float64Array,
  tieRank: Int32Array,
  eligible: Uint8Array | null,
  arms: Int32Array,
): Int32Array {
  const N = index.length;
  let among = eligible;
  if (eligible) {
    // the listed arms take part in the order, but only eligible arms count before them
    among = scratch('ranks-among', Uint8Array, N);
    among.set(eligible);
    for (let j = 0; j < arms.length; j++) among[arms[j]] = 1;
  }
  const order = sortInOrder(index, tieRank, flaggedInTieOrder('ranks-among-arms', armsByTieRank(tieRank), among));
  const rank = scratch('ranks-among-rank', Int32Array, N);
  for (let p = 0, before = 0; p < order.length; p++) {
    const arm = order[p];
    rank[arm] = before + 1;
    if (!eligible || eligible[arm]) before++;
  }
  return Int32Array.from(arms, (arm) => rank[arm]);
}

/** ranksUnder's second ask: `arms` ranked among `among` (null: every arm); `ranks` set when counted. */
export interface RanksAlso {
  among: Uint8Array | null;
  arms: Int32Array;
  ranks: Int32Array | null;
}

/**
 * 1-based rank of each of `arms` under the default list made with the same rules (capacities, minima, caps):
 * her place on `listed` (that list, in rank order) when she is on it, else after it, in `order` (the eligible
 * arms in list order, made as deep as needed) among the eligible it left out. Without rules that bind this is her place
 * in `order`; with them, a capacity or a minimum moves the default's places as it moves the list's, and the
 * difference that is left is the priority's. Into `out` (the caller's, or a new array). With `also` (a holdout's
 * lines: `arms`, all in `among`), their 1-based ranks among the arms of `among` (null: every arm) into `also.ranks`
 * when the order is read off the kept order of all arms (default-order.ts), counted in the same walk; else left null.
 */
export function ranksUnder(
  order: ListOrder,
  numArms: number,
  listed: Int32Array,
  arms: Int32Array,
  out = new Int32Array(arms.length),
  also: RanksAlso | null = null,
): Int32Array {
  // flags per arm (1: on `listed`, 2: asked), a byte each; her place off the list counted by the order (countBefore)
  // without sorting it as deep as the deepest asked arm
  const flag = scratch('ranks-under-flag', Uint8Array, numArms, true);
  const rank = scratch('ranks-among-rank', Int32Array, numArms);
  for (let j = 0; j < listed.length; j++) {
    flag[listed[j]] = 1;
    rank[listed[j]] = j + 1;
  }
  // the asked as they come, which a walk down the kept order of all arms reads in any order
  const off = scratch('ranks-under-off', Int32Array, arms.length + 1);
  let n = 0;
  for (let j = 0; j < arms.length; j++) {
    const arm = arms[j];
    if (flag[arm] === 0) {
      flag[arm] = 2;
      off[n++] = arm;
    }
  }
  // else in arm order (a pass over the flags, each arm written, kept when asked): the count's reads of their keys then
  // go up the arms, not at random
  if (!order.keptWhole) {
    n = 0;
    for (let arm = 0; arm < numArms; arm++) {
      off[n] = arm;
      n += flag[arm] >>> 1;
    }
  }
  const asked = off.subarray(0, n);
  if (also) also.ranks = null;
  if (also?.among)
    for (let j = 0; j < also.arms.length; j++)
      if (!also.among[also.arms[j]]) throw new RangeError(`ranksUnder: arm ${also.arms[j]} is not among those ranked`);
  // (the second count only down a kept order: a ListOrder's count would not make it)
  const second = also && order.keptWhole ? also : null;
  const before = second && scratch('ranks-under-also', Int32Array, numArms);
  try {
    order.countBefore(asked, listed, rank, second && { asked: second.arms, among: second.among, out: before! });
  } catch {
    const missing = asked.find((arm) => order.eligible !== null && !order.eligible[arm]) ?? asked[0];
    throw new RangeError(`ranksUnder: arm ${missing} is not in the order`);
  }
  if (second) {
    const ranks = new Int32Array(second.arms.length);
    for (let j = 0; j < ranks.length; j++) ranks[j] = before![second.arms[j]] + 1;
    second.ranks = ranks;
  }
  for (let j = 0; j < n; j++) rank[asked[j]] += listed.length + 1;
  for (let j = 0; j < arms.length; j++) out[j] = rank[arms[j]];
  return out;
}

/**
 * 1-based rank of each of `arms` (distinct, all of them in `second`) among the union of two disjoint sets of
 * eligible arms (`first` null: every arm), in list order by `index` (ties by tie rank): one more than the arms of
 * either set before her. Counted, not sorted: `arms` (a holdout's calls, a few) bucketed by value, then one pass
 * over every arm in arm order placing each arm of the union among them by a short search, so neither order is made
 * (merging the two orders sorted both whole: ~110 ms at 10^6 arms).
 */
export function ranksInUnion(
  index: Float64Array,
  tieRank: Int32Array,
  first: Uint8Array | null,
  second: Uint8Array,
  arms: Int32Array,
): Int32Array {
  const k = arms.length,
    N = index.length;
  for (let j = 0; j < k; j++) {
    if (!second[arms[j]]) throw new RangeError(`ranksInUnion: arm ${arms[j]} is not in the second order`);
  }
  if (k === 0) return new Int32Array(0);
  // The asked in list order (the orders' own radix sort), then M buckets of value evenly over their range: (top - v)
  // * scale rounded down is monotone in v (IEEE rounding is), so each bucket's asked are a run of the sorted, and an
  // arm's first asked after her lies within her bucket's run, found by a short search; values above the range fall
  // in the first bucket, below it in the last.
  const one = buffers(1, k);
  one.arms.set(arms);
  keysOf(index, arms, one);
  const sorted = keySortTies(k, one, buffers(2, k), tieRank).slice();
  const top = index[sorted[0]],
    bottom = index[sorted[k - 1]];
  const M = Math.min(1 << 18, 2 ** Math.ceil(Math.log2(8 * k)));
  let scale = M / (top - bottom);
  if (!Number.isFinite(scale) || !Number.isFinite(top)) scale = 0;
  const start = new Int32Array(M + 1);
  for (let j = 0; j < k; j++) start[bucketOf(top, scale, M, index[sorted[j]]) + 1]++;
  for (let b = 0; b < M; b++) start[b + 1] += start[b];
  const sIndex = Float64Array.from(sorted, (arm) => index[arm]),
    sTie = Int32Array.from(sorted, (arm) => tieRank[arm]);
  // diff[j]: the arms of the union whose first asked arm after them is sorted[j] (k: none); a count of 0 or 1 at
  // every arm, with no branch on her flags
  const diff = new Int32Array(k + 1);
  for (let x = 0; x < N; x++) {
    const v = index[x],
      t = tieRank[x],
      b = bucketOf(top, scale, M, v);
    let a = start[b],
      e = start[b + 1];
    while (a < e) {
      const m = (a + e) >>> 1,
        g = sIndex[m];
      if (v > g || (v === g && t < sTie[m])) e = m;
      else a = m + 1;
    }
    diff[a] += second[x] | (first ? first[x] : 1);
  }
  const rank = scratch('ranks-among-rank', Int32Array, N);
  for (let j = 0, sum = 1; j < k; j++) {
    sum += diff[j];
    rank[sorted[j]] = sum;
  }
  return Int32Array.from(arms, (arm) => rank[arm]);
}

/** The bucket of value `v` among M over the asked values' range from `top` down (clamped: monotone, never NaN). */
function bucketOf(top: number, scale: number, M: number, v: number): number {
  const t = (top - v) * scale;
  return t >= 1 ? (t < M ? t | 0 : M - 1) : 0;
}
