// Exact rational -> float rounding, the last step of int / int, round(x, n) and the correctly
// rounded pow: no imports, so the int, float and pow modules can all build on it.

/** The number of bits of n >= 0 (0 for 0). */
export const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

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
