// The weekly plan's Beta draws in WASM (assembly/beta.ts): the core's BetaSampler, provided by the engine
// as it provides the Whittle indices, so that the core stays free of WASM. The parameters go through a
// fixed staging block a chunk at a time (a cell's draw depends on its seed and index only, so chunks
// change nothing), never a whole copy of the posterior in WASM memory.
import type { BetaSampler } from '../core/plan/sample-beta.ts';
import type { IndexFunction } from '../core/plan/posterior-draws.ts';
import type { Engine } from './engine.ts';
import type { Kernels } from './kernels.ts';
import { Blocks } from './wasm-blocks.ts';

/** Cells per kernel call: 2 MiB of staging. */
const CHUNK = 65_536;

export function betaSampler(kernels: Kernels): BetaSampler {
  return (alpha, beta, seed, out) => {
    const n = alpha.length;
    if (beta.length !== n || out.length !== 2 * n) {
      throw new RangeError(`sampleBeta: expected beta of length ${n} and out of length ${2 * n}, got ${beta.length} and ${out.length}`);
    }
    if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) throw new RangeError(`sampleBeta: the seed must be an integer in [0, 2^32), got ${seed}`);
    const blocks = new Blocks(kernels);
    try {
      const a = blocks.bytes(CHUNK * 8, false), b = blocks.bytes(CHUNK * 8, false), o = blocks.bytes(CHUNK * 16, false);
      let invalid = 0;
      for (let start = 0; start < n; start += CHUNK) {
        const count = Math.min(CHUNK, n - start), memory = kernels.memory.buffer;
        new Float64Array(memory, a, count).set(alpha.subarray(start, start + count));
        new Float64Array(memory, b, count).set(beta.subarray(start, start + count));
        invalid += kernels.sampleBeta(count, a, b, seed, start, o);
        out.set(new Float64Array(memory, o, count * 2), start * 2);
      }
      if (invalid > 0) throw new RangeError(`sampleBeta: ${invalid} of ${n} cells have a Beta parameter that is not positive and finite`);
    } finally {
      blocks.releaseAll();
    }
  };
}

/** The engine's functions for the weekly plan: the Whittle indices, with its Beta sampler for the posterior draws. */
export function planIndexFunction(engine: Engine): IndexFunction {
  return Object.assign((t: Float64Array, r: Float64Array, S: number, d: number) => engine.whittleIndices(t, r, S, d).indices, { sampleBeta: betaSampler(engine.kernels) });
}
