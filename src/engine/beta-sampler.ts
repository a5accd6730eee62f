// The weekly plan's Beta draws in WASM (assembly/beta.ts): the core's BetaSampler and PosteriorIndexDraw,
// provided by the engine as it provides the Whittle indices, so that the core stays free of WASM. The
// parameters go through a fixed staging block a chunk at a time (a cell's draw depends on its seed and
// index only, so chunks change nothing), never a whole copy of the posterior in WASM memory; a posterior
// draw's transitions are indexed where they were drawn (packArms2, whittle2), never copied out.
import type { BetaSampler, PosteriorIndexDraw } from '../core/plan/sample-beta.ts';
import type { IndexFunction } from '../core/plan/posterior-draws.ts';
import { checkDiscount, type Engine } from './engine.ts';
import type { Kernels } from './kernels.ts';
import { Blocks } from './wasm-blocks.ts';

/** Cells per kernel call: 2 MiB of staging. */
const CHUNK = 65_536;
/** Arms per piece of a posterior draw (4 cells each): as Engine.whittle2's pieces, small enough to stay in cache. */
const ARMS = 2048;

function checkSeed(what: string, seed: number): void {
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    throw new RangeError(`${what}: the seed must be an integer in [0, 2^32), got ${seed}`);
  }
}

function checkValid(what: string, invalid: number, cells: number): void {
  if (invalid > 0) {
    throw new RangeError(`${what}: ${invalid} of ${cells} cells have a Beta parameter that is not positive and finite`);
  }
}

export function betaSampler(kernels: Kernels): BetaSampler {
  return (alpha, beta, seed, out) => {
    const n = alpha.length;
    if (beta.length !== n || out.length !== 2 * n) {
      throw new RangeError(
        `sampleBeta: expected beta of length ${n} and out of length ${2 * n}, got ${beta.length} and ${out.length}`,
      );
    }
    checkSeed('sampleBeta', seed);
    const blocks = new Blocks(kernels);
    try {
      const a = blocks.bytes(CHUNK * 8, false),
        b = blocks.bytes(CHUNK * 8, false),
        o = blocks.bytes(CHUNK * 16, false);
      let invalid = 0;
      for (let start = 0; start < n; start += CHUNK) {
        const count = Math.min(CHUNK, n - start),
          memory = kernels.memory.buffer;
        new Float64Array(memory, a, count).set(alpha.subarray(start, start + count));
        new Float64Array(memory, b, count).set(beta.subarray(start, start + count));
        invalid += kernels.sampleBeta(count, a, b, seed, start, o);
        out.set(new Float64Array(memory, o, count * 2), start * 2);
      }
      checkValid('sampleBeta', invalid, n);
    } finally {
      blocks.releaseAll();
    }
  };
}

export function posteriorIndexDraw(kernels: Kernels): PosteriorIndexDraw {
  return (alpha, beta, seed, rewards, discount, state) => {
    const N = rewards.length / 2;
    if (!Number.isInteger(N) || alpha.length !== 4 * N || beta.length !== 4 * N || state.length !== N) {
      throw new RangeError(
        `drawIndices: expected alpha and beta of length ${4 * N} and ${N} states for ${N} arms, ` +
          `got ${alpha.length}, ${beta.length} and ${state.length}`,
      );
    }
    checkSeed('drawIndices', seed);
    checkDiscount('drawIndices', discount);
    const out = new Float64Array(N);
    const blocks = new Blocks(kernels);
    try {
      const a = blocks.bytes(ARMS * 32, false),
        b = blocks.bytes(ARMS * 32, false),
        t = blocks.bytes(ARMS * 64, false);
      const r = blocks.bytes(ARMS * 16, false),
        w = blocks.bytes(ARMS * 16, false);
      const pairs = blocks.bytes(kernels.armPairBytes(ARMS), false);
      let invalid = 0;
      for (let start = 0; start < N; start += ARMS) {
        const count = Math.min(ARMS, N - start),
          memory = kernels.memory.buffer;
        new Float64Array(memory, a, 4 * count).set(alpha.subarray(4 * start, 4 * (start + count)));
        new Float64Array(memory, b, 4 * count).set(beta.subarray(4 * start, 4 * (start + count)));
        new Float64Array(memory, r, 2 * count).set(rewards.subarray(2 * start, 2 * (start + count)));
        invalid += kernels.sampleBeta(4 * count, a, b, seed, 4 * start, t);
        kernels.packArms2(count, t, r, pairs);
        kernels.whittle2(count, pairs, discount, w);
        const indices = new Float64Array(memory, w, 2 * count);
        for (let j = 0; j < count; j++) out[start + j] = indices[2 * j + (state[start + j] & 1)];
      }
      checkValid('drawIndices', invalid, 4 * N);
    } finally {
      blocks.releaseAll();
    }
    return out;
  };
}

/** The engine's functions for the weekly plan: the Whittle indices, their posterior draw and the Beta sampler. */
export function planIndexFunction(engine: Engine): IndexFunction {
  const indices = (t: Float64Array, r: Float64Array, S: number, d: number, out?: Float64Array) =>
    engine.whittleIndices(t, r, S, d, out).indices;
  const { kernels } = engine;
  return Object.assign(indices, { drawIndices: posteriorIndexDraw(kernels), sampleBeta: betaSampler(kernels) });
}
