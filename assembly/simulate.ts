// Rollouts of the Whittle, Random and No Action policies, accumulating occupancy statistics.
// The rules and the generator are those of docs/ARCHITECTURE.md ("Simulation", "Benchmarks"), so the 2-state
// Whittle case with ties to the lowest id reproduces the bench's checksums bit for bit.
import { firstPullInTrial, flushPlanes, packBits, planeBytes, WINDOW } from './history-planes';
import { below, draw32, streamKey, STREAM_INITIAL, STREAM_RANDOM_POLICY, STREAM_TIES, STREAM_TRANSITION } from './rng';

export const POLICY_NONE: i32 = 0;
export const POLICY_WHITTLE: i32 = 1;
export const POLICY_RANDOM: i32 = 2;

/**
 * Sampling thresholds from probabilities, as exact 32-bit integers. For each row of S probabilities p[0..S),
 * with c_j = (p[S-1] + p[S-2] + ... + p[S-1-j]) * 2^32 (summed from the top state down, j < S-1), a raw draw m
 * (u32) selects state S-1-j for the first j with m < c_j, else state 0; for 2 states that is "state 1 iff
 * U < P(1)", the bench's rule, as m < P * 2^32 is exactly U = m * 2^-32 < P.
 *
 * The row stores t_j = min(ceil(c_j), 2^32 - 1) as u32 and a flag bit f_j = (c_j > 2^32 - 1), and the draw
 * compares m < t_j || (m == 2^32 - 1 && f_j), which equals m < c_j for every m:
 *   - for an integer m and a real c >= 0, m < c iff m < ceil(c) (if c is an integer, ceil(c) = c; else
 *     m < c iff m <= floor(c) iff m < floor(c) + 1 = ceil(c)); ceil is exact in f64, and so is the u32 of
 *     a value below 2^32;
 *   - if ceil(c_j) <= 2^32 - 1, t_j = ceil(c_j) and f_j = 0 (c_j <= 2^32 - 1 = the largest m): m < t_j is exact;
 *   - else c_j > 2^32 - 1 >= m for every m, so the answer is always yes: m < t_j = 2^32 - 1 says yes except for
 *     m = 2^32 - 1, where the flag says yes.
 * The flags are only read for the draw 2^32 - 1 (one in 2^32), so the rows cost 4 bytes per threshold, not 8.
 *
 * Rows are independent, so the host may convert a table in chunks through a small staging buffer (a whole
 * table of f64 would double the engine's memory): the call converts rows [firstRow, firstRow + rows) of a
 * table of totalRows rows, whatever the chunking, to the same bits.
 *
 * probabilities: f64, rows x S (the chunk: its row 0 is the table's row firstRow).
 * out: the whole table: u32, totalRows x (S-1), then the flags: bit (row * (S-1) + j) of the bytes that
 * follow, zeroed by the host (thresholdBytes(totalRows, S) bytes in all).
 * Returns 1 when some row is not a distribution (a value not in [0, 1], or the sum p[0] + ... + p[S-1], from 0 in
 * that order, more than 1e-9 from 1: the host's check, src/engine/arm-chunks.ts, which then says which), else 0: the
 * rows are checked here, where they are read anyway and in the cache, not in a pass of their own.
 */
export function samplingThresholds(
  rows: i32, numStates: i32, probabilities: usize, out: usize, firstRow: i32, totalRows: i32,
): i32 {
  const S = numStates;
  const flags = flagsOf(out, totalRows * (S - 1));
  let bad = S == 2 ? thresholds2(rows, probabilities, out, flags, firstRow) : 0;
  for (let r = S == 2 ? rows & ~3 : 0; r < rows; r++) {
    const row = firstRow + r;
    const p = probabilities + (<usize>(r * S) << 3);
    const o = out + (<usize>(row * (S - 1)) << 2);
    let sum = 0.0, inRange = true;
    for (let j = 0; j < S; j++) {
      const q = load<f64>(p + (<usize>j << 3));
      inRange = inRange && q >= 0.0 && q <= 1.0;
      sum += q;
    }
    if (!inRange || Math.abs(sum - 1.0) > 1e-9) bad = 1;
    let acc = 0.0;
    for (let j = 0; j < S - 1; j++) {
      acc += load<f64>(p + (<usize>(S - 1 - j) << 3));
      const c = Math.ceil(acc * 4294967296.0);
      store<u32>(o + (<usize>j << 2), c > 4294967295.0 ? 0xffffffff : <u32>c);
      if (c > 4294967295.0) {
        const bit = <u32>(row * (S - 1) + j);
        const at = flags + <usize>(bit >> 3);
        store<u8>(at, load<u8>(at) | <u8>(<u32>1 << (bit & 7)));
      }
    }
  }
  return bad;
}

/**
 * samplingThresholds of 2-state rows, four rows a step in SIMD lanes, the same operations (0.0 + p[1], times 2^32,
 * ceil; the conversion to u32 saturates, as the scalar conversion does) and the same check, for the rows up to the
 * last multiple of four (the others are left to the scalar loop). Returns 1 when one of them is not a distribution. A
 * flag (c > 2^32 - 1) is set in scalar code: one row in 2^32 at most.
 */
function thresholds2(rows: i32, probabilities: usize, out: usize, flags: usize, firstRow: i32): i32 {
  const zero = f64x2.splat(0.0), one = f64x2.splat(1.0), eps = f64x2.splat(1e-9);
  const scale = f64x2.splat(4294967296.0), top = f64x2.splat(4294967295.0);
  let ok = i64x2.splat(-1);
  for (let r = 0; r + 4 <= rows; r += 4) {
    const p = probabilities + (<usize>r << 4);
    const a = v128.load(p), b = v128.load(p, 16), c = v128.load(p, 32), d = v128.load(p, 48);
    // every value in [0, 1] (min and max carry a NaN, which is neither), and (0 + p[0]) + p[1] within 1e-9 of 1
    const lo = f64x2.min(f64x2.min(a, b), f64x2.min(c, d)), hi = f64x2.max(f64x2.max(a, b), f64x2.max(c, d));
    ok = v128.and(ok, v128.and(f64x2.ge(lo, zero), f64x2.le(hi, one)));
    const s01 = f64x2.add(f64x2.add(zero, v128.shuffle<f64>(a, b, 0, 2)), v128.shuffle<f64>(a, b, 1, 3));
    const s23 = f64x2.add(f64x2.add(zero, v128.shuffle<f64>(c, d, 0, 2)), v128.shuffle<f64>(c, d, 1, 3));
    const near01 = f64x2.le(f64x2.abs(f64x2.sub(s01, one)), eps);
    ok = v128.and(ok, v128.and(near01, f64x2.le(f64x2.abs(f64x2.sub(s23, one)), eps)));
    // p[1] of rows r, r + 1 and of rows r + 2, r + 3
    const q01 = v128.shuffle<f64>(a, b, 1, 3);
    const q23 = v128.shuffle<f64>(c, d, 1, 3);
    const c01 = f64x2.ceil(f64x2.mul(f64x2.add(zero, q01), scale));
    const c23 = f64x2.ceil(f64x2.mul(f64x2.add(zero, q23), scale));
    const t = v128.shuffle<i32>(i32x4.trunc_sat_f64x2_u_zero(c01), i32x4.trunc_sat_f64x2_u_zero(c23), 0, 1, 4, 5);
    v128.store(out + (<usize>(firstRow + r) << 2), t);
    const over = i64x2.bitmask(f64x2.gt(c01, top)) | (i64x2.bitmask(f64x2.gt(c23, top)) << 2);
    for (let j = 0; over != 0 && j < 4; j++) {
      if (((over >> j) & 1) != 0) {
        const bit = <u32>(firstRow + r + j);
        const at = flags + <usize>(bit >> 3);
        store<u8>(at, load<u8>(at) | <u8>(<u32>1 << (bit & 7)));
      }
    }
  }
  return i64x2.all_true(ok) ? 0 : 1;
}

/** Bytes of the thresholds of `rows` rows of S states: u32 thresholds, then one flag bit per threshold. */
export function thresholdBytes(rows: i32, numStates: i32): i32 {
  const count = rows * (numStates - 1);
  return count * 4 + ((count + 7) >> 3);
}

/** Where the flag bits of `count` thresholds at thr start. */
// @ts-ignore: decorator
@inline
function flagsOf(thr: usize, count: i32): usize {
  return thr + (<usize>count << 2);
}

/** The flag bit of threshold number `bit`. */
// @ts-ignore: decorator
@inline
function flagAt(flags: usize, bit: u32): bool {
  return ((<u32>load<u8>(flags + <usize>(bit >> 3)) >> (bit & 7)) & 1) != 0;
}

/** The state drawn by raw draw m from the S-1 thresholds of row `row` (thresholds at thr, flags at flags). */
// @ts-ignore: decorator
@inline
function sampleState(thr: usize, flags: usize, row: i32, S: i32, m: u32): i32 {
  const o = thr + (<usize>(row * (S - 1)) << 2);
  for (let j = 0; j < S - 1; j++) {
    const below = m < load<u32>(o + (<usize>j << 2));
    if (below || (m == 0xffffffff && flagAt(flags, <u32>(row * (S - 1) + j)))) return S - 1 - j;
  }
  return 0;
}

/** Keys from this many up are sorted by their top 16 bits first, then bucket by bucket in the cache (sortBucket). */
const MSD_KEYS: i32 = 1 << 16;
/** Buckets up to this many keys are sorted by insertion. */
const INSERTION_KEYS: u32 = 24;

/**
 * Sorts n values in decreasing order, ties by increasing position (a stable radix sort on the 64-bit order-preserving
 * image of each float; -0 counts as +0). From MSD_KEYS keys up (a presort of 10^6 arms has 2 x 10^6), one pass
 * scatters the keys by their top 16 bits, and each bucket (at 10^6 bench arms, 364 buckets of at most 50,000 keys)
 * is sorted by its low 48 bits in the cache (sortBucket): the passes of a plain LSD sort over every key (four of 16
 * bits) each took a trip through memory, which is what a sort of this size costs. Below MSD_KEYS, or when every key
 * has the same top 16 bits, the plain LSD sort. Stable either way, so the order is the same.
 *
 * values: f64 n.  order: u32 n (out), positions by decreasing value.  tiedNext: u8 n (out),
 * tiedNext[k] = 1 when order[k] and order[k+1] have equal values.
 * Scratch: keys, keys2 (u64 n each), order2 (u32 n), hist (u32 4 x 65536: the digit counts of the four passes, made
 * in the one read that makes the keys).
 */
export function sortDescending(
  n: i32, values: usize, order: usize, tiedNext: usize, keys: usize, keys2: usize, order2: usize, hist: usize,
): void {
  memory.fill(hist, 0, 4 * 65536 << 2);
  for (let i = 0; i < n; i++) {
    const b = reinterpret<u64>(load<f64>(values + (<usize>i << 3)) + 0.0);
    // ascending order of `key` is descending order of the value
    const key = (b >>> 63) != 0 ? b : ~(b | 0x8000000000000000);
    store<u64>(keys + (<usize>i << 3), key);
    store<u32>(order + (<usize>i << 2), <u32>i);
    const h0 = hist + (<usize>(key & 0xffff) << 2),
      h1 = hist + (<usize>(65536 + ((key >>> 16) & 0xffff)) << 2);
    const h2 = hist + (<usize>(2 * 65536 + ((key >>> 32) & 0xffff)) << 2),
      h3 = hist + (<usize>(3 * 65536 + (key >>> 48)) << 2);
    store<u32>(h0, load<u32>(h0) + 1);
    store<u32>(h1, load<u32>(h1) + 1);
    store<u32>(h2, load<u32>(h2) + 1);
    store<u32>(h3, load<u32>(h3) + 1);
  }
  let srcK = keys, srcO = order, dstK = keys2, dstO = order2;
  const top = hist + (<usize>(3 * 65536) << 2);
  if (n >= MSD_KEYS && load<u32>(top + (<usize>(load<u64>(keys) >>> 48) << 2)) != <u32>n) {
    // by the top digit into keys2, order2; then each bucket, with keys, order as scratch and hist's first counts
    placesOf(top, 65536);
    scatter(n, keys, order, keys2, order2, top, 48, 0xffff);
    let start: u32 = 0;
    for (let d = 0; d < 65536; d++) {
      const end = load<u32>(top + (<usize>d << 2)); // the scatter moved each bucket's place to its end
      if (end - start > 1) {
        const a = <usize>start;
        sortBucket(end - start, keys2 + (a << 3), order2 + (a << 2), keys + (a << 3), order + (a << 2), hist);
      }
      start = end;
    }
    srcK = keys2;
    srcO = order2;
  } else {
    for (let pass = 0; pass < 4; pass++) {
      const shift = <u64>(pass * 16);
      // this pass's counts, made before the passes: the same whatever the order of the keys
      const h = hist + (<usize>(pass * 65536) << 2);
      if (n > 0 && load<u32>(h + (<usize>((load<u64>(srcK) >>> shift) & 0xffff) << 2)) == <u32>n) continue;
      placesOf(h, 65536);
      scatter(n, srcK, srcO, dstK, dstO, h, shift, 0xffff);
      const tk = srcK; srcK = dstK; dstK = tk;
      const to = srcO; srcO = dstO; dstO = to;
    }
  }
  if (srcO != order) memory.copy(order, srcO, <usize>n << 2);
  for (let k = 0; k + 1 < n; k++) {
    const tied = load<u64>(srcK + (<usize>k << 3)) == load<u64>(srcK + (<usize>(k + 1) << 3));
    store<u8>(tiedNext + <usize>k, tied ? 1 : 0);
  }
  if (n > 0) store<u8>(tiedNext + <usize>(n - 1), 0);
}

/** Counts of `digits` digits at h turned into the first place of each (their running sums). */
function placesOf(h: usize, digits: i32): void {
  let sum: u32 = 0;
  for (let d = 0; d < digits; d++) {
    const c = load<u32>(h + (<usize>d << 2));
    store<u32>(h + (<usize>d << 2), sum);
    sum += c;
  }
}

/** One stable radix pass: keys and positions to the places at h of their digit (key >>> shift) & mask. */
// @ts-ignore: decorator
@inline
function scatter(n: i32, srcK: usize, srcO: usize, dstK: usize, dstO: usize, h: usize, shift: u64, mask: u64): void {
  for (let i = 0; i < n; i++) {
    const key = load<u64>(srcK + (<usize>i << 3));
    const at = h + (<usize>((key >>> shift) & mask) << 2);
    const to = load<u32>(at);
    store<u32>(at, to + 1);
    store<u64>(dstK + (<usize>to << 3), key);
    store<u32>(dstO + (<usize>to << 2), load<u32>(srcO + (<usize>i << 2)));
  }
}

/**
 * Sorts m keys with their positions (k, o) stably by their low 48 bits (the top 16 are the bucket's), in place, with
 * k2, o2 as scratch: by insertion up to INSERTION_KEYS keys, else six LSD passes of 8 bits (in the cache), their
 * counts made in one read, a pass skipped when every key has its digit.
 */
function sortBucket(m: u32, k: usize, o: usize, k2: usize, o2: usize, h: usize): void {
  if (m <= INSERTION_KEYS) {
    for (let i: u32 = 1; i < m; i++) {
      const key = load<u64>(k + (<usize>i << 3)), at = load<u32>(o + (<usize>i << 2));
      let j = i;
      for (; j > 0 && load<u64>(k + (<usize>(j - 1) << 3)) > key; j--) {
        store<u64>(k + (<usize>j << 3), load<u64>(k + (<usize>(j - 1) << 3)));
        store<u32>(o + (<usize>j << 2), load<u32>(o + (<usize>(j - 1) << 2)));
      }
      store<u64>(k + (<usize>j << 3), key);
      store<u32>(o + (<usize>j << 2), at);
    }
    return;
  }
  memory.fill(h, 0, 4 * 4096 << 2);
  for (let i: u32 = 0; i < m; i++) {
    const key = load<u64>(k + (<usize>i << 3));
    for (let pass = 0; pass < 4; pass++) {
      const at = h + (<usize>(pass * 4096 + <i32>((key >>> (<u64>pass * 12)) & 0xfff)) << 2);
      store<u32>(at, load<u32>(at) + 1);
    }
  }
  let srcK = k, srcO = o, dstK = k2, dstO = o2;
  for (let pass = 0; pass < 4; pass++) {
    const shift = <u64>(pass * 12), hp = h + (<usize>(pass * 4096) << 2);
    if (load<u32>(hp + (<usize>((load<u64>(srcK) >>> shift) & 0xfff) << 2)) == m) continue;
    placesOf(hp, 4096);
    scatter(<i32>m, srcK, srcO, dstK, dstO, hp, shift, 0xfff);
    const tk = srcK; srcK = dstK; dstK = tk;
    const to = srcO; srcO = dstO; dstO = to;
  }
  if (srcK != k) {
    memory.copy(k, srcK, <usize>m << 3);
    memory.copy(o, srcO, <usize>m << 2);
  }
}

/**
 * Simulates trials [trialStart, trialEnd) of one policy and adds their statistics to the accumulators.
 *
 * Each step: the reward of every arm's current state is accrued (in four partial sums, arm i into
 * sum i mod 4, each in arm order, and the step's reward is (sum0 + sum1) + (sum2 + sum3)), then the policy picks arms
 * (Whittle: the `budget` arms whose (arm, state) key comes first in `order`, ties at the cut broken
 * uniformly with stream 4 when tiesRandom, else by order, i.e. lowest id; Random: `budget` arms
 * uniformly with stream 5; None: no arm), then next states are drawn (stream 3, counter
 * (k*T + t)*N + i, one draw per arm and step; no draw after the last step). Initial states: stream 2,
 * counter k*N + i.
 *
 * Inputs:
 *   thresholds: samplingThresholds of the transitions P(next | s, a), N x S x 2 rows (u32 and flags).
 *   rewards:    f64, N x S.
 *   initial:    samplingThresholds of the initial distribution, N rows.
 *   order:      u32, N*S keys arm*S + state by decreasing index (sortDescending of the index table);
 *   tiedNext:   u8,  N*S, from sortDescending. Both unused unless policy is Whittle.
 *   fixedScale: a power of two; discounted occupancy is accumulated as integers round(beta^t * fixedScale)
 *               held exactly in f64 (the host keeps every total below 2^53), so sums do not depend on
 *               how trials are split.
 * Scratch: state (u8 N), act (u8 N; unused, may be 0, on the 2-state path), scratch (u32 N), pulledInTrial
 *   (a bit per arm: pulled in the current trial; cleared at each trial's start, (N + 7) / 8 bytes),
 *   history (historyBytes(N) bytes), tables (f64 ceil(horizon / 16) x 512): the 2-state path keeps the last
 *   16 steps' states and actions as bit planes (history-planes.ts) and adds them to the occupancy every 16 steps
 *   through byte tables of discount weights. `act` is unused on that path (the action planes replace it).
 * Accumulators (added to, over all trials of the call):
 *   occDisc:    f64, N x (S-1), for states 1..S-1: sum of round(beta^t * fixedScale) over steps spent in
 *               the state (state 0 is the complement, derived by the host).
 *   occSteps:   u32, N x (S-1): steps spent in each state 1..S-1.
 *   pulls, pulledTrials: u32, N: steps pulled; trials with at least one pull. Counts are 32-bit (the
 *               host keeps trials x horizon below 2^31): 12 bytes per 2-state arm, not 24.
 *   perTrial:   f64, (trialEnd - trialStart) x 4, written: reward, discounted reward, arms in state S-1
 *               summed over steps (engaged), sum of pulled arm ids.
 *   perStep:    f64, horizon x 2 (arms pulled, arms in state S-1) summed over trials, or 0 for none.
 *   perTrialOcc: f64, (trialEnd - trialStart) x 2 x N x S (discounted, then undiscounted occupancy of
 *               each trial in float, step order), or 0 for none.
 *   totals:     f64, [0] += sum over trials and steps of round(beta^t * fixedScale).
 *   groups:     0 for the plain top-B; else per-group bounds on the Whittle policy's calls of every step
 *               (selectConstrained), a block of u32: [G, groupOf (i32 N, -1 = no group), min (i32 G),
 *               max (i32 G), ranking (u32 N scratch), taken (i32 G scratch), range (f64 horizon x G x 2:
 *               min and max over trials of the calls to each group at each step, updated; or 0)].
 */
export function simulate(
  numArms: i32, numStates: i32, thresholds: usize, rewards: usize, initial: usize, order: usize, tiedNext: usize,
  policy: i32, tiesRandom: i32, budget: i32, horizon: i32, beta: f64, seed: u32, fixedScale: f64,
  trialStart: i32, trialEnd: i32,
  state: usize, act: usize, scratch: usize, pulledInTrial: usize, history: usize, tables: usize,
  occDisc: usize, occSteps: usize, pulls: usize, pulledTrials: usize,
  perTrial: usize, perStep: usize, perTrialOcc: usize, totals: usize,
  groups: usize,
): void {
  const N = numArms, S = numStates, T = horizon;
  const kInit = streamKey(seed, STREAM_INITIAL);
  const kStep = streamKey(seed, STREAM_TRANSITION);
  const kTies = streamKey(seed, STREAM_TIES);
  const kRand = streamKey(seed, STREAM_RANDOM_POLICY);
  // 2 states and no per-trial occupancy: the fused SIMD step, occupancy and pulls through bit histories
  const fused = S == 2 && perTrialOcc == 0;
  const P = planeBytes(N);
  // the 2-state walk with ties to the lowest id starts after a prefix of the keys (walkFromPrefix)
  const prefixWalk = fused && policy == POLICY_WHITTLE && tiesRandom == 0 && groups == 0 && budget > 0 && budget < N;
  const template = history + P * <usize>(2 * WINDOW + 1);
  prefixLen = 0; prefixPairs = 0; prefixSingles = 0; prefixPairIds = 0;
  if (fused) {
    buildWindowTables(T, beta, fixedScale, tables);
    blockThresholds(N, thresholds); // undone before returning
  }
  for (let k = trialStart; k < trialEnd; k++) {
    const row = perTrial + (<usize>((k - trialStart) * 4) << 3);
    const occTrial: usize = perTrialOcc == 0 ? 0 : perTrialOcc + (<usize>((k - trialStart) * 2 * N * S) << 3);
    drawInitialStates(N, S, initial, state, kInit, <u32>k * <u32>N);
    memory.fill(pulledInTrial, 0, <usize>((N + 7) >> 3));
    if (fused) packBits(N, 0, state, history);
    let disc = 1.0, reward = 0.0, discReward = 0.0, engaged = 0.0, pulledIds = 0.0;
    let pw = nearest(disc * fixedScale);
    let stepReward = 0.0, stepEngaged: i32 = 0;
    let sinceFlush = 0, window = 0;
    if (fused) {
      // step 0's accrual; later steps accrue inside the fused transition step
      stepReward = stepRewardOf(N, 2, rewards, state);
      stepEngaged = countInTopState(N, 2, state);
    }
    for (let t = 0; t < T; t++) {
      if (!fused) {
        accrue(N, S, state, occDisc, occSteps, occTrial, pw, disc);
        stepReward = stepRewardOf(N, S, rewards, state);
        stepEngaged = countInTopState(N, S, state);
      }
      reward += stepReward;
      discReward += disc * stepReward;
      engaged += <f64>stepEngaged;
      store<f64>(totals, load<f64>(totals) + pw);

      // selection: act[i] = 1 for the pulled arms (fused: bits of this step's planes)
      const sel: usize = fused ? history + P * <usize>sinceFlush : state;
      const acts: usize = fused ? history + P * <usize>(WINDOW + 1 + sinceFlush) : act;
      if (!prefixWalk) memory.fill(acts, 0, fused ? P : <usize>N);
      const stepBase = (<u32>k * <u32>T + <u32>t) * <u32>N;
      let picked: i32 = 0;
      if (budget > 0 && policy == POLICY_WHITTLE && groups != 0) {
        pulledIds += selectConstrained(
          N, S, order, tiedNext, sel, acts, budget, tiesRandom, kTies, stepBase,
          k, pulls, pulledTrials, pulledInTrial, fused, groups, t,
        );
        picked = budget < N ? budget : N; // the host checked that the bounds leave room for every call
      } else if (prefixWalk) {
        pulledIds += walkFromPrefix(N, order, sel, acts, scratch, template, P, budget);
        picked = budget;
      } else if (budget > 0 && policy == POLICY_WHITTLE) {
        pulledIds += selectWhittle(
          N, S, order, tiedNext, sel, acts, scratch, budget, tiesRandom, kTies, stepBase,
          k, pulls, pulledTrials, pulledInTrial, fused,
        );
        picked = budget < N ? budget : N; // each arm matches exactly one of its S keys
      } else if (budget > 0 && policy == POLICY_RANDOM) {
        pulledIds += selectRandom(
          N, scratch, acts, budget, kRand, stepBase, k, pulls, pulledTrials, pulledInTrial, fused,
        );
        picked = budget < N ? budget : N;
      }
      if (perStep != 0) {
        const ps = perStep + (<usize>(2 * t) << 3);
        store<f64>(ps, load<f64>(ps) + <f64>picked);
        store<f64>(ps + 8, load<f64>(ps + 8) + <f64>stepEngaged);
      }
      if (t == T - 1) break;

      // transitions
      disc *= beta;
      pw = nearest(disc * fixedScale);
      if (fused) {
        stepReward = transitionFused(N, thresholds, rewards, sel, acts, sel + P, kStep, stepBase);
        stepEngaged = fusedEngaged;
        sinceFlush++;
        if (sinceFlush == WINDOW) {
          const table = tables + (<usize>(window * WINDOW_TABLE) << 3);
          flushPlanes(N, k, history, table, WINDOW, occDisc, occSteps, pulls, pulledTrials, pulledInTrial);
          memory.copy(history, history + P * <usize>WINDOW, P); // the next step's states to slot 0
          window++;
          sinceFlush = 0;
        }
      } else {
        transition(N, S, thresholds, state, act, kStep, stepBase);
      }
    }
    if (fused) {
      // the last step's state and action, then what is left of the window
      const table = tables + (<usize>(window * WINDOW_TABLE) << 3);
      flushPlanes(N, k, history, table, sinceFlush + 1, occDisc, occSteps, pulls, pulledTrials, pulledInTrial);
    }
    store<f64>(row, reward);
    store<f64>(row + 8, discReward);
    store<f64>(row + 16, engaged);
    store<f64>(row + 24, pulledIds);
  }
  if (fused) blockThresholds(N, thresholds);
}

/** Initial states of trial k: stream 2, counter k*N + i (initBase = k*N). */
// @ts-ignore: decorator
@inline
function drawInitialStates(N: i32, S: i32, initial: usize, state: usize, kInit: u32, initBase: u32): void {
  const flags = flagsOf(initial, N * (S - 1));
  for (let i = 0; i < N; i++) {
    store<u8>(state + <usize>i, <u8>sampleState(initial, flags, i, S, draw32(kInit, initBase + <u32>i)));
  }
}

/** Arms in the top state S-1. */
// @ts-ignore: decorator
@inline
function countInTopState(N: i32, S: i32, state: usize): i32 {
  let n: i32 = 0;
  for (let i = 0; i < N; i++) n += <i32>(<i32>load<u8>(state + <usize>i) == S - 1);
  return n;
}

/**
 * The Whittle policy's top-B selection: walks the (arm, state) keys of `order` (by decreasing index) and pulls
 * each arm whose current state matches its key, until `budget` arms are pulled (budget > 0). A group of equal
 * indices that straddles the cut gives a uniform subset (stream 4, counters stepBase + j) when tiesRandom, else
 * the walk's order (lowest id first). Sets act[i] = 1 for the pulled arms and returns the sum of their ids.
 */
// @ts-ignore: decorator
@inline
function selectWhittle(
  N: i32, S: i32, order: usize, tiedNext: usize, state: usize, act: usize, scratch: usize,
  budget: i32, tiesRandom: i32, kTies: u32, stepBase: u32,
  k: i32, pulls: usize, pulledTrials: usize, pulledInTrial: usize, fused: bool,
): f64 {
  let pulledIds = 0.0;
  let picked: i32 = 0;
  if (budget >= N) {
    for (let i = 0; i < N; i++) pulledIds += pull(i, k, act, pulls, pulledTrials, pulledInTrial, fused);
  } else if (fused && tiesRandom == 0) {
    // 2 states, ties to the lowest id: a branch-free walk (the match test is a coin flip for the predictor)
    const len = N * 2;
    let pos = 0;
    let ids: u64 = 0;
    while (picked < budget && pos < len) {
      const e = load<u32>(order + (<usize>pos << 2));
      const i = e >> 1;
      const hit = <u32>(<u32>stateOf(state, <i32>i, true) == (e & 1));
      const at = act + <usize>(i >> 3);
      store<u8>(at, <u8>(<u32>load<u8>(at) | (hit << (i & 7))));
      ids += <u64>(i & (0 - hit));
      picked += <i32>hit;
      pos++;
    }
    pulledIds += <f64>ids;
  } else {
    const len = N * S;
    let pos = 0;
    while (picked < budget && pos < len) {
      if (tiesRandom != 0 && load<u8>(tiedNext + <usize>pos) != 0) {
        // a group of equal indices: collect its arms that are in the group's states
        let m: i32 = 0;
        let g = pos;
        do {
          const e = <i32>load<u32>(order + (<usize>g << 2));
          const i = e / S;
          if (stateOf(state, i, fused) == e - i * S) { store<u32>(scratch + (<usize>m << 2), <u32>i); m++; }
          g++;
        } while (load<u8>(tiedNext + <usize>(g - 1)) != 0);
        const room = budget - picked;
        const take = m <= room ? m : room;
        if (m > room) partialShuffle(scratch, m, room, kTies, stepBase);
        for (let j = 0; j < take; j++) {
          const arm = <i32>load<u32>(scratch + (<usize>j << 2));
          pulledIds += pull(arm, k, act, pulls, pulledTrials, pulledInTrial, fused);
        }
        picked += take;
        pos = g;
      } else if (fused) {
        // branch-free, as above
        const e = load<u32>(order + (<usize>pos << 2));
        const i = e >> 1;
        const hit = <u32>(<u32>stateOf(state, <i32>i, true) == (e & 1));
        const at = act + <usize>(i >> 3);
        store<u8>(at, <u8>(<u32>load<u8>(at) | (hit << (i & 7))));
        pulledIds += <f64>(i & (0 - hit));
        picked += <i32>hit;
        pos++;
      } else {
        const e = <i32>load<u32>(order + (<usize>pos << 2));
        const i = e / S;
        if (stateOf(state, i, fused) == e - i * S) {
          pulledIds += pull(i, k, act, pulls, pulledTrials, pulledInTrial, fused);
          picked++;
        }
        pos++;
      }
    }
  }
  return pulledIds;
}

/**
 * The prefix of the 2-state walk (ties to the lowest id) of this simulate call: its first prefixLen keys, split
 * into the arms with both keys in it (pulled whatever their state: one of the two keys matches; prefixPairs of
 * them, ids summing to prefixPairIds, their action bits in the template plane) and the other keys
 * (prefixSingles of them, in walk order, in `scratch`). Not state across calls: reset by simulate.
 */
let prefixLen: i32 = 0;
let prefixPairs: i32 = 0;
let prefixSingles: i32 = 0;
let prefixPairIds: u64 = 0;

/**
 * selectWhittle's branch-free walk for 2 states and ties to the lowest id, the same pulls: while the budget is not
 * reached inside the prefix, every arm with both keys in the prefix is pulled, so the walk starts from the
 * template of those pulls and visits only the prefix's other keys, then the keys after it. When the budget is
 * reached inside the prefix (more hits than the budget), the step is walked in full from the start and the prefix
 * is rebuilt shorter; it is first built after the call's first step, at 9/10 of that step's walk.
 */
function walkFromPrefix(
  N: i32, order: usize, state: usize, act: usize, scratch: usize, template: usize, P: usize, budget: i32,
): f64 {
  let picked = prefixPairs;
  let ids = prefixPairIds;
  if (prefixLen == 0) memory.fill(act, 0, P);
  else memory.copy(act, template, P);
  for (let j = 0; j < prefixSingles; j++) {
    const e = load<u32>(scratch + (<usize>j << 2));
    const hit = walkKey(e, state, act);
    ids += <u64>((e >> 1) & (0 - hit));
    picked += <i32>hit;
  }
  let pos = prefixLen;
  const len = N * 2;
  if (picked > budget) {
    // the cut falls inside the prefix: the plain walk
    memory.fill(act, 0, P);
    picked = 0;
    ids = 0;
    pos = 0;
  }
  const rebuild = pos == 0;
  while (picked < budget && pos < len) {
    const e = load<u32>(order + (<usize>pos << 2));
    const hit = walkKey(e, state, act);
    ids += <u64>((e >> 1) & (0 - hit));
    picked += <i32>hit;
    pos++;
  }
  if (rebuild) buildPrefix(order, scratch, template, P, <i32>((<i64>pos * 9) / 10));
  return <f64>ids;
}

/** One key e = 2i + s of the 2-state walk: if arm i is in state s, sets its action bit; returns 1 for a hit. */
// @ts-ignore: decorator
@inline
function walkKey(e: u32, state: usize, act: usize): u32 {
  const i = e >> 1;
  const hit = <u32>(<u32>stateOf(state, <i32>i, true) == (e & 1));
  const at = act + <usize>(i >> 3);
  store<u8>(at, <u8>(<u32>load<u8>(at) | (hit << (i & 7))));
  return hit;
}

/** Builds the prefix of the first `len` keys (see prefixLen): the singles into scratch, the pairs' bits into
 * template. */
function buildPrefix(order: usize, scratch: usize, template: usize, P: usize, len: i32): void {
  memory.fill(template, 0, P);
  let pairs: i32 = 0;
  let pairIds: u64 = 0;
  // pass 1: arm i's bit toggles at each of its keys; its second key makes it a pair
  for (let p = 0; p < len; p++) {
    const i = load<u32>(order + (<usize>p << 2)) >> 1;
    const at = template + <usize>(i >> 3);
    const bit = <u32>1 << (i & 7);
    const b = <u32>load<u8>(at);
    if ((b & bit) != 0) { pairs++; pairIds += <u64>i; }
    store<u8>(at, <u8>(b ^ bit));
  }
  // pass 2: the keys whose bit is set are the singles, in walk order
  let singles: i32 = 0;
  for (let p = 0; p < len; p++) {
    const e = load<u32>(order + (<usize>p << 2));
    const i = e >> 1;
    if (((<u32>load<u8>(template + <usize>(i >> 3)) >> (i & 7)) & 1) != 0) {
      store<u32>(scratch + (<usize>singles << 2), e);
      singles++;
    }
  }
  // pass 3: the bits of every arm of the prefix, then the singles' cleared: the pairs remain
  for (let p = 0; p < len; p++) {
    const i = load<u32>(order + (<usize>p << 2)) >> 1;
    const at = template + <usize>(i >> 3);
    store<u8>(at, <u8>(<u32>load<u8>(at) | (<u32>1 << (i & 7))));
  }
  for (let j = 0; j < singles; j++) {
    const i = load<u32>(scratch + (<usize>j << 2)) >> 1;
    const at = template + <usize>(i >> 3);
    store<u8>(at, <u8>(<u32>load<u8>(at) & ~(<u32>1 << (i & 7))));
  }
  prefixLen = len;
  prefixPairs = pairs;
  prefixSingles = singles;
  prefixPairIds = pairIds;
}

/**
 * The Whittle policy under per-group bounds: the constrained top-B of src/core/plan/constrained-top-b.ts on
 * this step's ranking. The ranking is every arm by decreasing index of its current state; arms of equal
 * index follow, when tiesRandom, the order of (draw32(kTies, stepBase + i), i) (a fresh random order per
 * step), else the walk's order (lowest id first). Then (1) each group g takes its first min[g] arms of the
 * ranking, (2) the remaining calls go down the ranking, skipping arms already called and arms of a group
 * that has max[g] calls. Records each group's calls in `range` (min and max over trials, per step).
 */
function selectConstrained(
  N: i32, S: i32, order: usize, tiedNext: usize, state: usize, act: usize,
  budget: i32, tiesRandom: i32, kTies: u32, stepBase: u32,
  k: i32, pulls: usize, pulledTrials: usize, pulledInTrial: usize, fused: bool, groups: usize, t: i32,
): f64 {
  const G = <i32>load<u32>(groups);
  const groupOf = <usize>load<u32>(groups, 4), gmin = <usize>load<u32>(groups, 8), gmax = <usize>load<u32>(groups, 12);
  const ranking = <usize>load<u32>(groups, 16), taken = <usize>load<u32>(groups, 20);
  const range = <usize>load<u32>(groups, 24);
  // this step's ranking of the arms
  const len = N * S;
  let n: i32 = 0;
  let pos = 0;
  while (pos < len) {
    if (tiesRandom != 0 && load<u8>(tiedNext + <usize>pos) != 0) {
      const start = n;
      let g = pos;
      do {
        const e = <i32>load<u32>(order + (<usize>g << 2));
        const i = e / S;
        if (stateOf(state, i, fused) == e - i * S) {
          // insertion by (draw, id): tied runs are short
          const d = draw32(kTies, stepBase + <u32>i);
          let j = n;
          while (j > start) {
            const o = load<u32>(ranking + (<usize>(j - 1) << 2));
            const od = draw32(kTies, stepBase + o);
            if (od < d || (od == d && o < <u32>i)) break;
            store<u32>(ranking + (<usize>j << 2), o);
            j--;
          }
          store<u32>(ranking + (<usize>j << 2), <u32>i);
          n++;
        }
        g++;
      } while (load<u8>(tiedNext + <usize>(g - 1)) != 0);
      pos = g;
    } else {
      const e = <i32>load<u32>(order + (<usize>pos << 2));
      const i = e / S;
      if (stateOf(state, i, fused) == e - i * S) {
        store<u32>(ranking + (<usize>n << 2), <u32>i);
        n++;
      }
      pos++;
    }
  }
  let need: i32 = 0;
  for (let g = 0; g < G; g++) {
    store<i32>(taken + (<usize>g << 2), 0);
    need += load<i32>(gmin + (<usize>g << 2));
  }
  let pulledIds = 0.0;
  let picked: i32 = 0;
  // (1) the minima, each by its group's own ranking
  for (let r = 0; r < n && picked < budget && need > 0; r++) {
    const i = <i32>load<u32>(ranking + (<usize>r << 2));
    const g = load<i32>(groupOf + (<usize>i << 2));
    if (g < 0) continue;
    const at = taken + (<usize>g << 2);
    const c = load<i32>(at);
    if (c < load<i32>(gmin + (<usize>g << 2))) {
      store<i32>(at, c + 1);
      pulledIds += pull(i, k, act, pulls, pulledTrials, pulledInTrial, fused);
      picked++;
      need--;
    }
  }
  // (2) the rest by rank, within the maxima
  for (let r = 0; r < n && picked < budget; r++) {
    const i = <i32>load<u32>(ranking + (<usize>r << 2));
    if (isPulled(act, i, fused)) continue;
    const g = load<i32>(groupOf + (<usize>i << 2));
    if (g >= 0) {
      const at = taken + (<usize>g << 2);
      const c = load<i32>(at);
      if (c >= load<i32>(gmax + (<usize>g << 2))) continue;
      store<i32>(at, c + 1);
    }
    pulledIds += pull(i, k, act, pulls, pulledTrials, pulledInTrial, fused);
    picked++;
  }
  if (range != 0) {
    for (let g = 0; g < G; g++) {
      const c = <f64>load<i32>(taken + (<usize>g << 2));
      const at = range + (<usize>((t * G + g) * 2) << 3);
      store<f64>(at, min(load<f64>(at), c));
      store<f64>(at + 8, max(load<f64>(at + 8), c));
    }
  }
  return pulledIds;
}

/** Partial Fisher-Yates on the m u32 at a: a[0..room) becomes a uniform subset (draws key, counters base + j). */
// @ts-ignore: decorator
@inline
function partialShuffle(a: usize, m: i32, room: i32, key: u32, base: u32): void {
  for (let j = 0; j < room; j++) {
    const r = j + <i32>below(key, base + <u32>j, <u32>(m - j));
    const x = a + (<usize>j << 2), y = a + (<usize>r << 2);
    const v = load<u32>(x);
    store<u32>(x, load<u32>(y));
    store<u32>(y, v);
  }
}

/** The Random policy: min(budget, N) arms uniformly (stream 5, counters stepBase + j); returns the sum of their ids. */
// @ts-ignore: decorator
@inline
function selectRandom(
  N: i32, scratch: usize, act: usize, budget: i32, kRand: u32, stepBase: u32,
  k: i32, pulls: usize, pulledTrials: usize, pulledInTrial: usize, fused: bool,
): f64 {
  let pulledIds = 0.0;
  const take = budget < N ? budget : N;
  for (let i = 0; i < N; i++) store<u32>(scratch + (<usize>i << 2), <u32>i);
  for (let j = 0; j < take; j++) {
    const r = j + <i32>below(kRand, stepBase + <u32>j, <u32>(N - j));
    const a = scratch + (<usize>j << 2), b = scratch + (<usize>r << 2);
    const x = load<u32>(b);
    store<u32>(b, load<u32>(a));
    store<u32>(a, x);
    pulledIds += pull(<i32>x, k, act, pulls, pulledTrials, pulledInTrial, fused);
  }
  return pulledIds;
}

/** Next states of S-state arms: stream 3, counter stepBase + i, one draw per arm. */
// @ts-ignore: decorator
@inline
function transition(N: i32, S: i32, thresholds: usize, state: usize, act: usize, kStep: u32, stepBase: u32): void {
  const flags = flagsOf(thresholds, N * S * 2 * (S - 1));
  for (let i = 0; i < N; i++) {
    const s = <i32>load<u8>(state + <usize>i);
    const a = <i32>load<u8>(act + <usize>i);
    const next = sampleState(thresholds, flags, (i * S + s) * 2 + a, S, draw32(kStep, stepBase + <u32>i));
    store<u8>(state + <usize>i, <u8>next);
  }
}

/** f64 entries of one window's byte tables (2 bytes x 256). */
const WINDOW_TABLE: i32 = 512;

/** Lanes whose draw is 2^32 - 1 and whose threshold (byte offset off / 4) is flagged: all ones, else 0. */
function topDraws(m: v128, off: v128, flags: usize): v128 {
  let out = i32x4.splat(0);
  for (let lane = 0; lane < 4; lane++) {
    const bit = <u32>i32x4.extract_lane(off, 0) >> 2;
    if (<u32>i32x4.extract_lane(m, 0) == 0xffffffff && flagAt(flags, bit)) out = i32x4.replace_lane(out, 0, -1);
    m = v128.shuffle<i32>(m, m, 1, 2, 3, 0);
    off = v128.shuffle<i32>(off, off, 1, 2, 3, 0);
    out = v128.shuffle<i32>(out, out, 1, 2, 3, 0);
  }
  return out;
}

/**
 * Swaps the 2-state transition thresholds between rows (arm i's four u32 for (s, a) = (0,0), (0,1), (1,0), (1,1))
 * and blocks of four arms (a v128 for each (s, a), lane j being arm 4b + j), so that the fused step reads them
 * with four vector loads instead of four lane inserts. A 4 x 4 transpose of each block: applying it again undoes it.
 * The arms after the last full block keep their rows.
 */
function blockThresholds(N: i32, thresholds: usize): void {
  for (let i = 0; i + 4 <= N; i += 4) {
    const b = thresholds + (<usize>i << 4);
    const r0 = v128.load(b), r1 = v128.load(b, 16), r2 = v128.load(b, 32), r3 = v128.load(b, 48);
    const t0 = v128.shuffle<i32>(r0, r1, 0, 4, 1, 5), t1 = v128.shuffle<i32>(r0, r1, 2, 6, 3, 7);
    const t2 = v128.shuffle<i32>(r2, r3, 0, 4, 1, 5), t3 = v128.shuffle<i32>(r2, r3, 2, 6, 3, 7);
    v128.store(b, v128.shuffle<i32>(t0, t2, 0, 1, 4, 5));
    v128.store(b, v128.shuffle<i32>(t0, t2, 2, 3, 6, 7), 16);
    v128.store(b, v128.shuffle<i32>(t1, t3, 0, 1, 4, 5), 32);
    v128.store(b, v128.shuffle<i32>(t1, t3, 2, 3, 6, 7), 48);
  }
}

/** transitionFused's second result: the arms in state 1 after the step (a register, not state across calls). */
let fusedEngaged: i32 = 0;

/**
 * The fused step of 2-state arms: reads each arm's state and action from this step's bit planes, draws its next
 * state (stream 3, counter stepBase + i) into the next state plane and accrues the next step's reward, which it
 * returns (four partial sums, arm i into sum i mod 4); the arms in state 1 go to fusedEngaged. Four arms per
 * iteration in SIMD lanes.
 */
// @ts-ignore: decorator
@inline
function transitionFused(
  N: i32, thresholds: usize, rewards: usize, statePlane: usize, actPlane: usize, nextPlane: usize,
  kStep: u32, stepBase: u32,
): f64 {
  // the rewards of arms i, i+1 go to the partial sums of lanes [0, 1] of accLo, those of i+2, i+3 to accHi
  const G: u32 = 0x9e3779b9;
  const x0 = kStep + stepBase * G;
  let xv = i32x4(x0, x0 + G, x0 + 2 * G, x0 + 3 * G);
  const step4 = i32x4.splat(4 * G);
  const c1 = i32x4.splat(0x7feb352d), c2 = i32x4.splat(<i32>0x846ca68b);
  const oneI = i32x4.splat(1);
  const allOnes = i32x4.splat(-1);
  const laneBit = i32x4(1, 2, 4, 8);
  const flags = flagsOf(thresholds, 4 * N);
  let accLo = f64x2.splat(0.0), accHi = f64x2.splat(0.0);
  let engV = i32x4.splat(0);
  let sBits: u32 = 0, aBits: u32 = 0, nBits: u32 = 0;
  let i = 0;
  for (; i + 4 <= N; i += 4) {
    const q = <u32>(i & 15);
    if (q == 0) {
      sBits = <u32>load<u16>(statePlane + (<usize>(i >> 4) << 1));
      aBits = <u32>load<u16>(actPlane + (<usize>(i >> 4) << 1));
      nBits = 0;
    }
    // the four arms' bits as all-ones/zero lanes
    const sMask = i32x4.eq(v128.and(i32x4.splat((sBits >> q) & 15), laneBit), laneBit);
    const aMask = i32x4.eq(v128.and(i32x4.splat((aBits >> q) & 15), laneBit), laneBit);
    // the thresholds of (s, a) of the four arms (blocked: a vector for each (s, a), see blockThresholds)
    const tb = thresholds + (<usize>i << 4);
    const tv = v128.bitselect(
      v128.bitselect(v128.load(tb, 48), v128.load(tb, 32), aMask),
      v128.bitselect(v128.load(tb, 16), v128.load(tb), aMask), sMask);
    let m = xv;
    m = v128.xor(m, i32x4.shr_u(m, 16));
    m = i32x4.mul(m, c1);
    m = v128.xor(m, i32x4.shr_u(m, 15));
    m = i32x4.mul(m, c2);
    m = v128.xor(m, i32x4.shr_u(m, 16));
    xv = i32x4.add(xv, step4);
    let below = i32x4.lt_u(m, tv);
    if (v128.any_true(i32x4.eq(m, allOnes))) {
      // the byte offset of each lane's row 4i + 2s + a, for its flag bit
      const rowBase = i32x4(4 * i, 4 * i + 4, 4 * i + 8, 4 * i + 12);
      const row = i32x4.add(i32x4.add(rowBase, v128.and(sMask, i32x4.splat(2))), v128.and(aMask, oneI));
      below = v128.or(below, topDraws(m, i32x4.shl(row, 2), flags));
    }
    const nv = v128.and(below, oneI);
    nBits |= <u32>i32x4.bitmask(below) << q;
    if (q == 12) store<u16>(nextPlane + (<usize>(i >> 4) << 1), <u16>nBits);
    // rewards[2i + n] of the four arms: (r0, r1) of two arms regrouped as (r0, r0) and (r1, r1), then selected
    const rb = rewards + (<usize>i << 4);
    const ra = v128.load(rb), rB = v128.load(rb, 16), rc = v128.load(rb, 32), rd = v128.load(rb, 48);
    const ifBelowLo = v128.shuffle<i64>(ra, rB, 1, 3), elseLo = v128.shuffle<i64>(ra, rB, 0, 2);
    const ifBelowHi = v128.shuffle<i64>(rc, rd, 1, 3), elseHi = v128.shuffle<i64>(rc, rd, 0, 2);
    const lo = v128.bitselect(ifBelowLo, elseLo, i64x2.extend_low_i32x4_s(below));
    const hi = v128.bitselect(ifBelowHi, elseHi, i64x2.extend_high_i32x4_s(below));
    accLo = f64x2.add(accLo, lo);
    accHi = f64x2.add(accHi, hi);
    engV = i32x4.add(engV, nv);
  }
  let r0 = f64x2.extract_lane(accLo, 0), r1 = f64x2.extract_lane(accLo, 1);
  let r2 = f64x2.extract_lane(accHi, 0), r3 = f64x2.extract_lane(accHi, 1);
  let eng = i32x4.extract_lane(engV, 0) + i32x4.extract_lane(engV, 1);
  eng += i32x4.extract_lane(engV, 2) + i32x4.extract_lane(engV, 3);
  let x = x0 + <u32>i * G;
  if (i < N && (i & 15) == 0) nBits = 0;
  for (let j = 0; i < N; i++, j++) {
    const s = stateOf(statePlane, i, true);
    const a = <i32>isPulled(actPlane, i, true);
    const row = 4 * i + 2 * s + a;
    let m = x;
    m ^= m >>> 16; m *= 0x7feb352d; m ^= m >>> 15; m *= 0x846ca68b; m ^= m >>> 16;
    x += G;
    const n = <i32>(m < load<u32>(thresholds + (<usize>row << 2)) || (m == 0xffffffff && flagAt(flags, <u32>row)));
    nBits |= <u32>n << <u32>(i & 15);
    const y = load<f64>(rewards + (<usize>(2 * i + n) << 3));
    if (j == 0) r0 += y;
    else if (j == 1) r1 += y;
    else r2 += y;
    eng += n;
  }
  // a chunk of fewer than 16 arms at the end
  if ((N & 15) != 0) store<u16>(nextPlane + (<usize>(N >> 4) << 1), <u16>nBits);
  fusedEngaged = eng;
  return (r0 + r1) + (r2 + r3);
}

/** The reward of one step: four partial sums (arm i into sum i mod 4, in arm order), (s0 + s1) + (s2 + s3). */
function stepRewardOf(N: i32, S: i32, rewards: usize, state: usize): f64 {
  let r0 = 0.0, r1 = 0.0, r2 = 0.0, r3 = 0.0;
  let i = 0;
  for (; i + 4 <= N; i += 4) {
    r0 += load<f64>(rewards + (<usize>(i * S + <i32>load<u8>(state + <usize>i)) << 3));
    r1 += load<f64>(rewards + (<usize>((i + 1) * S + <i32>load<u8>(state + <usize>(i + 1))) << 3));
    r2 += load<f64>(rewards + (<usize>((i + 2) * S + <i32>load<u8>(state + <usize>(i + 2))) << 3));
    r3 += load<f64>(rewards + (<usize>((i + 3) * S + <i32>load<u8>(state + <usize>(i + 3))) << 3));
  }
  if (i < N) r0 += load<f64>(rewards + (<usize>(i * S + <i32>load<u8>(state + <usize>i)) << 3));
  if (i + 1 < N) r1 += load<f64>(rewards + (<usize>((i + 1) * S + <i32>load<u8>(state + <usize>(i + 1))) << 3));
  if (i + 2 < N) r2 += load<f64>(rewards + (<usize>((i + 2) * S + <i32>load<u8>(state + <usize>(i + 2))) << 3));
  return (r0 + r1) + (r2 + r3);
}

/** Adds one step's occupancy (states >= 1 to the accumulators; every state to the per-trial arrays when asked). */
function accrue(
  N: i32, S: i32, state: usize, occDisc: usize, occSteps: usize, occTrial: usize, pw: f64, disc: f64,
): void {
  for (let i = 0; i < N; i++) {
    const s = <i32>load<u8>(state + <usize>i);
    if (s != 0) {
      const at = <usize>(i * (S - 1) + s - 1);
      store<f64>(occDisc + (at << 3), load<f64>(occDisc + (at << 3)) + pw);
      store<u32>(occSteps + (at << 2), load<u32>(occSteps + (at << 2)) + 1);
    }
    if (occTrial != 0) {
      const d = occTrial + (<usize>(i * S + s) << 3);
      const u = d + (<usize>(N * S) << 3);
      store<f64>(d, load<f64>(d) + disc);
      store<f64>(u, load<f64>(u) + 1.0);
    }
  }
}

/** Arm i's state: a byte of `state`, or with bits (the 2-state fused path) a bit of a state plane. */
// @ts-ignore: decorator
@inline
function stateOf(state: usize, i: i32, bits: bool): i32 {
  return bits ? (<i32>load<u8>(state + <usize>(i >> 3)) >> (i & 7)) & 1 : <i32>load<u8>(state + <usize>i);
}

/** Whether arm i is pulled this step: a byte of `act`, or with bits a bit of the action plane. */
// @ts-ignore: decorator
@inline
function isPulled(act: usize, i: i32, bits: bool): bool {
  return (bits ? (<i32>load<u8>(act + <usize>(i >> 3)) >> (i & 7)) & 1 : <i32>load<u8>(act + <usize>i)) != 0;
}

/** Marks arm i pulled in trial k and returns its id (for the pulled-id checksum). */
// @ts-ignore: decorator
@inline
function pull(
  i: i32, k: i32, act: usize, pulls: usize, pulledTrials: usize, pulledInTrial: usize, viaHistory: bool,
): f64 {
  if (viaHistory) {
    // a bit of this step's action plane, counted at the next flush
    const at = act + <usize>(i >> 3);
    store<u8>(at, load<u8>(at) | <u8>(<u32>1 << <u32>(i & 7)));
    return <f64>i;
  }
  store<u8>(act + <usize>i, 1);
  const p = pulls + (<usize>i << 2);
  store<u32>(p, load<u32>(p) + 1);
  if (firstPullInTrial(pulledInTrial, i)) {
    const q = pulledTrials + (<usize>i << 2);
    store<u32>(q, load<u32>(q) + 1);
  }
  return <f64>i;
}

/**
 * Byte tables of fixed-point discount weights: for window w (steps 16w .. 16w + L - 1, L = min(16, T - 16w))
 * and byte b, tables[(w * 2 + b) * 256 + v] = sum of round(beta^t * fixedScale) over the bits k of v, where
 * bit 8b + k of a window's history is step 16w + 8b + k. Exact integers, so any order of sums agrees.
 */
function buildWindowTables(T: i32, beta: f64, fixedScale: f64, tables: usize): void {
  const windows = (T + WINDOW - 1) / WINDOW;
  for (let w = 0; w < windows; w++) {
    const L = min(WINDOW, T - WINDOW * w);
    const base = tables + (<usize>(w * WINDOW_TABLE) << 3);
    // the weight of each bit position j (0..15), zero beyond L; stored temporarily in entries 1, 2, 4, ... of each
    // byte table
    for (let b = 0; b < 2; b++) store<f64>(base + (<usize>(b * 256) << 3), 0.0);
    for (let j = 0; j < WINDOW; j++) {
      let pw = 0.0;
      if (j < L) {
        // beta^(16w + j) by the same repeated product as the simulation
        let d = 1.0;
        for (let t = 0; t < WINDOW * w + j; t++) d *= beta;
        pw = nearest(d * fixedScale);
      }
      store<f64>(base + (<usize>((j >> 3) * 256 + (1 << (j & 7))) << 3), pw);
    }
    for (let b = 0; b < 2; b++) {
      const tb = base + (<usize>(b * 256) << 3);
      for (let v = 1; v < 256; v++) {
        if ((v & (v - 1)) == 0) continue; // single bits hold the weights themselves
        const low = v & -v;
        store<f64>(tb + (<usize>v << 3), load<f64>(tb + (<usize>low << 3)) + load<f64>(tb + (<usize>(v ^ low) << 3)));
      }
    }
  }
}
