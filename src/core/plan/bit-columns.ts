// Columns of whole numbers packed into as few bits as their range needs, for a stored plan: a 0/1
// feature or a week's calls take one bit per beneficiary, ages 6-40 six bits, a 2-state week one bit.
// Value i of a column sits at bits i*width .. i*width + width - 1, least significant bit first. The
// register's features are already columns (feature-table.ts): a byte column packs by a pass over it.
import { clearedTail } from './bit-plane.ts';
import { packBits, packedBytes, packWords, unpackBits } from './bit-pack.ts';
import { isPlane, narrowColumn, type FeatureTable, type FeatureValues } from '../instance/feature-table.ts';

/**
 * A feature column: whole numbers as (value - offset) in `width` bits (0 when constant), NaN marked in `missing`; or
 * doubles as they are.
 */
export type PackedColumn =
  | { type: 'bits'; width: number; offset: number; data: Uint8Array; missing: Uint8Array | null }
  | { type: 'f64'; data: Float64Array };

/** A week's states at `width` bits each; unobserved states (255) marked in `missing` (null: all observed). */
export interface PackedPlane {
  data: Uint8Array;
  missing: Uint8Array | null;
}

/** The widest packed column: wider whole numbers are kept as doubles. */
export const MAX_WIDTH = 24;
/** A state not observed (register.ts MISSING, repeated to keep this module free of imports). */
const MISSING = 255;

export const bitsFor = (x: number): number => (x <= 0 ? 0 : 32 - Math.clz32(x));

/** The feature columns of a register's table, each in its narrowest exact form (a byte column's bits: near a copy). */
export function packFeatures(table: FeatureTable): PackedColumn[] {
  return table.columns.map((c) => packFeatureColumn(c, table.numArms));
}

/** One column of N values in its narrowest exact form. */
export function packFeatureColumn(c: FeatureValues, N: number): PackedColumn {
  if (isPlane(c)) return planeColumn(c.bits, N);
  let lo = Infinity,
    hi = -Infinity,
    exact = true,
    nans = false;
  if (c instanceof Uint8Array) {
    // bytes: whole, never NaN. A 0/1 column (most of a register's) packs in one pass of words.
    const bits = zeroOneBits(c, N);
    if (bits) return bits;
    // (a loop of its own, so that each stays monomorphic)
    let a = 255,
      b = 0;
    for (let i = 0; i < N; i++) {
      const v = c[i];
      if (v < a) a = v;
      if (v > b) b = v;
    }
    if (N > 0) [lo, hi] = [a, b];
  } else {
    for (let i = 0; i < N; i++) {
      const v = c[i];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      // Whole numbers only; NaN is marked missing, -0 and infinities keep the column in doubles.
      if (v !== Math.floor(v) || (v === 0 && 1 / v < 0)) {
        if (v !== v) nans = true;
        else exact = false;
      }
    }
  }
  const allNaN = lo === Infinity;
  const span = allNaN ? 0 : hi - lo;
  if (!exact || !(span < 2 ** MAX_WIDTH)) return { type: 'f64', data: c as Float64Array };
  const width = bitsFor(span),
    offset = allNaN ? 0 : lo;
  let missing: Uint8Array | null = null;
  if (nans) {
    missing = new Uint8Array(packedBytes(N, 1));
    for (let i = 0; i < N; i++) if (c[i] !== c[i]) missing[i >> 3] |= 1 << (i & 7);
  }
  if (width === 1 && offset === 0 && c instanceof Uint8Array)
    return { type: 'bits', width, offset, data: packBits(c), missing };
  if (width === 8 && offset === 0 && c instanceof Uint8Array)
    return { type: 'bits', width, offset, data: c.slice(), missing };
  return { type: 'bits', width, offset, data: packWidth(c, N, width, offset, NaN), missing };
}

/** The table of packed columns (checked: packedColumnProblem): bytes where every value is one, else doubles. */
export function unpackFeatures(columns: readonly PackedColumn[], numArms: number): FeatureTable {
  return { numArms, columns: columns.map((c) => unpackColumn(c, numArms)) };
}

function unpackColumn(c: PackedColumn, N: number): FeatureValues {
  if (c.type === 'f64') return c.data;
  const w = c.width,
    off = c.offset,
    data = c.data;
  const bytes = !c.missing && off >= 0 && off + 2 ** w - 1 <= 255;
  if (bytes && w === 8 && off === 0) return data.slice();
  // a yes/no column stays the file's bits (bit-plane.ts); stray bits past the N-th (never written) cleared
  if (bytes && w === 1 && off === 0)
    return { bits: N & 7 && data[data.length - 1] >> (N & 7) ? clearedTail(data, N) : data, length: N };
  const out = bytes ? new Uint8Array(N) : new Float64Array(N);
  if (w === 0) out.fill(off);
  else {
    const mask = 2 ** w - 1;
    let o = 0,
      a = 0,
      b = 0;
    for (let i = 0; i < N; i++) {
      while (b < w) {
        a |= data[o++] << b;
        b += 8;
      }
      out[i] = (a & mask) + off;
      a >>>= w;
      b -= w;
    }
  }
  const miss = c.missing;
  if (miss) for (let i = 0; i < N; i++) if ((miss[i >> 3] >> (i & 7)) & 1) out[i] = NaN;
  return out instanceof Float64Array ? narrowColumn(out) : out;
}

/** Why a column cannot hold numArms values, or null. */
export function packedColumnProblem(c: PackedColumn, numArms: number): string | null {
  if (c.type === 'f64') return c.data.length === numArms ? null : `holds ${c.data.length} values, expected ${numArms}`;
  if (!(Number.isInteger(c.width) && c.width >= 0 && c.width <= MAX_WIDTH))
    return `has a width of ${String(c.width)} bits; a packed column is 0 to ${MAX_WIDTH} bits wide`;
  if (!Number.isSafeInteger(c.offset) || !Number.isSafeInteger(c.offset + 2 ** c.width))
    return `has an offset of ${String(c.offset)}; it must be a whole number`;
  if (c.data.length !== packedBytes(numArms, c.width))
    return (
      `holds ${c.data.length} bytes, expected ${packedBytes(numArms, c.width)} (${numArms} values of ` +
      `${c.width} bits)`
    );
  if (c.missing && c.missing.length !== packedBytes(numArms, 1))
    return `"missing" holds ${c.missing.length} bytes, expected ${packedBytes(numArms, 1)}`;
  return null;
}

/**
 * A byte column of 0/1 values packed as packFeatureColumn would (a bit a value; width 0 when constant),
 * or null when some value is neither: one pass of words for the range and the bits together.
 */
function zeroOneBits(c: Uint8Array, N: number): PackedColumn | null {
  if (N < 8 || c.byteOffset % 4 !== 0 || c.length !== N) return null;
  const whole = N & ~7,
    data = new Uint8Array(packedBytes(N, 1));
  if (!packWords(c, data, whole)) return null;
  let any = 0,
    all = 1;
  for (let i = whole; i < N; i++) {
    const v = c[i];
    if (v > 1) return null;
    if (v) data[i >> 3] |= 1 << (i & 7);
    any |= v;
    all &= v;
  }
  // every bit of the whole bytes set (or none), from the packed bytes: 8 values a byte
  for (let i = 0; i < whole >> 3; i++) {
    any |= data[i];
    all &= data[i] === 255 ? 1 : 0;
  }
  if (any === 0) return { type: 'bits', width: 0, offset: 0, data: new Uint8Array(0), missing: null };
  if (all === 1) return { type: 'bits', width: 0, offset: 1, data: new Uint8Array(0), missing: null };
  return { type: 'bits', width: 1, offset: 0, data, missing: null };
}

/** A week's states (0..S-1, or 255 unobserved) at `width` bits each. */
export function packStates(states: Uint8Array, width: number): PackedPlane {
  const N = states.length;
  // 2 states, all observed (the usual week): its bits in one pass of words, no scan for the unobserved first
  if (width === 1 && N >= 8 && states.byteOffset % 4 === 0) {
    const whole = N & ~7,
      data = new Uint8Array(packedBytes(N, 1));
    let ok = packWords(states, data, whole);
    for (let i = whole; ok && i < N; i++) {
      if (states[i] > 1) ok = false;
      else if (states[i]) data[i >> 3] |= 1 << (i & 7);
    }
    if (ok) return { data, missing: null };
  }
  let missing: Uint8Array | null = null;
  for (let arm = 0; arm < N; arm++) {
    if (states[arm] !== MISSING) continue;
    missing ??= new Uint8Array(packedBytes(N, 1));
    missing[arm >> 3] |= 1 << (arm & 7);
  }
  if (width === 1 && !missing) return { data: packBits(states), missing };
  return { data: packWidth(states, N, width, 0, MISSING), missing };
}

/**
 * `N` values at `width` bits each, least significant bit first: v - offset, and 0 for a NaN or an `absent` value
 * (marked missing apart). The general packing of a feature column and of a week's states.
 */
function packWidth(
  values: Uint8Array | Float64Array,
  N: number,
  width: number,
  offset: number,
  absent: number,
): Uint8Array {
  const out = new Uint8Array(packedBytes(N, width));
  if (width === 0) return out;
  let a = 0,
    b = 0,
    o = 0;
  for (let i = 0; i < N; i++) {
    const v = values[i];
    a |= (v === v && v !== absent ? v - offset : 0) << b;
    b += width;
    while (b >= 8) {
      out[o++] = a & 255;
      a >>>= 8;
      b -= 8;
    }
  }
  if (b > 0) out[o] = a & 255;
  return out;
}

/** The states of a packed week (numArms values); the caller checks lengths and that each is below S. */
export function unpackStates(plane: PackedPlane, width: number, numArms: number): Uint8Array {
  const states = width === 1 ? unpackBits(plane.data, numArms) : new Uint8Array(numArms);
  if (width !== 1) {
    const data = plane.data,
      mask = (1 << width) - 1;
    let a = 0,
      b = 0,
      o = 0;
    for (let arm = 0; arm < numArms; arm++) {
      while (b < width) {
        a |= data[o++] << b;
        b += 8;
      }
      states[arm] = a & mask;
      a >>>= width;
      b -= width;
    }
  }
  const miss = plane.missing;
  if (miss) for (let arm = 0; arm < numArms; arm++) if ((miss[arm >> 3] >> (arm & 7)) & 1) states[arm] = MISSING;
  return states;
}

/** A plane of N values packed as packFeatureColumn packs the same values a byte each (width 0 when constant). */
export function planeColumn(bits: Uint8Array, N: number): PackedColumn {
  const whole = N >> 3;
  let any = 0,
    all = 255;
  for (let i = 0; i < whole; i++) {
    any |= bits[i];
    all &= bits[i];
  }
  const tail = N & 7 ? bits[whole] & ((1 << (N & 7)) - 1) : 0;
  const full = (1 << (N & 7)) - 1;
  if ((any | tail) === 0) return { type: 'bits', width: 0, offset: 0, data: new Uint8Array(0), missing: null };
  if (all === 255 && tail === full)
    return { type: 'bits', width: 0, offset: 1, data: new Uint8Array(0), missing: null };
  const data = bits.length === packedBytes(N, 1) ? bits : bits.slice(0, packedBytes(N, 1));
  return { type: 'bits', width: 1, offset: 0, data, missing: null };
}
