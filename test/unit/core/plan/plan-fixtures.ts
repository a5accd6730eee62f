// Shared by the plan tests: the real WASM engine as the IndexFunction (with its Beta sampler), and a week
// simulated from the true transitions (who was called, who is engaged after it) written as an outcomes CSV.
import { reasonAt, type IndexFunction, type WeeklyList } from '../../../../src/core/plan/weekly-list.ts';
import { seededRandom, type Random } from '../../../../src/core/random/seeded-random.ts';
import { planIndexFunction } from '../../../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';

export async function engineWhittle(): Promise<IndexFunction> {
  return planIndexFunction(await loadEngineNode());
}

/** The next state of every arm after the week, with the calls made (2 states): columnar. */
export function simulateWeek(truth: Float64Array, state: Uint8Array, called: Uint8Array, random: Random): Uint8Array {
  const next = new Uint8Array(state.length);
  for (let arm = 0; arm < state.length; arm++)
    next[arm] = random.next() < truth[arm * 8 + state[arm] * 4 + called[arm] * 2 + 1] ? 1 : 0;
  return next;
}

/** An outcomes CSV: id, called, engaged (optionally week). */
export function outcomesCsv(ids: readonly string[], called: Uint8Array, engaged: Uint8Array, week?: number): string {
  const head = week === undefined ? 'id,called,engaged' : 'id,week,called,engaged';
  return (
    [
      head,
      ...ids.map((id, arm) =>
        week === undefined ? `${id},${called[arm]},${engaged[arm]}` : `${id},${week},${called[arm]},${engaged[arm]}`,
      ),
    ].join('\n') + '\n'
  );
}

/** Every line's plain reason (the list keeps the numbers; reasonAt writes a line's words). */
export function reasonsOf(list: WeeklyList): string[] {
  return Array.from(list.arms, (_, j) => reasonAt(list, j));
}

/** A random permutation of 0..n-1 as tie ranks (arm -> its place), from `seed`. */
export function permutation(n: number, seed: number): Int32Array {
  const r = seededRandom(seed);
  const order = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const rank = new Int32Array(n);
  order.forEach((arm, k) => (rank[arm] = k));
  return rank;
}
