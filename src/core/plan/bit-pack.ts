// 0/1 bytes to bits and back, eight values a byte (value i is bit i & 7 of byte i >> 3), shared by the
// planes kept in memory (bit-plane.ts) and the columns written in PLAN.json (bit-columns.ts).

export const packedBytes = (count: number, width: number): number => Math.ceil((count * width) / 8);

/** 0/1 values (any non-zero is 1) as a bit plane, eight to a byte. */
export function packBits(values: Uint8Array): Uint8Array {
  const N = values.length,
    out = new Uint8Array(packedBytes(N, 1));
  const whole = N & ~7;
  if (values.byteOffset % 4 === 0 && packWords(values, out, whole)) {
    for (let i = whole; i < N; i++) if (values[i]) out[i >> 3] |= 1 << (i & 7);
    return out;
  }
  for (let i = 0; i < whole; i += 8) {
    out[i >> 3] =
      (values[i] ? 1 : 0) |
      (values[i + 1] ? 2 : 0) |
      (values[i + 2] ? 4 : 0) |
      (values[i + 3] ? 8 : 0) |
      (values[i + 4] ? 16 : 0) |
      (values[i + 5] ? 32 : 0) |
      (values[i + 6] ? 64 : 0) |
      (values[i + 7] ? 128 : 0);
  }
  for (let i = whole; i < N; i++) if (values[i]) out[i >> 3] |= 1 << (i & 7);
  return out;
}

export function unpackBits(data: Uint8Array, count: number): Uint8Array {
  const out = new Uint8Array(count);
  const whole = count & ~7;
  // Four values a word: a nibble's four 0/1 bytes from a table.
  const words = new Uint32Array(out.buffer, 0, whole >> 2);
  for (let i = 0, j = 0; j < words.length; i++, j += 2) {
    const x = data[i];
    words[j] = SPREAD[x & 15];
    words[j + 1] = SPREAD[x >> 4];
  }
  for (let i = whole; i < count; i++) out[i] = (data[i >> 3] >> (i & 7)) & 1;
  return out;
}

/** A nibble's four bits as four 0/1 bytes of a little-endian word. */
const SPREAD = Uint32Array.from({ length: 16 }, (_, x) => (x & 1) | ((x & 2) << 7) | ((x & 4) << 14) | ((x & 8) << 21));

/**
 * Packs the first `whole` values (a multiple of 8) four at a time when every one is 0 or 1: for a word
 * of four 0/1 bytes, imul by 0x10204080 moves byte i's bit to bit 28 + i with no carry into them.
 * Returns false (`out` then to be written again) when some value is neither.
 */
export function packWords(values: Uint8Array, out: Uint8Array, whole: number): boolean {
  const words = new Uint32Array(values.buffer, values.byteOffset, whole >> 2);
  let other = 0;
  for (let i = 0, j = 0; j < words.length; i++, j += 2) {
    const lo = words[j],
      hi = words[j + 1];
    other |= (lo | hi) & 0xfefefefe;
    out[i] = (Math.imul(lo, 0x10204080) >>> 28) | ((Math.imul(hi, 0x10204080) >>> 28) << 4);
  }
  return other === 0;
}
