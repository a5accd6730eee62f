// The per-arm sums of trials just run, still in WASM memory (PreparedSimulation.trials), and the ways they leave it:
// copied out as they are (collect), sent as bytes to the job that gathers every job's sums (a source for
// prepared-pieces.ts), added to by the others' bytes (a sink), or turned into the per-arm results of every trial
// (results). Gathering in one worker spares each other worker its copy of the sums into fresh arrays and the page
// that merges a second pass over every arm: at 10^6 arms a fresh page costs more than the arithmetic on it.
import type { Kernels } from './kernels.ts';
import { copyAcross } from './prepared-pieces.ts';
import { armResults } from './arm-results.ts';
import type { ArmResults, ArmSums, SimulationPart } from './simulation.ts';
import type { RunInput } from './prepared-simulation.ts';
import type { Blocks } from './wasm-blocks.ts';

/** Trials run, their per-arm sums still in WASM memory (PreparedSimulation.trials). */
export class TrialSums {
  /**
   * Bytes of the sums as sent (copy, add): the f64 discTotal, then occDisc, occSteps, pulls and pulledTrials, so that
   * each part starts at a multiple of its element size, as the pieces do (4 MiB).
   */
  readonly byteLength: number;
  /**
   * No trial was run (a job the dealer gave none, trial-dealer.ts): its sums are zeros, and the gatherer adds nothing
   * (prepared-pieces.ts: at 10^6 arms 20 MB the two workers would copy, 30 to 50 ms of CPU).
   */
  readonly nothing: boolean;
  /** The discounted total of these trials and of every part added (add). */
  private discTotal: number;
  /** The discounted total as sent (copy). */
  private readonly total = new Float64Array(1);

  constructor(
    private readonly k: Kernels,
    private readonly input: Pick<RunInput, 'numArms' | 'numStates' | 'trials' | 'horizon'>,
    private readonly part: Omit<SimulationPart, keyof ArmSums>,
    private readonly at: Record<keyof ArmSums, number>,
    private readonly blocks: Blocks,
  ) {
    const { numArms: N, numStates: S } = input;
    this.byteLength = N * (S - 1) * 12 + N * 8 + 8;
    this.discTotal = part.discTotal;
    this.nothing = part.perTrial.length === 0;
  }

  /**
   * The part, its per-arm sums copied into `into` (arrays of the right lengths, e.g. made by the thread that merges) or
   * into new arrays; frees the WASM blocks.
   */
  collect(into?: ArmSums): SimulationPart {
    try {
      const copy = <A extends Float64Array | Uint32Array>(from: A, given: A | undefined, key: keyof ArmSums): A => {
        if (given && given.length !== from.length)
          throw new RangeError(`simulate: ${key} needs ${from.length} values, the array given has ${given.length}`);
        return given ? (given.set(from), given) : (from.slice() as A);
      };
      const v = this.views();
      return {
        ...this.part,
        occDisc: copy(v.occDisc, into?.occDisc, 'occDisc'),
        occSteps: copy(v.occSteps, into?.occSteps, 'occSteps'),
        pulls: copy(v.pulls, into?.pulls, 'pulls'),
        pulledTrials: copy(v.pulledTrials, into?.pulledTrials, 'pulledTrials'),
      };
    } finally {
      this.release();
    }
  }

  /** Copies bytes [offset, offset + into.length) of the sums as sent into `into` (a source of prepared-pieces.ts). */
  copy(offset: number, into: Uint8Array): void {
    this.check(offset, into.length);
    this.total[0] = this.part.discTotal;
    copyAcross(this.byteViews(), offset, into, false);
  }

  /**
   * Adds bytes [offset, offset + bytes.length) of another job's sums (as copy() gave them) to these: exact, every sum
   * an integer (in f64 below 2^53, or a count in 32 bits as the kernel keeps it over all trials).
   */
  add(offset: number, bytes: Uint8Array): void {
    this.check(offset, bytes.length);
    const v = this.views();
    const parts = [this.total, v.occDisc, v.occSteps, v.pulls, v.pulledTrials];
    let at = 0;
    for (const part of parts) {
      const from = Math.max(offset, at),
        to = Math.min(offset + bytes.length, at + part.byteLength);
      if (from < to) {
        if (part === this.total) {
          if (from !== at || to !== at + 8)
            throw new RangeError('simulate: the discounted total of some per-arm sums came split between pieces');
          this.discTotal += new DataView(bytes.buffer, bytes.byteOffset + from - offset, 8).getFloat64(0, true);
        } else {
          const size = part.BYTES_PER_ELEMENT;
          if ((from - at) % size !== 0 || (to - at) % size !== 0)
            throw new RangeError(`simulate: a piece of per-arm sums ends inside a value (bytes ${from}..${to - 1})`);
          addInto(part, (from - at) / size, bytes.subarray(from - offset, to - offset));
        }
      }
      at += part.byteLength;
    }
  }

  /**
   * The part with the per-arm results of every trial (these sums, with every other job's added: add) in `into` or new
   * arrays, and no per-arm sums; frees the WASM blocks.
   */
  results(into?: ArmResults): SimulationPart {
    try {
      return { ...this.part, arms: armResults(this.input, [this.views()], this.discTotal, into) };
    } finally {
      this.release();
    }
  }

  /** The part without its per-arm sums (sent to the job that gathers them); frees the WASM blocks. */
  sent(): SimulationPart {
    this.release();
    return { ...this.part };
  }

  /** Frees the WASM blocks of the sums. */
  release(): void {
    this.blocks.releaseAll();
  }

  private check(offset: number, length: number): void {
    if (!(Number.isInteger(offset) && offset >= 0 && offset + length <= this.byteLength))
      throw new RangeError(
        `simulate: per-arm sums bytes ${offset}..${offset + length - 1} are outside the ${this.byteLength} there are`,
      );
  }

  /** Views of the sums in WASM memory (made now: memory may have grown since). */
  private views(): ArmSums {
    const memory = this.k.memory.buffer,
      L = this.input.numArms * (this.input.numStates - 1),
      N = this.input.numArms;
    return {
      occDisc: new Float64Array(memory, this.at.occDisc, L),
      occSteps: new Uint32Array(memory, this.at.occSteps, L),
      pulls: new Uint32Array(memory, this.at.pulls, N),
      pulledTrials: new Uint32Array(memory, this.at.pulledTrials, N),
    };
  }

  private byteViews(): Uint8Array[] {
    const v = this.views();
    const bytes = (a: Float64Array | Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    return [bytes(this.total), bytes(v.occDisc), bytes(v.occSteps), bytes(v.pulls), bytes(v.pulledTrials)];
  }
}

/**
 * Adds the values in `bytes` (of part's type, little-endian as WASM and every engine's host) to part[first...]; viewed
 * in place when aligned (pieces are: they start at multiples of 4 MiB and so do the parts' elements within them).
 */
function addInto(part: Float64Array | Uint32Array, first: number, bytes: Uint8Array): void {
  const size = part.BYTES_PER_ELEMENT,
    aligned = bytes.byteOffset % size === 0,
    source = aligned ? bytes : bytes.slice();
  const values =
    size === 8
      ? new Float64Array(source.buffer, source.byteOffset, source.length / 8)
      : new Uint32Array(source.buffer, source.byteOffset, source.length / 4);
  for (let j = 0; j < values.length; j++) part[first + j] += values[j];
}
