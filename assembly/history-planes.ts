// The 2-state path's states and actions as bit planes, one bit per arm and step: they are the current state and
// action (the selection walk probes a 125 KB plane at 10^6 arms, not a 1 MB byte array) and, over a window of 16
// steps, the history added to the occupancy at each flush (a step writes N/4 bytes of history instead of reading
// and writing a 4-byte word per arm). The loop is bound by memory traffic at 10^6 arms.
//
// Layout in the `history` block (historyBytes(N) bytes), planeBytes(N) bytes per plane: 17 state planes (slot j:
// the states of step 16w + j of window w; slot 16 the first states of the next window), then 16 action planes.
// Bit k of the u16 at byte 2c of a plane is arm 16c + k.

/** Steps per history window. */
export const WINDOW: i32 = 16;

/** Bytes of one plane: a u16 per 16 arms. */
// @ts-ignore: decorator
@inline
export function planeBytes(N: i32): usize {
  return <usize>((N + 15) >> 4) << 1;
}

/** Bytes of the history block of N 2-state arms (the host allocates this). */
export function historyBytes(numArms: i32): i32 {
  return <i32>(planeBytes(numArms) * (2 * WINDOW + 1));
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

/** Per-lane bit of the u16 of 16 arms: arms 0..7 and 8..15 of a chunk. */
const LANE_LO = i16x8(1, 2, 4, 8, 16, 32, 64, 128);
const LANE_HI = i16x8(256, 512, 1024, 2048, 4096, 8192, 16384, -32768);
/** 16 state histories then 16 action histories (u16) of one chunk. */
const CHUNK: usize = memory.data(64, 16);

/**
 * Adds the L steps of the window (slots 0..L-1) to the occupancy of state 1, the pulls and the trials with a pull.
 * Each arm's bits are gathered with the latest step in bit 0 and step 16w + j in bit L - 1 - j, the order of the
 * byte tables of discount weights at `table` (buildWindowTables).
 */
export function flushPlanes(N: i32, k: i32, planes: usize, table: usize, L: i32, occDisc: usize, occSteps: usize, pulls: usize, pulledTrials: usize, lastTrial: usize): void {
  const P = planeBytes(N);
  const acts = planes + P * <usize>(WINDOW + 1);
  const chunks = (N + 15) >> 4;
  for (let c = 0; c < chunks; c++) {
    const at = <usize>c << 1;
    let sLo = i16x8.splat(0), sHi = i16x8.splat(0), aLo = i16x8.splat(0), aHi = i16x8.splat(0);
    for (let j = 0; j < L; j++) {
      const sw = i16x8.splat(<i16>load<u16>(planes + P * <usize>j + at));
      const aw = i16x8.splat(<i16>load<u16>(acts + P * <usize>j + at));
      // (h << 1) | bit, the mask of a set bit being -1
      sLo = i16x8.sub(i16x8.shl(sLo, 1), i16x8.eq(v128.and(sw, LANE_LO), LANE_LO));
      sHi = i16x8.sub(i16x8.shl(sHi, 1), i16x8.eq(v128.and(sw, LANE_HI), LANE_HI));
      aLo = i16x8.sub(i16x8.shl(aLo, 1), i16x8.eq(v128.and(aw, LANE_LO), LANE_LO));
      aHi = i16x8.sub(i16x8.shl(aHi, 1), i16x8.eq(v128.and(aw, LANE_HI), LANE_HI));
    }
    v128.store(CHUNK, sLo);
    v128.store(CHUNK, sHi, 16);
    v128.store(CHUNK, aLo, 32);
    v128.store(CHUNK, aHi, 48);
    const base = c << 4;
    const count = min(16, N - base);
    for (let q = 0; q < count; q++) {
      const i = base + q;
      const bits = <u32>load<u16>(CHUNK + (<usize>q << 1));
      const a = <u32>load<u16>(CHUNK + 32 + (<usize>q << 1));
      if (bits != 0) {
        const d = load<f64>(table + (<usize>(bits & 255) << 3)) + load<f64>(table + (<usize>(256 + (bits >>> 8)) << 3));
        const od = occDisc + (<usize>i << 3), os = occSteps + (<usize>i << 3);
        store<f64>(od, load<f64>(od) + d);
        store<f64>(os, load<f64>(os) + <f64>popcnt(bits));
      }
      if (a != 0) {
        const p = pulls + (<usize>i << 3);
        store<f64>(p, load<f64>(p) + <f64>popcnt(a));
        const l = lastTrial + (<usize>i << 2);
        if (load<i32>(l) != k) {
          store<i32>(l, k);
          const qq = pulledTrials + (<usize>i << 3);
          store<f64>(qq, load<f64>(qq) + 1.0);
        }
      }
    }
  }
}
