import { beforeAll, describe, expect, test } from 'vitest';
import type { Engine } from '../../../src/engine/engine.ts';
import { loadEngineNode } from '../../../src/engine/load-node.ts';
import { mergeParts, type SimulationInput } from '../../../src/engine/simulation.ts';
import { counterOfDraw, draw32, STREAM, streamKey } from '../../reference/rng.ts';
import { referenceSimulatePart } from '../../reference/simulate.ts';
import { seededRandom } from '../../reference/seeded-random.ts';

const TOP = 0xffffffff;
let engine: Engine;
beforeAll(async () => {
  engine = await loadEngineNode('debug');
});

/** The kernel's thresholds of rows of S probabilities: u32 values and flag bits, read back from WASM memory. */
function thresholds(rows: number[][]): { t: Uint32Array; flag: (bit: number) => boolean } {
  const k = engine.kernels,
    S = rows[0].length,
    count = rows.length * (S - 1);
  const p = k.alloc(rows.length * S * 8),
    out = k.alloc(k.thresholdBytes(rows.length, S));
  try {
    new Uint8Array(k.memory.buffer, out, k.thresholdBytes(rows.length, S)).fill(0);
    new Float64Array(k.memory.buffer, p, rows.length * S).set(rows.flat());
    k.samplingThresholds(rows.length, S, p, out, 0, rows.length);
    const t = new Uint32Array(k.memory.buffer, out, count).slice();
    const flags = new Uint8Array(k.memory.buffer, out + count * 4, (count + 7) >> 3).slice();
    return { t, flag: (bit) => ((flags[bit >> 3] >> (bit & 7)) & 1) === 1 };
  } finally {
    k.free(p);
    k.free(out);
  }
}

describe('exact 32-bit sampling thresholds', () => {
  test(
    'draw the same state as comparing the draw with the double c = (cumulative probability) x 2^32, for ' +
      'every draw',
    () => {
      const u = seededRandom(21);
      const edge = [0, 1, 2 ** -32, 2 ** -33, 1 - 2 ** -32, 1 - 2 ** -33, 1 - 2 ** -53, 0.5, 0.1, 0.3, 1 / 3, 0.7];
      const rows: number[][] = [];
      for (const q of edge) rows.push([1 - q, q]);
      for (let n = 0; n < 200; n++)
        rows.push([1, 2, 3].map(() => u()).map((x, _, all) => x / all.reduce((a, b) => a + b, 0)));
      for (let n = 0; n < 50; n++) rows.push([0, 0.5 * u(), 0, 1 - 0.5 * u()].map((x) => x)); // sums near 1 and zeros
      for (const S of [2, 3, 4]) {
        const group = rows.filter((r) => r.length === S);
        const { t, flag } = thresholds(group);
        group.forEach((row, r) => {
          let acc = 0;
          for (let j = 0; j < S - 1; j++) {
            acc += row[S - 1 - j];
            const c = acc * 4294967296,
              tj = t[r * (S - 1) + j],
              bit = r * (S - 1) + j;
            const draws = [0, 1, 2, tj - 1, tj, tj + 1, TOP - 1, TOP, Math.floor(u() * 2 ** 32)].filter(
              (m) => m >= 0 && m <= TOP,
            );
            for (const m of draws)
              expect(m < tj || (m === TOP && flag(bit)), `S ${S}, row ${r}, j ${j}, m ${m}`).toBe(m < c);
          }
        });
      }
    },
  );

  test(
    'converting a table in chunks (any sizes, as the engine stages it) gives the bits of the whole conversion, ' +
      'flags included',
    () => {
      const k = engine.kernels,
        u = seededRandom(5),
        S = 3;
      // rows whose top thresholds need the flag bit (cumulative probability 1 or within 2^-32 of it) among random ones
      const rows = Array.from({ length: 301 }, (_, r) => {
        if (r % 7 === 0) return [0, 0, 1];
        if (r % 11 === 0) return [2 ** -33, 0, 1 - 2 ** -33];
        const x = [u(), u(), u()],
          sum = x[0] + x[1] + x[2];
        return x.map((v) => v / sum);
      });
      const bytes = k.thresholdBytes(rows.length, S),
        flat = Float64Array.from(rows.flat());
      const convert = (chunk: number): Uint8Array => {
        const out = k.alloc(bytes),
          p = k.alloc(chunk * S * 8);
        try {
          new Uint8Array(k.memory.buffer, out, bytes).fill(0);
          for (let first = 0; first < rows.length; first += chunk) {
            const n = Math.min(chunk, rows.length - first);
            new Float64Array(k.memory.buffer, p, n * S).set(flat.subarray(first * S, (first + n) * S));
            k.samplingThresholds(n, S, p, out, first, rows.length);
          }
          return new Uint8Array(k.memory.buffer, out, bytes).slice();
        } finally {
          k.free(p);
          k.free(out);
        }
      };
      const whole = convert(rows.length);
      const flagBytes = whole.subarray(rows.length * (S - 1) * 4);
      expect(
        flagBytes.some((b) => b !== 0),
        'some flag bits set',
      ).toBe(true);
      for (const chunk of [1, 2, 3, 8, 13, 64, 300]) expect(convert(chunk), `chunks of ${chunk} rows`).toEqual(whole);
    },
  );

  test('2-state rows (four at a time in the kernel) in chunks of any size: t = min(ceil(q 2^32), 2^32 - 1)', () => {
    const k = engine.kernels,
      u = seededRandom(13);
    const edge = [0, -0, 1, 2 ** -32, 2 ** -33, 1 - 2 ** -32, 1 - 2 ** -33, 1 - 2 ** -53, 0.5];
    const q = Array.from({ length: 203 }, (_, r) => (r % 3 === 0 ? edge[(r / 3) % edge.length] : u()));
    const total = q.length,
      bytes = k.thresholdBytes(total, 2);
    for (const chunk of [1, 3, 4, 5, 8, 13, 64, 203]) {
      const out = k.alloc(bytes),
        p = k.alloc(chunk * 16);
      try {
        new Uint8Array(k.memory.buffer, out, bytes).fill(0);
        for (let first = 0; first < total; first += chunk) {
          const n = Math.min(chunk, total - first);
          new Float64Array(k.memory.buffer, p, n * 2).set(q.slice(first, first + n).flatMap((x) => [1 - x, x]));
          k.samplingThresholds(n, 2, p, out, first, total);
        }
        const t = new Uint32Array(k.memory.buffer, out, total),
          flags = new Uint8Array(k.memory.buffer, out + total * 4, (total + 7) >> 3);
        q.forEach((x, r) => {
          const c = Math.ceil((0 + x) * 2 ** 32);
          expect(t[r], `chunks of ${chunk}, row ${r}`).toBe(Math.min(c, TOP));
          expect((flags[r >> 3] >> (r & 7)) & 1, `chunks of ${chunk}, flag of row ${r}`).toBe(c > TOP ? 1 : 0);
        });
      } finally {
        k.free(p);
        k.free(out);
      }
    }
  });

  test('the engine stages a large table in chunks to the bits of the whole conversion', () => {
    // 20,000 2-state arms: 80,000 transition rows, more than one 65,536-row staging chunk
    const N = 20_000,
      S = 2,
      u = seededRandom(9);
    const transitions = new Float64Array(N * S * 2 * S);
    for (let row = 0; row < N * S * 2; row++) {
      const q = row % 5 === 0 ? 1 : row % 13 === 0 ? 1 - 2 ** -33 : u();
      transitions[row * 2] = 1 - q;
      transitions[row * 2 + 1] = q;
    }
    const initial = new Float64Array(N * S).fill(0.5);
    const input: SimulationInput = {
      numArms: N,
      numStates: S,
      transitions,
      rewards: Float64Array.from({ length: N * S }, (_, i) => i % S),
      initial,
      discount: 0.9,
      budget: 0,
      horizon: 2,
      trials: 1,
      seed: 1,
      policy: 'none',
      ties: 'random',
    };
    const k = engine.kernels,
      rows = N * S * 2,
      bytes = k.thresholdBytes(rows, S);
    const prepared = engine.prepare(input);
    try {
      const at = (prepared as unknown as { fixed: { thresholds: number } }).fixed.thresholds;
      const staged = new Uint8Array(k.memory.buffer, at, bytes).slice();
      const out = k.alloc(bytes),
        p = k.alloc(transitions.length * 8);
      try {
        new Uint8Array(k.memory.buffer, out, bytes).fill(0);
        new Float64Array(k.memory.buffer, p, transitions.length).set(transitions);
        k.samplingThresholds(rows, S, p, out, 0, rows);
        expect(staged).toEqual(new Uint8Array(k.memory.buffer, out, bytes));
      } finally {
        k.free(p);
        k.free(out);
      }
    } finally {
      prepared.dispose();
    }
  });

  test(
    "a draw of 2^32 - 1 at a probability of 1, 1 - 2^-32 and 1 - 2^-33 gives the reference simulator's states, " +
      'bit for bit',
    () => {
      // seeds whose transition stream draws 2^32 - 1 for arm 0..3 (the SIMD lanes of 2-state arms) and for arm 4
      // (the scalar tail) at a step that has a transition, and one whose initial stream does: every rare branch
      const N = 5,
        T = 3,
        K = 40;
      // found by counterOfDraw (every draw value occurs at exactly one counter of a stream), checked below
      const transitionAt = (c: number) => c < K * T * N && Math.floor(c / N) % T < T - 1;
      const top = (seed: number, stream: number) => counterOfDraw(streamKey(seed, stream), TOP);
      const seeds = [11813770, 8545127, 32196588];
      expect(transitionAt(top(seeds[0], STREAM.transition)) && top(seeds[0], STREAM.transition) % N < 4).toBe(true);
      expect(transitionAt(top(seeds[1], STREAM.transition)) && top(seeds[1], STREAM.transition) % N).toBe(4);
      expect(top(seeds[2], STREAM.initial)).toBeLessThan(K * N);
      for (const seed of seeds) {
        const hits =
          Array.from({ length: K * T * N }, (_, c) => draw32(streamKey(seed, STREAM.transition), c)).filter(
            (m) => m === TOP,
          ).length +
          Array.from({ length: K * N }, (_, c) => draw32(streamKey(seed, STREAM.initial), c)).filter((m) => m === TOP)
            .length;
        expect(hits).toBeGreaterThanOrEqual(1);
        for (const q of [1, 1 - 2 ** -32, 1 - 2 ** -33]) {
          for (const S of [2, 3]) {
            // every row puts probability q on the top state and the rest on state 0
            const row = Array.from({ length: S }, (_, j) => (j === S - 1 ? q : j === 0 ? 1 - q : 0));
            const input: SimulationInput = {
              numArms: N,
              numStates: S,
              transitions: Float64Array.from(Array.from({ length: N * 2 * S }, () => row).flat()),
              rewards: Float64Array.from({ length: N * S }, (_, k) => k % S),
              initial: Float64Array.from(Array.from({ length: N }, () => row).flat()),
              discount: 0.9,
              budget: 0,
              horizon: T,
              trials: K,
              seed,
              policy: 'none',
              ties: 'random',
              perStep: true,
            };
            const mine = engine.simulate(input);
            const ref = mergeParts(input, [referenceSimulatePart(input, undefined, 0, K)]);
            expect(mine, `seed ${seed}, q ${q}, S ${S}`).toEqual(ref);
          }
        }
      }
    },
  );
});
