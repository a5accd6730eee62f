// Per-trial pulls and engaged steps of groups of arms (TallyCells), read from the kernel's running
// accumulators after each trial: the difference from the previous trial is that trial's count. The
// kernel is unchanged (its checksums too); the counts are integers, so they are exact in f64.
import type { TallyCells } from '../core/instance/occupancy.ts';

export class TrialTally {
  /** trials x numCells x 2: pulls, engaged steps (sum over steps of the state value). */
  readonly values: Float64Array;
  // The accumulators after the previous trial. They hold integers below 2^31 (trials x horizon is
  // checked), so 32 bits keep them exactly: 8 bytes per 2-state arm instead of 16.
  private readonly lastPulls: Uint32Array;
  private readonly lastSteps: Uint32Array;

  constructor(private readonly map: TallyCells, private readonly numArms: number, private readonly numStates: number, trials: number) {
    this.values = new Float64Array(trials * map.numCells * 2);
    this.lastPulls = new Uint32Array(numArms);
    this.lastSteps = new Uint32Array(numArms * (numStates - 1));
  }

  /**
   * Adds trial `row` (0-based within the part) from the accumulators after it: pulls (numArms) and
   * steps in states 1..S-1 (numArms x (S - 1)), both running sums over the part's trials so far. Each
   * cell's counts are added in the order of its arms (the sums are exact integers in any order).
   */
  addTrial(row: number, pulls: Float64Array, steps: Float64Array): void {
    const N = this.numArms, S1 = this.numStates - 1;
    const { cells, groupings, numCells } = this.map;
    const out = this.values, base = row * numCells * 2;
    for (let i = 0; i < N; i++) {
      const p = pulls[i] - this.lastPulls[i];
      this.lastPulls[i] = pulls[i];
      let e = 0;
      for (let s = 1; s <= S1; s++) {
        const at = i * S1 + s - 1;
        e += s * (steps[at] - this.lastSteps[at]);
        this.lastSteps[at] = steps[at];
      }
      for (let g = 0; g < groupings; g++) {
        const c = cells[g * N + i];
        if (c < 0) continue;
        out[base + 2 * c] += p;
        out[base + 2 * c + 1] += e;
      }
    }
  }
}
