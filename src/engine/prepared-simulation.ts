// A simulation whose seed-independent data sit in WASM memory (from SimulationLoader): runs of trials,
// and their sums, read out once into arrays the caller may give.
import type { CellArray } from '../core/instance/occupancy.ts';
import type { SimulationShape } from './arm-chunks.ts';
import type { Kernels } from './kernels.ts';
import { groupBlock } from './group-bounds.ts';
import { fixedScale, POLICY_CODES, type ArmSums, type SimulationInput, type SimulationPart } from './simulation.ts';
import { TrialTally } from './trial-tally.ts';
import { TrialSums } from './trial-sums.ts';
import { Blocks } from './wasm-blocks.ts';

/** A simulation without its arm arrays, but with the whole tally cells and group ids (the run reads them). */
export type RunInput = Omit<SimulationInput, 'transitions' | 'rewards' | 'initial' | 'indices'>;

/** Arm-steps per simulate call (about 30 ms on one core), so that progress is reported between calls. */
const ARM_STEPS_PER_CALL = 1e7;

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
    const input = this.input;
    const { numArms: N, numStates: S, horizon: T, trials: K } = input;
    if (!(
      Number.isInteger(trialStart) &&
      Number.isInteger(trialEnd) &&
      0 <= trialStart &&
      trialStart <= trialEnd &&
      trialEnd <= K
    )) {
      throw new RangeError(`simulate: the trial range [${trialStart}, ${trialEnd}) is not within [0, ${K})`);
    }
    if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
      throw new RangeError(`simulate: seed must be an integer in [0, 2^32), got ${seed}`);
    const k = this.k,
      f = this.fixed;
    const count = trialEnd - trialStart;
    const blocks = new Blocks(k);
    try {
      // the 2-state path keeps actions as bit planes: no byte per arm for them (assembly/simulate.ts)
      const fused = S === 2 && !input.perTrial;
      const state = blocks.bytes(N),
        act = blocks.bytes(fused ? 0 : N),
        scratch = blocks.bytes(N * 4),
        pulledInTrial = blocks.bytes((N + 7) >> 3);
      const history = blocks.bytes(k.historyBytes(N)),
        tables = blocks.f64(Math.ceil(T / 16) * 512);
      // counts in 32 bits (assembly/simulate.ts), the discounted occupancy in f64
      const occDisc = blocks.f64(N * (S - 1)),
        occSteps = blocks.bytes(N * (S - 1) * 4);
      const pulls = blocks.bytes(N * 4),
        pulledTrials = blocks.bytes(N * 4);
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
        k.simulate(
          N,
          S,
          f.thresholds,
          f.rewards,
          f.initial,
          f.order,
          f.tiedNext,
          POLICY_CODES[input.policy],
          input.ties === 'random' ? 1 : 0,
          input.budget,
          T,
          input.discount,
          seed >>> 0,
          scale,
          start,
          end,
          state,
          act,
          scratch,
          pulledInTrial,
          history,
          tables,
          occDisc,
          occSteps,
          pulls,
          pulledTrials,
          perTrial + off * 32,
          perStep,
          perTrialOcc ? perTrialOcc + off * 2 * N * S * 8 : 0,
          totals,
          groups?.block ?? 0,
        );
        tally?.addTrial(
          off,
          new Uint32Array(k.memory.buffer, pulls, N),
          new Uint32Array(k.memory.buffer, occSteps, N * (S - 1)),
        );
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
      return new TrialSums(k, input, part, { occDisc, occSteps, pulls, pulledTrials }, blocks);
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
