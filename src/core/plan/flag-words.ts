// Passes over 0/1 byte flags (who may be called, who is excluded) four flags a word: at 10^6 arms a
// byte a step cost 2-4 ms a pass here, and a list made four of them (the exclusions flipped, the cooldown
// cleared, the eligible counted, then an even stride of them taken for the reasons' averages; the first two
// are now one pass, flipClearCalled, and the fill of the flags before them is gone; the stride takes a word a step
// without a branch). Each
// kernel reads the flags as little-endian words of four bytes (typed arrays are little-endian on every
// platform the app and the command line run on) and does the bytes that do not fill a word one by one;
// flags that are not all 0 or 1 (or whose bytes do not start on a word) take the byte-by-byte loop, the
// same answer as before. Twins: test/unit/core/plan/flag-words.test.ts.

/** The words of four whole bytes of `flags` (null when they do not start on a word). */
function wordsOf(flags: Uint8Array): Uint32Array | null {
  return flags.byteOffset % 4 === 0 ? new Uint32Array(flags.buffer, flags.byteOffset, flags.length >> 2) : null;
}

/** The sum of the flags (their count when each is 0 or 1). */
export function countFlags(flags: Uint8Array): number {
  const words = wordsOf(flags);
  let count = 0,
    other = 0;
  if (words) {
    // four 0/1 bytes summed by one multiply: their sum (at most 4) lands in the top byte, no carry into it
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      other |= w;
      count += Math.imul(w, 0x01010101) >>> 24;
    }
  }
  if (!words || other & 0xfefefefe) {
    count = 0;
    for (let i = 0; i < flags.length; i++) count += flags[i];
    return count;
  }
  for (let i = words.length * 4; i < flags.length; i++) count += flags[i];
  return count;
}

/**
 * Writes every `stride`-th flagged position from the first (any non-zero byte is flagged) to out[at], out[at + 1],
 * ...; returns the position in `out` after the last. A word of four flags is passed whole when it holds no taken one
 * (the count of flags to pass before the next taken is at least its flags), else its taken found by its bits (0/1
 * bytes: one bit a flag). `out` has room for the taken and one more.
 */
export function everyStrideth(flags: Uint8Array, stride: number, out: Int32Array, at: number): number {
  const words = wordsOf(flags);
  if (words && stride >= 4) return strideWords(flags, words, stride, out, at);
  if (words) {
    let n = at,
      left = 0,
      other = 0;
    for (let i = 0; i < words.length; i++) {
      let w = words[i],
        count = Math.imul(w, 0x01010101) >>> 24;
      other |= w;
      while (left < count) {
        count -= left + 1;
        for (; left > 0; left--) w &= w - 1;
        const low = w & -w;
        out[n++] = 4 * i + ((31 - Math.clz32(low)) >> 3);
        w ^= low;
        left = stride - 1;
      }
      left -= count;
    }
    if (!(other & 0xfefefefe)) return strideBytes(flags, words.length * 4, stride, out, n, left);
  }
  return strideBytes(flags, 0, stride, out, at, 0);
}

/**
 * everyStrideth for strides of 4 and more, a word of four flags a step without a branch (whether a word holds the
 * taken flag is a coin toss for the branch predictor: the loop above cost 1.7 ms a list at 10^6, most of it
 * mispredicted): a word holds at most one taken flag, found as the first byte whose prefix count of flags
 * (imul by 0x01010101: byte k sums bytes 0..k) passes the flags left to pass.
 */
function strideWords(flags: Uint8Array, words: Uint32Array, stride: number, out: Int32Array, at: number): number {
  let n = at,
    left = 0,
    other = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i],
      prefix = Math.imul(w, 0x01010101),
      count = prefix >>> 24;
    other |= w;
    const take = ((left - count) >> 31) & 1;
    // bytes whose prefix count reaches left + 1 (at most 4 when taken; each byte's difference stays positive)
    const reached = ((prefix | 0x80808080) - Math.imul(left + 1, 0x01010101)) & 0x80808080;
    out[n] = 4 * i + 4 - (Math.imul(reached >>> 7, 0x01010101) >>> 24);
    n += take;
    left += take * stride - count;
  }
  if (other & 0xfefefefe) return strideBytes(flags, 0, stride, out, at, 0);
  return strideBytes(flags, words.length * 4, stride, out, n, left);
}

/**
 * everyStrideth one step a byte from flags[from] on, `left` flagged arms to pass first: each arm written, kept when
 * taken (no branch on her flag, at random arms).
 */
function strideBytes(flags: Uint8Array, from: number, stride: number, out: Int32Array, at: number, left: number) {
  let n = at;
  for (let arm = from; arm < flags.length; arm++) {
    const el = -flags[arm] >>> 31,
      take = el & ((left - 1) >>> 31);
    out[n] = arm;
    n += take;
    left += take * stride - el;
  }
  return n;
}

/** out[i] = flags[i] ^ 1 for 0/1 flags (as the exclusion mask's, flipped into who may be called). */
export function flipFlags(flags: Uint8Array, out: Uint8Array): void {
  const words = wordsOf(flags),
    into = wordsOf(out);
  let i = 0;
  if (words && into && flags.length === out.length) {
    for (; i < words.length; i++) into[i] = words[i] ^ 0x01010101;
    i *= 4;
  }
  for (; i < flags.length; i++) out[i] = flags[i] ^ 1;
}

/** A nibble's four bits as four 0/1 bytes of a little-endian word. */
const SPREAD = Uint32Array.from({ length: 16 }, (_, x) => (x & 1) | ((x & 2) << 7) | ((x & 4) << 14) | ((x & 8) << 21));

/**
 * flags[arm] &= ~bit arm of the OR of `planes` (bit planes: bit arm & 7 of byte arm >> 3), for 0/1 flags: those
 * called in any of the weeks are no longer flagged. Eight flags a byte of the planes, as two words.
 */
export function clearCalled(flags: Uint8Array, planes: readonly Uint8Array[]): void {
  const N = flags.length,
    W = planes.length;
  if (W === 0) return;
  const words = wordsOf(flags);
  const bytes = Math.min(planes[0].length, Math.ceil(N / 8));
  let i = 0;
  if (words) {
    for (const whole = Math.min(bytes, N >> 3); i < whole; i++) {
      let b = 0;
      for (let w = 0; w < W; w++) b |= planes[w][i];
      words[2 * i] &= ~SPREAD[b & 15];
      words[2 * i + 1] &= ~SPREAD[(b >> 4) & 15];
    }
  }
  for (; i < bytes; i++) {
    let b = 0;
    for (let w = 0; w < W; w++) b |= planes[w][i];
    for (let arm = i * 8, end = Math.min(N, arm + 8); arm < end; b >>= 1, arm++) flags[arm] &= ~b & 1;
  }
}

/**
 * out[arm] = (excluded[arm] ^ 1) & ~bit arm of the OR of `planes`, for 0/1 flags: who may be called, the excluded and
 * those called in any of the weeks not, in one pass (flipFlags then clearCalled: two passes, and the list's fill of
 * the flags before them a third, 1-1.5 ms of a list at 10^6).
 */
export function flipClearCalled(excluded: Uint8Array, planes: readonly Uint8Array[], out: Uint8Array): void {
  const N = out.length,
    W = planes.length,
    words = wordsOf(excluded),
    into = wordsOf(out);
  if (W === 0 || !words || !into || excluded.length !== N) {
    flipFlags(excluded, out);
    clearCalled(out, planes);
    return;
  }
  const bytes = Math.min(planes[0].length, Math.ceil(N / 8));
  let i = 0;
  for (const whole = Math.min(bytes, N >> 3); i < whole; i++) {
    let b = 0;
    for (let w = 0; w < W; w++) b |= planes[w][i];
    into[2 * i] = (words[2 * i] ^ 0x01010101) & ~SPREAD[b & 15];
    into[2 * i + 1] = (words[2 * i + 1] ^ 0x01010101) & ~SPREAD[(b >> 4) & 15];
  }
  // the arms after the whole words of the planes: flipped, then cleared a byte at a time
  for (let arm = 8 * i; arm < N; arm++) out[arm] = excluded[arm] ^ 1;
  for (; i < bytes; i++) {
    let b = 0;
    for (let w = 0; w < W; w++) b |= planes[w][i];
    for (let arm = i * 8, end = Math.min(N, arm + 8); arm < end; b >>= 1, arm++) out[arm] &= ~b & 1;
  }
}
