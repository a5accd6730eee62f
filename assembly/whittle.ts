// Whittle indices of 2-state arms (the S-state sweep is in whittle-s.ts): the closed form reads only what it
// needs, 48 bytes per arm in pairs of arms (packArms2 makes that layout from the engine's rows).

/** [1.0, 1.0]: loaded, not built, in the loop (V8 would rebuild a v128 constant at every use). */
const ONES: usize = memory.data<f64>([1.0, 1.0]);

/**
 * Closed-form Whittle indices of 2-state arms (derivation in docs/ARCHITECTURE.md).
 *
 * arms: f64, ceil(numArms / 2) blocks of 12 values (96 bytes), the pair layout of packArms2: for arms 2k and
 *       2k + 1 side by side, q00, q01, q10, q11 (q_sa = P(next = 1 | s, a)), r0, r1. When numArms is odd, the
 *       second lane of the last block is read but not used.
 * out:  f64, numArms x 2 states, the index W[n, s].
 * beta: discount in [0, 1).
 *
 * Two arms per f64x2, each lane doing the bench reference's scalar arithmetic in its order (beta*g/D left to
 * right), so the output is bit-identical to it and to the reference twin (test/reference/whittle2.ts).
 */
export function whittle2(numArms: i32, arms: usize, beta: f64, out: usize): void {
  const vbeta = f64x2.splat(beta);
  const pairs = <usize>(numArms >> 1);
  let p = arms, o = out;
  const end2 = arms + (pairs >> 1) * 192;
  for (; p < end2; p += 192, o += 64) {
    pairOfArms(p, vbeta, o, true);
    pairOfArms(p + 96, vbeta, o + 32, true);
  }
  if (pairs & 1) {
    pairOfArms(p, vbeta, o, true);
    p += 96;
    o += 32;
  }
  if (numArms & 1) pairOfArms(p, vbeta, o, false);
}

/**
 * whittle2 straight from staged engine rows, the pair layout made in registers (no packArms2 pass): transitions f64
 * numArms x 2 x 2 x 2 (P(next = 1 | s, a) of arm n at ((n*2 + s)*2 + a)*2 + 1), rewards f64 numArms x 2; out as
 * whittle2. The same lanes and operations as packArms2 then whittle2, so the same bits.
 */
export function whittle2Rows(numArms: i32, transitions: usize, rewards: usize, beta: f64, out: usize): void {
  const vbeta = f64x2.splat(beta);
  const pairs = <usize>(numArms >> 1);
  let t = transitions, r = rewards, o = out;
  const end = transitions + pairs * 128;
  for (; t < end; t += 128, r += 32, o += 32) rowsPair(t, t + 64, r, r + 16, vbeta, o, true);
  if (numArms & 1) rowsPair(t, t, r, r, vbeta, o, false);
}

// @ts-ignore: decorator
@inline
function rowsPair(ta: usize, tb: usize, ra: usize, rb: usize, vbeta: v128, o: usize, both: bool): void {
  const q00 = v128.shuffle<f64>(v128.load(ta, 0), v128.load(tb, 0), 1, 3);
  const q01 = v128.shuffle<f64>(v128.load(ta, 16), v128.load(tb, 16), 1, 3);
  const q10 = v128.shuffle<f64>(v128.load(ta, 32), v128.load(tb, 32), 1, 3);
  const q11 = v128.shuffle<f64>(v128.load(ta, 48), v128.load(tb, 48), 1, 3);
  const a = v128.load(ra), b = v128.load(rb);
  closedForm(q00, q01, q10, q11, v128.shuffle<f64>(a, b, 0, 2), v128.shuffle<f64>(a, b, 1, 3), vbeta, o, both);
}

/**
 * The closed form on the block of two arms at p, W written at o (both arms, or the first only). Per lane:
 * g_s = (q_s1 - q_s0) dr, dp = 1 - beta (q10 - q00), da = 1 - beta (q11 - q01); the state with the larger g
 * (state 0 on a tie) gets W_top = beta g_top / dp, the other min(beta g_other / da, W_top).
 */
// @ts-ignore: decorator
@inline
function pairOfArms(p: usize, vbeta: v128, o: usize, both: bool): void {
  const q00 = v128.load(p, 0), q01 = v128.load(p, 16), q10 = v128.load(p, 32), q11 = v128.load(p, 48);
  closedForm(q00, q01, q10, q11, v128.load(p, 64), v128.load(p, 80), vbeta, o, both);
}

/** The closed form of two arms, one per lane, from their six inputs (whittle2's doc has the steps). */
// @ts-ignore: decorator
@inline
function closedForm(
  q00: v128, q01: v128, q10: v128, q11: v128, r0: v128, r1: v128, vbeta: v128, o: usize, both: bool,
): void {
  const one = v128.load(ONES);
  const dr = f64x2.sub(r1, r0);
  const g0 = f64x2.mul(f64x2.sub(q01, q00), dr), g1 = f64x2.mul(f64x2.sub(q11, q10), dr);
  const dp = f64x2.sub(one, f64x2.mul(vbeta, f64x2.sub(q10, q00)));
  const da = f64x2.sub(one, f64x2.mul(vbeta, f64x2.sub(q11, q01)));
  const top0 = f64x2.ge(g0, g1);
  // pmax(g0, g1) is g0 when g0 >= g1, else g1 (the select by top0, in one instruction); pmin(g1, g0) the other
  const wTop = f64x2.div(f64x2.mul(vbeta, f64x2.pmax(g0, g1)), dp);
  const x = f64x2.div(f64x2.mul(vbeta, f64x2.pmin(g1, g0)), da);
  // min(x, wTop) as f64x2.min gives it for numbers (-0 below +0): both pmin orders agree but on +-0, OR-ed to -0
  const wOther = v128.or(f64x2.pmin(x, wTop), f64x2.pmin(wTop, x));
  // W0 = top0 ? wTop : wOther, W1 the other: swap the lanes where top0 by xor
  const swap = v128.and(v128.xor(wTop, wOther), top0);
  const w0 = v128.xor(wOther, swap), w1 = v128.xor(wTop, swap);
  v128.store(o, v128.shuffle<f64>(w0, w1, 0, 2));
  if (both) v128.store(o, v128.shuffle<f64>(w0, w1, 1, 3), 16);
}

/**
 * The pair layout of whittle2 from the engine's rows: transitions f64 numArms x 2 x 2 x 2 (P(next = 1 | s, a)
 * of arm n at ((n*2 + s)*2 + a)*2 + 1) and rewards f64 numArms x 2; out: armPairBytes(numArms) bytes. When
 * numArms is odd, the last arm fills both lanes of its block.
 */
export function packArms2(numArms: i32, transitions: usize, rewards: usize, out: usize): void {
  const pairs = <usize>(numArms >> 1);
  let t = transitions, r = rewards, o = out;
  const end = transitions + pairs * 128;
  for (; t < end; t += 128, r += 32, o += 96) packPair(t, t + 64, r, r + 16, o);
  if (numArms & 1) packPair(t, t, r, r, o);
}

// @ts-ignore: decorator
@inline
function packPair(ta: usize, tb: usize, ra: usize, rb: usize, o: usize): void {
  v128.store(o, v128.shuffle<f64>(v128.load(ta, 0), v128.load(tb, 0), 1, 3), 0);
  v128.store(o, v128.shuffle<f64>(v128.load(ta, 16), v128.load(tb, 16), 1, 3), 16);
  v128.store(o, v128.shuffle<f64>(v128.load(ta, 32), v128.load(tb, 32), 1, 3), 32);
  v128.store(o, v128.shuffle<f64>(v128.load(ta, 48), v128.load(tb, 48), 1, 3), 48);
  const a = v128.load(ra), b = v128.load(rb);
  v128.store(o, v128.shuffle<f64>(a, b, 0, 2), 64);
  v128.store(o, v128.shuffle<f64>(a, b, 1, 3), 80);
}

/** Bytes of the pair layout of numArms arms (96 per two arms). */
export function armPairBytes(numArms: i32): i32 {
  return ((numArms + 1) >> 1) * 96;
}
