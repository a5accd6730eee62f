// Each arm's group in the capacity solvers' groupings (capacity-reach.ts): her set in each of two families (a worker
// and a bucket, -1: none, read as the rest set after the last) as one key a * (nB + 1) + b, and each key's count.
// Apart because its speed is in its form: the arms two at a time, each into a count table of its own (two arms of
// one key in a row made an increment wait on the last), and no branch on a set's -1.

/**
 * Per arm her key (a * (nB + 1) + b, -1 read as nA or nB) into `group`, and the counts of the keys: key k's at k + 1
 * (grouping()'s `counts`). `bOf` null: every arm's b is 0 (one family: keys 0..nA, the rest nA).
 */
export function groupKeys(
  aOf: Int32Array,
  nA: number,
  bOf: Int32Array | null,
  nB: number,
  group: Int32Array,
): Int32Array {
  const N = aOf.length,
    side = nB + 1,
    space = (nA + 1) * side;
  const counts = new Int32Array(space + 1),
    more = new Int32Array(space + 1);
  const restA = nA + 1,
    restB = nB + 1;
  // (x >> 31) & rest: rest for -1, 0 for a set 0..n-1
  let arm = 0;
  if (bOf) {
    for (; arm + 1 < N; arm += 2) {
      const a = aOf[arm],
        b = bOf[arm],
        c = aOf[arm + 1],
        d = bOf[arm + 1];
      const g = (a + ((a >> 31) & restA)) * side + b + ((b >> 31) & restB),
        h = (c + ((c >> 31) & restA)) * side + d + ((d >> 31) & restB);
      group[arm] = g;
      group[arm + 1] = h;
      counts[g + 1]++;
      more[h + 1]++;
    }
  } else {
    for (; arm + 1 < N; arm += 2) {
      const a = aOf[arm],
        c = aOf[arm + 1];
      const g = a + ((a >> 31) & restA),
        h = c + ((c >> 31) & restA);
      group[arm] = g;
      group[arm + 1] = h;
      counts[g + 1]++;
      more[h + 1]++;
    }
  }
  for (; arm < N; arm++) {
    const a = aOf[arm],
      b = bOf ? bOf[arm] : 0;
    const g = (a + ((a >> 31) & restA)) * side + b + ((b >> 31) & restB);
    group[arm] = g;
    counts[g + 1]++;
  }
  for (let k = 0; k <= space; k++) counts[k] += more[k];
  return counts;
}
