// The 2-state path's states and actions as bit planes, one bit per arm and step: they are the current state and
// action (the selection walk probes a 125 KB plane at 10^6 arms, not a 1 MB byte array) and, over a window of 16
// steps, the history added to the occupancy at each flush (a step writes N/4 bytes of history instead of reading
// and writing a 4-byte word per arm).
//
// Layout in the `history` block (historyBytes(N) bytes), planeBytes(N) bytes per plane: 17 state planes (slot j:
// the states of step 16w + j of window w; slot 16 the first states of the next window), 16 action planes, and
// one for the walk's prefix (simulate.ts, walkFromPrefix).
// Bit k of the u16 at byte 2c of a plane is arm 16c + k.

/** Steps per history window. */
export const WINDOW: i32 = 16;

/** Bytes of one plane: 16 bytes per 128 arms (the flush reads 16 bytes of each plane at a time). */
// @ts-ignore: decorator
@inline
export function planeBytes(N: i32): usize {
  return <usize>((N + 127) >> 7) << 4;
}

/** Bytes of the history block of N 2-state arms (the host allocates this). */
export function historyBytes(numArms: i32): i32 {
  return <i32>(planeBytes(numArms) * (2 * WINDOW + 2));
}

/** Packs the 0/1 bytes of arms [from, N) (from a multiple of 16) into the plane. */
export function packBits(N: i32, from: i32, bytes: usize, plane: usize): void {
  let i = from;
  for (; i + 16 <= N; i += 16) {
    store<u16>(plane + (<usize>(i >> 4) << 1), <u16>i8x16.bitmask(i8x16.shl(v128.load(bytes + <usize>i), 7)));
  }
  if (i < N) {
    let bits: u32 = 0;
    for (let j = 0; i + j < N; j++) bits |= <u32>load<u8>(bytes + <usize>(i + j)) << <u32>j;
    store<u16>(plane + (<usize>(i >> 4) << 1), <u16>bits);
  }
}

/** The u16 histories of 128 arms, states then actions (arm a's at byte 2a). */
const HIST: usize = memory.data(512, 16);
/** The 16 columns of a 16 x 16 byte transpose. */
const COLS: usize = memory.data(256, 16);

/**
 * Adds the L steps of the window (slots 0..L-1) to the occupancy of state 1, the pulls and the trials with a pull.
 * Each arm's bits are gathered with step 16w + j in bit j, the order of the byte tables of discount weights at
 * `table` (buildWindowTables): 128 arms at a time, a 16 x 16 byte transpose of 16 planes, then a bitmask per arm.
 */
export function flushPlanes(
  N: i32, k: i32, planes: usize, table: usize, L: i32,
  occDisc: usize, occSteps: usize, pulls: usize, pulledTrials: usize, pulledInTrial: usize,
): void {
  const P = planeBytes(N);
  const acts = planes + P * <usize>(WINDOW + 1);
  const mask: u32 = L >= WINDOW ? 0xffff : ((<u32>1 << <u32>L) - 1);
  for (let base = 0; base < N; base += 128) {
    const go = <usize>(base >> 3);
    transposeHistories(planes + go, P, HIST);
    transposeHistories(acts + go, P, HIST + 256);
    const count = min(128, N - base);
    for (let q = 0; q < count; q++) {
      const i = base + q;
      const bits = <u32>load<u16>(HIST + (<usize>q << 1)) & mask;
      const a = <u32>load<u16>(HIST + 256 + (<usize>q << 1)) & mask;
      if (bits != 0) {
        const d = load<f64>(table + (<usize>(bits & 255) << 3)) + load<f64>(table + (<usize>(256 + (bits >>> 8)) << 3));
        const od = occDisc + (<usize>i << 3), os = occSteps + (<usize>i << 2);
        store<f64>(od, load<f64>(od) + d);
        store<u32>(os, load<u32>(os) + popcnt(bits));
      }
      if (a != 0) {
        const p = pulls + (<usize>i << 2);
        store<u32>(p, load<u32>(p) + popcnt(a));
        if (firstPullInTrial(pulledInTrial, i)) {
          const qq = pulledTrials + (<usize>i << 2);
          store<u32>(qq, load<u32>(qq) + 1);
        }
      }
    }
  }
}

/**
 * The 16-step histories of 128 arms from 16 planes (16 bytes of each at rows + j * stride): a 16 x 16 byte
 * transpose (unpacks of 8, 16, 32 and 64 bits), so column c holds byte c of every plane (arms 8c..8c+7), then
 * one bitmask per arm. Writes arm a's history (bit j = plane j) as the u16 at out + 2a.
 */
function transposeHistories(rows: usize, stride: usize, out: usize): void {
  // stage 1: rows 2p, 2p+1 -> 16-bit units (M[2p][j], M[2p+1][j]), columns 0..7 (lo) and 8..15 (hi)
  const r0 = v128.load(rows), r1 = v128.load(rows + stride);
  const r2 = v128.load(rows + 2 * stride), r3 = v128.load(rows + 3 * stride);
  const r4 = v128.load(rows + 4 * stride), r5 = v128.load(rows + 5 * stride);
  const r6 = v128.load(rows + 6 * stride), r7 = v128.load(rows + 7 * stride);
  const r8 = v128.load(rows + 8 * stride), r9 = v128.load(rows + 9 * stride);
  const r10 = v128.load(rows + 10 * stride), r11 = v128.load(rows + 11 * stride);
  const r12 = v128.load(rows + 12 * stride), r13 = v128.load(rows + 13 * stride);
  const r14 = v128.load(rows + 14 * stride), r15 = v128.load(rows + 15 * stride);
  const l0 = lo8(r0, r1), h0 = hi8(r0, r1), l1 = lo8(r2, r3), h1 = hi8(r2, r3);
  const l2 = lo8(r4, r5), h2 = hi8(r4, r5), l3 = lo8(r6, r7), h3 = hi8(r6, r7);
  const l4 = lo8(r8, r9), h4 = hi8(r8, r9), l5 = lo8(r10, r11), h5 = hi8(r10, r11);
  const l6 = lo8(r12, r13), h6 = hi8(r12, r13), l7 = lo8(r14, r15), h7 = hi8(r14, r15);
  // stage 2: rows 4q..4q+3 in 32-bit units; a: columns 0..3, b: 4..7, c: 8..11, d: 12..15
  const a0 = lo16(l0, l1), b0 = hi16(l0, l1), c0 = lo16(h0, h1), d0 = hi16(h0, h1);
  const a1 = lo16(l2, l3), b1 = hi16(l2, l3), c1 = lo16(h2, h3), d1 = hi16(h2, h3);
  const a2 = lo16(l4, l5), b2 = hi16(l4, l5), c2 = lo16(h4, h5), d2 = hi16(h4, h5);
  const a3 = lo16(l6, l7), b3 = hi16(l6, l7), c3 = lo16(h6, h7), d3 = hi16(h6, h7);
  // stage 3: rows 8u..8u+7 in 64-bit units, column pairs; stage 4: the two halves of the rows
  column2(lo32(a0, a1), lo32(a2, a3), 0);
  column2(hi32(a0, a1), hi32(a2, a3), 2);
  column2(lo32(b0, b1), lo32(b2, b3), 4);
  column2(hi32(b0, b1), hi32(b2, b3), 6);
  column2(lo32(c0, c1), lo32(c2, c3), 8);
  column2(hi32(c0, c1), hi32(c2, c3), 10);
  column2(lo32(d0, d1), lo32(d2, d3), 12);
  column2(hi32(d0, d1), hi32(d2, d3), 14);
  for (let c = 0; c < 16; c++) {
    const v = v128.load(COLS + (<usize>c << 4));
    const o = out + (<usize>c << 4);
    store<u16>(o, <u16>i8x16.bitmask(i8x16.shl(v, 7)));
    store<u16>(o, <u16>i8x16.bitmask(i8x16.shl(v, 6)), 2);
    store<u16>(o, <u16>i8x16.bitmask(i8x16.shl(v, 5)), 4);
    store<u16>(o, <u16>i8x16.bitmask(i8x16.shl(v, 4)), 6);
    store<u16>(o, <u16>i8x16.bitmask(i8x16.shl(v, 3)), 8);
    store<u16>(o, <u16>i8x16.bitmask(i8x16.shl(v, 2)), 10);
    store<u16>(o, <u16>i8x16.bitmask(i8x16.shl(v, 1)), 12);
    store<u16>(o, <u16>i8x16.bitmask(v), 14);
  }
}

/** Columns c and c+1 from their rows 0..7 (x) and 8..15 (y), into COLS. */
// @ts-ignore: decorator
@inline
function column2(x: v128, y: v128, c: i32): void {
  v128.store(COLS + (<usize>c << 4), v128.shuffle<i64>(x, y, 0, 2));
  v128.store(COLS + (<usize>(c + 1) << 4), v128.shuffle<i64>(x, y, 1, 3));
}

// @ts-ignore: decorator
@inline
function lo8(a: v128, b: v128): v128 {
  return v128.shuffle<i8>(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
}
// @ts-ignore: decorator
@inline
function hi8(a: v128, b: v128): v128 {
  return v128.shuffle<i8>(a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
}
// @ts-ignore: decorator
@inline
function lo16(a: v128, b: v128): v128 { return v128.shuffle<i16>(a, b, 0, 8, 1, 9, 2, 10, 3, 11); }
// @ts-ignore: decorator
@inline
function hi16(a: v128, b: v128): v128 { return v128.shuffle<i16>(a, b, 4, 12, 5, 13, 6, 14, 7, 15); }
// @ts-ignore: decorator
@inline
function lo32(a: v128, b: v128): v128 { return v128.shuffle<i32>(a, b, 0, 4, 1, 5); }
// @ts-ignore: decorator
@inline
function hi32(a: v128, b: v128): v128 { return v128.shuffle<i32>(a, b, 2, 6, 3, 7); }

/** Whether arm i is pulled for the first time in this trial (its bit of `pulledInTrial`, then set). */
// @ts-ignore: decorator
@inline
export function firstPullInTrial(pulledInTrial: usize, i: i32): bool {
  const at = pulledInTrial + <usize>(i >> 3), bit = <u32>1 << <u32>(i & 7);
  const byte = <u32>load<u8>(at);
  if (byte & bit) return false;
  store<u8>(at, <u8>(byte | bit));
  return true;
}
