import { describe, expect, test } from 'vitest';
import { transitionsFromTrajectories } from '../../../../src/core/datasets/trajectories.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

/** Simulated trajectories of 2-state arms with q[arm] = [q00, q01, q10, q11], P(next = 1 | s, a). */
function simulate(q: number[][], steps: number, pActive: (arm: number) => number, seed: number): string {
  const random = seededRandom(seed);
  const lines = ['arm,step,state,action'];
  q.forEach((qa, arm) => {
    let state = random.next() < 0.5 ? 1 : 0;
    for (let step = 0; step < steps; step++) {
      const action = random.next() < pActive(arm) ? 1 : 0;
      lines.push(`arm${arm},${step},${state},${action}`);
      state = random.next() < qa[state * 2 + action] ? 1 : 0;
    }
  });
  return lines.join('\n');
}
const estimateOf = (result: ReturnType<typeof transitionsFromTrajectories>, arm: number) =>
  [0, 1, 2, 3].map((k) => result.transitions[arm * 8 + k * 2 + 1]);

describe('transitionsFromTrajectories: bad input', () => {
  test('a missing column, no rows, and values that are not states, actions or steps', () => {
    expect(() => transitionsFromTrajectories('arm,step,state\na,0,1', { fileName: 't.csv' })).toThrow(
      't.csv, line 1: the header has no "action" column; trajectories need the columns arm, step, state, action',
    );
    expect(() => transitionsFromTrajectories('arm,step,state,action\n', { fileName: 't.csv' })).toThrow(
      't.csv, line 1: the file has a header but no rows',
    );
    expect(() => transitionsFromTrajectories('arm,step,state,action\na,0,1,2', { fileName: 't.csv' })).toThrow(
      't.csv, line 2, column 4 ("action"): 2 is not an action (0 passive or 1 active)',
    );
    expect(() => transitionsFromTrajectories('arm,step,state,action\na,0.5,1,0', { fileName: 't.csv' })).toThrow(
      'line 2, column 2 ("step"): 0.5 is not a whole step number',
    );
    expect(() =>
      transitionsFromTrajectories('arm,step,state,action\na,0,2,0', { fileName: 't.csv', numStates: 2 }),
    ).toThrow('line 2, column 3 ("state"): 2 is not a state from 0 to 1');
    expect(() => transitionsFromTrajectories('arm,step,state,action\na,0,x,0', { fileName: 't.csv' })).toThrow(
      'line 2, column 3 ("state"): "x" is not a number',
    );
  });

  test('the same arm and step twice, naming both lines', () => {
    expect(() =>
      transitionsFromTrajectories('arm,step,state,action\na,0,1,0\na,1,1,0\na,0,0,1', { fileName: 't.csv' }),
    ).toThrow('t.csv, line 4, column 2 ("step"): arm "a" step 0 already appears on line 2');
  });

  test('a prior that is not positive', () => {
    expect(() => transitionsFromTrajectories('arm,step,state,action\na,0,1,0', { prior: 0 })).toThrow(
      'the prior pseudo-count must be a positive number',
    );
  });
});

describe('transitionsFromTrajectories', () => {
  test('applies the Dirichlet prior to the counts of consecutive steps only', () => {
    // Steps 0 -> 1 -> 2 and 5 -> 6: three transitions; the gap 2 -> 5 is not one. Rows may come in any order.
    const text = 'arm,step,state,action\na,1,1,0\na,0,0,1\na,2,1,0\na,5,0,0\na,6,0,0';
    const result = transitionsFromTrajectories(text, { prior: 1, minActive: 0 });
    // (0, a=1) -> 1 once: (1 + 1) / (1 + 2); (1, a=0) -> 1 once: 2/3; (0, a=0) -> 0 once: P(1) = 1/3; (1, a=1) unseen:
    // 1/2.
    expect(estimateOf(result, 0)).toEqual([1 / 3, 2 / 3, 2 / 3, 1 / 2]);
    expect(Array.from(result.counts)).toEqual([1, 1, 1, 0]);
    expect(result.warnings).toEqual([]);
  });

  test('recovers known transitions from simulated trajectories within statistical tolerance', () => {
    const random = seededRandom(11);
    const truth = Array.from({ length: 30 }, () => {
      const q00 = random.next() * 0.5;
      const q10 = 0.5 + random.next() * 0.5;
      return [q00, Math.min(1, q00 + 0.3), q10, Math.min(1, q10 + 0.2)];
    });
    const result = transitionsFromTrajectories(
      simulate(truth, 3000, () => 0.4, 12),
      { minActive: 5 },
    );
    expect(result.ids).toEqual(truth.map((_, arm) => `arm${arm}`));
    let worst = 0;
    truth.forEach((q, arm) => {
      const estimate = estimateOf(result, arm);
      for (let k = 0; k < 4; k++) {
        const n = result.counts[arm * 4 + k];
        const sd = Math.sqrt(Math.max(q[k] * (1 - q[k]), 0.01) / n);
        worst = Math.max(worst, Math.abs(estimate[k] - q[k]) / sd);
      }
    });
    // 120 estimates: all within 4.5 standard errors (the prior's bias is below 1/n).
    expect(worst).toBeLessThan(4.5);
    expect(result.warnings).toEqual([]);
  });

  test('fills too-rare active rows as passive + the pooled active effect, and warns naming the arms', () => {
    const truth = Array.from({ length: 40 }, (_, arm) => [0.1 + arm * 0.005, 0.5, 0.8, 0.95]);
    // Arms 0-9 are almost never called.
    const text = simulate(truth, 2000, (arm) => (arm < 10 ? 0.0005 : 0.5), 3);
    const result = transitionsFromTrajectories(text, { minActive: 20 });
    const rare = Array.from({ length: 40 }, (_, arm) => result.counts[arm * 4 + 1] < 20);
    expect(rare.slice(0, 10).every(Boolean)).toBe(true);
    expect(rare.slice(10).some(Boolean)).toBe(false);
    // The pooled effect from state 0 is about 0.5 - 0.2 = 0.3 (arms 10-39 have q00 0.15..0.3).
    for (let arm = 0; arm < 10; arm++) {
      expect(result.filled[arm * 2]).toBe(1);
      const [q00, q01, q10, q11] = estimateOf(result, arm);
      expect(q01 - q00).toBeGreaterThan(0.2);
      expect(q01 - q00).toBeLessThan(0.4);
      expect(q11 - q10).toBeGreaterThan(0.05);
      expect(q11).toBeLessThanOrEqual(1);
    }
    expect(result.warnings[0]).toMatch(
      new RegExp(
        String.raw`^10 of 40 arms have fewer than 20 observed active transitions from state ` +
          String.raw`0, too few to trust: .* pooled active effect .*: "arm0", "arm1"`,
      ),
    );
  });

  test('adds no effect when the whole population is too rarely called', () => {
    const result = transitionsFromTrajectories('arm,step,state,action\na,0,0,0\na,1,1,0\na,2,1,0', { minActive: 5 });
    const [q00, q01, q10, q11] = estimateOf(result, 0);
    expect([q01, q11]).toEqual([q00, q10]);
    expect(result.warnings.join('\n')).toContain(
      'the whole population has only 0 active observations from state 0, so no effect was added',
    );
  });
});
