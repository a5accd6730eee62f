// Where listed beneficiaries stand in another ordering (the default reward's): their 1-based ranks
// among all eligible beneficiaries, or under the default list made with the list's own rules. One
// radix sort of the eligible arms (rank-order.ts) and a pass down it: linear in N, where a binary
// search per arm was not.
import { armsByTieRank, compareArms, flaggedInTieOrder, sortInOrder } from './rank-order.ts';
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

/**
 * 1-based rank of each of `arms` under the default list made with the same rules (capacities, minima, caps):
 * her place on `listed` (that list, in rank order) when she is on it, else after it, in `order` (the eligible
 * arms in list order, made as deep as needed) among the eligible it left out. Without rules that bind this is her place
 * in `order`; with them, a capacity or a minimum moves the default's places as it moves the list's, and the
 * difference that is left is the priority's.
 */
export function ranksUnder(order: ListOrder, numArms: number, listed: Int32Array, arms: Int32Array): Int32Array {
  // flags per arm (1: on `listed`, 2: asked), a byte each; her place off the list counted by the order (countBefore)
  // without sorting it as deep as the deepest asked arm
  const flag = scratch('ranks-under-flag', Uint8Array, numArms, true);
  const rank = scratch('ranks-among-rank', Int32Array, numArms);
  for (let j = 0; j < listed.length; j++) {
    flag[listed[j]] = 1;
    rank[listed[j]] = j + 1;
  }
  const off = scratch('ranks-under-off', Int32Array, arms.length);
  let n = 0;
  for (let j = 0; j < arms.length; j++) {
    const arm = arms[j];
    if (flag[arm]) continue;
    flag[arm] = 2;
    off[n++] = arm;
  }
  const asked = off.subarray(0, n);
  try {
    order.countBefore(asked, listed, rank);
  } catch {
    const missing = asked.find((arm) => order.eligible !== null && !order.eligible[arm]) ?? asked[0];
    throw new RangeError(`ranksUnder: arm ${missing} is not in the order`);
  }
  for (let j = 0; j < n; j++) rank[asked[j]] += listed.length + 1;
  const out = new Int32Array(arms.length);
  for (let j = 0; j < arms.length; j++) out[j] = rank[arms[j]];
  return out;
}

/**
 * 1-based rank of each of `arms` (all of them in `second`) among the union of two disjoint sets of eligible arms,
 * each given in list order by `index` (ListOrder.all()): one merge, where ranksAmong sorts the union again.
 */
export function ranksInUnion(
  index: Float64Array,
  tieRank: Int32Array,
  first: Int32Array,
  second: Int32Array,
  arms: Int32Array,
): Int32Array {
  const rank = scratch('ranks-among-rank', Int32Array, index.length, true);
  for (let j = 0, i = 0; j < second.length; j++) {
    const arm = second[j];
    while (i < first.length && compareArms(index, tieRank, first[i], arm) < 0) i++;
    rank[arm] = i + j + 1;
  }
  return Int32Array.from(arms, (arm) => {
    if (rank[arm] === 0) throw new RangeError(`ranksInUnion: arm ${arm} is not in the second order`);
    return rank[arm];
  });
}
