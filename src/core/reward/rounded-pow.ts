// x ** y for x > 0 (finite, not 1) and finite y != 0, correctly rounded. CPython's float ** float
// ends in the C library's pow(), which differs between platforms (glibc is off by one unit in the
// last place for about 1 in 2,000 random arguments, and its result depends on whether the CPU has
// FMA); V8's Math.pow is worse (2 ** 1.5 is one unit low). allot computes the correctly rounded
// value, the one every libm aims at: exactly (with BigInt) for integer exponents up to 64 and for
// half-integer exponents of exact squares, otherwise in double-double arithmetic (about 100 bits)
// rounded once, which is wrong only when the exact result lies within ~2**-100 of a halfway point.
import { ratioToFloat } from './ratio-to-float.ts';

/** A double-double number hi + lo with |lo| <= ulp(hi) / 2. */
type DD = [number, number];

const SPLIT = 134217729; // 2**27 + 1 (Veltkamp)

function twoSum(a: number, b: number): DD {
  const s = a + b, bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

function twoProd(a: number, b: number): DD {
  const p = a * b;
  let t = SPLIT * a;
  const ah = t - (t - a), al = a - ah;
  t = SPLIT * b;
  const bh = t - (t - b), bl = b - bh;
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

function add(a: DD, b: DD): DD {
  const [s, e] = twoSum(a[0], b[0]);
  const [t, f] = twoSum(a[1], b[1]);
  const [u, g] = twoSum(s, e + t);
  return twoSum(u, g + f);
}

function mul(a: DD, b: DD): DD {
  const [p, e] = twoProd(a[0], b[0]);
  return twoSum(p, e + (a[0] * b[1] + a[1] * b[0]));
}

function div(a: DD, b: DD): DD {
  const q1 = a[0] / b[0];
  const r = add(a, neg(mul(b, [q1, 0])));
  const q2 = r[0] / b[0];
  const r2 = add(r, neg(mul(b, [q2, 0])));
  const q3 = r2[0] / b[0];
  return add(twoSum(q1, q2), [q3, 0]);
}

const neg = (a: DD): DD => [-a[0], -a[1]];
const LN2: DD = [0.6931471805599453, 2.3190468138462996e-17];

/** log(x) for x > 0, finite. */
function log(x: number): DD {
  // x = m * 2**e with m in [sqrt(1/2), sqrt(2)): log x = e log 2 + 2 atanh((m - 1) / (m + 1)).
  let e = Math.floor(Math.log2(x));
  let m = x / 2 ** e; // exact: a power-of-two scaling (2 ** e is exact for integer e in range)
  if (!Number.isFinite(m) || m === 0) {
    // 2 ** e under/overflows at the ends of the float range: scale in two steps.
    const half = Math.trunc(e / 2);
    m = x / 2 ** half / 2 ** (e - half);
  }
  if (m > Math.SQRT2) { m /= 2; e += 1; } else if (m < Math.SQRT1_2) { m *= 2; e -= 1; }
  const s = div(twoSum(m, -1), twoSum(m, 1));
  const s2 = mul(s, s);
  let term = s, sum: DD = s;
  for (let k = 3; k < 80; k += 2) {
    term = mul(term, s2);
    const next = div(term, [k, 0]);
    sum = add(sum, next);
    if (Math.abs(next[0]) < Math.abs(sum[0]) * 1e-34) break;
  }
  return add(mul([2, 0], sum), mul(LN2, [e, 0]));
}

/** exp(t) as [mantissa, k]: mantissa * 2**k. */
function exp(t: DD): [DD, number] {
  const k = Math.round(t[0] / LN2[0]);
  let r = add(t, neg(mul(LN2, [k, 0])));
  r = [r[0] / 256, r[1] / 256]; // exact scaling
  let term: DD = [1, 0], sum: DD = [1, 0];
  for (let n = 1; n < 30; n++) {
    term = div(mul(term, r), [n, 0]);
    sum = add(sum, term);
    if (Math.abs(term[0]) < 1e-34) break;
  }
  for (let i = 0; i < 8; i++) sum = mul(sum, sum);
  return [sum, k];
}

/** x ** y rounded to nearest; Infinity on overflow, 0 on underflow. */
export function roundedPow(x: number, y: number): number {
  if (Number.isInteger(y) && Math.abs(y) <= 64) return exactIntegerPow(x, y);
  if (Number.isInteger(2 * y) && Math.abs(y) <= 64) {
    const r = Math.sqrt(x); // correctly rounded; when r * r == x exactly, x ** y == r ** (2y)
    const [p, e] = twoProd(r, r);
    if (p === x && e === 0) return exactIntegerPow(r, 2 * y);
  }
  // Far outside the float range (0.5 ** 1e301): Infinity or 0 before exp, whose argument reduction
  // would lose every bit (CPython returns 0.0 on underflow and raises OverflowError on overflow).
  const log2 = y * Math.log2(x);
  if (log2 > 1100) return Infinity;
  if (log2 < -1200) return 0;
  const [m, k] = exp(mul(log(x), [y, 0]));
  if (k > 1100) return Infinity;
  if (k < -1200) return 0;
  // Scale hi + lo by 2**k in two exact halves (exact in the normal range).
  const a = Math.trunc(k / 2), b = k - a;
  const pa = 2 ** a, pb = 2 ** b;
  const hi = m[0] * pa * pb;
  if (Math.abs(hi) >= 2.2250738585072014e-308 && Number.isFinite(hi)) return hi;
  // Subnormal (or at the edge of the range): round (hi + lo) * 2**k once, exactly. Two roundings
  // (hi + lo, then the scaling) were one unit off in about 0.3% of subnormal results.
  return scaledToFloat(m[0], m[1], k);
}

/** x = M * 2**e exactly, M an integer (x a finite double). */
function dyadic(x: number): [bigint, number] {
  let e = 0;
  while (!Number.isInteger(x)) { x *= 2; e--; }
  return [BigInt(x), e];
}

/** (hi + lo) * 2**k rounded once to the nearest double (hi > 0). */
function scaledToFloat(hi: number, lo: number, k: number): number {
  const [mh, eh] = dyadic(hi);
  const [ml, el] = dyadic(lo);
  const e = Math.min(eh, el);
  const n = (mh << BigInt(eh - e)) + (ml << BigInt(el - e));
  const t = e + k;
  return t >= 0 ? ratioToFloat(n << BigInt(t), 1n) : ratioToFloat(n, 1n << BigInt(-t));
}

/** x ** n for an integer n, |n| <= 64, exactly rounded: x = mant * 2**e, so x ** n is a ratio of integers. */
function exactIntegerPow(x: number, n: number): number {
  let mant = x, e = 0;
  while (!Number.isInteger(mant)) { mant *= 2; e -= 1; }
  const p = BigInt(mant) ** BigInt(Math.abs(n));
  const shift = e * n; // x ** n = mant ** n * 2 ** (e * n)
  let num = n > 0 ? p : 1n, den = n > 0 ? 1n : p;
  if (shift >= 0) num <<= BigInt(shift); else den <<= BigInt(-shift);
  return ratioToFloat(num, den);
}
