// The best k of a run of arms in list order (higher index first, ties by lower tie rank), without sorting the run:
// a simulated week's top B in test/bench/thompson.ts and the holdout evidence's tests. Not the list's (its solvers
// use the orders' radix sorts, src/core/plan/rank-order.ts), so it lives with the tests' helpers.

/** List order over arms: negative when arm a goes before arm b (compareArms of constrained-top-b.ts). */
export type ArmOrder = (a: number, b: number) => number;

/** The list order of `index` with ties by `tieRank` (-0 equals +0). */
export function armOrder(index: Float64Array, tieRank: Int32Array): ArmOrder {
  return (a, b) => {
    const d = index[b] - index[a];
    return d !== 0 ? (d > 0 ? 1 : -1) : tieRank[a] - tieRank[b];
  };
}

/**
 * Reorders arms[lo, hi) so that its best k (in `order`) come first, in no particular order:
 * quickselect with a median-of-three pivot (expected linear time; distinct tie ranks make the order total).
 */
export function selectBest(arms: Int32Array, lo: number, hi: number, k: number, order: ArmOrder): void {
  const target = lo + k;
  if (k <= 0 || target >= hi) return;
  let left = lo,
    right = hi - 1;
  while (right > left) {
    const mid = (left + right) >>> 1;
    if (order(arms[mid], arms[left]) < 0) swap(arms, mid, left);
    if (order(arms[right], arms[left]) < 0) swap(arms, right, left);
    if (order(arms[right], arms[mid]) < 0) swap(arms, right, mid);
    const pivot = arms[mid];
    let i = left,
      j = right;
    while (i <= j) {
      while (order(arms[i], pivot) < 0) i++;
      while (order(arms[j], pivot) > 0) j--;
      if (i <= j) {
        swap(arms, i, j);
        i++;
        j--;
      }
    }
    // arms[left..j] <= pivot <= arms[i..right]; position target - 1 is the last of the best k
    if (target - 1 <= j) right = j;
    else if (target - 1 >= i) left = i;
    else return;
  }
}

/** Sorts arms[lo, hi) in list order (in place). */
export function sortArms(arms: Int32Array, lo: number, hi: number, order: ArmOrder): void {
  arms.subarray(lo, hi).sort(order);
}

function swap(a: Int32Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}
