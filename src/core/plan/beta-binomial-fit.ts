// The prior of the not-called rows (estimate-transitions.ts): the Beta(m c, (1 - m) c) that maximises
// the beta-binomial marginal likelihood of one group's counts (n_i weeks in the row, k_i of them
// ending engaged),
//
//     L(m, c) = sum_i log [ C(n_i, k_i) B(m c + k_i, (1 - m) c + n_i - k_i) / B(m c, (1 - m) c) ],
//
// which, up to terms free of (m, c), is exactly
//
//     l(m, c) = sum_i [ sum_{j<k_i} log(m c + j) + sum_{j<n_i-k_i} log((1 - m) c + j) - sum_{j<n_i} log(c + j) ]
//
// (G(x + k) / G(x) = x (x + 1) ... (x + k - 1)), so no log-gamma is needed. The counts enter only
// through the histogram of (n_i, k_i) pairs, at most (weeks + 1)^2 cells, so the fit costs the same for
// 10^2 or 10^6 beneficiaries. l is concave in m for fixed c: m is found by golden-section search inside
// a golden-section search over log c in [log C_MIN, log C_MAX] (the profile likelihood).
import type { CellArray } from '../instance/occupancy.ts';

/** Bounds of the fitted prior strength c (pseudo-weeks): 0.05 is nearly no prior, 10^4 full pooling. */
export const C_MIN = 0.05;
export const C_MAX = 1e4;

/** Beneficiaries with an observation, with two or more (they alone inform the strength), and observations. */
export function histogramStats(
  h: Float64Array,
  side: number,
): { arms: number; informative: number; observations: number } {
  let arms = 0,
    informative = 0,
    observations = 0;
  for (let nn = 1; nn < side; nn++) {
    for (let kk = 0; kk <= nn; kk++) {
      const c = h[nn * side + kk];
      arms += c;
      observations += c * nn;
      if (nn >= 2) informative += c;
    }
  }
  return { arms, informative, observations };
}

/**
 * The (m, c) maximising the beta-binomial log likelihood l(m, c) of the header over the
 * histogram h of (n, k) pairs: golden-section search on log c (profile likelihood), and for each c a
 * golden-section search on m, where l is concave.
 */
export function fitBetaBinomial(h: Float64Array, side: number): { mean: number; strength: number } {
  const cellN: number[] = [],
    cellK: number[] = [],
    count: number[] = [];
  for (let i = 0; i < h.length; i++) {
    if (h[i] <= 0) continue;
    const nn = Math.floor(i / side);
    cellN.push(nn);
    cellK.push(i - nn * side);
    count.push(h[i]);
  }
  const logA = new Float64Array(side + 1),
    logB = new Float64Array(side + 1),
    logC = new Float64Array(side + 1);
  // cumulative sums: L[j] = sum_{i<j} log(x + i)
  const cumulative = (out: Float64Array, x: number) => {
    out[0] = 0;
    for (let j = 0; j < side; j++) out[j + 1] = out[j] + Math.log(x + j);
  };
  // The search on m holds c fixed: its sums are made once per c.
  let cOf = NaN;
  const loglik = (m: number, c: number) => {
    cumulative(logA, m * c);
    cumulative(logB, (1 - m) * c);
    if (c !== cOf) cumulative(logC, (cOf = c));
    let sum = 0;
    for (let i = 0; i < count.length; i++) {
      const nn = cellN[i],
        kk = cellK[i];
      sum += count[i] * (logA[kk] + logB[nn - kk] - logC[nn]);
    }
    return sum;
  };
  const golden = (lo: number, hi: number, f: (x: number) => number, iterations: number) => {
    const r = (Math.sqrt(5) - 1) / 2;
    let x1 = hi - r * (hi - lo),
      x2 = lo + r * (hi - lo);
    let f1 = f(x1),
      f2 = f(x2);
    for (let i = 0; i < iterations; i++) {
      if (f1 < f2) {
        lo = x1;
        x1 = x2;
        f1 = f2;
        x2 = lo + r * (hi - lo);
        f2 = f(x2);
      } else {
        hi = x2;
        x2 = x1;
        f2 = f1;
        x1 = hi - r * (hi - lo);
        f1 = f(x1);
      }
    }
    return (lo + hi) / 2;
  };
  const M_EPS = 1e-6;
  const bestM = (c: number) => golden(M_EPS, 1 - M_EPS, (m) => loglik(m, c), 48);
  const logc = golden(
    Math.log(C_MIN),
    Math.log(C_MAX),
    (lc) => {
      const c = Math.exp(lc);
      return loglik(bestM(c), c);
    },
    40,
  );
  const strength = Math.exp(logc);
  return { mean: bestM(strength), strength };
}

/**
 * Histograms of the (n, k) pairs of the not-called rows per group: hist[g * 2 + s] holds at n * side + k
 * how many beneficiaries of group g have n weeks that started in state s without a call, k of them ending
 * engaged; group G is the whole register. Beneficiaries without a week in the row are left out.
 */
export function rowHistograms(
  n: Uint16Array,
  k: Uint16Array,
  group: CellArray,
  G: number,
  N: number,
): { hist: Float64Array[]; side: number } {
  let maxN = 1;
  for (let i = 0; i < n.length; i++) if (n[i] > maxN) maxN = n[i];
  const side = maxN + 1;
  const hist = Array.from({ length: (G + 1) * 2 }, () => new Float64Array(side * side));
  const all0 = hist[G * 2],
    all1 = hist[G * 2 + 1];
  for (let arm = 0; arm < N; arm++) {
    const g = group[arm],
      n0 = n[arm * 4],
      n1 = n[arm * 4 + 2];
    if (n0 > 0) {
      const at = n0 * side + k[arm * 4];
      all0[at]++;
      if (g >= 0) hist[g * 2][at]++;
    }
    if (n1 > 0) {
      const at = n1 * side + k[arm * 4 + 2];
      all1[at]++;
      if (g >= 0) hist[g * 2 + 1][at]++;
    }
  }
  return { hist, side };
}
