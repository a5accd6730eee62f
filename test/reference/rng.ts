// The counter-based generator of shared/bench/README.md, in plain TypeScript (slow twin of assembly/rng.ts).

export const GOLD = 0x9e3779b9;
export const STREAM = { arms: 1, initial: 2, transition: 3, ties: 4, randomPolicy: 5 } as const;

export function mix32(x: number): number {
  x >>>= 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

export function streamKey(seed: number, stream: number): number {
  return mix32(mix32((seed + GOLD) >>> 0) ^ Math.imul(stream, 0x85ebca6b));
}

/** The raw 32-bit draw m; U = m * 2^-32. */
export function draw32(key: number, counter: number): number {
  return mix32((key + Math.imul(counter >>> 0, GOLD)) >>> 0);
}

export function uniform(key: number, counter: number): number {
  return draw32(key, counter) * 2 ** -32;
}

/** floor(m * n / 2^32), computed exactly in halves of 16 bits. */
export function below(key: number, counter: number, n: number): number {
  const m = draw32(key, counter);
  const hi = (m >>> 16) * n,
    lo = (m & 0xffff) * n;
  return Math.floor((hi + Math.floor(lo / 65536)) / 65536);
}

/** The inverse of an odd number modulo 2^32 (Newton's iteration). */
function inverseOdd(a: number): number {
  let x = a;
  for (let k = 0; k < 5; k++) x = Math.imul(x, 2 - Math.imul(a, x));
  return x >>> 0;
}

/** The inverse of mix32 (each step is a bijection of 32-bit words). */
export function unmix32(y: number): number {
  y >>>= 0;
  y ^= y >>> 16;
  y = Math.imul(y, inverseOdd(0x846ca68b)) >>> 0;
  y = (y ^ (y >>> 15) ^ (y >>> 30)) >>> 0;
  y = Math.imul(y, inverseOdd(0x7feb352d)) >>> 0;
  y ^= y >>> 16;
  return y >>> 0;
}

/** The counter c with draw32(key, c) = m: every draw value occurs at exactly one counter of a stream. */
export function counterOfDraw(key: number, m: number): number {
  return Math.imul((unmix32(m) - key) >>> 0, inverseOdd(GOLD)) >>> 0;
}
