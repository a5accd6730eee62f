// Mean ± one standard error, as the multilingual paper reports rates and counts ("Mean±StdError
// ... the error reported is one standard error"; "error bars are ± 1 standard error from the
// sample mean").

export interface RateWithError {
  mean: number;
  /** Sample standard deviation (n - 1) / sqrt(n); null for fewer than 2 values. */
  standardError: number | null;
  n: number;
}

/** Of 0/1 outcomes (booleans) or counts. An empty list has mean NaN, which JSON writes as null. */
export function rateWithError(values: readonly (number | boolean)[]): RateWithError {
  const xs = values.map(Number);
  const n = xs.length;
  const mean = n ? xs.reduce((a, b) => a + b, 0) / n : Number.NaN;
  if (n < 2) return { mean, standardError: null, n };
  const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  return { mean, standardError: Math.sqrt(variance / n), n };
}
