// Draws from Beta(a, b) as X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b), by Marsaglia and Tsang's
// method (ACM TOMS 26(3), 2000): for shape k >= 1, d = k - 1/3, c = 1 / sqrt(9 d); draw z ~ N(0, 1),
// v = (1 + c z)^3, accept d v when log U < z^2 / 2 + d - d v + d log v. Shapes below 1 use
// Gamma(k) = Gamma(k + 1) U^(1/k). Randomness comes from the seeded generator passed in.
import type { Random } from '../random/seeded-random.ts';

export function sampleGamma(random: Random, shape: number): number {
  if (shape < 1) {
    const u = 1 - random.next(); // (0, 1]
    return sampleGamma(random, shape + 1) * Math.pow(u, 1 / shape);
  }
  const d = shape - 1 / 3, c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const z = random.normal();
    const t = 1 + c * z;
    if (t <= 0) continue;
    const v = t * t * t;
    const u = 1 - random.next();
    if (Math.log(u) < 0.5 * z * z + d - d * v + d * Math.log(v)) return d * v;
  }
}

export function sampleBeta(random: Random, a: number, b: number): number {
  const x = sampleGamma(random, a), y = sampleGamma(random, b);
  const s = x + y;
  // Both underflow only for tiny shapes: split by the means then.
  return s > 0 ? x / s : a / (a + b);
}
