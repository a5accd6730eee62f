// A finite double as an integer times a power of two, read from its bits: the exact form the
// correctly rounded pow (rounded-pow.ts, pow-fixed-point.ts) reasons with.

const view = new DataView(new ArrayBuffer(8));

/** x = mant * 2**exp exactly, mant an odd integer (x finite, x > 0). */
export function floatParts(x: number): { mant: number; exp: number } {
  view.setFloat64(0, x);
  const high = view.getUint32(0),
    low = view.getUint32(4);
  const biased = high >>> 20;
  const fraction = (high & 0xfffff) * 2 ** 32 + low;
  let mant = biased === 0 ? fraction : fraction + 2 ** 52;
  let exp = biased === 0 ? -1074 : biased - 1075;
  while (mant % 2 === 0) {
    mant /= 2;
    exp++;
  }
  return { mant, exp };
}

/** floor(log2 |x|) for a finite x != 0. */
export function binaryExponent(x: number): number {
  view.setFloat64(0, x);
  const biased = (view.getUint32(0) >>> 20) & 0x7ff;
  if (biased !== 0) return biased - 1023;
  const { mant, exp } = floatParts(Math.abs(x));
  return exp + integerBits(mant) - 1;
}

/** The number of bits of an integer 0 < n < 2**53 (Math.log2 rounds up just below a power of two). */
export function integerBits(n: number): number {
  const high = Math.floor(n / 2 ** 32);
  return high > 0 ? 64 - Math.clz32(high) : 32 - Math.clz32(n >>> 0);
}
