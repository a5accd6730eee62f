// x ** y correctly rounded by brute precision, for the rare arguments where the fast double-double
// pow (rounded-pow.ts) lands too close to a rounding boundary to decide: exp(y ln x) in BigInt fixed
// point with a proved error bound, at W = 192, 384, 768, ... bits until every value within the bound
// rounds to the same double (Ziv's strategy). It ends for every argument whose power is not itself a
// double or a halfway point between two; rounded-pow.ts answers those exactly before calling here.
import { floatParts, integerBits } from './float-parts.ts';
import { ratioToFloat } from './ratio-to-float.ts';

/** A fixed-point number: the bigint N stands for N / 2**W. Errors are counted in units of 2**-W. */
interface Fixed {
  value: bigint;
  /** An upper bound on |value - exact| in units of 2**-W. */
  error: number;
}

const ln2Cache = new Map<number, Fixed>();

/** ln 2 = 2 atanh(1/3) = 2 sum_j 3**-(2j+1) / (2j+1). */
function ln2(W: number): Fixed {
  let cached = ln2Cache.get(W);
  if (cached) return cached;
  let power = (1n << BigInt(W)) / 3n; // 3**-(2j+1), each step one truncation: error below 1.2 units
  let sum = power,
    terms = 1;
  for (let j = 1; power > 0n; j++, terms++) {
    power /= 9n;
    sum += power / BigInt(2 * j + 1); // a truncation per term, plus the error carried by power
  }
  cached = { value: 2n * sum, error: 2 * (2.2 * terms + 1) };
  ln2Cache.set(W, cached);
  return cached;
}

/** ln x for a finite x > 0: e ln 2 + 2 atanh((f - 1) / (f + 1)) with x = f 2**e, f in [sqrt(1/2), sqrt(2)). */
function ln(x: number, W: number): Fixed {
  const { mant, exp } = floatParts(x);
  // x = M 2**(e - 52) with M in [2**52, 2**53): normalise the odd mantissa to 53 bits.
  const bits = integerBits(mant);
  const M = BigInt(mant) << BigInt(53 - bits);
  const e = exp + bits - 1; // x = (M / 2**52) 2**e
  // 6369051672525772 is floor(sqrt(2) 2**52): above it, f = M / 2**53 and e + 1.
  return M > 6369051672525772n ? lnOf(M, 1n << 53n, e + 1, W) : lnOf(M, 1n << 52n, e, W);
}

/** ln(M / D) + e ln 2, M / D in [sqrt(1/2), sqrt(2)]. */
function lnOf(M: bigint, D: bigint, e: number, W: number): Fixed {
  const w = BigInt(W),
    unit = 1n << w;
  const s = ((M - D) << w) / (M + D); // |s| <= 0.1716: one truncation
  const s2 = (s * s) >> w;
  let power = s,
    sum = s,
    terms = 1;
  for (let j = 1; power !== 0n; j++, terms++) {
    power = (power * s2) / unit; // truncated towards 0 (>> would floor a negative power to -1 for ever)
    sum += power / BigInt(2 * j + 1);
  }
  const log2 = ln2(W);
  return { value: 2n * sum + BigInt(e) * log2.value, error: 2 * (3 * terms + 1) + Math.abs(e) * log2.error };
}

/** e**r for |r| < 0.4 (fixed point), and the error the evaluation adds. */
function expSmall(r: bigint, W: number): Fixed {
  const unit = 1n << BigInt(W);
  let term = unit,
    sum = term,
    terms = 0;
  for (let n = 1n; term !== 0n; n++, terms++) {
    term = (term * r) / unit / n; // two truncations towards 0; the carried error shrinks by |r| / n < 0.4
    sum += term;
  }
  return { value: sum, error: 3 * terms + 1 };
}

/** n 2**shift rounded to the nearest double. */
function scaled(n: bigint, shift: number): number {
  return shift >= 0 ? ratioToFloat(n << BigInt(shift), 1n) : ratioToFloat(n, 1n << BigInt(-shift));
}

/**
 * exp(y ln x) = (value +- error) 2**(k - W) in fixed point with W bits, for x > 0 finite, x != 1,
 * y finite and |y log2 x| <= 1200 (also the reference the double-double pow is measured against).
 */
export function fixedPointExp(x: number, y: number, W: number): { value: bigint; error: bigint; k: number } {
  const { mant: my, exp: ey } = floatParts(Math.abs(y));
  const lnx = ln(x, W);
  // t = y ln x: y's mantissa times ln x, then shifted (one truncation when ey < 0).
  let t = lnx.value * BigInt(y < 0 ? -my : my);
  t = ey >= 0 ? t << BigInt(ey) : t >> BigInt(-ey);
  const tError = Math.abs(y) * lnx.error + 1;
  // t = k ln 2 + r, |r| <= ln(2) / 2 (plus a little: k comes from a double estimate).
  const log2 = ln2(W);
  const k = Math.round(Number(t >> BigInt(W - 60)) / 2 ** 60 / Math.LN2);
  const r = t - BigInt(k) * log2.value;
  const rError = tError + Math.abs(k) * log2.error;
  const e = expSmall(r, W);
  // |d e**r / dr| = e**r < 1.5: the error of r becomes at most 1.5 times as much in e**r.
  return { value: e.value, error: BigInt(Math.ceil(1.5 * rError + e.error + 1)), k };
}

/**
 * x ** y rounded to nearest, for x > 0 finite, x != 1, y finite and |y log2 x| <= 1200, when x ** y
 * is neither a double nor halfway between two (the caller's exact cases). Infinity on overflow.
 */
export function fixedPointPow(x: number, y: number): number {
  const yBits = Math.max(0, Math.ceil(Math.log2(Math.abs(y))) + 1);
  for (let W = 192 + yBits; W <= 1 << 16; W *= 2) {
    const { value, error, k } = fixedPointExp(x, y, W);
    const low = scaled(value - error, k - W),
      high = scaled(value + error, k - W);
    if (low === high) return low;
  }
  throw new Error(`${x} ** ${y}: the correctly rounded power did not resolve within 65,536 bits`);
}
