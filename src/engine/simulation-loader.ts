// A simulation's arms taken into WASM memory chunk by chunk (Engine.load, Engine.prepare): what lets an
// engine worker take 3 x 10^6 arms without a whole copy of them in transit or in its memory.
import type { CellArray } from '../core/instance/occupancy.ts';
import { checkGroups } from './group-bounds.ts';
import type { Kernels } from './kernels.ts';
import { keptBlockBytes, presorts, reserve, simulationPeakBytes, SORT_HIST_BYTES } from './memory-plan.ts';
import { PreparedSimulation, runInputOf } from './prepared-simulation.ts';
import {
  checkChunkDistributions,
  checkChunkShape,
  checkChunkValues,
  type ArmChunk,
  type SimulationShape,
} from './arm-chunks.ts';
import { Blocks } from './wasm-blocks.ts';

/**
 * Keys up to this many are presorted here rather than by the kernel's radix sort, whose 65,536-bucket
 * passes cost about 0.1 ms however few the keys (a DLM seed has 96): the same order, bit for bit.
 */
const SMALL_SORT = 2048;
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
  private readonly at: {
    thresholds: number;
    initial: number;
    rewards: number;
    order: number;
    tiedNext: number;
    values: number;
    staging: number;
  };
  private tallyCells?: CellArray;
  private ofArm?: Int32Array;

  constructor(
    private readonly k: Kernels,
    private readonly shape: SimulationShape,
  ) {
    const { numArms: N, numStates: S } = shape,
      len = N * S;
    this.whittle = presorts(shape);
    reserve(
      k,
      simulationPeakBytes(shape, k, { indexed: this.whittle, smallSort: SMALL_SORT, stagingBytes: STAGING_BYTES }),
    );
    const b = (this.blocks = new Blocks(k)),
      kept = keptBlockBytes(shape, k);
    // Order matters: what lives until dispose first, then what the sort frees, so that the rewards and
    // the run's blocks are carved from one free stretch of the reservation.
    // the thresholds are all written by samplingThresholds, which only sets flag bits: only the flags zeroed
    const thresholds = this.flagsZeroed(kept.thresholds, N * S * 2 * (S - 1)),
      initial = this.flagsZeroed(kept.initial, N * (S - 1));
    const order = this.whittle ? b.bytes(kept.order, false) : 0,
      tiedNext = this.whittle ? b.bytes(kept.tiedNext, false) : 0;
    const values = this.whittle ? b.bytes(len * 8, false) : 0;
    this.at = { thresholds, initial, rewards: 0, order, tiedNext, values, staging: b.bytes(STAGING_BYTES, false) };
  }

  /** A block of `count` thresholds (thresholdBytes), its flag bits zeroed. */
  private flagsZeroed(bytes: number, count: number): number {
    const ptr = this.blocks.bytes(bytes, false);
    new Uint8Array(this.k.memory.buffer, ptr + count * 4, bytes - count * 4).fill(0);
    return ptr;
  }

  /** Pass 1: arms [chunk.start, chunk.end), right after the arms loaded so far (the chunk is only read). */
  add(chunk: ArmChunk): void {
    const { k, at, shape } = this;
    const { numArms: N, numStates: S } = shape,
      { start, end } = chunk,
      n = end - start;
    if (start !== this.loaded)
      throw new RangeError(`simulate: arms ${start}..${end - 1} came when arm ${this.loaded} was next`);
    // validateChunk's checks in its order, the distributions' made by samplingThresholds as it converts the rows (a
    // pass of their own in JS took longer than the conversion): only a chunk with a row that is not a distribution is
    // checked in JS, which names it
    checkChunkShape(shape, chunk);
    const missing = this.whittle && S > 2 && !chunk.indices;
    let notDistributions = 0;
    const f64 = (ptr: number, length: number) => new Float64Array(k.memory.buffer, ptr, length);
    if (this.whittle && chunk.indices) f64(at.values + start * S * 8, n * S).set(chunk.indices);
    // transitions: staged a few arms at a time (with their rewards and, for 2-state indices, their pair layout), each
    // piece converted and its 2-state indices computed
    const rowT = S * 2 * S,
      piece = Math.max(1, Math.floor((STAGING_BYTES - 96) / ((rowT + S) * 8 + 48)));
    for (let a = 0; a < n; a += piece) {
      const m = Math.min(piece, n - a),
        first = start + a,
        staged = at.staging + m * rowT * 8;
      f64(at.staging, m * rowT).set(chunk.transitions.subarray(a * rowT, (a + m) * rowT));
      notDistributions |= k.samplingThresholds(m * S * 2, S, at.staging, at.thresholds, first * S * 2, N * S * 2);
      if (this.whittle && !chunk.indices && !missing) {
        const pairs = staged + m * S * 8;
        f64(staged, m * S).set(chunk.rewards.subarray(a * S, (a + m) * S));
        k.packArms2(m, at.staging, staged, pairs);
        k.whittle2(m, pairs, shape.discount, at.values + first * 16);
      }
    }
    const rows = Math.max(1, Math.floor(STAGING_BYTES / (S * 8)));
    for (let a = 0; a < n; a += rows) {
      const m = Math.min(rows, n - a);
      f64(at.staging, m * S).set(chunk.initial.subarray(a * S, (a + m) * S));
      notDistributions |= k.samplingThresholds(m, S, at.staging, at.initial, start + a, N);
    }
    if (notDistributions) checkChunkDistributions(shape, chunk);
    checkChunkValues(shape, chunk);
    if (missing) throw new RangeError('simulate: S-state arms need their indices computed before loading');
    // the run reads the tally cells and group ids of all arms: gathered here (a whole input's are kept as they are)
    if (chunk.tallyCells) {
      const G = shape.tally!.groupings;
      if (n === N) this.tallyCells = chunk.tallyCells;
      // copied: a chunk's buffers go back to be refilled
      else
        for (let g = 0; g < G; g++)
          (this.tallyCells ??= new (chunk.tallyCells.constructor as new (length: number) => CellArray)(G * N)).set(
            chunk.tallyCells.subarray(g * n, (g + 1) * n),
            g * N + start,
          );
    }
    if (chunk.ofArm) {
      if (n === N) this.ofArm = chunk.ofArm;
      else (this.ofArm ??= new Int32Array(N)).set(chunk.ofArm, start);
    }
    this.loaded = end;
  }

  /**
   * Pass 2: the rewards of arms [start, start + rows / S), right after those loaded so far (sorts first, once pass 1 is
   * complete).
   */
  addRewards(start: number, rewards: Float64Array): void {
    const { k, at, shape } = this;
    const S = shape.numStates,
      n = rewards.length / S;
    this.sort();
    if (start !== this.rewardsLoaded || !Number.isInteger(n) || start + n > shape.numArms)
      throw new RangeError(
        `simulate: ${rewards.length} rewards for arms from ${start} came when arm ${this.rewardsLoaded} was next`,
      );
    for (let j = 0; j < rewards.length; j++) {
      if (!Number.isFinite(rewards[j]))
        throw new RangeError(
          `simulate: rewards: arm ${start + Math.floor(j / S)}, state ${j % S} is ${rewards[j]}, not a finite number`,
        );
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
      if (this.rewardsLoaded !== N)
        throw new RangeError(`simulate: the rewards of arms ${this.rewardsLoaded}..${N - 1} were never loaded`);
      const fixed = {
        thresholds: at.thresholds,
        initial: at.initial,
        order: at.order,
        tiedNext: at.tiedNext,
        rewards: at.rewards,
      };
      return new PreparedSimulation(k, runInputOf(shape, this.tallyCells, this.ofArm), fixed, blocks);
    } catch (error) {
      blocks.releaseAll();
      throw error;
    }
  }

  /**
   * Once pass 1 is complete: checks the groups, sorts the index keys, frees the sort's blocks and takes the rewards'
   * block.
   */
  private sort(): void {
    if (this.sorted) return;
    const { k, at, shape, blocks } = this;
    const { numArms: N, numStates: S } = shape,
      len = N * S;
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
        presortSmall(
          values,
          new Uint32Array(k.memory.buffer, at.order, len),
          new Uint8Array(k.memory.buffer, at.tiedNext, len),
        );
      } else {
        // the keys overwrite the values in place (the kernel reads value i before it writes key i)
        const keys2 = blocks.bytes(len * 8, false),
          order2 = blocks.bytes(len * 4, false),
          hist = blocks.bytes(SORT_HIST_BYTES, false);
        k.sortDescending(len, at.values, at.order, at.tiedNext, at.values, keys2, order2, hist);
        for (const p of [keys2, order2, hist]) blocks.release(p);
      }
      blocks.release(at.values);
    }
    at.rewards = blocks.bytes(keptBlockBytes(shape, k).rewards, false);
    this.sorted = true;
  }
}
