// Python's int arithmetic, exactly. A Python int is a JS number while it is a safe integer
// (never -0) and a BigInt beyond that; a Python float is a JS number. Which of the two a value is
// travels beside it (the `float` flags), since 2 and 2.0 are the same JS number.
// Errors are thrown as PyError with Python's message; the evaluator adds position and arm.
import { PyError } from './py-error.ts';
import { bitLength, ratioToFloat } from './ratio-to-float.ts';

/** A Python int: a safe-integer number (never -0) or, beyond 2**53 - 1 in magnitude, a bigint. */
export type Int = number | bigint;
/** A Python int or float. */
export type Val = number | bigint;

/** Integers wider than this many bits are refused (Python would compute them; no reward needs them). */
export const MAX_INT_BITS = 10_000;
const LIMIT = 1n << BigInt(MAX_INT_BITS);
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A bigint result as an Int: back to a number when safe; refused when wider than MAX_INT_BITS. */
export function normInt(b: bigint): Int {
  if (b >= -9007199254740991n && b <= 9007199254740991n) return Number(b);
  if (b >= LIMIT || b <= -LIMIT)
    throw new PyError(
      'LimitError',
      `integer result too large (more than ${MAX_INT_BITS} bits, about ` +
        `${Math.floor(MAX_INT_BITS * Math.LOG10E * Math.LN2)} digits)`,
    );
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
  const x = big(a),
    y = big(b);
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
  const x = big(a),
    y = big(b);
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
    let result = 1,
      base = a,
      n = e;
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
    throw new PyError(
      'LimitError',
      `${a}**${e} is too large (about ${formatDigits(digits)} digits; integers are limited to ${MAX_INT_BITS} bits)`,
    );
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
  const x = big(a),
    y = big(b);
  const negative = x < 0n !== y < 0n;
  const q = ratioToFloat(x < 0n ? -x : x, y < 0n ? -y : y);
  if (!Number.isFinite(q)) throw new PyError('OverflowError', 'integer division result too large for a float');
  return negative ? -q : q;
}

/** round(int, ndigits): exact, half to even for negative ndigits. */
export function intRound(a: Int, ndigits: Int): Int {
  if (ndigits >= 0) return a;
  if (ndigits < -(MAX_INT_BITS / 3)) return 0; // 10**-ndigits exceeds twice any allowed int
  const p = 10n ** BigInt(-Number(ndigits));
  const x = big(a);
  let q = x / p,
    r = x % p;
  if (r < 0n) {
    q -= 1n;
    r += p;
  }
  if (2n * r > p || (2n * r === p && (q & 1n) === 1n)) q += 1n;
  return normInt(q * p);
}
