// The constrained top-B: which B arms to call this week when the program adds floors and caps on
// the calls that go to sets of arms (a bucket of a feature group: "at least 20 % of calls to ages
// 51-60", "at most 30 % to Marathi speakers"), besides arms that may not be called at all (the
// exclusion list, the cooldown).
//
// Definition (ARCHITECTURE.md, "The weekly list"), a greedy in two passes over the arms ordered by
// decreasing index, ties by increasing tie rank (a seeded random permutation, so ties are fair and
// reproducible):
//   1. minima: for each quota in the order given, take its own best eligible members until the quota
//      holds `min` chosen arms (arms chosen for an earlier quota count), skipping any arm whose choice
//      would break a maximum of a quota she belongs to;
//   2. the rest: walk the order and take every eligible arm not yet chosen that breaks no maximum,
//      until B arms are chosen.
// Without quotas this is exactly the top B by index. A minimum that cannot be met (too few eligible
// members, or maxima in the way) is reported in `unmet`, never silently dropped; so is a list shorter
// than B. Shares become counts with `shareQuota`: min ceil(share * B), max floor(share * B).
//
// Speed: the order is never built for all N arms. `rankTop` takes the candidates in tie-rank order
// and finds their best k by a histogram of their keys' bits, then sorts those by radix (rank-order.ts):
// no comparator sort. The walker sorts all the candidates when skips (caps) exhaust the prefix.
import { armsByTieRank, flaggedInTieOrder, inTieOrder, topInOrder, topSet } from './rank-order.ts';
import type { ListOrder } from './list-order.ts';
import { Walk } from './greedy-walk.ts';
import { scratch } from './scratch.ts';

export { compareArms } from './rank-order.ts';

/** A floor and a cap on the calls that go to a set of arms. */
export interface CallQuota {
  /** Shown in messages, e.g. "Ages = 51-60". */
  label: string;
  /** numArms entries: 1 for the arms the quota is about. */
  members: Uint8Array;
  /** At least this many calls (0: no floor). */
  min: number;
  /** At most this many calls (Infinity: no cap). */
  max: number;
}

export interface ConstrainedTopBInput {
  /** numArms priorities (the Whittle index of each arm's current state); higher is called first. */
  index: Float64Array;
  /** numArms distinct ranks 0..numArms-1 (a permutation): among equal indices the lower rank goes first. */
  tieRank: Int32Array;
  /** numArms entries, 1 for arms that may be called (not excluded, not in cooldown); null: every arm. */
  eligible: Uint8Array | null;
  /** Calls to make, B >= 0. */
  budget: number;
  /** Applied in this order (minima first, then the rest by index). */
  quotas: readonly CallQuota[];
  /** The eligible arms in list order by this index (rank-order.ts), shared with other lists on it; else made here. */
  order?: ListOrder;
}

export interface ConstrainedTopB {
  /** The chosen arms in rank order: decreasing index, ties by increasing tie rank. */
  arms: Int32Array;
  /** Per entry of `arms`: the quota whose minimum brought her in, or -1 when she was chosen by index. */
  via: Int32Array;
  /** Calls per quota in the chosen list, in the order of `quotas`. */
  quotaCalls: Int32Array;
  /** Minima that could not be met, and a list shorter than B, in words; empty when every constraint holds. */
  unmet: string[];
}

/** A quota from shares of the budget: min ceil(minShare * B), max floor(maxShare * B) (shares in [0, 1]). */
export function shareQuota(label: string, members: Uint8Array, budget: number, minShare = 0, maxShare = 1): CallQuota {
  if (!(minShare >= 0 && minShare <= 1) || !(maxShare >= 0 && maxShare <= 1))
    throw new RangeError(`quota "${label}": shares must be in [0, 1], got ${minShare} and ${maxShare}`);
  if (minShare > maxShare)
    throw new RangeError(`quota "${label}": the minimum share ${minShare} is above the maximum share ${maxShare}`);
  // A tiny slack keeps 0.2 * 10 at 2 despite binary rounding.
  const min = Math.ceil(minShare * budget - 1e-9),
    max = maxShare >= 1 ? Infinity : Math.floor(maxShare * budget + 1e-9);
  if (min > max)
    throw new RangeError(
      `quota "${label}": between ${minShare} and ${maxShare} of ${budget} calls there is no whole number of calls ` +
        `(at least ${min}, at most ${max})`,
    );
  return { label, members, min, max };
}

export function constrainedTopB(input: ConstrainedTopBInput): ConstrainedTopB {
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
  const { order } = input;
  if (order && (order.index !== index || order.tieRank !== tieRank || order.eligible !== eligible)) {
    throw new RangeError('constrainedTopB: the shared order is by another index, ties or eligibility');
  }
  const armAtRank = armsByTieRank(tieRank);
  const state = new Walk(index, tieRank, quotas, budget, N);
  const unmet: string[] = [];
  quotas.forEach((q, k) => {
    if (q.min === 0 || state.n >= budget) return;
    // in increasing tie rank, as topInOrder takes them
    const members = order
      ? order.among(q.members)
      : flaggedInTieOrder('top-b-candidates', armAtRank, eligible, q.members);
    state.walk(members, q.min, k);
    if (state.quotaCalls[k] < q.min) {
      const why =
        members.length < q.min
          ? `only ${members.length} eligible arm${members.length === 1 ? ' is' : 's are'} in it`
          : state.n >= budget
            ? 'the budget was used up by earlier minima'
            : 'the maxima of other quotas leave too few of its members';
      unmet.push(`the minimum of ${q.min} calls for ${q.label} is not met (${state.quotaCalls[k]} calls): ${why}`);
    }
  });
  if (state.n < budget) {
    const all = order ?? flaggedInTieOrder('top-b-candidates', armAtRank, eligible);
    state.walk(all, budget - state.n, -1);
    if (state.n < budget) {
      unmet.push(
        `only ${state.n} of the ${budget} calls could be planned: ` +
          `${
            all.length < budget
              ? `${all.length} arms may be called (the others are excluded or ` + `in cooldown)`
              : 'the maxima leave no other arm'
          }`,
      );
    }
  }
  const { quotaCalls } = state;
  const picked = state.picked.subarray(0, state.n),
    pickedVia = state.via.subarray(0, state.n);
  // Rank order of the chosen arms: the walk by index already took them in it unless minima came first; else read off
  // the order made when it holds them all, or each walk's picks are in it, and merging them is the order (in scratch
  // arrays, the result copied once).
  if (!state.minima) return { arms: picked.slice(), via: pickedVia.slice(), quotaCalls, unmet };
  const [arms, via] =
    (order && state.inOrder(order.first(0))) ?? mergeRuns(index, tieRank, picked, pickedVia, state.runs);
  return { arms: arms.slice(), via: via.slice(), quotaCalls, unmet };
}

/**
 * `arms` (with their `via`) made of runs each in rank order (run r from runs[r] to the next), in rank order: the runs
 * merged two at a time (a few runs: one per minimum and the rest), where a sort read each arm's key again. Merges
 * into `arms`, `via` and scratch arrays; returns views of two of them.
 */
function mergeRuns(
  index: Float64Array,
  tieRank: Int32Array,
  arms: Int32Array,
  via: Int32Array,
  runs: readonly number[],
): [Int32Array, Int32Array] {
  const n = arms.length;
  let a: Int32Array = arms,
    v: Int32Array = via,
    b: Int32Array = scratch('merge-runs-arms', Int32Array, n),
    w: Int32Array = scratch('merge-runs-via', Int32Array, n);
  let starts = [...runs.filter((s) => s < n), n].filter((s, r, all) => r === 0 || s > all[r - 1]);
  while (starts.length > 2) {
    const next = [0];
    for (let r = 0; r + 1 < starts.length; r += 2) {
      const lo = starts[r],
        mid = starts[r + 1],
        hi = starts[r + 2] ?? mid;
      let i = lo,
        j = mid,
        o = lo;
      while (i < mid && j < hi) {
        const x = a[i],
          y = a[j];
        const d = index[y] - index[x];
        // x first: a higher index, or an equal one (-0 equals +0) and a lower tie rank
        if (d < 0 || (d === 0 && tieRank[x] < tieRank[y])) {
          b[o] = x;
          w[o++] = v[i++];
        } else {
          b[o] = y;
          w[o++] = v[j++];
        }
      }
      for (; i < mid; i++, o++) {
        b[o] = a[i];
        w[o] = v[i];
      }
      for (; j < hi; j++, o++) {
        b[o] = a[j];
        w[o] = v[j];
      }
      next.push(hi);
    }
    [a, b, v, w] = [b, a, w, v];
    starts = next.filter((s, r, all) => r === 0 || s > all[r - 1]);
  }
  return [a, v];
}

/**
 * Who constrainedTopB chooses when there are no quotas (its top B of the eligible `candidates`, any
 * order, the same ties), in no particular order: the posterior draws count members and need no order,
 * which spares the sort of the B arms (topSet of rank-order.ts; `_armAtRank`, the inverse of the tie
 * ranks, is no longer needed and stays for the callers).
 */
export function topBSet(
  index: Float64Array,
  _armAtRank: Int32Array,
  tieRank: Int32Array,
  candidates: Int32Array,
  budget: number,
): Int32Array {
  return topSet(index, tieRank, candidates, budget);
}

/**
 * The first min(k, candidates.length) of `candidates` (any order) in rank order (topInOrder of
 * rank-order.ts, after putting them in tie-rank order).
 */
export function rankTop(
  index: Float64Array,
  armAtRank: Int32Array,
  tieRank: Int32Array,
  candidates: Int32Array,
  k: number,
): Int32Array {
  return topInOrder(index, tieRank, inTieOrder(candidates, tieRank, armAtRank), k);
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
