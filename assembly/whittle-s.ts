// Whittle indices and the indexability verdict of S-state arms in one sweep: the algorithm of Gast, Gaujal
// and Khun ("Testing indexability and computing Whittle and Gittins index in subcubic time", Math. Methods of
// OR 2023, arXiv 2203.05207), discounted case, for rewards r(s) that do not depend on the action.
//
// Notation. A policy is a set of active states; p is its passive indicator, A = I - beta P^pi, Delta =
// beta (P^1 - P^0) and X = Delta A^-1. Under the policy, at subsidy lambda, the advantage of acting in state i is
//   delta_i(lambda) = beta (P^1_i - P^0_i) V - lambda = z_i - lambda (1 - y_i),   z = X r, y = X p,
// affine in lambda. The sweep starts from the all-active policy (optimal for lambda -> -inf), raises lambda to
// the first zero of an active state's advantage (that state's index), makes the state passive, and repeats.
// Making state s passive changes row s of A by the row s of Delta, so X changes by a rank-one term
// (Sherman-Morrison): X' = X - w X[s, :] with w = X[:, s] / (1 + X[s, s]), and y' = y + (1 - y[s]) w.
// The terms w are kept and applied lazily to the one column the next step needs, so a step costs O(k S);
// X itself is recomputed from scratch floor(2 S^0.1) times in all (the paper's safeguard against the
// accumulated rounding of the rank-one updates).
//
// Verdict (the paper's test): the arm is indexable iff, on each interval between consecutive indices, the
// passive states keep a negative advantage at the interval's right end (the advantages are affine on it, the
// active states' are positive by construction, so the policy of the sweep is then optimal on the whole
// interval, and the active set only shrinks as lambda grows). It is strongly indexable when moreover every
// advantage strictly decreases in lambda under every policy of the sweep (y < 1 throughout).
//
// A non-indexable arm still gets a value per state: the sweep is continued past the violation, so each state
// is ranked by the subsidy at which the sweep makes it passive; a state the sweep never makes passive (its
// advantage no longer decreases) gets the largest value reached. Documented in assembly/README.md.

export const VERDICT_NOT_INDEXABLE: u8 = 0;
export const VERDICT_INDEXABLE: u8 = 1;
export const VERDICT_STRONGLY_INDEXABLE: u8 = 2;

/** Row stride (in f64) of the S-long vectors: S rounded up to even, so that rows are f64x2-aligned. */
// @ts-ignore: decorator
@inline
function strideOf(S: i32): i32 {
  return (S + 1) & ~1;
}

/** f64 words of the `work` buffer of whittleS for S states. */
export function whittleSWorkSize(S: i32): i32 {
  const ld = strideOf(S);
  return S * 2 * ld + 4 * S * ld + 8 * ld + 8;
}

/**
 * Whittle indices and verdicts of S-state arms (S >= 2).
 *
 * transitions: f64, numArms x S x 2 x S, P(next | s, a), row-major.
 * rewards:     f64, numArms x S, r[n, s] (any sign and scale).
 * out:         f64, numArms x S, the index W[n, s].
 * verdict:     u8,  numArms: 0 not indexable, 1 indexable, 2 strongly indexable.
 * work:        f64 scratch of whittleSWorkSize(S) values, 16-byte aligned.
 * beta in [0, 1).
 */
export function whittleS(
  numArms: i32, numStates: i32, transitions: usize, rewards: usize, beta: f64, out: usize, verdict: usize, work: usize,
): void {
  const S = numStates;
  const ld = strideOf(S);
  const aug = work; // S rows of [A^T | Delta^T], each 2 ld; after the solve the right half holds Y = X^T
  const wrows = aug + (<usize>(S * 2 * ld) << 3); // S rows of ld: the rank-one terms w
  const z = wrows + (<usize>(S * ld) << 3);
  const y = z + (<usize>ld << 3);
  const v = y + (<usize>ld << 3);
  const pol = v + (<usize>ld << 3); // 1 active, 0 passive (f64)
  const removed = pol + (<usize>ld << 3); // the state removed at each step (f64)
  // per arm, transposed: pt0[s][j] = P(s | j, passive), pt1[s][j] = P(s | j, active)
  const pt0 = removed + (<usize>ld << 3);
  const pt1 = pt0 + (<usize>(S * ld) << 3);
  const count = <i32>floor(2.0 * Math.pow(<f64>S, 0.1));
  const every = S / (count > 1 ? count : 1);
  for (let n = 0; n < numArms; n++) {
    const t = transitions + (<usize>(n * S * 2 * S) << 3);
    const r = rewards + (<usize>(n * S) << 3);
    const o = out + (<usize>(n * S) << 3);
    let rmin = load<f64>(r), rmax = rmin;
    for (let s = 1; s < S; s++) {
      const x = load<f64>(r + (<usize>s << 3));
      rmin = min(rmin, x);
      rmax = max(rmax, x);
    }
    const bound = (beta * (rmax - rmin)) / (1.0 - beta);
    if (!(bound > 0.0)) {
      // Equal rewards (or beta = 0): acting never changes the value, so every index is 0.
      for (let s = 0; s < S; s++) store<f64>(o + (<usize>s << 3), 0.0);
      store<u8>(verdict + <usize>n, VERDICT_INDEXABLE);
      continue;
    }
    // advantages within zTol of 0 are ties; slopes 1 - y within yTol of 0 are flat
    const zTol = 1e-12 * bound, yTol = 1e-12;
    // pol[i]: all bits set while state i is active, 0 once passive (a mask for v128.bitselect); padding active
    memory.fill(pol, 0xff, <usize>ld << 3);
    memory.fill(pt0, 0, <usize>(2 * S * ld) << 3);
    for (let j = 0; j < S; j++) {
      const p0 = t + (<usize>(j * 2 * S) << 3), p1 = p0 + (<usize>S << 3);
      for (let s = 0; s < S; s++) {
        store<f64>(pt0 + (<usize>(s * ld + j) << 3), load<f64>(p0 + (<usize>s << 3)));
        store<f64>(pt1 + (<usize>(s * ld + j) << 3), load<f64>(p1 + (<usize>s << 3)));
      }
    }
    computeX(S, ld, pt0, pt1, beta, pol, aug);
    // y = 0 (no passive state), z = X r
    memory.fill(y, 0, <usize>ld << 3);
    valuesAt(S, ld, aug, r, pol, 0.0, y, z);
    let sigma = 0;
    for (let i = 1; i < S; i++) if (load<f64>(z + (<usize>i << 3)) < load<f64>(z + (<usize>sigma << 3))) sigma = i;
    let lambda = load<f64>(z + (<usize>sigma << 3));
    store<f64>(o + (<usize>sigma << 3), lambda);
    for (let i = 0; i < S; i++) store<f64>(z + (<usize>i << 3), load<f64>(z + (<usize>i << 3)) - lambda);
    let verdictN = VERDICT_STRONGLY_INDEXABLE;
    let k0 = 0;
    for (let k = 1; k < S; k++) {
      if (k > k0 + every) {
        // recompute X for the current policy (sigma still active), and y, z from it
        computeX(S, ld, pt0, pt1, beta, pol, aug);
        valuesAt(S, ld, aug, r, pol, lambda, y, z);
        k0 = k - 1;
      }
      store<u64>(pol + (<usize>sigma << 3), 0);
      store<f64>(removed + (<usize>k << 3), <f64>sigma);
      // v = column sigma of the current X: column sigma of the recomputed X, then the terms since
      const yt = aug + (<usize>ld << 3);
      memory.copy(v, yt + (<usize>(sigma * 2 * ld) << 3), <usize>ld << 3);
      for (let l = k0 + 1; l < k; l++) {
        const sl = <i32>load<f64>(removed + (<usize>l << 3));
        axpy(ld, -load<f64>(v + (<usize>sl << 3)), wrows + (<usize>(l * ld) << 3), v);
      }
      // 1 + X[sigma, sigma] = det(A') / det(A) is never 0 for beta < 1
      const c = 1.0 + load<f64>(v + (<usize>sigma << 3));
      const w = wrows + (<usize>(k * ld) << 3);
      scaleInto(ld, 1.0 / c, v, w);
      axpy(ld, 1.0 - load<f64>(y + (<usize>sigma << 3)), w, y);
      // the next active state to reach a zero advantage
      let next = -1;
      let mu = Infinity;
      for (let i = 0; i < S; i++) {
        if (load<u64>(pol + (<usize>i << 3)) == 0) continue;
        const zi = load<f64>(z + (<usize>i << 3)), slope = 1.0 - load<f64>(y + (<usize>i << 3));
        let m = Infinity;
        if (abs(zi) <= zTol) m = 0.0;
        else if (zi > 0.0 && slope > yTol) m = zi / slope;
        if (m < mu) { mu = m; next = i; }
      }
      if (next < 0) {
        // no active state's advantage ever reaches 0 under this policy: not indexable (see the header)
        verdictN = VERDICT_NOT_INDEXABLE;
        for (let i = 0; i < S; i++) if (load<u64>(pol + (<usize>i << 3)) != 0) store<f64>(o + (<usize>i << 3), lambda);
        break;
      }
      lambda += mu;
      store<f64>(o + (<usize>next << 3), lambda);
      // the advantages at the new lambda, z -= mu (1 - y); on an interval (previous lambda, lambda] of positive
      // length the sweep's policy must keep the passive states' advantages negative, and for strong
      // indexability every advantage must decrease (y < 1). (A step with mu = 0, between tied indices, passes
      // through a policy that is optimal at one point only.) Two lanes at a time; the padding lane is active
      // with y = 0, so it never counts.
      const muV = f64x2.splat(mu), oneV = f64x2.splat(1.0), tolV = f64x2.splat(-zTol);
      let passivePositive = i64x2.splat(0), flat = i64x2.splat(0);
      for (let j = 0; j < ld; j += 2) {
        const at = <usize>j << 3;
        const yj = v128.load(y + at);
        const zj = f64x2.sub(v128.load(z + at), f64x2.mul(muV, f64x2.sub(oneV, yj)));
        v128.store(z + at, zj);
        passivePositive = v128.or(passivePositive, v128.andnot(f64x2.gt(zj, tolV), v128.load(pol + at)));
        flat = v128.or(flat, f64x2.ge(yj, oneV));
      }
      if (mu > zTol) {
        if (v128.any_true(passivePositive)) verdictN = VERDICT_NOT_INDEXABLE;
        if (v128.any_true(flat) && verdictN == VERDICT_STRONGLY_INDEXABLE) verdictN = VERDICT_INDEXABLE;
      }
      sigma = next;
    }
    store<u8>(verdict + <usize>n, verdictN);
  }
}

/**
 * X^T = A^-T Delta^T for the policy pol: rows [A^T | Delta^T] (each 2 ld), LU of A^T without pivoting
 * (A = I - beta P^pi is strictly diagonally dominant by rows, so A^T by columns, for which elimination
 * without pivoting is stable), the multipliers kept below the diagonal; then forward and back substitution
 * on the right half, a row at a time with the row held in registers. Row j of the right half then holds
 * column j of X.
 */
function computeX(S: i32, ld: i32, pt0: usize, pt1: usize, beta: f64, pol: usize, aug: usize): void {
  const row2 = 2 * ld;
  // row s: A^T[s][j] = [s == j] - beta P(s | j, pol[j]), Delta^T[s][j] = beta (P(s | j, 1) - P(s | j, 0))
  const b = f64x2.splat(beta);
  for (let s = 0; s < S; s++) {
    const row = aug + (<usize>(s * row2) << 3);
    const q0 = pt0 + (<usize>(s * ld) << 3), q1 = pt1 + (<usize>(s * ld) << 3);
    for (let j = 0; j < ld; j += 2) {
      const at = <usize>j << 3;
      const p0 = v128.load(q0 + at), p1 = v128.load(q1 + at);
      v128.store(row + at, f64x2.neg(f64x2.mul(b, v128.bitselect(p1, p0, v128.load(pol + at)))));
      v128.store(row + at + (<usize>ld << 3), f64x2.mul(b, f64x2.sub(p1, p0)));
    }
    store<f64>(row + (<usize>s << 3), load<f64>(row + (<usize>s << 3)) + 1.0);
  }
  // LU of the left half: U on and above the diagonal, the multipliers L below it
  for (let c = 0; c < S; c++) {
    const pivRow = aug + (<usize>(c * row2) << 3);
    const inv = 1.0 / load<f64>(pivRow + (<usize>c << 3));
    const from = (c + 1) & ~1; // aligned; touches at most column c of the rows below, rewritten with L after
    for (let i = c + 1; i < S; i++) {
      const rowI = aug + (<usize>(i * row2) << 3);
      const f = load<f64>(rowI + (<usize>c << 3)) * inv;
      if (from < ld) axpy(ld - from, -f, pivRow + (<usize>from << 3), rowI + (<usize>from << 3));
      store<f64>(rowI + (<usize>c << 3), f);
    }
  }
  // right half: R_i -= sum_{c < i} L_ic R_c, then Y_i = (R_i - sum_{j > i} U_ij Y_j) / U_ii
  const right = aug + (<usize>ld << 3);
  for (let i = 1; i < S; i++) {
    combineRows(ld, aug + (<usize>(i * row2) << 3), right, row2, 0, i, right + (<usize>(i * row2) << 3));
  }
  for (let i = S - 1; i >= 0; i--) {
    const rowI = aug + (<usize>(i * row2) << 3);
    const yi = right + (<usize>(i * row2) << 3);
    combineRows(ld, rowI, right, row2, i + 1, S, yi);
    scaleInto(ld, 1.0 / load<f64>(rowI + (<usize>i << 3)), yi, yi);
  }
}

/**
 * dst[0..n) -= sum over j in [jFrom, jTo) of coef[j] * rows[j * stride + 0..n) (n even, 16-byte aligned), eight
 * values at a time in registers, so that dst is read and written once.
 */
function combineRows(n: i32, coef: usize, rows: usize, stride: i32, jFrom: i32, jTo: i32, dst: usize): void {
  if (jFrom >= jTo) return;
  let b = 0;
  for (; b + 8 <= n; b += 8) {
    const d = dst + (<usize>b << 3);
    let a0 = v128.load(d), a1 = v128.load(d, 16), a2 = v128.load(d, 32), a3 = v128.load(d, 48);
    for (let j = jFrom; j < jTo; j++) {
      const f = f64x2.splat(load<f64>(coef + (<usize>j << 3)));
      const src = rows + (<usize>(j * stride + b) << 3);
      a0 = f64x2.sub(a0, f64x2.mul(f, v128.load(src)));
      a1 = f64x2.sub(a1, f64x2.mul(f, v128.load(src, 16)));
      a2 = f64x2.sub(a2, f64x2.mul(f, v128.load(src, 32)));
      a3 = f64x2.sub(a3, f64x2.mul(f, v128.load(src, 48)));
    }
    v128.store(d, a0);
    v128.store(d, a1, 16);
    v128.store(d, a2, 32);
    v128.store(d, a3, 48);
  }
  for (; b < n; b += 2) {
    const d = dst + (<usize>b << 3);
    let a0 = v128.load(d);
    for (let j = jFrom; j < jTo; j++) {
      const c = f64x2.splat(load<f64>(coef + (<usize>j << 3)));
      a0 = f64x2.sub(a0, f64x2.mul(c, v128.load(rows + (<usize>(j * stride + b) << 3))));
    }
    v128.store(d, a0);
  }
}

/** From X^T (right half of aug): y = X p and the advantages z = X r + lambda (y - 1) at subsidy lambda. */
function valuesAt(S: i32, ld: i32, aug: usize, r: usize, pol: usize, lambda: f64, y: usize, z: usize): void {
  memory.fill(y, 0, <usize>ld << 3);
  memory.fill(z, 0, <usize>ld << 3);
  for (let j = 0; j < S; j++) {
    const col = aug + (<usize>(j * 2 * ld + ld) << 3);
    axpy(ld, load<f64>(r + (<usize>j << 3)), col, z);
    if (load<u64>(pol + (<usize>j << 3)) == 0) axpy(ld, 1.0, col, y);
  }
  for (let i = 0; i < S; i++) {
    const at = <usize>i << 3;
    store<f64>(z + at, load<f64>(z + at) + lambda * (load<f64>(y + at) - 1.0));
  }
}

/** dst[0..n) += f * src[0..n), n even, both 16-byte aligned. */
// @ts-ignore: decorator
@inline
function axpy(n: i32, f: f64, src: usize, dst: usize): void {
  const fv = f64x2.splat(f);
  for (let j = 0; j < n; j += 2) {
    const d = dst + (<usize>j << 3);
    v128.store(d, f64x2.add(v128.load(d), f64x2.mul(fv, v128.load(src + (<usize>j << 3)))));
  }
}

/** dst[0..n) = f * src[0..n), n even, both 16-byte aligned. */
// @ts-ignore: decorator
@inline
function scaleInto(n: i32, f: f64, src: usize, dst: usize): void {
  const fv = f64x2.splat(f);
  for (let j = 0; j < n; j += 2) v128.store(dst + (<usize>j << 3), f64x2.mul(fv, v128.load(src + (<usize>j << 3))));
}
