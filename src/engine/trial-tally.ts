// Per-trial pulls and engaged steps of groups of arms (TallyCells), read from the kernel's running
// accumulators after each trial: the difference from the previous trial is that trial's count. The
// kernel is unchanged (its checksums too); the counts are integers, so they are exact in f64.
import type { TallyCells } from '../core/instance/occupancy.ts';

export class TrialTally {
  /**
   * trials x numCells x 2: pulls, engaged steps (sum over steps of the state value); room for `trials` rows, more
   * made as rows are added (a job dealt its trials as it asks does not know how many it will run).
   */
  private rows: Float64Array;
  /** Per cell, the accumulators summed over its arms after the previous trial (pulls, engaged steps). */
  private readonly last: Float64Array;

  constructor(
    private readonly map: TallyCells,
    private readonly numArms: number,
    private readonly numStates: number,
    trials: number,
  ) {
    this.rows = new Float64Array(trials * map.numCells * 2);
    this.last = new Float64Array(map.numCells * 2);
  }

  /**
   * Adds trial `row` (0-based within the part) from the accumulators after it: pulls (numArms) and
   * steps in states 1..S-1 (numArms x (S - 1)), both running sums over the part's trials so far. A
   * cell's count is its arms' running sum now minus after the previous trial: integers (below 2^53),
   * so exact, and no per-arm copy of the accumulators is kept (24 MB at 3 x 10^6 arms).
   */
  addTrial(row: number, pulls: Uint32Array, steps: Uint32Array): void {
    const N = this.numArms,
      S1 = this.numStates - 1;
    const { cells, groupings, numCells } = this.map;
    const base = row * numCells * 2;
    if (base + numCells * 2 > this.rows.length) {
      const more = new Float64Array(Math.max(base + numCells * 2, 2 * this.rows.length));
      more.set(this.rows);
      this.rows = more;
    }
    const out = this.rows;
    for (let i = 0; i < N; i++) {
      const p = pulls[i];
      let e = 0;
      for (let s = 1; s <= S1; s++) e += s * steps[i * S1 + s - 1];
      for (let g = 0; g < groupings; g++) {
        const c = cells[g * N + i];
        if (c < 0) continue;
        out[base + 2 * c] += p;
        out[base + 2 * c + 1] += e;
      }
    }
    for (let j = 0; j < numCells * 2; j++) {
      const total = out[base + j];
      out[base + j] = total - this.last[j];
      this.last[j] = total;
    }
  }

  /** The first `rows` rows: the values of the trials added so far. */
  values(rows: number): Float64Array {
    const length = rows * this.map.numCells * 2;
    return this.rows.length === length ? this.rows : this.rows.slice(0, length);
  }
}
