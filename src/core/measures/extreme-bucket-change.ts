// SCLM's evaluation of a prioritization clause "prioritize agents with a low/high value of feature f":
// the % change in the utility of the extreme bucket(s) of f under a policy against the default policy.

/**
 * 100 * (U - U0) / U0, where U (U0) is the summed utility of the `count` lowest ("bottom") or
 * highest ("top") buckets under the candidate (the default) policy. Buckets are ordered from the
 * lowest to the highest feature value; SCLM reports count = 1, 2 and 3.
 */
export function extremeBucketChange(
  candidate: ArrayLike<number>,
  baseline: ArrayLike<number>,
  end: 'top' | 'bottom',
  count = 1,
): number {
  const n = baseline.length;
  if (candidate.length !== n)
    throw new RangeError(`the candidate has ${candidate.length} buckets and the default ${n}`);
  if (!(Number.isInteger(count) && count >= 1 && count <= n))
    throw new RangeError(`cannot take the ${end} ${count} of ${n} buckets`);
  let u = 0;
  let u0 = 0;
  for (let k = 0; k < count; k++) {
    const i = end === 'bottom' ? k : n - 1 - k;
    u += candidate[i];
    u0 += baseline[i];
  }
  if (!(u0 > 0))
    throw new RangeError(
      `the default policy gives the ${end} ${count} bucket(s) utility ${u0}, so a % change is undefined`,
    );
  return (100 * (u - u0)) / u0;
}
