import { beforeAll, describe, expect, test } from 'vitest';
import { armPairsFromRows } from '../../../src/engine/arm-pairs.ts';
import type { Engine } from '../../../src/engine/engine.ts';
import { loadEngineNode, loadKernelsNode } from '../../../src/engine/load-node.ts';
import { bisectionWhittle2, closedFormWhittle2, type Q } from '../../reference/whittle2.ts';
import { seededRandom as rng } from '../../reference/seeded-random.ts';

function randomArms(n: number, seed: number) {
  const u = rng(seed);
  const transitions = new Float64Array(n * 8);
  const rewards = new Float64Array(n * 2);
  const qs: Q[] = [];
  for (let arm = 0; arm < n; arm++) {
    const q: Q = [
      [u(), u()],
      [u(), u()],
    ];
    qs.push(q);
    for (let s = 0; s < 2; s++)
      for (let a = 0; a < 2; a++) {
        transitions[arm * 8 + s * 4 + a * 2] = 1 - q[s][a];
        transitions[arm * 8 + s * 4 + a * 2 + 1] = q[s][a];
      }
    rewards[arm * 2] = 4 * u() - 2;
    rewards[arm * 2 + 1] = 10 * u() - 3;
  }
  return { transitions, rewards, qs };
}

describe.each(['release', 'debug'] as const)('the %s WASM build, loaded in Node', (variant) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await loadEngineNode(variant);
  });

  test('computes no arms for an empty table', () => {
    expect(engine.whittle2(new Float64Array(0), new Float64Array(0), 0.9)).toHaveLength(0);
  });

  test('matches the TypeScript closed form bit for bit on random arms of any reward sign and scale', () => {
    const { transitions, rewards, qs } = randomArms(2000, 7);
    const w = engine.whittle2(transitions, rewards, 0.95);
    qs.forEach((q, arm) => {
      const [w0, w1] = closedFormWhittle2(q, [rewards[arm * 2], rewards[arm * 2 + 1]], 0.95);
      expect(w[arm * 2]).toBe(w0);
      expect(w[arm * 2 + 1]).toBe(w1);
    });
  });

  test(
    "gives the twin's bits for odd counts, across the pieces it stages, and on the signed zeros of " + 'equal rewards',
    () => {
      for (const n of [1, 3, 4095, 4097, 8193]) {
        const { transitions, rewards, qs } = randomArms(n, n);
        // every fifth arm: equal rewards (g = +-0, W = +-0 by the sign of q_s1 - q_s0), some probabilities equal
        for (let arm = 0; arm < n; arm += 5) {
          rewards[arm * 2 + 1] = rewards[arm * 2] = [0, -0, 1.5][arm % 3];
          if (arm % 2) qs[arm][1][1] = qs[arm][1][0];
          transitions[arm * 8 + 7] = qs[arm][1][1];
          transitions[arm * 8 + 6] = 1 - qs[arm][1][1];
        }
        const beta = [0, 0.5, 0.95][n % 3];
        const w = engine.whittle2(transitions, rewards, beta);
        qs.forEach((q, arm) => {
          const [w0, w1] = closedFormWhittle2(q, [rewards[arm * 2], rewards[arm * 2 + 1]], beta);
          expect(
            Object.is(w[arm * 2], w0) && Object.is(w[arm * 2 + 1], w1),
            `${n} arms, arm ${arm}: ${w[arm * 2]}, ${w[arm * 2 + 1]} vs ${w0}, ${w1}`,
          ).toBe(true);
        });
      }
    },
  );

  test("takes the kernel's pair layout filled by the caller and gives whittle2's bits, odd counts and pieces", () => {
    for (const n of [0, 1, 2, 3, 2047, 2048, 2049, 4097, 8193]) {
      const { transitions, rewards } = randomArms(n, n + 100);
      for (let arm = 0; arm < n; arm += 7) rewards[arm * 2 + 1] = rewards[arm * 2] = [0, -0][arm % 2];
      const beta = [0, 0.5, 0.95][n % 3];
      const pairs = armPairsFromRows(transitions, rewards);
      expect(pairs.length).toBe(Math.ceil(n / 2) * 12);
      const want = engine.whittle2(transitions, rewards, beta);
      const got = engine.whittle2Pairs(pairs, n, beta);
      expect(got.length).toBe(want.length);
      for (let j = 0; j < want.length; j++)
        if (!Object.is(got[j], want[j])) expect([n, j, got[j]]).toEqual([n, j, want[j]]);
      const reused = new Float64Array(2 * n);
      expect(engine.whittle2Pairs(pairs, n, beta, reused)).toBe(reused);
      expect(Array.from(reused)).toEqual(Array.from(want));
    }
  });

  test('lays arms out as the kernel packs its rows (packArms2), value by value', () => {
    const n = 6,
      { transitions, rewards } = randomArms(n, 5);
    const k = engine.kernels,
      t = k.alloc(n * 64),
      r = k.alloc(n * 16),
      out = k.alloc(k.armPairBytes(n));
    try {
      new Float64Array(k.memory.buffer, t, n * 8).set(transitions);
      new Float64Array(k.memory.buffer, r, n * 2).set(rewards);
      k.packArms2(n, t, r, out);
      const packed = new Float64Array(k.memory.buffer, out, k.armPairBytes(n) / 8);
      expect(Array.from(armPairsFromRows(transitions, rewards))).toEqual(Array.from(packed));
    } finally {
      for (const p of [t, r, out]) k.free(p);
    }
  });

  test('refuses pairs of the wrong length, a bad count or discount', () => {
    expect(() => engine.whittle2Pairs(new Float64Array(12), 3, 0.9)).toThrow(/expected 24 values for 3 arms/);
    expect(() => engine.whittle2Pairs(new Float64Array(12), 1.5, 0.9)).toThrow(/whittle2Pairs: expected/);
    expect(() => engine.whittle2Pairs(new Float64Array(12), 2, 1)).toThrow(/discount must be in \[0, 1\)/);
    expect(() => engine.whittle2Pairs(new Float64Array(12), 2, 0.9, new Float64Array(3))).toThrow(/out of length 4/);
  });

  test('refuses inputs of mismatched shape and a discount outside [0, 1)', () => {
    expect(() => engine.whittle2(new Float64Array(8), new Float64Array(4), 0.9)).toThrow(
      /length 2N and transitions of length 8N/,
    );
    expect(() => engine.whittle2(new Float64Array(8), new Float64Array(2), 1)).toThrow(/discount must be in \[0, 1\)/);
  });

  test('frees what it allocates, so repeated calls do not grow memory', async () => {
    const kernels = await loadKernelsNode(variant);
    const { Engine } = await import('../../../src/engine/engine.ts');
    const e = new Engine(kernels);
    const { transitions, rewards } = randomArms(10_000, 3);
    const pairs = armPairsFromRows(transitions, rewards);
    e.whittle2(transitions, rewards, 0.9);
    e.whittle2Pairs(pairs, 10_000, 0.9);
    const pages = kernels.memory.buffer.byteLength;
    for (let i = 0; i < 50; i++) e.whittle2(transitions, rewards, 0.9);
    for (let i = 0; i < 50; i++) e.whittle2Pairs(pairs, 10_000, 0.9);
    expect(kernels.memory.buffer.byteLength).toBe(pages);
  });
});

describe('the closed-form reference twin', () => {
  test('agrees with bisection and exact policy evaluation to 1e-9 relative', () => {
    const u = rng(11);
    for (let i = 0; i < 300; i++) {
      const q: Q = [
        [u(), u()],
        [u(), u()],
      ];
      const r: [number, number] = [2 * u() - 1, 20 * u()];
      const beta = [0, 0.5, 0.9, 0.99][i % 4];
      const closed = closedFormWhittle2(q, r, beta);
      const bisected = bisectionWhittle2(q, r, beta);
      for (const s of [0, 1]) {
        expect(Math.abs(closed[s] - bisected[s])).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(closed[s])));
      }
    }
  });
});
