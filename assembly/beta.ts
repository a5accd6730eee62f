// Beta draws of many cells at once, for the weekly plan's posterior draws (one Beta per beneficiary and
// (state, action) row). A Beta(a, b) draw is X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b), each by
// Marsaglia and Tsang's method (ACM TOMS 26(3), 2000): for shape k >= 1, d = k - 1/3, c = 1 / sqrt(9 d);
// draw z ~ N(0, 1), v = (1 + c z)^3, accept d v when u < 1 - 0.0331 z^4 (the squeeze, nearly always) or
// log u < z^2 / 2 + d - d v + d log v. Shapes below 1 use Gamma(k) = Gamma(k + 1) u^(1/k). Normals by the
// 256-layer ziggurat (Marsaglia and Tsang, J. Stat. Software 5(8), 2000), as numpy draws them.
//
// Randomness: a 64-bit counter-based generator (splitmix64's finalizer of key + counter * golden ratio),
// keyed by the seed (key = mix64(seed * 256 ^ STREAM_BETA)), cell c owning the counters c * 2^32 + j:
// X takes j = 1, 2, ..., Y j = 2^31 + 1, ... (a gamma takes a few draws; 2^31 is never reached). So a
// cell's Beta depends on (seed, c) only: the same whatever the chunking, the order or the thread.

/** 2^64 / golden ratio, the Weyl increment of splitmix64. */
const PHI: u64 = 0x9e3779b97f4a7c15;
/** The stream of Beta draws (assembly/rng.ts numbers streams 1-5). */
const STREAM_BETA: u64 = 6;
/** 2^-53 */
const TWO_M53: f64 = 1.1102230246251565e-16;

// @ts-ignore: decorator
@inline
function mix64(z: u64): u64 {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  return z ^ (z >> 31);
}

// The ziggurat's tables: layer i's x-coordinate scaled by 2^-52 (W), the 52-bit threshold of its
// rectangle (K) and the density at its edge (F), made once at instantiation.
const R: f64 = 3.6541528853610088;
const V: f64 = 0.00492867323399;
const M52: f64 = 4503599627370496.0;
const K = new StaticArray<u64>(256);
const W = new StaticArray<f64>(256);
const F = new StaticArray<f64>(256);
makeTables();

function makeTables(): void {
  let dn = R, tn = R;
  const q = V / Math.exp(-0.5 * dn * dn);
  unchecked((K[0] = <u64>((dn / q) * M52)));
  unchecked((K[1] = 0));
  unchecked((W[0] = q / M52));
  unchecked((W[255] = dn / M52));
  unchecked((F[0] = 1.0));
  unchecked((F[255] = Math.exp(-0.5 * dn * dn)));
  for (let i = 254; i >= 1; i--) {
    dn = Math.sqrt(-2.0 * Math.log(V / dn + Math.exp(-0.5 * dn * dn)));
    unchecked((K[i + 1] = <u64>((dn / tn) * M52)));
    tn = dn;
    unchecked((F[i] = Math.exp(-0.5 * dn * dn)));
    unchecked((W[i] = dn / M52));
  }
}

/** Draw j of a stream: 64 random bits. */
// @ts-ignore: decorator
@inline
function draw(key: u64, j: u64): u64 {
  return mix64(key + j * PHI);
}

/** U in (0, 1] from 64 random bits (53 of them). */
// @ts-ignore: decorator
@inline
function unit(bits: u64): f64 {
  return <f64><i64>((bits >> 11) + 1) * TWO_M53; // signed: one instruction (the value is below 2^63)
}

/**
 * Gamma(shape) from the stream key, draws start + 1, start + 2, ...: the ziggurat's normal z, Marsaglia and
 * Tsang's test, and for shapes below 1 the boost u^(1/shape) = exp(log(u) / shape).
 */
function gamma(shape: f64, key: u64, start: u64): f64 {
  let j = start;
  const k = shape < 1.0 ? shape + 1.0 : shape;
  const d = k - 1.0 / 3.0, c = 1.0 / Math.sqrt(9.0 * d);
  let g: f64 = 0;
  for (;;) {
    // z ~ N(0, 1): the ziggurat's rectangles nearly always, else its wedges or its tail.
    let z: f64 = 0;
    for (;;) {
      let r = draw(key, ++j);
      const layer = <i32>(r & 0xff);
      r >>= 8;
      const magnitude = (r >> 1) & 0x000fffffffffffff;
      // The sign from bit 8 of the draw, without a branch (a random branch is mispredicted half the time).
      z = reinterpret<f64>(reinterpret<u64>(<f64><i64>magnitude * unchecked(W[layer])) ^ (r << 63));
      if (magnitude < unchecked(K[layer])) break;
      if (layer == 0) {
        // The tail beyond R, by Marsaglia's method.
        let xx: f64 = 0, yy: f64 = 0;
        do {
          xx = -Math.log(unit(draw(key, ++j))) / R;
          yy = -Math.log(unit(draw(key, ++j)));
        } while (yy + yy <= xx * xx);
        z = (magnitude >> 8) & 1 ? -(R + xx) : R + xx;
        break;
      }
      const f = unchecked(F[layer]);
      if ((unchecked(F[layer - 1]) - f) * unit(draw(key, ++j)) + f < Math.exp(-0.5 * z * z)) break;
    }
    const t = 1.0 + c * z;
    if (t <= 0) continue;
    const v = t * t * t, u = unit(draw(key, ++j)), z2 = z * z;
    if (u < 1.0 - 0.0331 * z2 * z2 || Math.log(u) < 0.5 * z2 + d * (1.0 - v + Math.log(v))) {
      g = d * v;
      break;
    }
  }
  return shape < 1.0 ? g * Math.exp(Math.log(unit(draw(key, ++j))) / shape) : g;
}

/**
 * Beta draws of cells firstCell .. firstCell + count - 1 (a chunk: its cell 0 is cell firstCell).
 * alpha, beta: f64 x count, the Beta parameters. out: f64 x 2 count, the transitions' layout:
 * out[2i] = 1 - q, out[2i + 1] = q. A cell whose parameters are not both positive and finite gets NaN;
 * returns how many did.
 */
export function sampleBeta(count: i32, alpha: usize, beta: usize, seed: u32, firstCell: u32, out: usize): i32 {
  let invalid = 0;
  const seedKey = mix64((<u64>seed << 8) ^ STREAM_BETA);
  for (let i = 0; i < count; i++) {
    const a = load<f64>(alpha + (<usize>i << 3)), b = load<f64>(beta + (<usize>i << 3));
    const o = out + (<usize>i << 4);
    if (!(a > 0 && b > 0 && a < Infinity && b < Infinity)) {
      store<f64>(o, NaN);
      store<f64>(o, NaN, 8);
      invalid++;
      continue;
    }
    // X from the cell's draws 1, 2, ..., Y from draws 2^31 + 1, ... (a gamma takes a few).
    const base = (<u64>firstCell + <u64>i) << 32;
    const x = gamma(a, seedKey, base), y = gamma(b, seedKey, base | (<u64>1 << 31)), s = x + y;
    // Both underflow only for tiny shapes: split by the means then.
    const q = s > 0 ? x / s : a / (a + b);
    store<f64>(o, 1.0 - q);
    store<f64>(o, q, 8);
  }
  return invalid;
}

/** The ziggurat's tables, for the tests' twin: which 0 is K (as f64), 1 W, 2 F. */
export function betaTable(which: i32, layer: i32): f64 {
  const i = layer & 0xff;
  return which == 0 ? <f64>unchecked(K[i]) : which == 1 ? unchecked(W[i]) : unchecked(F[i]);
}
