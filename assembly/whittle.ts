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

/** Policy iteration converges in a few steps; this only guards against a numerical cycle. */
const MAX_POLICY_ITERATIONS: i32 = 200;

/**
 * Whittle indices of S-state arms by bisection on the passive subsidy lambda, with exact policy
 * evaluation at each probe (policy iteration, warm-started, each policy solved by Gaussian elimination).
 *
 * transitions: f64, numArms x S x 2 x S, P(next | s, a), row-major.
 * rewards:     f64, numArms x S, r[n, s] (any sign and scale).
 * out:         f64, numArms x S, the index W[n, s].
 * indexable:   u8,  numArms, 1 when the optimal action was found monotone in lambda in every state
 *              (checked between and around the computed indices and on a grid over the bracket), else 0.
 * work:        f64 scratch of at least S*(S+1) + 4*S values.
 * beta in [0, 1); tol: relative tolerance on lambda (stops when hi - lo <= tol * max(|lo|, |hi|),
 * or at an absolute floor of 1e-15 of the bracket for indices at 0).
 *
 * The bracket starts at +-beta * (max r - min r) / (1 - beta) (the 2-state closed form's bound) and is
 * doubled while it does not bracket a sign change, so rewards of any scale are handled.
 */
export function whittleS(
  numArms: i32, numStates: i32, transitions: usize, rewards: usize, beta: f64, tol: f64,
  out: usize, indexable: usize, work: usize,
): void {
  const S = numStates;
  const mat = work; // S x (S+1) augmented matrix
  const v = work + (<usize>(S * (S + 1)) << 3); // S values
  const pol = v + (<usize>S << 3); // S actions as f64 0/1
  const w = pol + (<usize>S << 3); // S indices being built
  const tmp = w + (<usize>S << 3);
  for (let n = 0; n < numArms; n++) {
    const t = transitions + (<usize>(n * S * 2 * S) << 3);
    const r = rewards + (<usize>(n * S) << 3);
    let rmin = load<f64>(r), rmax = rmin;
    for (let s = 1; s < S; s++) {
      const x = load<f64>(r + (<usize>s << 3));
      rmin = min(rmin, x);
      rmax = max(rmax, x);
    }
    const bound = (beta * (rmax - rmin)) / (1.0 - beta);
    const o = out + (<usize>(n * S) << 3);
    if (!(bound > 0.0)) {
      // Equal rewards (or beta = 0): acting never changes the value, so every index is 0.
      for (let s = 0; s < S; s++) store<f64>(o + (<usize>s << 3), 0.0);
      store<u8>(indexable + <usize>n, 1);
      continue;
    }
    for (let s = 0; s < S; s++) store<f64>(pol + (<usize>s << 3), 1.0);
    for (let s = 0; s < S; s++) {
      let hi = bound, lo = -bound;
      for (let k = 0; k < 64 && advantage(S, t, r, beta, hi, s, mat, v, pol) > 0.0; k++) hi *= 2.0;
      for (let k = 0; k < 64 && advantage(S, t, r, beta, lo, s, mat, v, pol) <= 0.0; k++) lo *= 2.0;
      const floor = 1e-15 * bound;
      while (hi - lo > max(tol * max(abs(lo), abs(hi)), floor)) {
        const mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        if (advantage(S, t, r, beta, mid, s, mat, v, pol) > 0.0) lo = mid;
        else hi = mid;
      }
      const x = 0.5 * (lo + hi);
      store<f64>(o + (<usize>s << 3), x);
      store<f64>(w + (<usize>s << 3), x);
    }
    store<u8>(indexable + <usize>n, checkIndexable(S, t, r, beta, bound, w, tmp, mat, v, pol) ? 1 : 0);
  }
}

/**
 * Whether the optimal policy at a set of probe subsidies is "active exactly in the states whose index
 * exceeds lambda": probes at the midpoints between the sorted indices, just outside them, and on a
 * 64-point grid over [-2 bound, 2 bound]. Probes within 1e-9 relative of an index are not judged there.
 */
function checkIndexable(S: i32, t: usize, r: usize, beta: f64, bound: f64, w: usize, sorted: usize, mat: usize, v: usize, pol: usize): bool {
  for (let s = 0; s < S; s++) store<f64>(sorted + (<usize>s << 3), load<f64>(w + (<usize>s << 3)));
  // insertion sort of S <= a few dozen values
  for (let i = 1; i < S; i++) {
    const x = load<f64>(sorted + (<usize>i << 3));
    let j = i - 1;
    while (j >= 0 && load<f64>(sorted + (<usize>j << 3)) > x) {
      store<f64>(sorted + (<usize>(j + 1) << 3), load<f64>(sorted + (<usize>j << 3)));
      j--;
    }
    store<f64>(sorted + (<usize>(j + 1) << 3), x);
  }
  const margin = 1e-6 * bound;
  const total = S + 1 + 65;
  for (let p = 0; p < total; p++) {
    let lambda: f64;
    if (p == 0) lambda = load<f64>(sorted) - margin;
    else if (p == S) lambda = load<f64>(sorted + (<usize>(S - 1) << 3)) + margin;
    else if (p < S) lambda = 0.5 * (load<f64>(sorted + (<usize>(p - 1) << 3)) + load<f64>(sorted + (<usize>p << 3)));
    else lambda = -2.0 * bound + (4.0 * bound * <f64>(p - S - 1)) / 64.0;
    optimalPolicy(S, t, r, beta, lambda, mat, v, pol);
    for (let s = 0; s < S; s++) {
      const ws = load<f64>(w + (<usize>s << 3));
      if (abs(lambda - ws) <= 1e-9 * max(abs(ws), bound)) continue;
      const adv = qDiff(S, t, r, beta, lambda, s, v);
      if (abs(adv) <= 1e-12 * bound) continue; // indifferent: either action is optimal
      if ((adv > 0.0) != (lambda < ws)) return false;
    }
  }
  return true;
}

/** Q(s, active) - Q(s, passive) at subsidy lambda, under the optimal values (warm-starts from pol). */
function advantage(S: i32, t: usize, r: usize, beta: f64, lambda: f64, s: i32, mat: usize, v: usize, pol: usize): f64 {
  optimalPolicy(S, t, r, beta, lambda, mat, v, pol);
  return qDiff(S, t, r, beta, lambda, s, v);
}

/** beta * sum_j (P(s,1,j) - P(s,0,j)) V[j] - lambda. */
// @ts-ignore: decorator
@inline
function qDiff(S: i32, t: usize, r: usize, beta: f64, lambda: f64, s: i32, v: usize): f64 {
  const p0 = t + (<usize>(s * 2 * S) << 3);
  const p1 = p0 + (<usize>S << 3);
  let ea = 0.0, ep = 0.0;
  for (let j = 0; j < S; j++) {
    const vj = load<f64>(v + (<usize>j << 3));
    ea += load<f64>(p1 + (<usize>j << 3)) * vj;
    ep += load<f64>(p0 + (<usize>j << 3)) * vj;
  }
  return beta * ea - (lambda + beta * ep);
}

/** Policy iteration from the policy in pol (f64 0/1 per state); leaves the optimal policy in pol and its values in v. */
function optimalPolicy(S: i32, t: usize, r: usize, beta: f64, lambda: f64, mat: usize, v: usize, pol: usize): void {
  const cols = S + 1;
  for (let iter = 0; iter < MAX_POLICY_ITERATIONS; iter++) {
    // (I - beta P_pol) V = r + lambda (1 - a)
    for (let s = 0; s < S; s++) {
      const a = load<f64>(pol + (<usize>s << 3));
      const row = mat + (<usize>(s * cols) << 3);
      const p = t + (<usize>((s * 2 + <i32>a) * S) << 3);
      for (let j = 0; j < S; j++) store<f64>(row + (<usize>j << 3), (s == j ? 1.0 : 0.0) - beta * load<f64>(p + (<usize>j << 3)));
      store<f64>(row + (<usize>S << 3), load<f64>(r + (<usize>s << 3)) + (a == 0.0 ? lambda : 0.0));
    }
    solve(S, mat, v);
    let changed = false;
    for (let s = 0; s < S; s++) {
      const d = qDiff(S, t, r, beta, lambda, s, v);
      const a = load<f64>(pol + (<usize>s << 3));
      // Switch only on a strict improvement, so that ties cannot make the iteration cycle.
      const scale = 1e-13 * (abs(lambda) + abs(load<f64>(v + (<usize>s << 3))) + 1e-300);
      if (a == 1.0 && d < -scale) { store<f64>(pol + (<usize>s << 3), 0.0); changed = true; }
      else if (a == 0.0 && d > scale) { store<f64>(pol + (<usize>s << 3), 1.0); changed = true; }
    }
    if (!changed) return;
  }
}

/** Solves the S x (S+1) augmented system in place (Gaussian elimination, partial pivoting) into x. */
function solve(S: i32, mat: usize, x: usize): void {
  const cols = S + 1;
  for (let c = 0; c < S; c++) {
    let piv = c;
    let best = abs(load<f64>(mat + (<usize>(c * cols + c) << 3)));
    for (let i = c + 1; i < S; i++) {
      const m = abs(load<f64>(mat + (<usize>(i * cols + c) << 3)));
      if (m > best) { best = m; piv = i; }
    }
    if (piv != c) {
      for (let j = c; j < cols; j++) {
        const a = mat + (<usize>(c * cols + j) << 3), b = mat + (<usize>(piv * cols + j) << 3);
        const tmp = load<f64>(a);
        store<f64>(a, load<f64>(b));
        store<f64>(b, tmp);
      }
    }
    const d = load<f64>(mat + (<usize>(c * cols + c) << 3));
    for (let i = c + 1; i < S; i++) {
      const f = load<f64>(mat + (<usize>(i * cols + c) << 3)) / d;
      if (f == 0.0) continue;
      for (let j = c; j < cols; j++) {
        const p = mat + (<usize>(i * cols + j) << 3);
        store<f64>(p, load<f64>(p) - f * load<f64>(mat + (<usize>(c * cols + j) << 3)));
      }
    }
  }
  for (let i = S - 1; i >= 0; i--) {
    let acc = load<f64>(mat + (<usize>(i * cols + S) << 3));
    for (let j = i + 1; j < S; j++) acc -= load<f64>(mat + (<usize>(i * cols + j) << 3)) * load<f64>(x + (<usize>j << 3));
    store<f64>(x + (<usize>i << 3), acc / load<f64>(mat + (<usize>(i * cols + i) << 3)));
  }
}
