// A group's cut-off for the capacity solvers' reach (capacity-reach.ts): the k-th largest of its values, by a
// selection on a copy (no sort, no comparator), and a threshold from a sample that usually leaves a third more than
// k values at or above it, so that the selection runs on those alone. Apart from capacity-reach.ts because they know
// nothing of arms, groups or orders: values in, a value out.

const sample = new Float64Array(15);
/**
 * A value of values[lo, lo + size) with, as likely as not, about 1.3 k values at or above it: among 15 spread over
 * the group, sorted, the one at the k-th's share and one more.
 */
export function sampleCut(values: Float64Array, lo: number, size: number, k: number): number {
  const S = sample.length;
  for (let s = 0; s < S; s++) {
    const x = values[lo + Math.floor(((2 * s + 1) * size) / (2 * S))];
    let q = s;
    while (q > 0 && sample[q - 1] < x) {
      sample[q] = sample[q - 1];
      q--;
    }
    sample[q] = x;
  }
  return sample[Math.min(S - 1, Math.floor((k * S * 1.25) / size) + 1)];
}

/** The smallest of v[lo, hi). */
export function smallest(v: Float64Array, lo: number, hi: number): number {
  let x = v[lo];
  for (let j = lo + 1; j < hi; j++) if (v[j] < x) x = v[j];
  return x;
}

/**
 * The k-th largest of values[lo, hi) (1 <= k < hi - lo), which it reorders: quickselect with a median-of-three
 * pivot and Hoare's partition (runs of equal values split evenly).
 */
export function kthLargest(v: Float64Array, lo: number, hi: number, k: number): number {
  const target = lo + k - 1;
  let left = lo,
    right = hi - 1;
  while (right > left) {
    const mid = (left + right) >>> 1;
    const x = v[left],
      y = v[mid],
      z = v[right];
    const pivot = x > y ? (y > z ? y : x > z ? z : x) : x > z ? x : y > z ? z : y;
    let i = left,
      j = right;
    while (i <= j) {
      while (v[i] > pivot) i++;
      while (v[j] < pivot) j--;
      if (i <= j) {
        const t = v[i];
        v[i++] = v[j];
        v[j--] = t;
      }
    }
    // v[left..j] >= pivot >= v[i..right], and between them the pivot's value
    if (target <= j) right = j;
    else if (target >= i) left = i;
    else return v[target];
  }
  return v[target];
}
