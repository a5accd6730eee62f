// Slow twin of src/core/plan/incomplete-beta.ts: I_x(a, b) as the ratio of two integrals of the
// Beta density by tanh-sinh quadrature (which integrates the end singularities t^(a-1), (1-t)^(b-1)
// to full precision), split at 1/2 so each part has its singular end at a node-measured end; the
// quantile by bisection on it.

/**
 * integral_0^y of g(distance to 0) (lower) or integral_y^1 of g(distance to 1) (upper) by tanh-sinh
 * quadrature on a fixed fine grid (step 1/128, |t| <= 7): nodes are computed as their distance from
 * the singular end, so t^(a-1) near 0 and (1-t)^(b-1) near 1 keep full precision.
 */
function tanhSinh(length: number, g: (fromEnd: number, fromOther: number) => number): number {
  const h = 1 / 128;
  let sum = 0;
  for (let t = -7; t <= 7; t += h) {
    const u = (Math.PI / 2) * Math.sinh(t);
    // distance of the node from the end at -1 (scaled to [0, length]) and from the end at +1
    const fromLow = length / (Math.exp(-2 * u) + 1); // length * (1 + tanh u) / 2
    const fromHigh = length / (Math.exp(2 * u) + 1);
    if (!(fromLow > 0) || !(fromHigh > 0)) continue;
    const weight = ((Math.PI / 2) * Math.cosh(t)) / Math.cosh(u) ** 2;
    if (!Number.isFinite(weight) || weight === 0) continue;
    sum += weight * g(fromLow, fromHigh) * (length / 2);
  }
  return sum * h;
}

/** integral_0^y t^(a-1) (1-t)^(b-1) dt for y <= 1/2. */
function lowerPart(y: number, a: number, b: number): number {
  if (y <= 0) return 0;
  return tanhSinh(y, (t) => Math.pow(t, a - 1) * Math.pow(1 - t, b - 1));
}

/** integral_y^1 t^(a-1) (1-t)^(b-1) dt for y >= 1/2, nodes measured from 1. */
function upperPart(y: number, a: number, b: number): number {
  if (y >= 1) return 0;
  return tanhSinh(1 - y, (_fromY, oneMinusT) => Math.pow(1 - oneMinusT, a - 1) * Math.pow(oneMinusT, b - 1));
}

export function referenceIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const left = lowerPart(0.5, a, b),
    right = upperPart(0.5, a, b);
  const below = x <= 0.5 ? lowerPart(x, a, b) : left + right - upperPart(x, a, b);
  return below / (left + right);
}

export function referenceBetaQuantile(p: number, a: number, b: number): number {
  let lo = 0,
    hi = 1;
  for (let i = 0; i < 200 && hi - lo > 1e-16 * Math.max(lo, 1e-300); i++) {
    const mid = (lo + hi) / 2;
    if (referenceIncompleteBeta(mid, a, b) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
