// stateIndices indexes 2-state arms in pieces (fresh memory per call stays small): the same bits as one call of the
// engine for every arm, for the plan's reward and the default, across piece boundaries.
import { describe, expect, test } from 'vitest';
import { stateIndices } from '../../../../src/core/plan/default-index.ts';
import type { IndexFunction } from '../../../../src/core/plan/posterior-draws.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';

describe('stateIndices', () => {
  test('equals one whole call at 70,001 arms (three pieces), plan reward and default', async () => {
    const engine = await loadEngineNode();
    const whittle: IndexFunction = (t, r, S, d) => engine.whittleIndices(t, r, S, d).indices;
    const N = 70_001,
      r = seededRandom(3);
    const transitions = new Float64Array(N * 8);
    for (let row = 0; row < N * 4; row++) {
      const p = r.next();
      transitions[2 * row] = 1 - p;
      transitions[2 * row + 1] = p;
    }
    const rewards = Float64Array.from({ length: N * 2 }, (_, i) => (i % 2) * (1 + r.int(3)));
    const state = Uint8Array.from({ length: N }, () => r.int(2));
    for (const reward of [rewards, null]) {
      const table = whittle(transitions, reward ?? Float64Array.from({ length: N * 2 }, (_, i) => i % 2), 2, 0.95);
      const want = Float64Array.from(state, (s, arm) => table[arm * 2 + s]);
      const got = stateIndices(whittle, transitions, reward, 2, 0.95, state, new Float64Array(N));
      expect(Buffer.from(got.buffer).equals(Buffer.from(want.buffer))).toBe(true);
    }
  });
});
