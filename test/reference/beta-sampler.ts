// Slow, obviously correct twin of assembly/beta.ts (the engine's Beta sampler): the same draws written
// out plainly, the 64-bit generator in BigInt arithmetic and the ziggurat's tables made here, so that the
// kernel's bit tricks (the sign by XOR, the signed conversions, the inlined streams) are checked against
// the textbook steps. Its logs and exps are JavaScript's, so a value may differ from the kernel's in its
// last bits (the tables' too); the decisions are the same unless a comparison falls within those bits.
const MASK = (1n << 64n) - 1n;
const PHI = 0x9e3779b97f4a7c15n;
const STREAM_BETA = 6n;

function mix64(z: bigint): bigint {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}

// Marsaglia and Tsang's 256-layer ziggurat for N(0, 1): R the base layer's edge, V each layer's area.
const R = 3.6541528853610088,
  V = 0.00492867323399,
  M52 = 2 ** 52;
const K: bigint[] = new Array(256),
  W: number[] = new Array(256),
  F: number[] = new Array(256);
{
  let dn = R,
    tn = R;
  const q = V / Math.exp(-0.5 * dn * dn);
  K[0] = BigInt(Math.trunc((dn / q) * M52));
  K[1] = 0n;
  W[0] = q / M52;
  W[255] = dn / M52;
  F[0] = 1;
  F[255] = Math.exp(-0.5 * dn * dn);
  for (let i = 254; i >= 1; i--) {
    dn = Math.sqrt(-2 * Math.log(V / dn + Math.exp(-0.5 * dn * dn)));
    K[i + 1] = BigInt(Math.trunc((dn / tn) * M52));
    tn = dn;
    F[i] = Math.exp(-0.5 * dn * dn);
    W[i] = dn / M52;
  }
}

/** The draws key + j * PHI, j = start + 1, start + 2, ... */
class Stream {
  constructor(
    private readonly key: bigint,
    private j: bigint,
  ) {}
  bits(): bigint {
    this.j += 1n;
    return mix64((this.key + this.j * PHI) & MASK);
  }
  /** U in (0, 1]. */
  unit(): number {
    return Number((this.bits() >> 11n) + 1n) / 2 ** 53;
  }
}

function normal(s: Stream): number {
  for (;;) {
    let r = s.bits();
    const layer = Number(r & 0xffn);
    r >>= 8n;
    const magnitude = (r >> 1n) & ((1n << 52n) - 1n);
    const x = (r & 1n ? -1 : 1) * Number(magnitude) * W[layer];
    if (magnitude < K[layer]) return x;
    if (layer === 0) {
      for (;;) {
        const xx = -Math.log(s.unit()) / R,
          yy = -Math.log(s.unit());
        if (yy + yy > xx * xx) return (magnitude >> 8n) & 1n ? -(R + xx) : R + xx;
      }
    }
    if ((F[layer - 1] - F[layer]) * s.unit() + F[layer] < Math.exp(-0.5 * x * x)) return x;
  }
}

function gamma(shape: number, s: Stream): number {
  const k = shape < 1 ? shape + 1 : shape;
  const d = k - 1 / 3,
    c = 1 / Math.sqrt(9 * d);
  let g: number;
  for (;;) {
    const z = normal(s);
    const t = 1 + c * z;
    if (t <= 0) continue;
    const v = t * t * t,
      u = s.unit();
    if (u < 1 - 0.0331 * z ** 4 || Math.log(u) < 0.5 * z * z + d * (1 - v + Math.log(v))) {
      g = d * v;
      break;
    }
  }
  return shape < 1 ? g * Math.exp(Math.log(s.unit()) / shape) : g;
}

/** The kernel's contract: out[2c] = 1 - q, out[2c + 1] = q for cells firstCell + c; NaN for invalid parameters. */
export function referenceSampleBeta(
  alpha: Float64Array,
  beta: Float64Array,
  seed: number,
  firstCell = 0,
): Float64Array {
  const out = new Float64Array(alpha.length * 2);
  const key = mix64((BigInt(seed) << 8n) ^ STREAM_BETA);
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i],
      b = beta[i];
    if (!(a > 0 && b > 0 && a < Infinity && b < Infinity)) {
      out[2 * i] = out[2 * i + 1] = NaN;
      continue;
    }
    const cell = BigInt(firstCell + i) << 32n;
    const x = gamma(a, new Stream(key, cell)),
      y = gamma(b, new Stream(key, cell | (1n << 31n)));
    const q = x + y > 0 ? x / (x + y) : a / (a + b);
    out[2 * i] = 1 - q;
    out[2 * i + 1] = q;
  }
  return out;
}
