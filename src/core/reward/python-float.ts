// Python's float arithmetic, exactly as CPython computes it: floor division, modulo, power and
// round, with their corner cases (signed zeros, NaN, infinities) and Python's error messages.
import { PyError } from './py-error.ts';
import { integralToInt, type Int } from './python-int.ts';
import { ratioToFloat } from './ratio-to-float.ts';
import { roundedPow } from './rounded-pow.ts';

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
    if (iw !== Math.floor(iw))
      throw new PyError('ValueError', 'a negative number raised to a fractional power is complex');
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
      if (++size > 10_000) {
        cache.clear();
        size = 0;
        cache.set(y, (byX = new Map()));
      }
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
  while (!Number.isInteger(m)) {
    m *= 2;
    e -= 1;
  }
  const mb = BigInt(m);
  const ten = 10n ** BigInt(Math.abs(n));
  let num = mb,
    den = 1n;
  if (e >= 0) num <<= BigInt(e);
  else den <<= BigInt(-e);
  if (n >= 0) num *= ten;
  else den *= ten;
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
