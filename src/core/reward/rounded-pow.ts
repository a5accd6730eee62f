// x ** y for x > 0 (finite, not 1) and finite y != 0, correctly rounded (ties to even) over the
// whole float range, subnormal results included. CPython's float ** float ends in the C library's
// pow(), which differs between platforms (glibc is off by one unit in the last place for about 1 in
// 2,000 random arguments, and at the ends of the range: 1.7976931348623157e308 ** 0.5); V8's
// Math.pow is worse (2 ** 1.5 is one unit low). allot computes the correctly rounded value, the one
// every libm aims at, in three steps:
//   1. Powers that are rational are computed exactly (BigInt): integer exponents up to 64, and
//      every power that can be a double or halfway between two (exactCase).
//   2. Otherwise exp(y ln x) in double-double (pow-double-double.ts, relative error below 2**-90).
//   3. When that lands within 2**-26 units in the last place of a rounding boundary (about 1 in
//      10**7 arguments), the power is computed again in BigInt fixed point with a proved error
//      bound, at more and more bits until the rounding is decided (pow-fixed-point.ts).
// The boundary test makes step 2 safe with a margin of 2**11 over its error; the exactness argument
// of step 1 is in exactCase. test/unit/core/reward/pow-extremes.test.ts holds it on extreme pairs.
import { binaryExponent, floatParts } from './float-parts.ts';
import { ddPow } from './pow-double-double.ts';
import { fixedPointPow } from './pow-fixed-point.ts';
import { ratioToFloat } from './ratio-to-float.ts';

/** How close (in units in the last place) to a halfway point the double-double result may come. */
const BOUNDARY_MARGIN = 2 ** -26;
const MIN_NORMAL = 2.2250738585072014e-308;

/** x ** y rounded to nearest; Infinity on overflow, 0 on underflow. */
export function roundedPow(x: number, y: number): number {
  if (Number.isInteger(y) && Math.abs(y) <= 64) return exactIntegerPow(x, y);
  // Far outside the float range (0.5 ** 1e301): Infinity or 0 before anything else, as CPython
  // returns 0.0 on underflow and raises OverflowError on overflow.
  const log2 = y * Math.log2(x);
  if (log2 > 1100) return Infinity;
  if (log2 < -1200) return 0;
  const exact = exactCase(x, y);
  if (exact !== undefined) return exact;
  const [m, k] = ddPow(x, y);
  if (nearBoundary(m[0], m[1], k)) return fixedPointPow(x, y);
  // Scale hi + lo by 2**k in two exact halves (exact in the normal range).
  const a = Math.trunc(k / 2),
    b = k - a;
  const hi = m[0] * 2 ** a * 2 ** b;
  if (Math.abs(hi) >= MIN_NORMAL && Number.isFinite(hi)) return hi;
  // Subnormal (or at the edge of the range): round (hi + lo) * 2**k once, exactly.
  return scaledToFloat(m[0], m[1], k);
}

/**
 * x ** y when it may be a double or a halfway point between two (|y log2 x| <= 1200 here), else
 * undefined. Write y = n / 2**j (n odd when j > 0). If x ** y is rational, x is a perfect 2**j-th
 * power (unique factorisation, n odd), and the root of a double that is a rational square is a
 * double (at most 27 significant bits): so taking exact square roots while y is not an integer
 * reaches every rational case. Then x' ** n' with x' = a 2**e (a odd) has the odd part a**|n'|:
 * when a > 1 and |n'| > 64 that is above 3**64 > 2**101, more bits than a double or a halfway point
 * (54) has, and for n' < 0 it is not even dyadic. What remains are |n'| <= 64, done exactly, and a
 * power of two, 2**(e y), exact when e y is an integer.
 */
function exactCase(x: number, y: number): number | undefined {
  const { mant, exp } = floatParts(x);
  if (mant === 1) {
    // x = 2**exp; e y is an integer when y's odd mantissa times 2**ey times exp is one.
    const { exp: ey } = floatParts(Math.abs(y));
    if (ey < 0 && exp % 2 ** -ey !== 0) return undefined;
    const n = exp * y; // an integer of magnitude <= 1200: exact
    return n >= 0 ? ratioToFloat(1n << BigInt(n), 1n) : ratioToFloat(1n, 1n << BigInt(-n));
  }
  while (!Number.isInteger(y)) {
    const r = Math.sqrt(x); // correctly rounded: exact whenever x is the square of a double
    const p = floatParts(r),
      q = floatParts(x);
    if (p.mant * p.mant !== q.mant || 2 * p.exp !== q.exp) return undefined; // p.mant**2 < 2**53 when it matters
    x = r;
    y *= 2;
  }
  return Math.abs(y) <= 64 ? exactIntegerPow(x, y) : undefined;
}

/**
 * Whether (hi + lo) 2**k lies within BOUNDARY_MARGIN units in the last place of a halfway point
 * between two doubles (or of the overflow threshold), where an error of the double-double result
 * could flip the rounding.
 */
function nearBoundary(hi: number, lo: number, k: number): boolean {
  const e = binaryExponent(hi);
  let ulp: number; // the spacing of doubles around the result, in hi's scale
  if (e + k >= -1022) {
    ulp = 2 ** (e - 52);
    if (lo < 0 && hi === 2 ** e) ulp /= 2; // just below a power of two the spacing halves
  } else ulp = 2 ** (-1074 - k); // subnormal: the spacing is 2**-1074
  const units = hi / ulp; // exact: a power-of-two scaling
  const position = units - Math.floor(units) + lo / ulp; // where hi + lo lies between two doubles
  return Math.abs(position - Math.floor(position) - 0.5) < BOUNDARY_MARGIN;
}

/** (hi + lo) * 2**k rounded once to the nearest double (hi > 0). */
function scaledToFloat(hi: number, lo: number, k: number): number {
  const h = floatParts(hi);
  const l = lo === 0 ? { mant: 0, exp: h.exp } : floatParts(Math.abs(lo));
  const e = Math.min(h.exp, l.exp);
  const n = (BigInt(h.mant) << BigInt(h.exp - e)) + BigInt(Math.sign(lo)) * (BigInt(l.mant) << BigInt(l.exp - e));
  const t = e + k;
  return t >= 0 ? ratioToFloat(n << BigInt(t), 1n) : ratioToFloat(n, 1n << BigInt(-t));
}

/** x ** n for an integer n, |n| <= 64, exactly rounded: x = mant * 2**e, so x ** n is a ratio of integers. */
function exactIntegerPow(x: number, n: number): number {
  const { mant, exp } = floatParts(x);
  const p = BigInt(mant) ** BigInt(Math.abs(n));
  const shift = exp * n; // x ** n = mant ** n * 2 ** (exp * n)
  let num = n > 0 ? p : 1n,
    den = n > 0 ? 1n : p;
  if (shift >= 0) num <<= BigInt(shift);
  else den <<= BigInt(-shift);
  return ratioToFloat(num, den);
}
