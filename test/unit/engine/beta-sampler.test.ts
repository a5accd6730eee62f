// The engine's Beta sampler (assembly/beta.ts through src/engine/beta-sampler.ts): its draws against the
// slow twin, their distribution against the exact Beta CDF, and reproducibility by seed and chunking.
import { beforeAll, describe, expect, test } from 'vitest';
import { regularizedIncompleteBeta } from '../../../src/core/plan/incomplete-beta.ts';
import type { BetaSampler } from '../../../src/core/plan/sample-beta.ts';
import { betaSampler, posteriorIndexDraw } from '../../../src/engine/beta-sampler.ts';
import { Engine } from '../../../src/engine/engine.ts';
import type { Kernels } from '../../../src/engine/kernels.ts';
import { loadKernelsNode } from '../../../src/engine/load-node.ts';
import { referenceSampleBeta } from '../../reference/beta-sampler.ts';
import { seededRandom } from '../../../src/core/random/seeded-random.ts';

/** Parameters over the range a posterior has: tiny shapes (the boost), near 1, moderate and huge ones. */
function randomParameters(n: number, seed: number): { alpha: Float64Array; beta: Float64Array } {
  const random = seededRandom(seed);
  const shape = () => [0.02, 0.3, 0.9, 1, 1.7, 6, 40, 3e3, 1e7][random.int(9)] * (0.5 + random.next());
  return { alpha: Float64Array.from({ length: n }, shape), beta: Float64Array.from({ length: n }, shape) };
}

/** The Kolmogorov-Smirnov statistic of the draws against Beta(a, b)'s CDF. */
function ksDistance(draws: number[], a: number, b: number): number {
  const x = [...draws].sort((p, q) => p - q),
    n = x.length;
  let d = 0;
  for (let i = 0; i < n; i++) {
    const F = regularizedIncompleteBeta(x[i], a, b);
    d = Math.max(d, F - i / n, (i + 1) / n - F);
  }
  return d;
}

describe.each(['release', 'debug'] as const)('the Beta sampler of the %s WASM build', (variant) => {
  let kernels: Kernels, sample: BetaSampler;
  beforeAll(async () => {
    kernels = await loadKernelsNode(variant);
    sample = betaSampler(kernels);
  });

  test('draws what its slow twin draws (BigInt generator, textbook steps), to the last bits of a log', () => {
    const { alpha, beta } = randomParameters(4000, 1);
    const out = new Float64Array(8000);
    sample(alpha, beta, 12345, out);
    const twin = referenceSampleBeta(alpha, beta, 12345);
    let equal = 0;
    for (let i = 0; i < out.length; i++) {
      const cell = `cell ${i >> 1}: Beta(${alpha[i >> 1]}, ${beta[i >> 1]})`;
      const tolerance = 1e-12 * Math.max(1e-300, Math.abs(twin[i])) + 1e-300;
      expect(Math.abs(out[i] - twin[i]), cell).toBeLessThanOrEqual(tolerance);
      if (out[i] === twin[i]) equal++;
    }
    expect(equal / out.length).toBeGreaterThan(0.9);
    // Cells further on: the twin from cell 70,000, the sampler over a whole array.
    const far = randomParameters(70_100, 2),
      all = new Float64Array(2 * 70_100);
    sample(far.alpha, far.beta, 7, all);
    const tail = referenceSampleBeta(far.alpha.subarray(70_000), far.beta.subarray(70_000), 7, 70_000);
    for (let i = 0; i < tail.length; i++) expect(all[140_000 + i]).toBeCloseTo(tail[i], 12);
  });

  test.each([
    [0.3, 0.7],
    [0.05, 2],
    [0.5, 0.5],
    [1, 1],
    [2.5, 7],
    [30, 3],
    [200, 800],
    [1e4, 2e4],
  ])('Beta(%f, %f): 20,000 draws pass the Kolmogorov-Smirnov test against the exact CDF (alpha = 0.001)', (a, b) => {
    const n = 20_000,
      out = new Float64Array(2 * n);
    sample(new Float64Array(n).fill(a), new Float64Array(n).fill(b), 99, out);
    const draws = Array.from({ length: n }, (_, i) => out[2 * i + 1]);
    for (let i = 0; i < n; i++) expect(out[2 * i]).toBe(1 - draws[i]);
    expect(ksDistance(draws, a, b)).toBeLessThan(1.949 / Math.sqrt(n));
  });

  test('is reproducible by seed, whatever the chunks; another seed draws otherwise', () => {
    const { alpha, beta } = randomParameters(150_000, 3);
    const once = new Float64Array(300_000),
      again = new Float64Array(300_000),
      other = new Float64Array(300_000);
    sample(alpha, beta, 2 ** 32 - 1, once);
    sample(alpha, beta, 2 ** 32 - 1, again);
    sample(alpha, beta, 0, other);
    expect(again).toEqual(once);
    // (q rounds to 0 or 1 for every seed when one shape is tiny and the other huge: those are left out.)
    expect(other.filter((q, i) => i % 2 === 1 && q === once[i] && q > 0 && q < 1).length).toBeLessThan(10);
    // The kernel called on uneven chunks at their offsets gives the same bits.
    const a = kernels.alloc(1000 * 8),
      b = kernels.alloc(1000 * 8),
      o = kernels.alloc(1000 * 16);
    for (const [start, count] of [
      [0, 1],
      [1, 999],
      [74_999, 1000],
      [149_001, 999],
    ]) {
      new Float64Array(kernels.memory.buffer, a, count).set(alpha.subarray(start, start + count));
      new Float64Array(kernels.memory.buffer, b, count).set(beta.subarray(start, start + count));
      expect(kernels.sampleBeta(count, a, b, 2 ** 32 - 1, start, o)).toBe(0);
      const drawn = new Float64Array(kernels.memory.buffer, o, 2 * count);
      expect(drawn).toEqual(once.subarray(2 * start, 2 * (start + count)));
    }
    [a, b, o].forEach((p) => kernels.free(p));
  });

  test("a posterior draw's indices are the sampler's draws indexed by whittle2, bit for bit, over chunks", () => {
    const N = 40_000,
      { alpha, beta } = randomParameters(4 * N, 5);
    const rewards = Float64Array.from({ length: 2 * N }, (_, i) => (i % 2) * (1 + (i % 7) / 3));
    const transitions = new Float64Array(8 * N);
    sample(alpha, beta, 31, transitions);
    const state = Uint8Array.from({ length: N }, (_, arm) => ((arm * 7) % 3 === 0 ? 1 : 0));
    const draw = (seed: number, d = 0.95, s = state, b = beta) =>
      posteriorIndexDraw(kernels)(alpha, b, seed, rewards, d, s);
    const table = new Engine(kernels).whittle2(transitions, rewards, 0.95);
    expect(draw(31)).toEqual(Float64Array.from(state, (s, arm) => table[2 * arm + s]));
    expect(draw(32)).not.toEqual(draw(31));
    const sizes = 'drawIndices: expected alpha and beta of length 160000 and 40000 states';
    expect(() => draw(1, 0.95, state, beta.subarray(1))).toThrow(sizes);
    expect(() => draw(1, 0.95, state.subarray(1))).toThrow(sizes);
    expect(() => draw(1, 1)).toThrow('drawIndices: discount must be in [0, 1)');
    const one = posteriorIndexDraw(kernels);
    const [a4, b4] = [Float64Array.of(1, 1, 0, 1), Float64Array.of(1, 1, 1, 1)];
    expect(() => one(a4, b4, 1, Float64Array.of(0, 1), 0.9, Uint8Array.of(0))).toThrow('drawIndices: 1 of 4 cells');
  });

  test('says which parameters are not positive and finite, and leaves nothing allocated', () => {
    const out = new Float64Array(8);
    expect(() => sample(Float64Array.of(1, 0, 2, NaN), Float64Array.of(1, 1, Infinity, 1), 1, out)).toThrow(
      'sampleBeta: 3 of 4 cells have a Beta parameter that is not positive and finite',
    );
    expect(Number.isNaN(out[3]) && Number.isNaN(out[5]) && Number.isNaN(out[7]) && out[1] > 0).toBe(true);
    expect(() => sample(new Float64Array(2), new Float64Array(3), 1, out)).toThrow('expected beta of length 2');
    expect(() => sample(new Float64Array(1), new Float64Array(1), -1, new Float64Array(2))).toThrow(
      'the seed must be an integer in [0, 2^32)',
    );
    const before = kernels.memory.buffer.byteLength;
    const [twos, threes] = [new Float64Array(70_000).fill(2), new Float64Array(70_000).fill(3)];
    for (let i = 0; i < 50; i++) sample(twos, threes, i, new Float64Array(140_000));
    expect(kernels.memory.buffer.byteLength).toBe(before);
  });
});
