// quantileCuts counts whole numbers instead of sorting them: checked against the obvious twin (sort a copy,
// read the ranks) on whole, fractional, NaN, -0 and wide-ranged columns, for several band counts.
import { describe, expect, test } from 'vitest';
import { quantileCuts } from '../../../../src/core/plan/band-numeric.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

function sortedCuts(values: Float64Array, bands: number): number[] {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const cuts: number[] = [];
  for (let i = 1; i < bands && n > 0; i++) {
    const v = sorted[Math.min(n - 1, Math.ceil((i * n) / bands) - 1)];
    if (v < sorted[n - 1] && (cuts.length === 0 || v > cuts[cuts.length - 1])) cuts.push(v);
  }
  return cuts;
}

describe('quantileCuts equals the sorted twin', () => {
  const random = seededRandom(11);
  const columns: [string, (i: number) => number][] = [
    ['small whole numbers', () => random.int(7)],
    ['skewed whole numbers', () => Math.min(90, Math.floor(-Math.log(1 - random.next()) * 10))],
    ['negative whole numbers', () => random.int(2000) - 1000],
    ['a wide range', () => random.int(2 ** 30) * (random.next() < 0.5 ? -1 : 1)],
    ['fractions', () => random.normal()],
    ['with NaN', (i) => (i % 13 === 0 ? NaN : random.int(50))],
    ['with -0', (i) => (i % 17 === 0 ? -0 : random.int(5))],
    ['one value', () => 3],
  ];
  for (const [name, draw] of columns) {
    test(name, () => {
      for (const n of [0, 1, 2, 5, 100, 1001]) {
        const values = Float64Array.from({ length: n }, (_, i) => draw(i));
        const before = Float64Array.from(values);
        for (const bands of [1, 2, 3, 4, 7, 10]) expect(quantileCuts(values, bands)).toEqual(sortedCuts(values, bands));
        expect(values).toEqual(before);
      }
    });
  }
});
