// Typed-array API over the WASM kernels: copies inputs into WASM memory, runs a kernel,
// copies the output out and frees everything, so callers never see a pointer.
import type { CellArray } from '../core/instance/occupancy.ts';
import { VERDICT } from '../core/simulation/indexability.ts';
import type { Kernels } from './kernels.ts';
import { TrialTally } from './trial-tally.ts';
import { groupBlock } from './group-bounds.ts';
import { reserve, simulationPeakBytes } from './memory-plan.ts';
import { checkGroups } from './group-bounds.ts';
import { armChunk, fixedScale, mergeParts, POLICY_CODES, shapeOf, validateChunk, validateShape, type ArmChunk, type SimulationInput, type SimulationPart, type SimulationResult, type SimulationShape } from './simulation.ts';

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
 * Keys up to this many are presorted here rather than by the kernel's radix sort, whose 65,536-bucket
 * passes cost about 0.1 ms however few the keys (a DLM seed has 96): the same order, bit for bit.
 */
const SMALL_SORT = 2048;
/** 2-state arms per whittle2 kernel call (6 MiB of buffers). */
const WHITTLE2_CHUNK = 65_536;
/** Size of the staging block through which probabilities reach samplingThresholds (1 MiB: 65,536 rows of 2 states). */
const STAGING_BYTES = 1 << 20;

/** The kernel's sortDescending for small n: positions by decreasing value, ties (and -0 = +0) by position. */
function presortSmall(values: Float64Array, order: Uint32Array, tiedNext: Uint8Array): void {
  const n = values.length;
  const positions = Array.from({ length: n }, (_, i) => i);
  positions.sort((a, b) => (values[a] === values[b] ? a - b : values[b] > values[a] ? 1 : -1));
  for (let j = 0; j < n; j++) {
    order[j] = positions[j];
    tiedNext[j] = j + 1 < n && values[positions[j]] === values[positions[j + 1]] ? 1 : 0;
  }
}

/** Arm-steps per simulate call (about 30 ms on one core), so that progress is reported between calls. */
const ARM_STEPS_PER_CALL = 1e7;

export class Engine {
  /** S-state indices per (transitions array, arm, discount, reward row): bisection is costly, rows repeat. */
  private readonly indexCache = new WeakMap<Float64Array, Map<string, { w: Float64Array; ok: number }>>();

  constructor(readonly kernels: Kernels) {}

  /**
   * Whittle indices of 2-state arms, closed form.
   * transitions: numArms x 2 x 2 x 2 (arm, state, action, next state), row-major.
   * rewards: numArms x 2 (arm, state). Returns numArms x 2 (arm, state).
   */
  whittle2(transitions: Float64Array, rewards: Float64Array, discount: number): Float64Array {
    const numArms = rewards.length / 2;
    if (!Number.isInteger(numArms) || transitions.length !== numArms * 8) {
      throw new RangeError(`whittle2: expected rewards of length 2N and transitions of length 8N, got ${rewards.length} and ${transitions.length}`);
    }
    checkDiscount('whittle2', discount);
    // in chunks: WASM memory never shrinks, and the whole table at once would take 96 bytes per arm
    const out = new Float64Array(numArms * 2);
    for (let start = 0; start < numArms; start += WHITTLE2_CHUNK) {
      const end = Math.min(numArms, start + WHITTLE2_CHUNK);
      out.set(this.withBuffers([transitions.subarray(start * 8, end * 8), rewards.subarray(start * 2, end * 2), (end - start) * 2], ([t, r, o]) => {
        this.kernels.whittle2(end - start, t, r, discount, o);
      })[2], start * 2);
    }
    return out;
  }

  /**
   * Whittle indices of S-state arms (S = 2: closed form, always indexable; S > 2: the sweep of Gast, Gaujal
   * and Khun with its indexability verdict, cached per reward row).
   * transitions: numArms x S x 2 x S; rewards: numArms x S.
   */
  whittleIndices(transitions: Float64Array, rewards: Float64Array, numStates: number, discount: number): IndexTable {
    const S = numStates;
    const N = rewards.length / S;
    if (!Number.isInteger(S) || S < 2) throw new RangeError(`whittleIndices: numStates must be an integer >= 2, got ${S}`);
    if (!Number.isInteger(N) || transitions.length !== N * S * 2 * S) {
      throw new RangeError(`whittleIndices: expected rewards of length N x ${S} and transitions of length N x ${S * 2 * S}, got ${rewards.length} and ${transitions.length}`);
    }
    checkDiscount('whittleIndices', discount);
    if (S === 2) return { indices: this.whittle2(transitions, rewards, discount), indexable: new Uint8Array(N).fill(VERDICT.indexable) };
    let cache = this.indexCache.get(transitions);
    if (!cache) this.indexCache.set(transitions, (cache = new Map()));
    const key = (arm: number) => `${arm}|${discount}|${rewards.subarray(arm * S, arm * S + S).join(',')}`;
    const todo: number[] = [];
    for (let arm = 0; arm < N; arm++) if (!cache.has(key(arm))) todo.push(arm);
    if (todo.length > 0) {
      const t = new Float64Array(todo.length * S * 2 * S), r = new Float64Array(todo.length * S);
      todo.forEach((arm, j) => {
        t.set(transitions.subarray(arm * S * 2 * S, (arm + 1) * S * 2 * S), j * S * 2 * S);
        r.set(rewards.subarray(arm * S, arm * S + S), j * S);
      });
      const fresh = this.kernelWhittleS(t, r, S, discount);
      todo.forEach((arm, j) => cache.set(key(arm), { w: fresh.indices.slice(j * S, j * S + S), ok: fresh.indexable[j] }));
    }
    const indices = new Float64Array(N * S), indexable = new Uint8Array(N);
    for (let arm = 0; arm < N; arm++) {
      const hit = cache.get(key(arm))!;
      indices.set(hit.w, arm * S);
      indexable[arm] = hit.ok;
    }
    return { indices, indexable };
  }

  /** The S-state sweep itself, for any S >= 2, uncached (layouts as in whittleIndices). */
  kernelWhittleS(transitions: Float64Array, rewards: Float64Array, numStates: number, discount: number): IndexTable {
    const S = numStates, M = rewards.length / S;
    checkDiscount('whittleIndices', discount);
    const [, , w, verdict] = this.withBuffers([transitions, rewards, M * S, Math.ceil(M / 8), this.kernels.whittleSWorkSize(S)], ([tp, rp, out, vp, work]) => {
      this.kernels.whittleS(M, S, tp, rp, discount, out, vp, work);
    });
    return { indices: w, indexable: new Uint8Array(verdict.buffer, 0, M).slice() };
  }

  /**
   * Runs trials [trialStart, trialEnd) of a simulation and returns their raw sums (merge them with
   * mergeParts). `onProgress(trialsDone)` is called between kernel calls (about every 50 ms).
   */
  simulatePart(input: SimulationInput, trialStart: number, trialEnd: number, onProgress?: (trialsDone: number) => void): SimulationPart {
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
      chunk = { ...chunk, indices: this.whittleIndices(input.transitions, input.rewards, input.numStates, input.discount).indices };
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
      return specs.map((spec, i) => (typeof spec === 'number' ? new Float64Array(this.kernels.memory.buffer, ptrs[i], spec).slice() : spec));
    } finally {
      blocks.releaseAll();
    }
  }
}

function checkDiscount(what: string, discount: number): void {
  if (!(discount >= 0 && discount < 1)) throw new RangeError(`${what}: discount must be in [0, 1), got ${discount}`);
}

/** WASM allocations of one call, all freed at the end (or earlier, one by one). */
class Blocks {
  private readonly live = new Set<number>();
  constructor(private readonly k: Kernels) {}

  /** `bytes` bytes, zeroed unless the caller overwrites them all. */
  bytes(bytes: number, zero = true): number {
    const ptr = this.k.alloc(Math.max(8, bytes));
    this.live.add(ptr);
    if (zero) new Uint8Array(this.k.memory.buffer, ptr, bytes).fill(0);
    return ptr;
  }

  /** `length` f64, zeroed or copied from `from` (one pass over the block, not two). */
  f64(length: number, from?: Float64Array): number {
    const ptr = this.bytes(length * 8, !from || from.length < length);
    if (from) new Float64Array(this.k.memory.buffer, ptr, length).set(from.subarray(0, length));
    return ptr;
  }

  release(ptr: number): void {
    this.live.delete(ptr);
    this.k.free(ptr);
  }

  releaseAll(): void {
    for (const ptr of this.live) this.k.free(ptr);
    this.live.clear();
  }
}

/** A simulation without its arm arrays, but with the whole tally cells and group ids (the run reads them). */
type RunInput = Omit<SimulationInput, 'transitions' | 'rewards' | 'initial' | 'indices'>;

/**
 * Takes a simulation's arms into WASM memory in two passes (Engine.load). Pass 1, add(): each chunk's
 * transitions become exact sampling thresholds through a small staging block (WASM memory never shrinks,
 * so a whole staging copy would stay in the worker's footprint), its index rows are copied or, for 2 states,
 * computed from the staged rows and rewards. Then the index keys are sorted. Pass 2, addRewards(): the
 * rewards, which are kept for the run only once the sort's buffers are free (at 3 x 10^6 arms, 48 MB
 * less per worker at the peak). finish() gives the prepared simulation.
 */
export class SimulationLoader {
  private loaded = 0;
  private rewardsLoaded = 0;
  private sorted = false;
  private readonly blocks: Blocks;
  private readonly whittle: boolean;
  private readonly at: { thresholds: number; initial: number; rewards: number; order: number; tiedNext: number; values: number; staging: number };
  private tallyCells?: CellArray;
  private ofArm?: Int32Array;

  constructor(private readonly k: Kernels, private readonly shape: SimulationShape) {
    const { numArms: N, numStates: S } = shape, len = N * S;
    this.whittle = shape.policy === 'whittle' && shape.budget > 0 && shape.budget < N;
    reserve(k, simulationPeakBytes(shape, k, { indexed: this.whittle, smallSort: SMALL_SORT, stagingBytes: STAGING_BYTES }));
    const b = (this.blocks = new Blocks(k));
    // Order matters: what lives until dispose first, then what the sort frees, so that the rewards and
    // the run's blocks are carved from one free stretch of the reservation.
    const thresholds = b.bytes(k.thresholdBytes(N * S * 2, S)), initial = b.bytes(k.thresholdBytes(N, S));
    const order = this.whittle ? b.bytes(len * 4, false) : 0, tiedNext = this.whittle ? b.bytes(len, false) : 0;
    const values = this.whittle ? b.bytes(len * 8, false) : 0;
    this.at = { thresholds, initial, rewards: 0, order, tiedNext, values, staging: b.bytes(STAGING_BYTES, false) };
  }

  /** Pass 1: arms [chunk.start, chunk.end), right after the arms loaded so far (the chunk is only read). */
  add(chunk: ArmChunk): void {
    const { k, at, shape } = this;
    const { numArms: N, numStates: S } = shape, { start, end } = chunk, n = end - start;
    if (start !== this.loaded) throw new RangeError(`simulate: arms ${start}..${end - 1} came when arm ${this.loaded} was next`);
    validateChunk(shape, chunk);
    if (this.whittle && S > 2 && !chunk.indices) throw new RangeError('simulate: S-state arms need their indices computed before loading');
    const f64 = (ptr: number, length: number) => new Float64Array(k.memory.buffer, ptr, length);
    if (this.whittle && chunk.indices) f64(at.values + start * S * 8, n * S).set(chunk.indices);
    // transitions: staged a few arms at a time (with their rewards), each piece converted and its 2-state indices computed
    const rowT = S * 2 * S, piece = Math.max(1, Math.floor(STAGING_BYTES / ((rowT + S) * 8)));
    for (let a = 0; a < n; a += piece) {
      const m = Math.min(piece, n - a), first = start + a, staged = at.staging + m * rowT * 8;
      f64(at.staging, m * rowT).set(chunk.transitions.subarray(a * rowT, (a + m) * rowT));
      k.samplingThresholds(m * S * 2, S, at.staging, at.thresholds, first * S * 2, N * S * 2);
      if (this.whittle && !chunk.indices) {
        f64(staged, m * S).set(chunk.rewards.subarray(a * S, (a + m) * S));
        k.whittle2(m, at.staging, staged, shape.discount, at.values + first * 16);
      }
    }
    const rows = Math.max(1, Math.floor(STAGING_BYTES / (S * 8)));
    for (let a = 0; a < n; a += rows) {
      const m = Math.min(rows, n - a);
      f64(at.staging, m * S).set(chunk.initial.subarray(a * S, (a + m) * S));
      k.samplingThresholds(m, S, at.staging, at.initial, start + a, N);
    }
    // the run reads the tally cells and group ids of all arms: gathered here (a whole input's are kept as they are)
    if (chunk.tallyCells) {
      const G = shape.tally!.groupings;
      if (n === N) this.tallyCells = chunk.tallyCells;
      // copied: a chunk's buffers go back to be refilled
      else for (let g = 0; g < G; g++) (this.tallyCells ??= new (chunk.tallyCells.constructor as new (length: number) => CellArray)(G * N)).set(chunk.tallyCells.subarray(g * n, (g + 1) * n), g * N + start);
    }
    if (chunk.ofArm) {
      if (n === N) this.ofArm = chunk.ofArm;
      else (this.ofArm ??= new Int32Array(N)).set(chunk.ofArm, start);
    }
    this.loaded = end;
  }

  /** Pass 2: the rewards of arms [start, start + rows / S), right after those loaded so far (sorts first, once pass 1 is complete). */
  addRewards(start: number, rewards: Float64Array): void {
    const { k, at, shape } = this;
    const S = shape.numStates, n = rewards.length / S;
    this.sort();
    if (start !== this.rewardsLoaded || !Number.isInteger(n) || start + n > shape.numArms) throw new RangeError(`simulate: ${rewards.length} rewards for arms from ${start} came when arm ${this.rewardsLoaded} was next`);
    for (let j = 0; j < rewards.length; j++) {
      if (!Number.isFinite(rewards[j])) throw new RangeError(`simulate: rewards: arm ${start + Math.floor(j / S)}, state ${j % S} is ${rewards[j]}, not a finite number`);
    }
    new Float64Array(k.memory.buffer, at.rewards + start * S * 8, n * S).set(rewards);
    this.rewardsLoaded = start + n;
  }

  /** Hands the WASM blocks to the prepared simulation (every arm's rewards loaded). */
  finish(): PreparedSimulation {
    const { k, at, shape, blocks } = this;
    const N = shape.numArms;
    try {
      this.sort();
      if (this.rewardsLoaded !== N) throw new RangeError(`simulate: the rewards of arms ${this.rewardsLoaded}..${N - 1} were never loaded`);
      const { indexed: _, tally, groups, ...scalars } = shape;
      const input: RunInput = { ...scalars, ...(tally && { tally: { ...tally, cells: this.tallyCells! } }), ...(groups && { groups: { ...groups, ofArm: this.ofArm! } }) };
      return new PreparedSimulation(k, input, { thresholds: at.thresholds, initial: at.initial, order: at.order, tiedNext: at.tiedNext, rewards: at.rewards }, blocks);
    } catch (error) {
      blocks.releaseAll();
      throw error;
    }
  }

  /** Once pass 1 is complete: checks the groups, sorts the index keys, frees the sort's blocks and takes the rewards' block. */
  private sort(): void {
    if (this.sorted) return;
    const { k, at, shape, blocks } = this;
    const { numArms: N, numStates: S } = shape, len = N * S;
    if (this.loaded !== N) throw new RangeError(`simulate: arms ${this.loaded}..${N - 1} were never loaded`);
    if (shape.groups) {
      checkGroups({ ...shape, groups: { ...shape.groups, ofArm: this.ofArm! } }, (message) => {
        throw new RangeError(`simulate: ${message}`);
      });
    }
    blocks.release(at.staging);
    if (this.whittle) {
      const values = new Float64Array(k.memory.buffer, at.values, len);
      if (len <= SMALL_SORT && !values.some(Number.isNaN)) {
        presortSmall(values, new Uint32Array(k.memory.buffer, at.order, len), new Uint8Array(k.memory.buffer, at.tiedNext, len));
      } else {
        // the keys overwrite the values in place (the kernel reads value i before it writes key i)
        const keys2 = blocks.bytes(len * 8, false), order2 = blocks.bytes(len * 4, false), hist = blocks.bytes(65536 * 4, false);
        k.sortDescending(len, at.values, at.order, at.tiedNext, at.values, keys2, order2, hist);
        for (const p of [keys2, order2, hist]) blocks.release(p);
      }
      blocks.release(at.values);
    }
    at.rewards = blocks.bytes(len * 8, false);
    this.sorted = true;
  }
}

/** A simulation whose seed-independent data sit in WASM memory (Engine.prepare). */
export class PreparedSimulation {
  constructor(
    private readonly k: Kernels,
    private readonly input: RunInput,
    private readonly fixed: { thresholds: number; initial: number; order: number; tiedNext: number; rewards: number },
    private readonly blocks: Blocks,
  ) {}

  /** Trials [trialStart, trialEnd) with this seed (the input's seed is ignored): their sums. */
  run(seed: number, trialStart: number, trialEnd: number, onProgress?: (trialsDone: number) => void): SimulationPart {
    return this.trials(seed, trialStart, trialEnd, onProgress).collect();
  }

  /**
   * The same trials, their sums kept in WASM memory until collect() copies them out (the per-arm sums
   * into arrays the caller gives, if it does) and frees them; release() frees them unread.
   */
  trials(seed: number, trialStart: number, trialEnd: number, onProgress?: (trialsDone: number) => void): TrialSums {
    const input = this.input;
    const { numArms: N, numStates: S, horizon: T, trials: K } = input;
    if (!(Number.isInteger(trialStart) && Number.isInteger(trialEnd) && 0 <= trialStart && trialStart <= trialEnd && trialEnd <= K)) {
      throw new RangeError(`simulate: the trial range [${trialStart}, ${trialEnd}) is not within [0, ${K})`);
    }
    if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) throw new RangeError(`simulate: seed must be an integer in [0, 2^32), got ${seed}`);
    const k = this.k, f = this.fixed;
    const count = trialEnd - trialStart;
    const blocks = new Blocks(k);
    try {
      const state = blocks.bytes(N), act = blocks.bytes(N), scratch = blocks.bytes(N * 4), lastTrial = blocks.bytes(N * 4);
      const history = blocks.bytes(k.historyBytes(N)), tables = blocks.f64(Math.ceil(T / 16) * 512);
      new Int32Array(k.memory.buffer, lastTrial, N).fill(-1);
      // counts in 32 bits (assembly/simulate.ts), the discounted occupancy in f64
      const occDisc = blocks.f64(N * (S - 1)), occSteps = blocks.bytes(N * (S - 1) * 4);
      const pulls = blocks.bytes(N * 4), pulledTrials = blocks.bytes(N * 4);
      const perTrial = blocks.f64(count * 4);
      const perStep = input.perStep ? blocks.f64(T * 2) : 0;
      const perTrialOcc = input.perTrial ? blocks.f64(count * 2 * N * S) : 0;
      const totals = blocks.f64(1);
      const groups = input.groups ? groupBlock(input, this.k.memory, (bytes) => blocks.bytes(bytes)) : undefined;
      const scale = fixedScale(K, T);
      // a tally reads the accumulators after every trial, so it runs the kernel one trial per call
      const tally = input.tally ? new TrialTally(input.tally, N, S, count) : undefined;
      const chunk = tally ? 1 : Math.max(1, Math.floor(ARM_STEPS_PER_CALL / (N * T)));
      for (let start = trialStart; start < trialEnd; start += chunk) {
        const end = Math.min(trialEnd, start + chunk);
        const off = start - trialStart;
        k.simulate(N, S, f.thresholds, f.rewards, f.initial, f.order, f.tiedNext, POLICY_CODES[input.policy], input.ties === 'random' ? 1 : 0,
          input.budget, T, input.discount, seed >>> 0, scale, start, end, state, act, scratch, lastTrial, history, tables,
          occDisc, occSteps, pulls, pulledTrials, perTrial + off * 32, perStep, perTrialOcc ? perTrialOcc + off * 2 * N * S * 8 : 0, totals, groups?.block ?? 0);
        tally?.addTrial(off, new Uint32Array(k.memory.buffer, pulls, N), new Uint32Array(k.memory.buffer, occSteps, N * (S - 1)));
        onProgress?.(end - trialStart);
      }
      const out = (ptr: number, length: number) => new Float64Array(k.memory.buffer, ptr, length).slice();
      // the sums of every trial, but not yet the per-arm ones (TrialSums.collect)
      const part: Omit<SimulationPart, keyof ArmSums> = {
        trialStart,
        trialEnd,
        perTrial: out(perTrial, count * 4),
        perStep: perStep ? out(perStep, T * 2) : undefined,
        perTrialOcc: perTrialOcc ? out(perTrialOcc, count * 2 * N * S) : undefined,
        tally: tally?.values,
        discTotal: out(totals, 1)[0],
        ...(groups && { groupCallsRange: out(groups.range, groups.rangeLength) }),
      };
      return new TrialSums(k, part, { occDisc, occSteps, pulls, pulledTrials }, N * (S - 1), N, blocks);
    } catch (error) {
      blocks.releaseAll();
      throw error;
    }
  }

  /** Frees the WASM memory of the prepared data. */
  dispose(): void {
    this.blocks.releaseAll();
  }
}

/** The per-arm sums of a part (numArms x (numStates - 1) occupancy, numArms pulls), 20 bytes per 2-state arm. */
export type ArmSums = Pick<SimulationPart, 'occDisc' | 'occSteps' | 'pulls' | 'pulledTrials'>;

/** Trials run, their per-arm sums still in WASM memory (PreparedSimulation.trials). */
export class TrialSums {
  constructor(
    private readonly k: Kernels,
    private readonly part: Omit<SimulationPart, keyof ArmSums>,
    private readonly at: Record<keyof ArmSums, number>,
    private readonly occLength: number,
    private readonly numArms: number,
    private readonly blocks: Blocks,
  ) {}

  /** The part, its per-arm sums copied into `into` (arrays of the right lengths, e.g. made by the thread that merges) or into new arrays; frees the WASM blocks. */
  collect(into?: ArmSums): SimulationPart {
    try {
      const memory = this.k.memory.buffer;
      const copy = <A extends Float64Array | Uint32Array>(from: A, given: A | undefined, key: keyof ArmSums): A => {
        if (given && given.length !== from.length) throw new RangeError(`simulate: ${key} needs ${from.length} values, the array given has ${given.length}`);
        return given ? (given.set(from), given) : (from.slice() as A);
      };
      const L = this.occLength, N = this.numArms;
      return {
        ...this.part,
        occDisc: copy(new Float64Array(memory, this.at.occDisc, L), into?.occDisc, 'occDisc'),
        occSteps: copy(new Uint32Array(memory, this.at.occSteps, L), into?.occSteps, 'occSteps'),
        pulls: copy(new Uint32Array(memory, this.at.pulls, N), into?.pulls, 'pulls'),
        pulledTrials: copy(new Uint32Array(memory, this.at.pulledTrials, N), into?.pulledTrials, 'pulledTrials'),
      };
    } finally {
      this.release();
    }
  }

  /** Frees the WASM blocks of the sums. */
  release(): void {
    this.blocks.releaseAll();
  }
}
