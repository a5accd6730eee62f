// A prepared simulation's seed-independent data as one run of bytes, so that one engine prepares a simulation
// (checks, sampling thresholds, index table, presort) and the others adopt it: with the trials split over
// workers, the preparation is done once, not once per worker. Every engine computes the same layout from the
// shape, so the bytes carry no header: the kept WASM blocks in their order (memory-plan.ts, keptBlockBytes),
// then the tally cells (in the narrowest type, cellArray) and the group ids of all arms.
import { cellArray, type CellArray } from '../core/instance/occupancy.ts';
import type { SimulationShape } from './arm-chunks.ts';
import type { Kernels } from './kernels.ts';
import { keptBlockBytes, presorts, reserve, simulationPeakBytes } from './memory-plan.ts';
import { PreparedSimulation, runInputOf, type FixedBlocks, type RunInput } from './prepared-simulation.ts';
import { Blocks } from './wasm-blocks.ts';

/** Total bytes of the prepared data of a simulation of this shape. */
export function preparedByteLength(
  shape: Omit<SimulationShape, 'indexed'>,
  k: Pick<Kernels, 'thresholdBytes'>,
): number {
  return partLengths(shape, k).reduce((a, b) => a + b, 0);
}

/**
 * The prepared data of a simulation prepared by this engine, copied out piece by piece for others to adopt
 * (Engine.share).
 */
export class PreparedBytes {
  readonly byteLength: number;
  private readonly cells?: CellArray;

  constructor(
    private readonly k: Kernels,
    private readonly prepared: PreparedSimulation,
  ) {
    const { tally } = prepared.input;
    this.byteLength = preparedByteLength(prepared.input, k);
    if (tally) this.cells = narrowest(tally.cells, tally.numCells);
  }

  /** Copies bytes [offset, offset + into.length) into `into`. */
  copy(offset: number, into: Uint8Array): void {
    const { input, fixed } = this.prepared;
    if (!(Number.isInteger(offset) && offset >= 0 && offset + into.length <= this.byteLength)) {
      throw new RangeError(
        `simulate: prepared bytes ${offset}..${offset + into.length - 1} are outside the ${this.byteLength} there are`,
      );
    }
    copyAcross(parts(this.k, input, fixed, this.cells, input.groups?.ofArm), offset, into, false);
  }
}

/**
 * Another engine's prepared data, taken in pieces (in any order) into this engine's WASM memory, reserved and
 * allocated as a loader would, without the loading and the sort; finish() gives the prepared simulation. The
 * memory of the whole run is reserved and its pages touched at once, while the other engine prepares.
 */
export class PreparedAdopter {
  readonly byteLength: number;
  private received = 0;
  private readonly blocks: Blocks;
  private readonly fixed: FixedBlocks;
  private readonly cells?: CellArray;
  private readonly ofArm?: Int32Array;

  constructor(
    private readonly k: Kernels,
    private readonly shape: SimulationShape,
  ) {
    const { numArms: N } = shape,
      sorted = presorts(shape);
    this.byteLength = preparedByteLength(shape, k);
    reserve(k, simulationPeakBytes(shape, k, { indexed: sorted, smallSort: 0, stagingBytes: 0, adopted: true }), true);
    const b = (this.blocks = new Blocks(k)),
      kept = keptBlockBytes(shape, k);
    // every byte is written by add(): no zeroing; the order of the loader's blocks (memory-plan.ts)
    const thresholds = b.bytes(kept.thresholds, false),
      initial = b.bytes(kept.initial, false);
    const order = sorted ? b.bytes(kept.order, false) : 0,
      tiedNext = sorted ? b.bytes(kept.tiedNext, false) : 0;
    this.fixed = { thresholds, initial, order, tiedNext, rewards: b.bytes(kept.rewards, false) };
    if (shape.tally) this.cells = cellArray(shape.tally.groupings * N, shape.tally.numCells);
    if (shape.groups) this.ofArm = new Int32Array(N);
  }

  /** Bytes [offset, offset + bytes.length) of the prepared data. */
  add(offset: number, bytes: Uint8Array): void {
    if (!(Number.isInteger(offset) && offset >= 0 && offset + bytes.length <= this.byteLength)) {
      throw new RangeError(
        `simulate: prepared bytes ${offset}..${offset + bytes.length - 1} are outside the ${this.byteLength} expected`,
      );
    }
    copyAcross(parts(this.k, this.shape, this.fixed, this.cells, this.ofArm), offset, bytes, true);
    this.received += bytes.length;
  }

  /** The prepared simulation, once every byte came (each once); frees everything on failure. */
  finish(): PreparedSimulation {
    if (this.received !== this.byteLength) {
      this.blocks.releaseAll();
      throw new RangeError(`simulate: ${this.received} bytes of prepared data came, ${this.byteLength} expected`);
    }
    return new PreparedSimulation(this.k, runInputOf(this.shape, this.cells, this.ofArm), this.fixed, this.blocks);
  }

  /** Frees the WASM blocks (a job given up before finish). */
  release(): void {
    this.blocks.releaseAll();
  }
}

/** Byte lengths of the parts, in order. */
function partLengths(shape: Omit<SimulationShape, 'indexed'> | RunInput, k: Pick<Kernels, 'thresholdBytes'>): number[] {
  const kept = keptBlockBytes(shape, k),
    N = shape.numArms;
  const cells = shape.tally ? shape.tally.groupings * N * cellArray(0, shape.tally.numCells).BYTES_PER_ELEMENT : 0;
  return [kept.thresholds, kept.initial, kept.order, kept.tiedNext, kept.rewards, cells, shape.groups ? N * 4 : 0];
}

/** Views of the parts: the WASM blocks (views made now: memory may have grown since), the cells, the group ids. */
function parts(
  k: Kernels,
  shape: Omit<SimulationShape, 'indexed'> | RunInput,
  fixed: FixedBlocks,
  cells?: CellArray,
  ofArm?: Int32Array,
): Uint8Array[] {
  const [t, i, o, tn, r] = partLengths(shape, k),
    memory = k.memory.buffer;
  const bytes = (a?: ArrayBufferView) => (a ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength) : new Uint8Array(0));
  return [
    new Uint8Array(memory, fixed.thresholds, t),
    new Uint8Array(memory, fixed.initial, i),
    new Uint8Array(memory, fixed.order, o),
    new Uint8Array(memory, fixed.tiedNext, tn),
    new Uint8Array(memory, fixed.rewards, r),
    bytes(cells),
    bytes(ofArm),
  ];
}

/**
 * Copies between `bytes` (bytes [offset, ...) of the parts laid end to end) and the parts: into them, or out of them.
 */
export function copyAcross(parts: Uint8Array[], offset: number, bytes: Uint8Array, intoParts: boolean): void {
  let at = 0;
  for (const part of parts) {
    const from = Math.max(offset, at),
      to = Math.min(offset + bytes.length, at + part.length);
    if (from < to) {
      if (intoParts) part.set(bytes.subarray(from - offset, to - offset), from - at);
      else bytes.set(part.subarray(from - at, to - at), from - offset);
    }
    at += part.length;
  }
}

/** The tally cells in the narrowest type for numCells (the adopter's), converted when they came in a wider one. */
function narrowest(cells: CellArray, numCells: number): CellArray {
  const type = cellArray(0, numCells);
  if (cells.BYTES_PER_ELEMENT === type.BYTES_PER_ELEMENT) return cells;
  const out = cellArray(cells.length, numCells);
  out.set(cells);
  return out;
}
