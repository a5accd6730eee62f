// The counter-based generator of docs/ARCHITECTURE.md ("Simulation"): a draw is a pure function of
// (seed, stream, counter), so results never depend on call order or on how trials are split.

/** The golden-ratio increment 0x9e3779b9. */
export const GOLD: u32 = 0x9e3779b9;

/**
 * Streams: 1 arms (bench generator), 2 initial states, 3 transitions, 4 ties at the budget cut, 5 the Random
 * policy.
 */
export const STREAM_INITIAL: u32 = 2;
export const STREAM_TRANSITION: u32 = 3;
export const STREAM_TIES: u32 = 4;
export const STREAM_RANDOM_POLICY: u32 = 5;

/** 2^-32 */
export const TWO_M32: f64 = 2.3283064365386963e-10;

/** The 32-bit finalizer (all arithmetic mod 2^32). */
// @ts-ignore: decorator
@inline
export function mix32(x: u32): u32 {
  x ^= x >>> 16;
  x *= 0x7feb352d;
  x ^= x >>> 15;
  x *= 0x846ca68b;
  x ^= x >>> 16;
  return x;
}

/** key(seed, stream) = mix32(mix32(seed + GOLD) ^ (stream * 0x85ebca6b)). */
export function streamKey(seed: u32, stream: u32): u32 {
  return mix32(mix32(seed + GOLD) ^ (stream * 0x85ebca6b));
}

/** The raw 32-bit draw; U(key, c) = draw32 * 2^-32. */
// @ts-ignore: decorator
@inline
export function draw32(key: u32, counter: u32): u32 {
  return mix32(key + counter * GOLD);
}

/** U(key(seed, stream), counter), a float64 in [0, 1). Exported for tests. */
export function uniform(seed: u32, stream: u32, counter: u32): f64 {
  return <f64>draw32(streamKey(seed, stream), counter) * TWO_M32;
}

/** floor(U * n) for n >= 1: a uniform integer in [0, n), bias below n / 2^32. */
// @ts-ignore: decorator
@inline
export function below(key: u32, counter: u32, n: u32): u32 {
  return <u32>((<u64>draw32(key, counter) * <u64>n) >>> 32);
}
