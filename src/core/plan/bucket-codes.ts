// Several feature groups' buckets numbered together, a byte per arm, so that the list's make-up
// (list-make-up.ts) counts the calls per bucket of three groups in one pass over the listed: at 10^6
// arms a pass per group (14 in a dlm register) cost more than the rest of the make-up, most of it
// waiting on the counters. A code is the mixed-radix number of the groups' buckets plus one (0: no
// bucket), consecutive groups taken while the product of their radices is at most 256; a group with
// more buckets keeps its own bucket array. Made once per register's bucket arrays and kept with them
// (a byte per arm per code: about a third of the bucket arrays' memory).
import type { CellArray } from '../instance/occupancy.ts';

/** Groups counted together: their indices, radices (buckets + 1), the code per arm (null: one group, its buckets). */
export interface BucketCode {
  groups: number[];
  radix: number[];
  code: Uint8Array | null;
}

const made = new WeakMap<readonly CellArray[], BucketCode[]>();

/** The codes of `buckets` (every group's bucket array, as groupBuckets gives them; read only, kept per array). */
export function bucketCodes(buckets: readonly CellArray[], sizes: readonly number[]): BucketCode[] {
  let codes = made.get(buckets);
  if (!codes) made.set(buckets, (codes = makeCodes(buckets, sizes)));
  return codes;
}

function makeCodes(buckets: readonly CellArray[], sizes: readonly number[]): BucketCode[] {
  const out: BucketCode[] = [];
  for (let g = 0; g < buckets.length;) {
    const groups = [g],
      radix = [sizes[g] + 1];
    let size = radix[0];
    for (g++; g < buckets.length && size * (sizes[g] + 1) <= 256; g++) {
      groups.push(g);
      radix.push(sizes[g] + 1);
      size *= sizes[g] + 1;
    }
    out.push({ groups, radix, code: groups.length > 1 ? codeOf(buckets, groups, radix) : null });
  }
  return out;
}

/** Per arm the mixed-radix number of the groups' buckets + 1, the first group's digit the highest. */
function codeOf(buckets: readonly CellArray[], groups: number[], radix: number[]): Uint8Array {
  const N = buckets[groups[0]].length,
    code = new Uint8Array(N);
  groups.forEach((g, k) => {
    const bucket = buckets[g],
      r = radix[k];
    for (let arm = 0; arm < N; arm++) code[arm] = code[arm] * r + bucket[arm] + 1;
  });
  return code;
}
