// A small seeded generator for the TypeScript side (population generators, arm sampling):
// xoshiro128** seeded through splitmix32, so that any integer seed (including 0) gives a
// well-mixed state. Deterministic across platforms: only 32-bit integer arithmetic.

export interface Random {
  /** Uniform in [0, 1), 32 bits of resolution. */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Standard normal (Box-Muller; one value per call, the second is cached). */
  normal(): number;
  /** An index drawn from unnormalized non-negative weights. */
  categorical(weights: ArrayLike<number>): number;
  /** out[i] = next() for i = from .. to - 1, in order: the same numbers, without a call per number. */
  fill(out: Float64Array, from: number, to: number): void;
}

/** A generator seeded by a finite integer (numbers beyond 2^32 are folded in, so 2^32 + 1 differs from 1). */
export function seededRandom(seed: number): Random {
  if (!Number.isFinite(seed)) throw new Error(`seed must be a finite number, not ${seed}`);
  let sm = (seed >>> 0) ^ (Math.floor(Math.abs(seed) / 4294967296) * 0x9e3779b9);
  const splitmix = () => {
    sm = (sm + 0x9e3779b9) | 0;
    let z = sm;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix(),
    b = splitmix(),
    c = splitmix(),
    d = splitmix();
  if ((a | b | c | d) === 0) a = 1;
  const nextUint = () => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  const next = () => nextUint() / 4294967296;
  return {
    next,
    int: (n) => Math.floor(next() * n),
    normal: boxMuller(next),
    categorical(weights) {
      return categoricalAt(next, weights, 0, weights.length);
    },
    fill(out, from, to) {
      // nextUint with the state in locals (a loop over the closure's variables reads and writes them each time)
      let s0 = a,
        s1 = b,
        s2 = c,
        s3 = d;
      for (let i = from; i < to; i++) {
        const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
        const t = s1 << 9;
        s2 ^= s0;
        s3 ^= s1;
        s1 ^= s2;
        s0 ^= s3;
        s2 ^= t;
        s3 = rotl(s3, 11);
        out[i] = result / 4294967296;
      }
      a = s0;
      b = s1;
      c = s2;
      d = s3;
    },
  };
}

/**
 * Random.normal over the uniforms of `next` (a Random's next, or its numbers read from a block that Random.fill
 * filled): Box-Muller, one value per call, the second cached.
 */
export function boxMuller(next: () => number): () => number {
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const u = 1 - next(); // (0, 1]: log stays finite
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
}

/**
 * Random.categorical over weights[offset .. offset + length), drawn with `next` (a Random's next): the one
 * implementation, which hot loops call on a slice of a typed array without making a subarray per draw.
 */
export function categoricalAt(next: () => number, weights: ArrayLike<number>, offset: number, length: number): number {
  return categoricalOf(next(), weights, offset, length);
}

/** categoricalAt with its uniform u in [0, 1) drawn beforehand (by Random.fill, say). */
export function categoricalOf(u: number, weights: ArrayLike<number>, offset: number, length: number): number {
  let total = 0;
  for (let i = 0; i < length; i++) total += weights[offset + i];
  let x = u * total;
  for (let i = 0; i < length; i++) {
    x -= weights[offset + i];
    if (x < 0) return i;
  }
  for (let i = length - 1; i >= 0; i--) if (weights[offset + i] > 0) return i;
  return length - 1;
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
