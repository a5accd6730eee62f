#!/usr/bin/env python3
"""The numpy twin of src/core/plan/estimate-transitions.ts (with beta-binomial-fit.ts and call-effect.ts):
the same estimator, formula for formula, written as a numpy programmer would (whole-array operations,
bincount for the sums per bucket, the beta-binomial fits run in lockstep over all groups and rows).
It is the reference of test/bench/estimate-numpy.ts, which times the two side by side and checks them equal.

Input: a folder written by the bench (meta.json; states.u8 and called.u8, weeks x N; buckets.i16, groups x N).
  estimate_numpy.py DIR --out OUT [--exact]   estimates once, writes alpha.f64, beta.f64, transitions.f64 to OUT
                                    (--exact: V8's log and exp in the beta-binomial fit, see v8_math.py)
  estimate_numpy.py DIR --serve     reads commands on stdin: "run" estimates and prints its wall and CPU ms
                                    as JSON; "quit" (or end of input) stops
"""
import json
import math
import sys
import time

import numpy as np

import v8_math

RIDGE = 10.0
TAU2_MIN = 0.05 ** 2
TAU_DEFAULT = 0.1
M_MIN, M_MAX = 0.005, 0.995
RHO_MAX = 0.9
CLIP_PASSES = 4
C_MIN, C_MAX = 0.05, 1e4
Q_EDGE = 1e-3
MISSING = 255


def count_transitions(states, called):
    """n, k: 4 x N (row = state * 2 + action), weeks that started in the row and those ending engaged.

    Each week adds 1 to one of eight byte counters of a uint64 per arm (row * 2 + engaged; a missing state
    adds to none), so the 25 weeks take 25 whole-array passes and no comparison per row.
    """
    N = states.shape[1]
    counters = np.zeros(N, np.uint64)
    for w in range(states.shape[0] - 1):
        frm, to, act = states[w], states[w + 1], called[w]
        code = (frm * 4 + act * 2 + to).astype(np.uint64)
        counters += np.where((frm != MISSING) & (to != MISSING), np.left_shift(np.uint64(1), code * np.uint64(8)), np.uint64(0))
    bytes8 = counters.view(np.uint8).reshape(N, 8).T
    k = bytes8[1::2].astype(np.uint16)
    return bytes8[0::2] + k, k


def golden(lo, hi, f, iterations):
    """Golden-section maximisation of f, in lockstep over the fits (lo, hi, f's values: arrays)."""
    r = (math.sqrt(5) - 1) / 2
    x1, x2 = hi - r * (hi - lo), lo + r * (hi - lo)
    f1, f2 = f(x1), f(x2)
    for _ in range(iterations):
        up = f1 < f2
        lo, hi = np.where(up, x1, lo), np.where(up, hi, x2)
        x = np.where(up, lo + r * (hi - lo), hi - r * (hi - lo))
        fx = f(x)
        x1, x2, f1, f2 = np.where(up, x2, x), np.where(up, x, x1), np.where(up, f2, fx), np.where(up, fx, f1)
    return (lo + hi) / 2


def fit_beta_binomial(hists, side, exact=False):
    """(mean, strength) per histogram (F x side^2 counts of (n, k) pairs): the beta-binomial maximum likelihood.

    exact: V8's log and exp and the TypeScript's order of summation (for the check: see v8_math.py).
    """
    log, exp = (v8_math.log, v8_math.exp) if exact else (np.log, np.exp)
    cells = np.arange(side * side)
    nn, kk = cells // side, cells % side
    valid = kk <= nn
    nn, kk, h = nn[valid], kk[valid], hists[:, valid]
    j = np.arange(side)

    def cumulative(x):  # F x (side + 1): L[j] = sum_{i<j} log(x + i), summed in order as the TypeScript does
        out = np.zeros((x.shape[0], side + 1))
        np.cumsum(log(x[:, None] + j), axis=1, out=out[:, 1:])
        return out

    rows = np.arange(hists.shape[0])[:, None]

    def loglik(m, c):
        la, lb, lc = cumulative(m * c), cumulative((1 - m) * c), cumulative(c)
        terms = h * (la[rows, kk] + lb[rows, nn - kk] - lc[rows, nn])
        return np.cumsum(terms, axis=1)[:, -1] if exact else terms.sum(axis=1)

    F = hists.shape[0]
    eps = 1e-6

    def best_m(c):
        return golden(np.full(F, eps), np.full(F, 1 - eps), lambda m: loglik(m, c), 48)

    def profile(lc):
        c = exp(lc)
        return loglik(best_m(c), c)

    bounds = log(np.array([C_MIN, C_MAX]))
    strength = exp(golden(np.full(F, bounds[0]), np.full(F, bounds[1]), profile, 40))
    return best_m(strength), strength


def hist_stats(h, side):
    nn = np.arange(side * side) // side
    return h[:, nn >= 1].sum(axis=1), h[:, nn >= 2].sum(axis=1), (h * nn).sum(axis=1)


def super_groups(counts, limit=64):
    """Consecutive feature groups merged while the product of their levels (buckets + "none") stays within limit."""
    out, current, size = [], [], 1
    for g, count in enumerate(counts):
        if current and size * (count + 1) > limit:
            out.append(current)
            current, size = [], 1
        current.append(g)
        size *= count + 1
    return out + [current] if current else out


class Design:
    """The one-hot design (intercept, then a column per bucket of every group) of the call-effect fit.

    levels: G x N, her bucket in each group (its count when she has none). The normal matrix sum_i w_i x_i x_i^T
    is built from contingency tables of merged groups (super_groups): one bincount per merged group and per pair
    of them instead of one per pair of groups. Its entries are sums of integers (the weights are call counts),
    exact in any order, so it equals the TypeScript's bit for bit.
    """

    def __init__(self, buckets, counts):
        self.counts = list(counts)
        self.levels = np.where(buckets >= 0, buckets, np.array(counts, np.int16)[:, None])
        self.offsets = np.cumsum([1] + self.counts[:-1])
        self.p = 1 + sum(self.counts)
        self.supers = super_groups(self.counts)
        self.codes, self.sizes = [], []
        for members in self.supers:
            code, size = np.zeros(buckets.shape[1], np.int32), 1
            for g in members:
                code *= self.counts[g] + 1
                code += self.levels[g]
                size *= self.counts[g] + 1
            self.codes.append(code)
            self.sizes.append(size)

    def normal_matrix(self, arms, w):
        p, counts = self.p, self.counts
        A = np.zeros((p, p))
        A[0, 0] = w.sum()
        codes = [c[arms] for c in self.codes]
        tables = {}
        for i in range(len(self.supers)):
            tables[i, i] = np.bincount(codes[i], weights=w, minlength=self.sizes[i])
            for j in range(i + 1, len(self.supers)):
                tables[i, j] = np.bincount(codes[i] * self.sizes[j] + codes[j], weights=w, minlength=self.sizes[i] * self.sizes[j])
        for (i, j), t in tables.items():
            members = self.supers[i] + ([] if i == j else self.supers[j])
            t = t.reshape([counts[g] + 1 for g in members])
            # Within one merged group: every group's bucket sums and every pair; across two: the pairs across.
            pairs = [(a, b) for a in range(len(members)) for b in range(a, len(members))] if i == j else \
                [(a, b) for a in range(len(self.supers[i])) for b in range(len(self.supers[i]), len(members))]
            for a, b in pairs:
                g, h = members[a], members[b]
                rows, cols = slice(self.offsets[g], self.offsets[g] + counts[g]), slice(self.offsets[h], self.offsets[h] + counts[h])
                if a == b:
                    block = t.sum(axis=tuple(x for x in range(len(members)) if x != a))[:-1]
                    A[0, rows] = block
                    A[rows, rows] = np.diag(block)
                else:
                    A[rows, cols] = t.sum(axis=tuple(x for x in range(len(members)) if x not in (a, b)))[:-1, :-1]
        return np.triu(A) + np.triu(A, 1).T

    def effect(self, theta, arms=slice(None)):
        """theta_0 + sum_g theta[her column in g], added group after group as the TypeScript does."""
        out = np.full(self.levels[0][arms].shape, theta[0])
        for g, off in enumerate(self.offsets):
            out += np.append(theta[off:off + self.counts[g]], 0.0)[self.levels[g][arms]]
        return out

    def rhs(self, arms, values):
        """sum_i values_i x_i, each column summed in the order of the arms."""
        b = np.zeros(self.p)
        b[0] = np.bincount(np.zeros(len(arms), np.intp), weights=values, minlength=1)[0]
        for g, off in enumerate(self.offsets):
            b[off:off + self.counts[g]] = np.bincount(self.levels[g][arms], weights=values, minlength=self.counts[g] + 1)[:-1]
        return b


def fit_call_effects(n, k, passive, pvar, design):
    """Prior means, strengths and variances of the called rows (2 x N), and per state (theta, tau2); C."""
    N = n.shape[1]
    p = design.p
    mean, variance, strength = np.empty((2, N)), np.empty((2, N)), np.empty((2, N))
    fits = []
    for s in range(2):
        nn = n[s * 2 + 1].astype(np.float64)
        arms = int(np.count_nonzero(nn))
        theta = np.zeros(p)
        if arms > 0:
            on = np.nonzero(nn)[0]
            n_on = nn[on]
            y = k[s * 2 + 1, on] / n_on - passive[s, on]
            full = design.normal_matrix(on, n_on)
            capped = np.zeros(len(on), bool)
            for step in range(CLIP_PASSES):
                A = full - design.normal_matrix(on[capped], n_on[capped]) if capped.any() else full.copy()
                A[np.arange(1, p), np.arange(1, p)] += RIDGE
                keep = on[~capped]
                b = design.rhs(keep, n_on[~capped] * y[~capped])
                L = np.linalg.cholesky(A)
                theta = np.linalg.solve(L.T, np.linalg.solve(L, b))
                if step == CLIP_PASSES - 1:
                    break
                now = passive[s, on] + design.effect(theta, on) >= M_MAX
                if np.array_equal(now, capped):
                    break
                capped = now
        mean[s] = np.clip(passive[s] + design.effect(theta), M_MIN, M_MAX)
        two = nn >= 2
        ms, n2 = mean[s, two], nn[two]
        r = k[s * 2 + 1, two] - n2 * ms
        w = n2 * (n2 - 1)
        den = w.sum()
        tau2 = max(TAU2_MIN, (r * r - n2 * ms * (1 - ms)).sum() / den - (w * pvar[s, two]).sum() / den) if den > 0 else TAU_DEFAULT ** 2
        fits.append({'theta': theta, 'tau2': tau2, 'arms': arms, 'calls': int(nn.sum())})
    n0, n1 = n[1].astype(np.float64), n[3].astype(np.float64)
    both = (n0 > 0) & (n1 > 0)
    cross = ((k[1, both] - n0[both] * mean[0, both]) * (k[3, both] - n1[both] * mean[1, both])).sum()
    pairs = (n0[both] * n1[both]).sum()
    limit = RHO_MAX * math.sqrt(fits[0]['tau2'] * fits[1]['tau2'])
    C = max(-limit, min(limit, cross / pairs)) if pairs > 0 else 0.0
    m0, m1 = mean[0].copy(), mean[1].copy()
    v0, v1 = pvar[0] + fits[0]['tau2'], pvar[1] + fits[1]['tau2']
    for s, (m, v, mo, vo, no, ko) in enumerate([(m0, v0, m1, v1, n1, k[3]), (m1, v1, m0, v0, n0, k[1])]):
        m, v = m.copy(), v.copy()
        if C != 0:
            at = no > 0
            w = vo[at] + (mo[at] * (1 - mo[at]) - vo[at]) / no[at]
            m[at] = np.clip(m[at] + C * (ko[at] / no[at] - mo[at]) / w, M_MIN, M_MAX)
            v[at] = v[at] - C * C / w
        mean[s], variance[s] = m, v
        strength[s] = np.clip(m * (1 - m) / v - 1, max(2, C_MIN), C_MAX)
    return mean, strength, variance, fits, C


def estimate(states, called, buckets, counts, group_by, min_group_arms=20, exact=False):
    N = states.shape[1]
    n, k = count_transitions(states, called)
    group = buckets[group_by].astype(np.intp) if group_by >= 0 else np.full(N, -1)
    G = counts[group_by] if group_by >= 0 else 0
    side = max(1, int(n.max())) + 1
    # Not-called rows: histograms of (n, k) per group and row, the register's last; all fits in lockstep.
    hists = np.zeros((2, G + 1, side * side))
    for i, row in enumerate([0, 2]):
        on = n[row] > 0
        at = n[row, on].astype(np.intp) * side + k[row, on]
        hists[i, G] = np.bincount(at, minlength=side * side)
        if G > 0:
            g = group[on]
            ing = g >= 0
            hists[i, :G] = np.bincount(g[ing] * side * side + at[ing], minlength=G * side * side).reshape(G, -1)
    flat = hists.reshape(2 * (G + 1), -1)
    arms, informative, _ = hist_stats(flat, side)
    fit_m, fit_c = fit_beta_binomial(flat, side, exact)
    fit_m, fit_c, arms, informative = (x.reshape(2, G + 1) for x in (fit_m, fit_c, arms, informative))
    prior_m, prior_c = np.empty((2, G + 1)), np.empty((2, G + 1))
    for i in range(2):
        ok = arms[i, G] > 0 and informative[i, G] > 0
        prior_m[i, G], prior_c[i, G] = (fit_m[i, G], fit_c[i, G]) if ok else (0.5, 2.0)
        for g in range(G):
            own = arms[i, g] >= min_group_arms and informative[i, g] > 0
            prior_m[i, g], prior_c[i, g] = (fit_m[i, g], fit_c[i, g]) if own else (prior_m[i, G], prior_c[i, G])
    alpha, beta = np.empty((4, N)), np.empty((4, N))
    gi = np.where(group >= 0, group, G)
    passive, pvar = np.empty((2, N)), np.empty((2, N))
    for s in range(2):
        row = s * 2
        a = (prior_m[s] * prior_c[s])[gi] + k[row]
        b = ((1 - prior_m[s]) * prior_c[s])[gi] + n[row] - k[row]
        alpha[row], beta[row] = a, b
        passive[s] = a / (a + b)
        pvar[s] = (a * b) / ((a + b) * (a + b) * (a + b + 1))
    # Called rows: her not-called mean plus the call effect predicted from her features.
    mean, strength, variance, fits, _ = fit_call_effects(n, k, passive, pvar, Design(buckets, counts))
    for s in range(2):
        row = s * 2 + 1
        if fits[s]['arms'] == 0:
            m, c = passive[s], prior_c[s, G]
        else:
            m, c = mean[s], strength[s]
        alpha[row] = m * c + k[row]
        beta[row] = (1 - m) * c + n[row] - k[row]
        if fits[s]['arms'] == 0:
            continue
        on = n[row] > 0
        q1 = alpha[row, on] / (alpha[row, on] + beta[row, on])
        share = np.minimum(1, pvar[s, on] / variance[s, on])
        q0 = np.clip(passive[s, on] + share * (q1 - m[on]), Q_EDGE, 1 - Q_EDGE)
        weight = alpha[row - 1, on] + beta[row - 1, on]
        alpha[row - 1, on], beta[row - 1, on] = q0 * weight, (1 - q0) * weight
    # The TypeScript's layouts: N x 4 (arm, row) and N x 4 x 2 (arm, row, next state).
    alpha, beta = alpha.T.copy(), beta.T.copy()
    q = alpha / (alpha + beta)
    return alpha, beta, np.stack([1 - q, q], axis=2)


def load(folder):
    meta = json.load(open(f'{folder}/meta.json'))
    N, W, counts = meta['numArms'], meta['weeks'], meta['counts']
    states = np.fromfile(f'{folder}/states.u8', np.uint8).reshape(W, N)
    called = np.fromfile(f'{folder}/called.u8', np.uint8).reshape(W, N)
    buckets = np.fromfile(f'{folder}/buckets.i16', np.int16).reshape(len(counts), N)
    return states, called, buckets, counts, meta['groupBy'], meta['minGroupArms']


def main():
    folder = sys.argv[1]
    args = load(folder)
    if sys.argv[2] == '--out':
        out = sys.argv[3]
        for name, x in zip(['alpha', 'beta', 'transitions'], estimate(*args, exact='--exact' in sys.argv)):
            x.astype(np.float64).tofile(f'{out}/{name}.f64')
        return
    print(json.dumps({'numpy': np.__version__, 'python': sys.version.split()[0]}), flush=True)
    for line in sys.stdin:
        if line.strip() != 'run':
            break
        wall, cpu = time.perf_counter(), time.process_time()
        estimate(*args)
        print(json.dumps({'wallMs': (time.perf_counter() - wall) * 1e3, 'cpuMs': (time.process_time() - cpu) * 1e3}), flush=True)


if __name__ == '__main__':
    main()
