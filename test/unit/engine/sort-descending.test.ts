// The presort of the index keys (sortDescending, assembly/simulate.ts) against its slow twins: every value by
// decreasing value, ties (and -0 = +0) by position, and the tie flags; on random values, heavy ties, passes whose
// digit is the same for every key (skipped), sizes on both sides of 65,536 (from there the kernel sorts by the top
// digit first, then each bucket: by insertion when small) and the empty input.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Kernels } from '../../../src/engine/kernels.ts';
import { loadKernelsNode } from '../../../src/engine/load-node.ts';
import { SORT_HIST_BYTES } from '../../../src/engine/memory-plan.ts';
import { presortedKeys } from '../../reference/simulate.ts';
import { seededRandom } from '../../reference/seeded-random.ts';

let k: Kernels;
beforeAll(async () => {
  k = await loadKernelsNode('debug');
});

/** The kernel's order and tie flags of `values`, with the scratch of the simulation loader. */
function sortDescending(values: Float64Array): { order: number[]; tiedNext: number[] } {
  const n = values.length;
  const at = [n * 8, n * 4, n, n * 8, n * 4, SORT_HIST_BYTES].map((bytes) => k.alloc(Math.max(8, bytes)));
  const [v, order, tiedNext, keys2, order2, hist] = at;
  try {
    new Float64Array(k.memory.buffer, v, n).set(values);
    k.sortDescending(n, v, order, tiedNext, v, keys2, order2, hist);
    return {
      order: Array.from(new Uint32Array(k.memory.buffer, order, n)),
      tiedNext: Array.from(new Uint8Array(k.memory.buffer, tiedNext, n)),
    };
  } finally {
    at.forEach((p) => k.free(p));
  }
}

/** Positions by the kernel's 64-bit key of each value (NaN included), ties by position: the same rule, in BigInt. */
function byKey(values: Float64Array): { order: number[]; tiedNext: number[] } {
  const bits = new BigUint64Array(values.map((x) => x + 0).buffer);
  const top = 1n << 63n,
    all = (1n << 64n) - 1n;
  const key = Array.from(bits, (b) => (b & top ? b : ~(b | top) & all));
  const order = Array.from(values.keys()).sort((a, b) => (key[a] < key[b] ? -1 : key[a] > key[b] ? 1 : a - b));
  return { order, tiedNext: order.map((p, j) => (j + 1 < order.length && key[p] === key[order[j + 1]] ? 1 : 0)) };
}

const cases: [string, (n: number, u: () => number) => number][] = [
  ['random doubles', (_, u) => (u() - 0.3) * 10 ** Math.floor(u() * 6)],
  ['a few values (ties, +0 and -0)', (_, u) => [0, -0, 1, -1, 0.5, 2][Math.floor(u() * 6)]],
  ['small integers (the low digits the same for every key)', (n, u) => Math.floor(u() * 40) - 20 + n * 0],
  ['all equal', () => 0.25],
  // from 65,536 keys on, buckets of a few keys with ties among them (sorted by insertion in the kernel)
  ['small groups of ties over 750 octaves', (_, u) => 2 ** (Math.floor(u() * 3000) / 4 - 375)],
  ['infinities among values', (_, u) => (u() < 0.1 ? Infinity : u() < 0.1 ? -Infinity : u())],
];

describe('sortDescending', () => {
  for (const [name, value] of cases) {
    test(`orders ${name} by decreasing value, ties by position, as the slow twin`, () => {
      const u = seededRandom(name.length);
      for (const n of [0, 1, 2, 3, 17, 2049, 65535, 65537, 100_000]) {
        const values = Float64Array.from({ length: n }, () => value(n, u));
        const got = sortDescending(values);
        expect(got).toEqual(byKey(values));
        expect(got.order).toEqual(presortedKeys(values));
        const tied = got.order.map((p, j) => (j + 1 < n && values[p] === values[got.order[j + 1]] ? 1 : 0));
        expect(got.tiedNext).toEqual(tied);
      }
    });
  }

  test('orders NaN by its bits, as the slow twin', () => {
    const u = seededRandom(3);
    for (const n of [5000, 70_000]) {
      const values = Float64Array.from({ length: n }, () => (u() < 0.05 ? NaN : u() < 0.05 ? -NaN : u() - 0.5));
      expect(sortDescending(values)).toEqual(byKey(values));
    }
  });
});
