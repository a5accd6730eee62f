// The one-hot design of the call-effect fit (call-effect.ts): a column for the intercept, then one per
// bucket of every feature group, and her row x_i (the intercept and her bucket in each group she has one
// in). Its normal matrix sum_i w_i x_i x_i^T was the fit's cost at 10^6 beneficiaries: with 14 groups each
// called beneficiary added her weight to the 120 entries of her pairs of columns. Here consecutive groups
// are merged while the product of their levels (buckets and "none") stays within MERGED_LEVELS, each
// beneficiary adds her weight to one cell of a table per merged group and per pair of merged groups (28
// for dlm's 14 groups), and the matrix is read off the tables' margins. The weights are call counts, so
// every entry is a sum of integers: exact in any order, the same matrix bit for bit.
import type { CellArray } from '../instance/occupancy.ts';

/** The largest product of levels of merged groups: a table of a pair of merged groups is at most 64 x 64. */
export const MERGED_LEVELS = 64;

export interface GroupBuckets {
  /** Her bucket in the group (-1: none). */
  bucket: CellArray;
  count: number;
}

interface Merged {
  /** Groups first .. end - 1. */
  first: number;
  end: number;
  size: number;
  /** Per arm, the mixed-radix code of her levels in the merged groups (a group's "none" is its count). */
  code: Uint8Array | Uint16Array | Int32Array;
  /** Per code and member group, her design column (-1 for "none"): member-major, size entries each. */
  columns: Int32Array;
}

export class CallDesign {
  /** Design columns: 1 + the buckets of every group. */
  readonly p: number;
  /** The column of each group's first bucket. */
  readonly offsets: Int32Array;
  private readonly merged: Merged[] = [];
  /** What effects() sets. */
  effect0 = 0;
  effect1 = 0;

  constructor(
    readonly groups: GroupBuckets[],
    numArms: number,
  ) {
    this.offsets = new Int32Array(groups.length);
    let p = 1;
    groups.forEach((g, gi) => {
      this.offsets[gi] = p;
      p += g.count;
    });
    this.p = p;
    for (let first = 0; first < groups.length;) {
      let end = first,
        size = 1;
      while (end < groups.length && (end === first || size * (groups[end].count + 1) <= MERGED_LEVELS))
        size *= groups[end++].count + 1;
      this.merged.push(this.mergedGroups(first, end, size, numArms));
      first = end;
    }
  }

  private mergedGroups(first: number, end: number, size: number, numArms: number): Merged {
    // A group alone may have more levels than MERGED_LEVELS.
    const code =
      size <= 256 ? new Uint8Array(numArms) : size <= 65536 ? new Uint16Array(numArms) : new Int32Array(numArms);
    for (let g = first; g < end; g++) {
      const { bucket, count } = this.groups[g],
        levels = count + 1;
      for (let arm = 0; arm < numArms; arm++) {
        const b = bucket[arm];
        code[arm] = code[arm] * levels + (b >= 0 ? b : count);
      }
    }
    const columns = new Int32Array((end - first) * size);
    for (let c = 0; c < size; c++) {
      let rest = c;
      for (let g = end - 1; g >= first; g--) {
        const levels = this.groups[g].count + 1,
          level = rest % levels;
        rest = (rest - level) / levels;
        columns[(g - first) * size + c] = level < levels - 1 ? this.offsets[g] + level : -1;
      }
    }
    return { first, end, size, code, columns };
  }

  /** sum_i w_i x_i x_i^T over the arms arms[0 .. length) with weights weights[0 .. length): p x p, row-major. */
  normalMatrix(arms: Int32Array, weights: Uint16Array, length: number): Float64Array {
    const { merged, p } = this,
      T = merged.length;
    // The tables: one per merged group (its codes), then one per pair (a, b), a < b (code_a * size_b + code_b).
    const base = new Int32Array(T * T);
    let cells = 0;
    for (let a = 0; a < T; a++) {
      base[a * T + a] = cells;
      cells += merged[a].size;
      for (let b = a + 1; b < T; b++) {
        base[a * T + b] = cells;
        cells += merged[a].size * merged[b].size;
      }
    }
    const table = new Float64Array(cells),
      codes = merged.map((m) => m.code),
      sizes = Int32Array.from(merged, (m) => m.size);
    const here = new Int32Array(T);
    let total = 0;
    for (let i = 0; i < length; i++) {
      const arm = arms[i],
        w = weights[i];
      total += w;
      for (let a = 0; a < T; a++) here[a] = codes[a][arm];
      for (let a = 0; a < T; a++) {
        const ca = here[a],
          row = a * T;
        table[base[row + a] + ca] += w;
        for (let b = a + 1; b < T; b++) table[base[row + b] + ca * sizes[b] + here[b]] += w;
      }
    }
    // The margins: A[0][0], each group's bucket sums (A[0][c] and A[c][c]), and every pair of groups.
    const A = new Float64Array(p * p);
    A[0] = total;
    for (let a = 0; a < T; a++) {
      const ma = merged[a],
        members = ma.end - ma.first;
      for (let b = a; b < T; b++) {
        const mb = merged[b],
          at = base[a * T + b];
        for (let ca = 0; ca < ma.size; ca++) {
          for (let cb = 0; cb < (a === b ? 1 : mb.size); cb++) {
            const t = table[at + ca * (a === b ? 1 : mb.size) + cb];
            if (t === 0) continue;
            for (let x = 0; x < members; x++) {
              const cx = ma.columns[x * ma.size + ca];
              if (cx < 0) continue;
              if (a === b) {
                A[cx] += t;
                A[cx * p + cx] += t;
                for (let z = x + 1; z < members; z++) {
                  const cz = ma.columns[z * ma.size + ca];
                  if (cz >= 0) A[cx * p + cz] += t;
                }
              } else {
                for (let z = 0; z < mb.end - mb.first; z++) {
                  const cz = mb.columns[z * mb.size + cb];
                  if (cz >= 0) A[cx * p + cz] += t;
                }
              }
            }
          }
        }
      }
    }
    for (let i = 0; i < p; i++) for (let j = 0; j < i; j++) A[i * p + j] = A[j * p + i];
    return A;
  }

  /**
   * theta_0 + theta of her column in each group she has a bucket in, added in column order (her columns read off
   * her code in each merged group: a read per merged group, not per group).
   */
  effect(theta: Float64Array, arm: number): number {
    const { merged } = this;
    let effect = theta[0];
    for (let m = 0; m < merged.length; m++) {
      const { code, columns, size } = merged[m],
        members = merged[m].end - merged[m].first,
        c = code[arm];
      for (let x = 0; x < members; x++) {
        const column = columns[x * size + c];
        if (column >= 0) effect += theta[column];
      }
    }
    return effect;
  }

  /** effect(theta0, arm) and effect(theta1, arm) into effect0 and effect1, her columns read once for both. */
  effects(theta0: Float64Array, theta1: Float64Array, arm: number): void {
    const { merged } = this;
    let e0 = theta0[0],
      e1 = theta1[0];
    for (let m = 0; m < merged.length; m++) {
      const { code, columns, size } = merged[m],
        members = merged[m].end - merged[m].first,
        c = code[arm];
      for (let x = 0; x < members; x++) {
        const column = columns[x * size + c];
        if (column < 0) continue;
        e0 += theta0[column];
        e1 += theta1[column];
      }
    }
    this.effect0 = e0;
    this.effect1 = e1;
  }

  /** The largest effect any arm can have, added in the same order (rounding is monotone, so effect <= this). */
  maxEffect(theta: Float64Array): number {
    let effect = theta[0];
    this.groups.forEach((g, gi) => {
      let top = 0;
      for (let b = 0; b < g.count; b++) top = Math.max(top, theta[this.offsets[gi] + b]);
      effect += top;
    });
    return effect;
  }

  /**
   * Adds value x_i to b (length p): her columns read off her code in each merged group (a read per merged group,
   * not per group). Each entry of b gets a value at most once per call, so the calls' order is each sum's order.
   */
  addRow(b: Float64Array, arm: number, value: number): void {
    const { merged } = this;
    b[0] += value;
    for (let m = 0; m < merged.length; m++) {
      const { code, columns, size } = merged[m],
        members = merged[m].end - merged[m].first,
        c = code[arm];
      for (let x = 0; x < members; x++) {
        const column = columns[x * size + c];
        if (column >= 0) b[column] += value;
      }
    }
  }
}
