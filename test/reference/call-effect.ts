// Slow, obviously correct twin of src/core/plan/call-effect.ts: one object per beneficiary, the
// normal equations built entry by entry from each beneficiary's list of design columns and solved by
// Gaussian elimination with partial pivoting, every formula of the file's header written out literally.
import { CLIP_PASSES, M_MAX, M_MIN, RHO_MAX, RIDGE, TAU2_MIN, TAU_DEFAULT } from '../../src/core/plan/call-effect.ts';

const clip = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

export function referenceCallEffects(
  n: Uint16Array,
  k: Uint16Array,
  passive: Float64Array,
  passiveVariance: Float64Array,
  buckets: { bucket: Int32Array; count: number }[],
  numArms: number,
  [cMin, cMax]: [number, number],
): { mean: number[]; strength: number[]; variance: number[]; tau2: number[]; covariance: number; intercept: number[] } {
  const p = 1 + buckets.reduce((a, g) => a + g.count, 0);
  const arms = Array.from({ length: numArms }, (_, i) => {
    const columns = [0];
    let offset = 1;
    for (const g of buckets) {
      if (g.bucket[i] >= 0) columns.push(offset + g.bucket[i]);
      offset += g.count;
    }
    return {
      columns,
      n: [n[i * 4 + 1], n[i * 4 + 3]],
      k: [k[i * 4 + 1], k[i * 4 + 3]],
      qbar: [passive[i * 2], passive[i * 2 + 1]],
      u: [passiveVariance[i * 2], passiveVariance[i * 2 + 1]],
      m: [0, 0],
      v: [0, 0],
    };
  });
  const effectOf = (theta: number[], columns: number[]) => columns.reduce((a, c) => a + theta[c], 0);
  const tau2: number[] = [],
    intercept: number[] = [];
  for (let s = 0; s < 2; s++) {
    const called = arms.filter((a) => a.n[s] > 0);
    let theta = new Array(p).fill(0);
    let capped = new Set<(typeof arms)[number]>();
    for (let pass = 0; pass < CLIP_PASSES && called.length > 0; pass++) {
      const A = Array.from({ length: p }, (_, i) =>
        Array.from({ length: p }, (_, j) => (i === j && i > 0 ? RIDGE : 0)),
      );
      const b = new Array(p).fill(0);
      for (const a of called) {
        if (capped.has(a)) continue;
        const y = a.k[s] / a.n[s] - a.qbar[s];
        for (const i of a.columns) {
          b[i] += a.n[s] * y;
          for (const j of a.columns) A[i][j] += a.n[s];
        }
      }
      theta = solve(A, b);
      capped = new Set(arms.filter((a) => a.qbar[s] + effectOf(theta, a.columns) >= M_MAX));
    }
    for (const a of arms) a.m[s] = clip(a.qbar[s] + effectOf(theta, a.columns), M_MIN, M_MAX);
    const two = arms.filter((a) => a.n[s] >= 2);
    const V = two.reduce((x, a) => x + (a.k[s] - a.n[s] * a.m[s]) ** 2 - a.n[s] * a.m[s] * (1 - a.m[s]), 0);
    const W = two.reduce((x, a) => x + a.n[s] * (a.n[s] - 1), 0);
    const U = two.reduce((x, a) => x + a.n[s] * (a.n[s] - 1) * a.u[s], 0);
    tau2.push(W > 0 ? Math.max(TAU2_MIN, V / W - U / W) : TAU_DEFAULT ** 2);
    intercept.push(theta[0]);
    for (const a of arms) a.v[s] = a.u[s] + tau2[s];
  }
  const both = arms.filter((a) => a.n[0] > 0 && a.n[1] > 0);
  const pairs = both.reduce((x, a) => x + a.n[0] * a.n[1], 0);
  const raw = both.reduce((x, a) => x + (a.k[0] - a.n[0] * a.m[0]) * (a.k[1] - a.n[1] * a.m[1]), 0) / pairs;
  const limit = RHO_MAX * Math.sqrt(tau2[0] * tau2[1]);
  const C = pairs > 0 ? clip(raw, -limit, limit) : 0;
  const mean: number[] = [],
    strength: number[] = [],
    variance: number[] = [];
  for (const a of arms) {
    for (let s = 0; s < 2; s++) {
      const o = 1 - s;
      let m = a.m[s],
        v = a.v[s];
      if (a.n[o] > 0 && C !== 0) {
        const w = a.v[o] + (a.m[o] * (1 - a.m[o]) - a.v[o]) / a.n[o];
        m = clip(m + (C * (a.k[o] / a.n[o] - a.m[o])) / w, M_MIN, M_MAX);
        v -= (C * C) / w;
      }
      mean.push(m);
      variance.push(v);
      strength.push(clip((m * (1 - m)) / v - 1, Math.max(2, cMin), cMax));
    }
  }
  return { mean, strength, variance, tau2, covariance: C, intercept };
}

/** Gaussian elimination with partial pivoting. */
function solve(A: number[][], b: number[]): number[] {
  const p = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < p; c++) {
    let best = c;
    for (let r = c + 1; r < p; r++) if (Math.abs(M[r][c]) > Math.abs(M[best][c])) best = r;
    [M[c], M[best]] = [M[best], M[c]];
    if (Math.abs(M[c][c]) < 1e-12) continue;
    for (let r = 0; r < p; r++) {
      if (r === c) continue;
      const f = M[r][c] / M[c][c];
      for (let j = c; j <= p; j++) M[r][j] -= f * M[c][j];
    }
  }
  return M.map((row, i) => (Math.abs(row[i]) < 1e-12 ? 0 : row[p] / row[i]));
}
