// The trials one job runs on a prepared simulation, range after range, their per-arm sums adding up in the same WASM
// blocks: a pool hands a job its trials a few at a time as it asks (trial-dealer.ts), so that a worker slowed by
// other work on its core runs fewer of them, and the ranges of one job need not be contiguous. The per-arm sums are
// integers (exact in any order); the per-trial values stay one row per trial, merged in trial order (mergeParts), so
// the result has the same bits for any assignment of trials to jobs.
import type { Kernels } from './kernels.ts';
import { groupBlock } from './group-bounds.ts';
import type { FixedBlocks, RunInput } from './prepared-simulation.ts';
import { fixedScale } from './arm-results.ts';
import { POLICY_CODES, type ArmSums, type SimulationPart } from './simulation.ts';
import { TrialTally } from './trial-tally.ts';
import { TrialSums } from './trial-sums.ts';
import { Blocks } from './wasm-blocks.ts';

/** Arm-steps per simulate call (about 30 ms on one core), so that progress is reported between calls. */
export const ARM_STEPS_PER_CALL = 1e7;

/** Trials of one kernel call on `numArms` arms over `horizon` steps (ARM_STEPS_PER_CALL arm-steps, at least one). */
export function trialsPerCall(numArms: number, horizon: number): number {
  return Math.max(1, Math.floor(ARM_STEPS_PER_CALL / Math.max(1, numArms * horizon)));
}

/** Trials of one simulation run by one job, in ranges given one at a time (run), then their sums (finish). */
export class TrialRun {
  private readonly blocks: Blocks;
  private readonly at: {
    state: number;
    act: number;
    scratch: number;
    pulledInTrial: number;
    history: number;
    tables: number;
    perTrial: number;
    perStep: number;
    totals: number;
  } & Record<keyof ArmSums, number>;
  private readonly groups?: ReturnType<typeof groupBlock>;
  private readonly tally?: TrialTally;
  /** The ranges run, adjacent ones joined, in the order of the per-trial rows. */
  private readonly runs: [number, number][] = [];
  /** Per-trial occupancy of each range (copied out after it: trials x 2 x numArms x numStates, big). */
  private readonly occ: Float64Array[] = [];
  private rows = 0;

  constructor(
    private readonly k: Kernels,
    private readonly input: RunInput,
    private readonly fixed: FixedBlocks,
    private readonly seed: number,
  ) {
    if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
      throw new RangeError(`simulate: seed must be an integer in [0, 2^32), got ${seed}`);
    const { numArms: N, numStates: S, horizon: T, trials: K } = input;
    const blocks = (this.blocks = new Blocks(k));
    try {
      // the 2-state path keeps actions as bit planes: no byte per arm for them (assembly/simulate.ts)
      const fused = S === 2 && !input.perTrial;
      this.at = {
        state: blocks.bytes(N),
        act: blocks.bytes(fused ? 0 : N),
        scratch: blocks.bytes(N * 4),
        pulledInTrial: blocks.bytes((N + 7) >> 3),
        history: blocks.bytes(k.historyBytes(N)),
        tables: blocks.f64(Math.ceil(T / 16) * 512),
        // counts in 32 bits (assembly/simulate.ts), the discounted occupancy in f64
        occDisc: blocks.f64(N * (S - 1)),
        occSteps: blocks.bytes(N * (S - 1) * 4),
        pulls: blocks.bytes(N * 4),
        pulledTrials: blocks.bytes(N * 4),
        // a row for every trial this job might run (32 bytes each)
        perTrial: blocks.f64(K * 4),
        perStep: input.perStep ? blocks.f64(T * 2) : 0,
        totals: blocks.f64(1),
      };
      this.groups = input.groups ? groupBlock(input, k.memory, (bytes) => blocks.bytes(bytes)) : undefined;
      // room for 16 trials at first, more as they come (a row per trial)
      this.tally = input.tally ? new TrialTally(input.tally, N, S, Math.min(K, 16)) : undefined;
    } catch (error) {
      blocks.releaseAll();
      throw error;
    }
  }

  /** Runs trials [start, end) after those already run (none of them run before): onProgress(trials of this job). */
  run(start: number, end: number, onProgress?: (trialsDone: number) => void): void {
    const { numArms: N, numStates: S, horizon: T, trials: K } = this.input;
    if (!(Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start <= end && end <= K))
      throw new RangeError(`simulate: the trial range [${start}, ${end}) is not within [0, ${K})`);
    if (this.runs.some(([a, b]) => start < b && a < end))
      throw new RangeError(`simulate: trials [${start}, ${end}) were already run (in part)`);
    if (start === end) return;
    const k = this.k,
      f = this.fixed,
      a = this.at,
      input = this.input;
    const occTrial = input.perTrial ? this.blocks.f64((end - start) * 2 * N * S) : 0;
    try {
      // a tally reads the accumulators after every trial, so it runs the kernel one trial per call
      const chunk = this.tally ? 1 : trialsPerCall(N, T);
      for (let from = start; from < end; from += chunk) {
        const to = Math.min(end, from + chunk);
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
          this.seed >>> 0,
          fixedScale(K, T),
          from,
          to,
          a.state,
          a.act,
          a.scratch,
          a.pulledInTrial,
          a.history,
          a.tables,
          a.occDisc,
          a.occSteps,
          a.pulls,
          a.pulledTrials,
          a.perTrial + (this.rows + from - start) * 32,
          a.perStep,
          occTrial ? occTrial + (from - start) * 2 * N * S * 8 : 0,
          a.totals,
          this.groups?.block ?? 0,
        );
        this.tally?.addTrial(
          this.rows + from - start,
          new Uint32Array(k.memory.buffer, a.pulls, N),
          new Uint32Array(k.memory.buffer, a.occSteps, N * (S - 1)),
        );
        onProgress?.(this.rows + to - start);
      }
      if (occTrial) this.occ.push(new Float64Array(k.memory.buffer, occTrial, (end - start) * 2 * N * S).slice());
    } finally {
      if (occTrial) this.blocks.release(occTrial);
    }
    this.rows += end - start;
    const last = this.runs.at(-1);
    if (last && last[1] === start) last[1] = end;
    else this.runs.push([start, end]);
  }

  /**
   * The sums of every range run: the per-trial values copied out, the per-arm sums left in WASM memory (TrialSums,
   * which frees the blocks). The part's trials are [trialStart, trialEnd) when they are one range, else its `runs`.
   */
  finish(): TrialSums {
    const { numArms: N, numStates: S, horizon: T } = this.input;
    try {
      const memory = this.k.memory.buffer,
        a = this.at,
        count = this.rows;
      const out = (ptr: number, length: number) => new Float64Array(memory, ptr, length).slice();
      const runs = this.runs;
      const part: Omit<SimulationPart, keyof ArmSums> = {
        trialStart: runs[0]?.[0] ?? 0,
        trialEnd: runs.at(-1)?.[1] ?? 0,
        ...(runs.length > 1 && { runs: runs.map(([s, e]): [number, number] => [s, e]) }),
        perTrial: out(a.perTrial, count * 4),
        perStep: a.perStep ? out(a.perStep, T * 2) : undefined,
        perTrialOcc: this.input.perTrial ? joined(this.occ, count * 2 * N * S) : undefined,
        tally: this.tally?.values(count),
        discTotal: out(a.totals, 1)[0],
        ...(this.groups && { groupCallsRange: out(this.groups.range, this.groups.rangeLength) }),
      };
      const { occDisc, occSteps, pulls, pulledTrials } = a;
      return new TrialSums(this.k, this.input, part, { occDisc, occSteps, pulls, pulledTrials }, this.blocks);
    } catch (error) {
      this.blocks.releaseAll();
      throw error;
    }
  }

  /** Frees the WASM blocks (a run abandoned before finish). */
  release(): void {
    this.blocks.releaseAll();
  }
}

/** The arrays laid end to end in one of `length` values. */
function joined(arrays: Float64Array[], length: number): Float64Array {
  if (arrays.length === 1) return arrays[0];
  const out = new Float64Array(length);
  let at = 0;
  for (const a of arrays) (out.set(a, at), (at += a.length));
  return out;
}
