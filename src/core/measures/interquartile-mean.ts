// The interquartile mean that DLM reports (after Agarwal et al., "Deep RL at the edge of the
// statistical precipice", whose rliable library computes it as scipy.stats.trim_mean(x, 0.25)),
// with a closed-form standard error instead of rliable's bootstrap so that results are exact and
// reproducible without a random generator.

export interface TrimmedEstimate {
  /** Interquartile mean: scipy.stats.trim_mean(x, 0.25). */
  iqm: number;
  /** Its standard error: scipy.stats.mstats.trimmed_stde(x, limits=(0.25, 0.25)); NaN below 2 values. */
  se: number;
  /** Number of values. */
  n: number;
}

/**
 * IQM and standard error of `values`.
 *   g = floor(n / 4) values are cut from each end of the sorted values (trim_mean's
 *   int(0.25 * n)); iqm = mean of the middle n - 2g.
 *   se = s_w / ((1 - 2 * 0.25) * sqrt(n)), where s_w is the sample standard deviation (n - 1) of the
 *   winsorized values (the g lowest set to the (g+1)-th lowest, the g highest to the (g+1)-th
 *   highest): the Tukey-McLaughlin estimator, as scipy's trimmed_stde and Wilcox's trimse.
 * Throws on an empty input or a non-finite value (naming its index).
 */
export function interquartileMean(values: ArrayLike<number>): TrimmedEstimate {
  const n = values.length;
  if (n === 0) throw new RangeError('interquartile mean of no values');
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) throw new RangeError(`value ${i} is ${v}; the interquartile mean needs finite values`);
    sorted[i] = v;
  }
  sorted.sort();
  const g = Math.floor(n / 4);
  let sum = 0;
  for (let i = g; i < n - g; i++) sum += sorted[i];
  const iqm = sum / (n - 2 * g);
  if (n < 2) return { iqm, se: Number.NaN, n };
  const winsorized = (i: number) => sorted[Math.min(Math.max(i, g), n - g - 1)];
  let wsum = 0;
  for (let i = 0; i < n; i++) wsum += winsorized(i);
  const wmean = wsum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (winsorized(i) - wmean) ** 2;
  const se = Math.sqrt(ss / (n - 1)) / (0.5 * Math.sqrt(n));
  return { iqm, se, n };
}
