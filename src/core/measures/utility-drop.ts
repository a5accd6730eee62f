// SCLM's cost of prioritizing: the % drop in total utility (summed over all agents) against the default policy.

/** 100 * (U0 - U) / U0 for total utilities U (candidate) and U0 (default, > 0); negative when the candidate gains. */
export function utilityDrop(candidateTotal: number, defaultTotal: number): number {
  if (!(defaultTotal > 0))
    throw new RangeError(`the default policy's total utility is ${defaultTotal}; a % drop needs a positive total`);
  return (100 * (defaultTotal - candidateTotal)) / defaultTotal;
}
