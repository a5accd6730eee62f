// Python's int and float arithmetic, exactly. A Python int is a JS number while it is a safe
// integer (never -0) and a BigInt beyond that; a Python float is a JS number. Which of the two a
// value is travels beside it (the `float` flags), since 2 and 2.0 are the same JS number.
// Errors are thrown as PyError with Python's message; the evaluator adds position and arm.
import { roundedPow } from './rounded-pow.ts';

/** A Python int: a safe-integer number (never -0) or, beyond 2**53 - 1 in magnitude, a bigint. */
export type Int = number | bigint;
/** A Python int or float. */
export type Val = number | bigint;

export class PyError extends Error {
  constructor(
    readonly kind: 'ZeroDivisionError' | 'OverflowError' | 'ValueError' | 'TypeError' | 'LimitError',
    message: string,
  ) {
    super(message);
  }
}

/** Integers wider than this many bits are refused (Python would compute them; no reward needs them). */
export const MAX_INT_BITS = 10_000;
const LIMIT = 1n << BigInt(MAX_INT_BITS);
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A bigint result as an Int: back to a number when safe; refused when wider than MAX_INT_BITS. */
export function normInt(b: bigint): Int {
  if (b >= -9007199254740991n && b <= 9007199254740991n) return Number(b);
  if (b >= LIMIT || b <= -LIMIT) throw new PyError('LimitError', `integer result too large (more than ${MAX_INT_BITS} bits, about ${Math.floor(MAX_INT_BITS * Math.LOG10E * Math.LN2)} digits)`);
  return b;
}

const big = (a: Int): bigint => (typeof a === 'bigint' ? a : BigInt(a));
const safe = (r: number): boolean => r <= MAX_SAFE && r >= -MAX_SAFE;

export function intAdd(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a + b;
    if (safe(r)) return r;
  }
  return normInt(big(a) + big(b));
}

export function intSub(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a - b;
    if (safe(r)) return r;
  }
  return normInt(big(a) - big(b));
}

export function intMul(a: Int, b: Int): Int {
  if (typeof a === 'number' && typeof b === 'number') {
    const r = a * b;
    // |r| <= MAX_SAFE implies the exact product is below 2**53, so r is exact; + 0 turns -0 into 0.
    if (safe(r)) return r + 0;
  }
  return normInt(big(a) * big(b));
}

export function intFloorDiv(a: Int, b: Int): Int {
  if (b === 0) throw new PyError('ZeroDivisionError', 'integer division or modulo by zero');
  // For safe integers the rounded quotient never crosses an integer, so floor(a / b) is exact.
  if (typeof a === 'number' && typeof b === 'number') return Math.floor(a / b) + 0;
  const x = big(a), y = big(b);
  let q = x / y;
  if (x % y !== 0n && x < 0n !== y < 0n) q -= 1n;
  return normInt(q);
}

export function intMod(a: Int, b: Int): Int {
  if (b === 0) throw new PyError('ZeroDivisionError', 'integer modulo by zero');
  if (typeof a === 'number' && typeof b === 'number') {
    let r = a % b;
    if (r !== 0 && r < 0 !== b < 0) r += b;
    return r + 0;
  }
  const x = big(a), y = big(b);
  let r = x % y;
  if (r !== 0n && r < 0n !== y < 0n) r += y;
  return normInt(r);
}

export function intNeg(a: Int): Int {
  return typeof a === 'number' ? 0 - a : normInt(-a);
}

export function intAbs(a: Int): Int {
  return typeof a === 'number' ? Math.abs(a) : a < 0n ? -a : a;
}

/** int ** int for exponent >= 0 (a negative exponent is float ** float, as in Python). */
export function intPow(a: Int, e: Int): Int {
  if (a === 0 || a === 1) return e === 0 ? 1 : a;
  if (a === -1) return intMod(e, 2) === 0 ? 1 : -1;
  if (typeof a === 'number' && typeof e === 'number') {
    let result = 1, base = a, n = e;
    for (;;) {
      if (n % 2 === 1) {
        result *= base;
        if (!safe(result)) break;
      }
      n = Math.floor(n / 2);
      if (n === 0) return result + 0;
      base *= base;
      if (!safe(base)) break;
    }
  }
  const magnitude = intAbs(a);
  const bits = bitLength(big(magnitude));
  if (typeof e === 'bigint' || (bits - 1) * e > MAX_INT_BITS) {
    const digits = Number(e) * (typeof magnitude === 'number' ? Math.log10(magnitude) : (bits - 1) * Math.log10(2));
    throw new PyError('LimitError', `${a}**${e} is too large (about ${formatDigits(digits)} digits; integers are limited to ${MAX_INT_BITS} bits)`);
  }
  return normInt(big(a) ** big(e));
}

function formatDigits(n: number): string {
  return n > 1e15 ? n.toExponential(2) : Math.floor(n).toLocaleString('en-US');
}

/** float(int): correctly rounded (Number(bigint) rounds half to even), OverflowError beyond the float range. */
export function intToFloat(a: Int): number {
  if (typeof a === 'number') return a;
  const f = Number(a);
  if (!Number.isFinite(f)) throw new PyError('OverflowError', 'int too large to convert to float');
  return f;
}

/** A float known to hold an integral value, as an Int (int(x), round(x)). */
export function integralToInt(x: number): Int {
  if (Number.isNaN(x)) throw new PyError('ValueError', 'cannot convert float NaN to integer');
  if (!Number.isFinite(x)) throw new PyError('OverflowError', 'cannot convert float infinity to integer');
  return safe(x) ? x + 0 : normInt(BigInt(x));
}

/** int / int: the exactly rounded quotient, as Python computes it. */
export function intTrueDiv(a: Int, b: Int): number {
  if (b === 0) throw new PyError('ZeroDivisionError', 'division by zero');
  if (typeof a === 'number' && typeof b === 'number') return a / b; // both exact as floats: one rounding
  const x = big(a), y = big(b);
  const negative = x < 0n !== y < 0n;
  const q = ratioToFloat(x < 0n ? -x : x, y < 0n ? -y : y);
  if (!Number.isFinite(q)) throw new PyError('OverflowError', 'integer division result too large for a float');
  return negative ? -q : q;
}

const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

/** n / d (n >= 0, d > 0) rounded to the nearest float, ties to even, subnormals included; Infinity when too large. */
export function ratioToFloat(n: bigint, d: bigint): number {
  if (n === 0n) return 0;
  // Scale so that the integer quotient has at least 55 bits (two below the last kept bit), but
  // never keep bits below 2**-1076: beneath the subnormal range they would round twice.
  const k = Math.min(55 - (bitLength(n) - bitLength(d)), 1076);
  const num = k >= 0 ? n << BigInt(k) : n;
  const den = k >= 0 ? d : d << BigInt(-k);
  const q = num / den;
  const sticky = num % den !== 0n;
  const ulpExp = Math.max(bitLength(q) - 53 - k, -1074);
  const drop = BigInt(ulpExp + k);
  let mant = q >> drop;
  const rest = q & ((1n << drop) - 1n);
  const half = 1n << (drop - 1n);
  if (rest > half || (rest === half && (sticky || (mant & 1n) === 1n))) mant += 1n;
  if (ulpExp > 1023) return Infinity;
  return Number(mant) * pow2(ulpExp); // exact, or Infinity when beyond the float range
}

const bits = new DataView(new ArrayBuffer(8));
/** 2**e exactly, for e in [-1074, 1023]. */
function pow2(e: number): number {
  if (e >= -1022) {
    bits.setUint32(0, (e + 1023) << 20);
    bits.setUint32(4, 0);
  } else {
    const m = e + 1074; // subnormal: one mantissa bit
    bits.setUint32(0, m >= 32 ? 2 ** (m - 32) : 0);
    bits.setUint32(4, m < 32 ? 2 ** m : 0);
  }
  return bits.getFloat64(0);
}

/** Python's float // float (CPython _float_div_mod). */
export function floatFloorDiv(vx: number, wx: number): number {
  if (wx === 0) throw new PyError('ZeroDivisionError', 'float floor division by zero');
  let mod = vx % wx; // JS % on numbers is C fmod: exact
  let div = (vx - mod) / wx;
  // C's `if (mod)` and `if (div)` are true for NaN, so compare with 0 rather than test truthiness.
  if (mod !== 0) {
    if (wx < 0 !== mod < 0) {
      mod += wx;
      div -= 1.0;
    }
  }
  if (div !== 0) {
    let floordiv = Math.floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
    return floordiv;
  }
  const q = vx / wx; // zero with the sign of the true quotient
  return q < 0 || Object.is(q, -0) ? -0 : 0;
}

/** Python's float % float (CPython float_rem). */
export function floatMod(vx: number, wx: number): number {
  if (wx === 0) throw new PyError('ZeroDivisionError', 'float modulo by zero');
  let mod = vx % wx;
  if (mod !== 0) {
    if (wx < 0 !== mod < 0) mod += wx;
  } else {
    mod = wx < 0 || Object.is(wx, -0) ? -0 : 0;
  }
  return mod;
}

export function floatDiv(a: number, b: number): number {
  if (b === 0) throw new PyError('ZeroDivisionError', 'float division by zero');
  return a / b;
}

const isOddInteger = (x: number): boolean => Number.isInteger(x) && Math.abs(x % 2) === 1;

/** Python's float ** float (CPython float_pow), with a correctly rounded pow as its last step (see rounded-pow.ts). */
export function floatPow(iv: number, iw: number): number {
  if (iw === 0) return 1.0;
  if (Number.isNaN(iv)) return iv;
  if (Number.isNaN(iw)) return iv === 1.0 ? 1.0 : iw;
  if (!Number.isFinite(iw)) {
    const av = Math.abs(iv);
    if (av === 1.0) return 1.0;
    return iw > 0 === av > 1.0 ? Math.abs(iw) : 0.0;
  }
  if (!Number.isFinite(iv)) {
    const odd = isOddInteger(iw);
    if (iw > 0) return odd ? iv : Math.abs(iv);
    return odd ? (iv < 0 ? -0 : 0) : 0.0;
  }
  if (iv === 0) {
    if (iw < 0) throw new PyError('ZeroDivisionError', '0.0 cannot be raised to a negative power');
    return isOddInteger(iw) ? iv : 0.0;
  }
  let negate = false;
  if (iv < 0) {
    if (iw !== Math.floor(iw)) throw new PyError('ValueError', 'a negative number raised to a fractional power is complex');
    iv = -iv;
    negate = isOddInteger(iw);
  }
  if (iv === 1.0) return negate ? -1.0 : 1.0;
  const ix = cachedPow(iv, iw);
  if (!Number.isFinite(ix)) throw new PyError('OverflowError', 'numerical result out of range');
  return negate ? -ix : ix;
}

/**
 * Remembers a pure function of two numbers. roundedPow and exact decimal rounding cost
 * microseconds, and a reward table repeats few (x, y) pairs; -0 and 0 share a key, so callers
 * handle zeros before reaching these functions.
 */
function memo2(f: (x: number, y: number) => number): (x: number, y: number) => number {
  const cache = new Map<number, Map<number, number>>();
  let size = 0;
  return (x, y) => {
    let byX = cache.get(y);
    if (!byX) cache.set(y, (byX = new Map()));
    let r = byX.get(x);
    if (r === undefined) {
      if (++size > 10_000) { cache.clear(); size = 0; cache.set(y, (byX = new Map())); }
      r = f(x, y);
      byX.set(x, r);
    }
    return r;
  };
}

const cachedPow = memo2(roundedPow);

/** C's round(): half away from zero. */
function cRound(x: number): number {
  const t = Math.trunc(x);
  return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
}

/** round(float) with no ndigits: half to even, an int. */
export function floatRoundToInt(x: number): Int {
  let r = cRound(x);
  if (Math.abs(x - r) === 0.5) r = 2.0 * cRound(x / 2.0);
  return integralToInt(r);
}

/** round(int, ndigits): exact, half to even for negative ndigits. */
export function intRound(a: Int, ndigits: Int): Int {
  if (ndigits >= 0) return a;
  if (ndigits < -(MAX_INT_BITS / 3)) return 0; // 10**-ndigits exceeds twice any allowed int
  const p = 10n ** BigInt(-Number(ndigits));
  const x = big(a);
  let q = x / p, r = x % p;
  if (r < 0n) { q -= 1n; r += p; }
  if (2n * r > p || (2n * r === p && (q & 1n) === 1n)) q += 1n;
  return normInt(q * p);
}

/** round(float, ndigits): the float nearest to x rounded half to even at 10**-ndigits (CPython double_round). */
export function floatRound(x: number, ndigits: Int): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (ndigits > 323) return x;
  if (ndigits < -308) return 0.0 * x;
  return cachedDecimalRound(x, Number(ndigits));
}

const cachedDecimalRound = memo2(decimalRound);

/** floatRound for finite x != 0 and -308 <= n <= 323, exactly, with BigInt. */
function decimalRound(x: number, n: number): number {
  // x = m * 2**e exactly
  const negative = x < 0;
  let m = Math.abs(x);
  let e = 0;
  while (!Number.isInteger(m)) { m *= 2; e -= 1; }
  const mb = BigInt(m);
  const ten = 10n ** BigInt(Math.abs(n));
  let num = mb, den = 1n;
  if (e >= 0) num <<= BigInt(e); else den <<= BigInt(-e);
  if (n >= 0) num *= ten; else den *= ten;
  let k = num / den;
  const r2 = 2n * (num % den);
  if (r2 > den || (r2 === den && (k & 1n) === 1n)) k += 1n;
  let result: number;
  if (n >= 0) result = ratioToFloat(k, ten);
  else {
    result = Number(k * ten);
    if (!Number.isFinite(result)) throw new PyError('OverflowError', 'rounded value too large to represent');
  }
  return negative ? -result : result;
}
