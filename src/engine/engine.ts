// Typed-array API over the WASM kernels: copies inputs into WASM memory, runs a kernel,
// copies the output out and frees everything, so callers never see a pointer.
import { VERDICT } from '../core/simulation/indexability.ts';
import type { Kernels } from './kernels.ts';
import type { PreparedSimulation } from './prepared-simulation.ts';
import { armChunk, shapeOf, validateChunk, validateShape, type SimulationShape } from './arm-chunks.ts';
import { mergeParts, type SimulationInput, type SimulationPart, type SimulationResult } from './simulation.ts';
import { SimulationLoader } from './simulation-loader.ts';
import { PreparedAdopter, PreparedBytes } from './prepared-bytes.ts';
import { Blocks } from './wasm-blocks.ts';
import { armPairsLength } from './arm-pairs.ts';

export { VERDICT };

/**
 * Index tables of arms: numArms x numStates, and per arm its verdict: 0 not indexable, 1 indexable,
 * 2 strongly indexable (so `indexable[i] > 0` iff arm i is indexable).
 */
export interface IndexTable {
  indices: Float64Array;
  indexable: Uint8Array;
}

/**
 * 2-state arms per staged piece of whittle2: their rows copied in and their indices (96 bytes per arm, 384 KiB), so
 * that a piece stays in the core's cache between the copies and the kernel (at 10^4 and 10^5 arms 4,096 was 5 to 9 %
 * faster than 2,048 and 1,024, 8,192 no faster).
 */
const WHITTLE2_PIECE = 4096;
/**
 * Arms per piece of whittle2Pairs (64 bytes per arm staged, 512 KiB): at 10^5 arms 4,096 and 8,192 were 15 % faster
 * than 2,048 and a third faster than 1,024 (only two copies to keep in cache, not four arrays).
 */
const PAIRS_PIECE = 8192;

export class Engine {
  /** S-state indices per (transitions array, arm, discount, reward row): bisection is costly, rows repeat. */
  private readonly indexCache = new WeakMap<Float64Array, Map<string, { w: Float64Array; ok: number }>>();

  constructor(readonly kernels: Kernels) {}

  /**
   * Whittle indices of 2-state arms, closed form.
   * transitions: numArms x 2 x 2 x 2 (arm, state, action, next state), row-major.
   * rewards: numArms x 2 (arm, state). Returns numArms x 2 (arm, state): `out` when given (a caller that indexes
   * again and again reuses it: a new array's first writes are page faults, costlier than the kernel).
   */
  whittle2(transitions: Float64Array, rewards: Float64Array, discount: number, out?: Float64Array): Float64Array {
    const numArms = rewards.length / 2;
    if (!Number.isInteger(numArms) || transitions.length !== numArms * 8) {
      throw new RangeError(
        `whittle2: expected rewards of length 2N and transitions of length 8N, got ${rewards.length} and ` +
          `${transitions.length}`,
      );
    }
    checkDiscount('whittle2', discount);
    if (out && out.length !== numArms * 2) {
      throw new RangeError(`whittle2: expected out of length ${numArms * 2}, got ${out.length}`);
    }
    out ??= new Float64Array(numArms * 2);
    if (numArms === 0) return out;
    // piece by piece through small blocks: WASM memory never shrinks, and the whole table at once would take 96 bytes
    // per arm
    const k = this.kernels,
      blocks = new Blocks(k),
      P = Math.min(numArms, WHITTLE2_PIECE);
    try {
      const t = blocks.bytes(P * 64, false),
        r = blocks.bytes(P * 16, false),
        w = blocks.bytes(P * 16, false);
      const memory = k.memory.buffer; // no allocation below: the views stay valid
      const rows = new Float64Array(memory, t, P * 8),
        rewardRows = new Float64Array(memory, r, P * 2),
        indices = new Float64Array(memory, w, P * 2);
      for (let start = 0; start < numArms; start += P) {
        const m = Math.min(P, numArms - start);
        rows.set(transitions.subarray(start * 8, (start + m) * 8));
        rewardRows.set(rewards.subarray(start * 2, (start + m) * 2));
        k.whittle2Rows(m, t, r, discount, w); // the pair layout made in registers: no pack pass
        out.set(m === P ? indices : indices.subarray(0, m * 2), start * 2);
      }
    } finally {
      blocks.releaseAll();
    }
    return out;
  }

  /**
   * Whittle indices of 2-state arms from the kernel's own layout (arm-pairs.ts: 48 bytes per arm, filled by the
   * caller), the same bits as whittle2: each piece copied in with one pass, indexed, its indices copied out.
   */
  whittle2Pairs(pairs: Float64Array, numArms: number, discount: number, out?: Float64Array): Float64Array {
    if (!Number.isInteger(numArms) || numArms < 0 || pairs.length !== armPairsLength(numArms))
      throw new RangeError(
        `whittle2Pairs: expected ${armPairsLength(Math.max(0, numArms | 0))} values for ${numArms} arms in pairs ` +
          `(12 per two arms), got ${pairs.length}`,
      );
    checkDiscount('whittle2Pairs', discount);
    if (out && out.length !== numArms * 2)
      throw new RangeError(`whittle2Pairs: expected out of length ${numArms * 2}, got ${out.length}`);
    out ??= new Float64Array(numArms * 2);
    if (numArms === 0) return out;
    const k = this.kernels,
      blocks = new Blocks(k),
      P = Math.min(numArms + (numArms & 1), PAIRS_PIECE);
    try {
      const p = blocks.bytes(P * 48, false),
        w = blocks.bytes(P * 16, false);
      const memory = k.memory.buffer; // no allocation below: the views stay valid
      const piece = new Float64Array(memory, p, P * 6),
        indices = new Float64Array(memory, w, P * 2);
      for (let start = 0; start < numArms; start += P) {
        const m = Math.min(P, numArms - start); // start is even: a piece begins a block
        piece.set(pairs.subarray(start * 6, start * 6 + armPairsLength(m)));
        k.whittle2(m, p, discount, w);
        out.set(m === P ? indices : indices.subarray(0, m * 2), start * 2);
      }
    } finally {
      blocks.releaseAll();
    }
    return out;
  }

  /**
   * Whittle indices of S-state arms (S = 2: closed form, always indexable; S > 2: the sweep of Gast, Gaujal
   * and Khun with its indexability verdict, cached per reward row).
   * transitions: numArms x S x 2 x S; rewards: numArms x S. The indices written into `out` when given (numArms x S: a
   * caller that indexes piece after piece reuses it, where a fresh table's pages and their collection cost more).
   */
  whittleIndices(
    transitions: Float64Array,
    rewards: Float64Array,
    numStates: number,
    discount: number,
    out?: Float64Array,
  ): IndexTable {
    const S = numStates;
    const N = rewards.length / S;
    if (!Number.isInteger(S) || S < 2)
      throw new RangeError(`whittleIndices: numStates must be an integer >= 2, got ${S}`);
    if (!Number.isInteger(N) || transitions.length !== N * S * 2 * S) {
      throw new RangeError(
        `whittleIndices: expected rewards of length N x ${S} and transitions of length N x ${S * 2 * S}, got ` +
          `${rewards.length} and ${transitions.length}`,
      );
    }
    checkDiscount('whittleIndices', discount);
    if (out && out.length !== N * S) throw new RangeError(`whittleIndices: expected out of length ${N * S}`);
    if (S === 2)
      return {
        indices: this.whittle2(transitions, rewards, discount, out),
        indexable: new Uint8Array(N).fill(VERDICT.indexable),
      };
    let cache = this.indexCache.get(transitions);
    if (!cache) this.indexCache.set(transitions, (cache = new Map()));
    const key = (arm: number) => `${arm}|${discount}|${rewards.subarray(arm * S, arm * S + S).join(',')}`;
    const todo: number[] = [];
    for (let arm = 0; arm < N; arm++) if (!cache.has(key(arm))) todo.push(arm);
    if (todo.length > 0) {
      const t = new Float64Array(todo.length * S * 2 * S),
        r = new Float64Array(todo.length * S);
      todo.forEach((arm, j) => {
        t.set(transitions.subarray(arm * S * 2 * S, (arm + 1) * S * 2 * S), j * S * 2 * S);
        r.set(rewards.subarray(arm * S, arm * S + S), j * S);
      });
      const fresh = this.kernelWhittleS(t, r, S, discount);
      todo.forEach((arm, j) =>
        cache.set(key(arm), { w: fresh.indices.slice(j * S, j * S + S), ok: fresh.indexable[j] }),
      );
    }
    const indices = out ?? new Float64Array(N * S),
      indexable = new Uint8Array(N);
    for (let arm = 0; arm < N; arm++) {
      const hit = cache.get(key(arm))!;
      indices.set(hit.w, arm * S);
      indexable[arm] = hit.ok;
    }
    return { indices, indexable };
  }

  /** The S-state sweep itself, for any S >= 2, uncached (layouts as in whittleIndices). */
  kernelWhittleS(transitions: Float64Array, rewards: Float64Array, numStates: number, discount: number): IndexTable {
    const S = numStates,
      M = rewards.length / S;
    checkDiscount('whittleIndices', discount);
    const [, , w, verdict] = this.withBuffers(
      [transitions, rewards, M * S, Math.ceil(M / 8), this.kernels.whittleSWorkSize(S)],
      ([tp, rp, out, vp, work]) => {
        this.kernels.whittleS(M, S, tp, rp, discount, out, vp, work);
      },
    );
    return { indices: w, indexable: new Uint8Array(verdict.buffer, 0, M).slice() };
  }

  /**
   * Runs trials [trialStart, trialEnd) of a simulation and returns their raw sums (merge them with
   * mergeParts). `onProgress(trialsDone)` is called between kernel calls (about every 50 ms).
   */
  simulatePart(
    input: SimulationInput,
    trialStart: number,
    trialEnd: number,
    onProgress?: (trialsDone: number) => void,
  ): SimulationPart {
    const prepared = this.prepare(input);
    try {
      return prepared.run(input.seed, trialStart, trialEnd, onProgress);
    } finally {
      prepared.dispose();
    }
  }

  /** A whole simulation in this engine (one thread). */
  simulate(input: SimulationInput, onProgress?: (trialsDone: number) => void): SimulationResult {
    return mergeParts(input, [this.simulatePart(input, 0, input.trials, onProgress)]);
  }

  /**
   * Validates the input and moves everything that does not depend on the seed into WASM memory
   * (sampling thresholds, the presorted index keys, rewards), so that many seeds of one candidate
   * (DLM's protocol) cost only their simulation. Call dispose() when done.
   */
  prepare(input: SimulationInput): PreparedSimulation {
    const shape = shapeOf(input);
    let chunk = armChunk(input, 0, input.numArms);
    if (input.policy === 'whittle' && input.numStates > 2 && !input.indices) {
      // S-state indices come with the chunks (bisection is costly: whittleIndices caches them per input)
      validateShape(shape);
      validateChunk(shape, chunk);
      chunk = {
        ...chunk,
        indices: this.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount).indices,
      };
      shape.indexed = true;
    }
    const loader = this.load(shape);
    loader.add(chunk);
    loader.addRewards(0, input.rewards);
    return loader.finish();
  }

  /**
   * A simulation whose arms arrive in chunks, in order (SimulationLoader.add), then finish() gives the
   * prepared simulation: how an engine worker takes a large input without a whole copy of it in transit.
   */
  load(shape: SimulationShape): SimulationLoader {
    validateShape(shape);
    return new SimulationLoader(this.kernels, shape);
  }

  /** The seed-independent data of a simulation this engine prepared, as bytes for other engines to adopt. */
  share(prepared: PreparedSimulation): PreparedBytes {
    return new PreparedBytes(this.kernels, prepared);
  }

  /**
   * A simulation of this shape prepared by another engine, whose bytes (PreparedBytes) arrive in pieces
   * (PreparedAdopter.add), then finish() gives the prepared simulation: the same trials, the same bits, without
   * checking, converting and sorting the arms again. Its memory is reserved and touched at once: call it early.
   */
  adopt(shape: SimulationShape): PreparedAdopter {
    validateShape(shape);
    return new PreparedAdopter(this.kernels, shape);
  }

  /**
   * Allocates one f64 buffer per entry (copying arrays in, zero-filling lengths), runs `body` with
   * the pointers, then copies the zero-filled ones (the outputs) out and frees them all, even when `body`
   * throws. An input comes back as the caller's own array.
   */
  private withBuffers(specs: (Float64Array | number)[], body: (ptrs: number[]) => void): Float64Array[] {
    const blocks = new Blocks(this.kernels);
    try {
      const ptrs = specs.map((spec) => (typeof spec === 'number' ? blocks.f64(spec) : blocks.f64(spec.length, spec)));
      body(ptrs);
      // Views are taken after the call: memory may have grown (and its buffer changed) in alloc.
      return specs.map((spec, i) =>
        typeof spec === 'number' ? new Float64Array(this.kernels.memory.buffer, ptrs[i], spec).slice() : spec,
      );
    } finally {
      blocks.releaseAll();
    }
  }
}

export function checkDiscount(what: string, discount: number): void {
  if (!(discount >= 0 && discount < 1)) throw new RangeError(`${what}: discount must be in [0, 1), got ${discount}`);
}
