// Whittle indices of 2-state arms (the S-state sweep is in whittle-s.ts).

/**
 * Closed-form Whittle indices of 2-state arms (derivation in shared/bench/README.md).
 *
 * transitions: f64, numArms x 2 states x 2 actions x 2 next states, row-major;
 *              P(next = 1 | s, a) of arm n is at ((n*2 + s)*2 + a)*2 + 1.
 * rewards:     f64, numArms x 2 states, r[n, s].
 * out:         f64, numArms x 2 states, the index W[n, s].
 * beta:        discount in [0, 1).
 *
 * The order of operations follows the bench reference (beta*g/D left to right),
 * so the output is bit-identical to it (WASM SIMD, one arm per iteration).
 */
export function whittle2(numArms: i32, transitions: usize, rewards: usize, beta: f64, out: usize): void {
  // One arm per iteration, the two states in the two lanes of f64x2, so that the two divisions of
  // the closed form are one vector division. Each lane does the scalar arithmetic in the same order.
  const vbeta = f64x2.splat(beta);
  const one = f64x2.splat(1.0);
  for (let n = 0; n < numArms; n++) {
    const t = transitions + (<usize>n << 6); // 8 f64 per arm; P(next = 1 | s, a) at 8, 24, 40, 56
    const passive = f64x2.replace_lane(f64x2.splat(load<f64>(t, 8)), 1, load<f64>(t, 40)); // [q00, q10]
    const active = f64x2.replace_lane(f64x2.splat(load<f64>(t, 24)), 1, load<f64>(t, 56)); // [q01, q11]
    const r = rewards + (<usize>n << 4);
    const dr = f64x2.splat(load<f64>(r, 8) - load<f64>(r, 0));
    const g = f64x2.mul(f64x2.sub(active, passive), dr); // [g0, g1]
    const hi = v128.shuffle<f64>(passive, active, 1, 3); // [q10, q11]
    const lo = v128.shuffle<f64>(passive, active, 0, 2); // [q00, q01]
    const d = f64x2.sub(one, f64x2.mul(vbeta, f64x2.sub(hi, lo))); // [dp, da]
    const top0 = v128.shuffle<f64>(f64x2.ge(g, v128.shuffle<f64>(g, g, 1, 0)), g, 0, 0); // g0 >= g1 in both lanes
    const den = v128.bitselect(d, v128.shuffle<f64>(d, d, 1, 0), top0); // g0 >= g1 ? [dp, da] : [da, dp]
    const w = f64x2.div(f64x2.mul(vbeta, g), den);
    const m = f64x2.min(w, v128.shuffle<f64>(w, w, 1, 0));
    v128.store(out + (<usize>n << 4), v128.bitselect(v128.shuffle<f64>(w, m, 0, 3), v128.shuffle<f64>(m, w, 0, 3), top0));
  }
}
