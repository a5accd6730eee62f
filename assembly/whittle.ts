// Whittle indices of restless arms.

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
 * so the output is bit-identical to it.
 */
export function whittle2(numArms: i32, transitions: usize, rewards: usize, beta: f64, out: usize): void {
  for (let n = 0; n < numArms; n++) {
    const t = transitions + (<usize>n << 6); // 8 f64 per arm
    const q00 = load<f64>(t, 8);
    const q01 = load<f64>(t, 24);
    const q10 = load<f64>(t, 40);
    const q11 = load<f64>(t, 56);
    const r = rewards + (<usize>n << 4);
    const dr = load<f64>(r, 8) - load<f64>(r, 0);
    const g0 = (q01 - q00) * dr;
    const g1 = (q11 - q10) * dr;
    const dp = 1.0 - beta * (q10 - q00);
    const da = 1.0 - beta * (q11 - q01);
    let w0: f64, w1: f64;
    if (g0 >= g1) {
      w0 = (beta * g0) / dp;
      w1 = min((beta * g1) / da, w0);
    } else {
      w1 = (beta * g1) / dp;
      w0 = min((beta * g0) / da, w1);
    }
    const o = out + (<usize>n << 4);
    store<f64>(o, w0, 0);
    store<f64>(o, w1, 8);
  }
}
