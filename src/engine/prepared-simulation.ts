// A simulation whose seed-independent data sit in WASM memory (from SimulationLoader): runs of trials,
// and their sums, read out once into arrays the caller may give.
import type { CellArray } from '../core/instance/occupancy.ts';
import type { SimulationShape } from './arm-chunks.ts';
import type { Kernels } from './kernels.ts';
import type { SimulationInput, SimulationPart } from './simulation.ts';
import { TrialRun } from './trial-run.ts';
import type { TrialSums } from './trial-sums.ts';
import type { Blocks } from './wasm-blocks.ts';

/** A simulation without its arm arrays, but with the whole tally cells and group ids (the run reads them). */
export type RunInput = Omit<SimulationInput, 'transitions' | 'rewards' | 'initial' | 'indices'>;

/** Where the seed-independent blocks of a prepared simulation are in WASM memory (0: no presort, no order). */
export interface FixedBlocks {
  thresholds: number;
  initial: number;
  order: number;
  tiedNext: number;
  rewards: number;
}

/** The run's input from a shape and the tally cells and group ids of all arms (when the shape has them). */
export function runInputOf(shape: SimulationShape, cells?: CellArray, ofArm?: Int32Array): RunInput {
  const { indexed: _, tally, groups, ...scalars } = shape;
  return {
    ...scalars,
    ...(tally && { tally: { ...tally, cells: cells! } }),
    ...(groups && { groups: { ...groups, ofArm: ofArm! } }),
  };
}

/**
 * A simulation whose seed-independent data sit in WASM memory (Engine.prepare, or Engine.adopt from another
 * engine's bytes): read-only while trials run, so that any seed and any range of trials can use them.
 */
export class PreparedSimulation {
  constructor(
    private readonly k: Kernels,
    readonly input: RunInput,
    readonly fixed: FixedBlocks,
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
    const run = this.begin(seed);
    try {
      run.run(trialStart, trialEnd, onProgress);
    } catch (error) {
      run.release();
      throw error;
    }
    return run.finish();
  }

  /** Trials with this seed run range after range, in any order (TrialRun): a job given its trials as it asks. */
  begin(seed: number): TrialRun {
    return new TrialRun(this.k, this.input, this.fixed, seed);
  }

  /** Frees the WASM memory of the prepared data. */
  dispose(): void {
    this.blocks.releaseAll();
  }
}
