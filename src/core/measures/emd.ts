// Earth mover's distance between two distributions over the same ordered buckets (a feature's
// utility split across its values), as SCLM uses it to score unintended utility shifts.
//
// Each input is first normalized to total mass 1 (a utility *distribution*: the share of the
// feature's utility that each bucket receives), so that a policy that raises every bucket by the
// same factor shows no shift. Moving mass between adjacent buckets costs 1, so the distance is
// sum_k |A_k - B_k| over the cumulative sums A, B (the closed form of 1-D optimal transport),
// between 0 and numBuckets - 1.

/** EMD between bucket masses `a` and `b` (non-negative, same length), each normalized to sum 1. */
export function emd(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length)
    throw new RangeError(`the distributions have ${a.length} and ${b.length} buckets; they must have the same buckets`);
  const totalA = total(a, 'first');
  const totalB = total(b, 'second');
  if (totalA === 0 || totalB === 0) {
    if (totalA === totalB) return 0;
    throw new RangeError(
      `the ${totalA === 0 ? 'first' : 'second'} distribution has no mass, so it has no shape to compare`,
    );
  }
  let cumA = 0;
  let cumB = 0;
  let distance = 0;
  for (let k = 0; k < a.length - 1; k++) {
    cumA += a[k] / totalA;
    cumB += b[k] / totalB;
    distance += Math.abs(cumA - cumB);
  }
  return distance;
}

function total(x: ArrayLike<number>, which: string): number {
  let sum = 0;
  for (let k = 0; k < x.length; k++) {
    if (!(x[k] >= 0) || x[k] === Infinity)
      throw new RangeError(`bucket ${k + 1} of the ${which} distribution is ${x[k]}: masses must be finite and >= 0`);
    sum += x[k];
  }
  return sum;
}
