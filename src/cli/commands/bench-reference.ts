// The plain-JavaScript reference programs that `allot bench` times the WASM engine against: the 2-state closed
// form of the Whittle index and the presorted Whittle simulation, with the counter-based RNG of the reference
// programs (docs/ARCHITECTURE.md "Benchmarks"), so that their checksums match the engine's. Apart from the
// command (bench.ts) because they are the yardstick, not the measurement.
import type { SimulationInput } from '../../engine/simulation.ts';

/** The arms of the "valid" generator, per column and in the engine's layouts. */
export interface BenchArms {
  q00: Float64Array;
  q01: Float64Array;
  q10: Float64Array;
  q11: Float64Array;
  r0: Float64Array;
  r1: Float64Array;
  /** numArms x 2 x 2 x 2 and numArms x 2, the engine's layouts. */
  transitions: Float64Array;
  rewards: Float64Array;
}

/** The plain-JS closed form of the reference programs (arrays per column, W interleaved). */
export function closedFormJs(A: BenchArms, beta: number, W: Float64Array): void {
  const { q00, q01, q10, q11, r0, r1 } = A;
  for (let i = 0; i < r0.length; i++) {
    const dr = r1[i] - r0[i];
    const g0 = (q01[i] - q00[i]) * dr,
      g1 = (q11[i] - q10[i]) * dr;
    const dp = 1.0 - beta * (q10[i] - q00[i]),
      da = 1.0 - beta * (q11[i] - q01[i]);
    if (g0 >= g1) {
      const w0 = (beta * g0) / dp;
      W[2 * i] = w0;
      W[2 * i + 1] = Math.min((beta * g1) / da, w0);
    } else {
      const w1 = (beta * g1) / dp;
      W[2 * i] = Math.min((beta * g0) / da, w1);
      W[2 * i + 1] = w1;
    }
  }
}

/**
 * The plain-JS Whittle simulation of the reference programs (presorted selection): index table
 * and presort included, as the engine's time includes them.
 */
export function referenceSimulation(
  A: BenchArms,
  input: SimulationInput,
): { engaged: number; pulledIds: number; rewardTotal: number } {
  const n = input.numArms,
    B = input.budget,
    T = input.horizon,
    beta = input.discount;
  const W = new Float64Array(2 * n);
  closedFormJs(A, beta, W);
  const ord = Uint32Array.from(
    Array.from({ length: 2 * n }, (_, k) => k).sort((x, y) => W[y] - W[x] || (x >>> 1) - (y >>> 1) || x - y),
  );
  const qt = new Float64Array(4 * n),
    rt = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    qt.set([A.q00[i], A.q01[i], A.q10[i], A.q11[i]], 4 * i);
    rt.set([A.r0[i], A.r1[i]], 2 * i);
  }
  const s = new Uint8Array(n),
    act = new Uint8Array(n);
  const kin = key(input.seed, 2),
    kst = key(input.seed, 3);
  let engaged = 0,
    pulledIds = 0,
    rewTotal = 0;
  for (let tr = 0; tr < input.trials; tr++) {
    for (let i = 0; i < n; i++) s[i] = uniformJs(kin, tr * n + i) < 0.5 ? 1 : 0;
    for (let t = 0; t < T; t++) {
      let rr = 0,
        eng = 0;
      for (let i = 0; i < n; i++) {
        rr += rt[2 * i + s[i]];
        eng += s[i];
      }
      rewTotal += rr;
      engaged += eng;
      act.fill(0);
      for (let k = 0, picked = 0; k < 2 * n && picked < B; k++) {
        const e = ord[k],
          i = e >>> 1;
        if ((e & 1) === s[i]) {
          act[i] = 1;
          pulledIds += i;
          picked++;
        }
      }
      const base = (tr * T + t) * n;
      for (let i = 0; i < n; i++) s[i] = uniformJs(kst, base + i) < qt[4 * i + 2 * s[i] + act[i]] ? 1 : 0;
    }
  }
  return { engaged, pulledIds, rewardTotal: rewTotal };
}

function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}
const key = (seed: number, stream: number) =>
  mix32((mix32((seed + 0x9e3779b9) >>> 0) ^ Math.imul(stream, 0x85ebca6b)) >>> 0);
const uniformJs = (k: number, c: number) => mix32((k + Math.imul(c, 0x9e3779b9)) >>> 0) * 2.3283064365386963e-10;
