import { describe, expect, test } from 'vitest';
import { capacityTopB, type CapacityTopBInput } from '../../../../src/core/plan/capacity-top-b.ts';
import { keepTwoFamilies, splitFamilies } from '../../../../src/core/plan/rule-families.ts';
import { constrainedTopB, type CallQuota } from '../../../../src/core/plan/constrained-top-b.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { seededRandom, type Random } from '../../../../src/core/random/seeded-random.ts';
import type { WorkerRules } from '../../../../src/core/plan/worker-rules.ts';
import { compareValues, exactBestValue, listValue } from '../../../reference/capacity-top-b.ts';

/** A small random register: indices with ties, eligibility, workers with capacities and minima, and quotas. */
type Shape = 'workers' | 'workers+shares' | 'shares' | 'workers+2 groups';

function randomCase(seed: number, shape: Shape): CapacityTopBInput {
  const r = seededRandom(seed);
  const n = 6 + r.int(9);
  const index = Float64Array.from({ length: n }, () => Math.round(r.next() * 8) / 4 - 0.5);
  const eligible = r.next() < 0.3 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.85 ? 1 : 0));
  const budget = r.int(n + 1);
  let workers: WorkerRules | null = null;
  if (shape !== 'shares') {
    const W = 1 + r.int(4);
    const capacity = Float64Array.from({ length: W }, () => (r.next() < 0.15 ? Infinity : r.int(5)));
    const minimum = Float64Array.from(capacity, (c) => (r.next() < 0.4 ? Math.min(c, r.int(3)) : 0));
    const worker = Int32Array.from({ length: n }, () => (r.next() < 0.1 ? -1 : r.int(W)));
    workers = { worker, names: Array.from({ length: W }, (_, w) => `w${w}`), capacity, minimum };
  }
  const quotas: CallQuota[] = [];
  const groups = { workers: 0, 'workers+shares': 1, shares: 1 + r.int(2), 'workers+2 groups': 2 }[shape];
  for (let g = 0; g < groups; g++) {
    const buckets = 2 + r.int(2);
    const of = Int32Array.from({ length: n }, () => r.int(buckets));
    for (let b = 0; b < buckets; b++) {
      if (r.next() < 0.4) continue;
      const min = r.next() < 0.6 ? r.int(4) : 0;
      const max = r.next() < 0.5 ? min + r.int(4) : Infinity;
      quotas.push({ label: `g${g} = ${b}`, members: Uint8Array.from(of, (x) => (x === b ? 1 : 0)), min, max });
    }
  }
  return { index, tieRank: seededTieRanks(n, seededRandom(seed + 7).int), eligible, budget, quotas, workers };
}

function checkAgainstExact(c: CapacityTopBInput, label: string) {
  const fast = capacityTopB(c);
  const arms = Array.from(fast.arms);
  const value = listValue(arms, c.index, c.eligible, c.budget, c.quotas, c.workers);
  expect(value, `${label}: the list breaks a hard rule`).not.toBeNull();
  const best = exactBestValue(c.index, c.eligible, c.budget, c.quotas, c.workers);
  expect(compareValues(value!, best), `${label}: ${JSON.stringify(value)} vs exact ${JSON.stringify(best)}`).toBe(0);
  // the calls per worker (the flow's own count) and per quota are the list's
  const perWorker = new Array(c.workers?.names.length ?? 0).fill(0);
  for (const arm of arms) if (c.workers && c.workers.worker[arm] >= 0) perWorker[c.workers.worker[arm]]++;
  expect(Array.from(fast.workerCalls), label).toEqual(perWorker);
  expect(Array.from(fast.quotaCalls), label).toEqual(c.quotas.map((q) => arms.filter((arm) => q.members[arm]).length));
  const minima = c.quotas.reduce((a, q) => a + q.min, 0) + (c.workers?.minimum.reduce((a, m) => a + m, 0) ?? 0);
  const infeasible = best.minimumCalls < minima;
  if (infeasible) {
    const said = fast.unmet.join('\n');
    c.quotas.forEach((q, k) => fast.quotaCalls[k] < q.min && expect(said).toContain(`for ${q.label} is not met`));
    c.workers?.names.forEach((name, w) => {
      if (fast.workerCalls[w] < c.workers!.minimum[w]) expect(said).toContain(`for worker "${name}" is not met`);
    });
  } else expect(fast.unmet.filter((u) => u.includes('is not met'))).toEqual([]);
  // A capacity binds exactly when one more call for her gives a strictly better best list.
  let bindingChecked = 0;
  c.workers?.names.forEach((_, w) => {
    const capacity = Float64Array.from(c.workers!.capacity);
    // with free quotas, binding is the relaxation's (capacity-top-b.ts)
    if (capacity[w] === Infinity || fast.free.length) return;
    capacity[w]++;
    const raised = exactBestValue(c.index, c.eligible, c.budget, c.quotas, { ...c.workers!, capacity });
    expect(fast.binding.includes(w), `${label}: binding of worker ${w}`).toBe(compareValues(raised, best) > 0);
    bindingChecked++;
  });
  return { infeasible, bindingChecked, method: fast.method + (fast.free.length ? ', quotas free' : '') };
}

describe('capacityTopB against the exact brute force', () => {
  for (const shape of ['workers', 'workers+shares', 'shares', 'workers+2 groups'] as const) {
    test(`${shape}: 400 random registers, the best value, binding capacities and unmet minima`, () => {
      let infeasible = 0,
        binding = 0,
        refused = 0;
      const methods: Record<string, number> = {};
      for (let seed = 0; seed < 400; seed++) {
        const c = randomCase(seed * 3 + shape.length, shape);
        let r;
        try {
          r = checkAgainstExact(c, `${shape} seed ${seed}`);
        } catch (error) {
          const named = (error as Error).message.includes('the best list without them breaks');
          if (shape !== 'workers+2 groups' || !named) throw error;
          refused++;
          continue;
        }
        infeasible += r.infeasible ? 1 : 0;
        binding += r.bindingChecked;
        methods[r.method] = (methods[r.method] ?? 0) + 1;
      }
      const counts = `${infeasible} with minima that cannot all be met, ${binding} capacities checked for binding`;
      console.log(`${shape}: 400 registers, ${counts}; ${JSON.stringify(methods)}; ${refused} refused`);
      expect(infeasible).toBeGreaterThan(10);
    });
  }
});

describe('capacityTopB', () => {
  test('without workers and quotas is the top B of constrainedTopB', () => {
    const r = seededRandom(4);
    const n = 5000;
    const index = Float64Array.from({ length: n }, () => r.int(7));
    const tieRank = seededTieRanks(n, r.int);
    const eligible = Uint8Array.from({ length: n }, () => (r.next() < 0.9 ? 1 : 0));
    const fast = capacityTopB({ index, tieRank, eligible, budget: 700, quotas: [], workers: null });
    const plain = constrainedTopB({ index, tieRank, eligible, budget: 700, quotas: [] });
    expect(Array.from(fast.arms)).toEqual(Array.from(plain.arms));
  });

  test('at scale the greedy equals a walk down the sorted arms (capacities, minima, ties)', () => {
    const r = seededRandom(9);
    const n = 30000,
      W = 300;
    const index = Float64Array.from({ length: n }, () => r.int(50) / 10);
    const tieRank = seededTieRanks(n, r.int);
    const workers = randomWorkers(r, n, W);
    const eligible = Uint8Array.from({ length: n }, () => (r.next() < 0.95 ? 1 : 0));
    for (const budget of [0, 1, 500, 4000, n]) {
      const fast = capacityTopB({ index, tieRank, eligible, budget, quotas: [], workers });
      const ascending = (x: ArrayLike<number>) => Array.from(x).sort((a, b) => a - b);
      const plain = walk(index, tieRank, eligible, budget, workers);
      expect(ascending(fast.arms), `budget ${budget}`).toEqual(ascending(plain));
      for (let j = 1; j < fast.arms.length; j++) {
        const [a, b] = [fast.arms[j - 1], fast.arms[j]];
        expect(index[a] > index[b] || (index[a] === index[b] && tieRank[a] < tieRank[b])).toBe(true);
      }
    }
  });

  test('says which minimum cannot be met and why', () => {
    const index = Float64Array.of(5, 4, 3, 2, 1, 0);
    const tieRank = Int32Array.of(0, 1, 2, 3, 4, 5);
    const workers = rules([0, 0, 0, 1, 1, 1], [2, 1], [0, 0]);
    const ages: CallQuota = { label: 'Ages = 51-60', members: Uint8Array.of(0, 0, 0, 1, 1, 1), min: 2, max: Infinity };
    const r = capacityTopB({ index, tieRank, eligible: null, budget: 3, quotas: [ages], workers });
    expect(Array.from(r.arms)).toEqual([0, 1, 3]);
    expect(r.unmet).toEqual([
      'the minimum of 2 calls for Ages = 51-60 is not met (1 call): ' +
        'the capacities of the workers of its members allow at most 1 call',
    ]);
    const base = { index, tieRank, eligible: null, quotas: [] };
    const tooMany = capacityTopB({ ...base, budget: 2, workers: rules([0, 0, 0, 1, 1, 1], [2, 2], [2, 1]) });
    expect(tooMany.unmet[0]).toBe(
      'the minimum of 1 call for worker "Bina" is not met (0 calls): ' +
        'the minima add up to 3 calls, more than the budget of 2',
    );
    const some = Uint8Array.of(1, 1, 1, 1, 0, 0);
    const twoForBina = rules([0, 0, 0, 1, 1, 1], [3, 3], [0, 2]);
    const few = capacityTopB({ ...base, eligible: some, budget: 4, workers: twoForBina });
    expect(few.unmet).toEqual([
      'the minimum of 2 calls for worker "Bina" is not met (1 call): only 1 of her mothers may be called',
    ]);
    const short = capacityTopB({ ...base, budget: 5, workers });
    expect(short.unmet).toEqual([
      "only 3 of the 5 calls could be planned: the workers' capacities allow at most 3 calls",
    ]);
    expect(Array.from(short.binding)).toEqual([0, 1]);
  });

  test('names the worker minimum that brought her in, and the capacities that bind', () => {
    const index = Float64Array.of(9, 8, 7, 1, 0.5);
    const base = { index, tieRank: Int32Array.of(0, 1, 2, 3, 4), eligible: null, budget: 3, quotas: [] };
    const r = capacityTopB({ ...base, workers: rules([0, 0, 0, 1, 1], [3, 5], [0, 1]) });
    expect(Array.from(r.arms)).toEqual([0, 1, 3]);
    expect(Array.from(r.via)).toEqual([-1, -1, -3]);
    expect(Array.from(r.workerCalls)).toEqual([2, 1]);
    expect(Array.from(r.binding)).toEqual([]);
    const capped = capacityTopB({ ...base, workers: rules([0, 0, 0, 1, 1], [1, 5], [0, 0]) });
    expect(Array.from(capped.arms)).toEqual([0, 3, 4]);
    expect(Array.from(capped.binding)).toEqual([0]);
  });

  test('shares of two groups with workers: the second free when the list keeps it, else refused by name', () => {
    const m = (xs: number[]) => Uint8Array.from(xs);
    const quotas: CallQuota[] = [
      { label: 'A = x', members: m([1, 1, 0, 0]), min: 1, max: Infinity },
      { label: 'B = y', members: m([0, 1, 1, 0]), min: 1, max: Infinity },
    ];
    expect(splitFamilies(quotas, null, false)).toEqual([[1], [0]]);
    expect(splitFamilies(quotas, null, true)).toBeNull();
    expect(keepTwoFamilies(quotas, null, true)).toEqual({ families: [[], [0]], free: [1] });
    const workers = rules([0, 0, 1, 1], [1, 1], [0, 0]);
    const input = { index: Float64Array.of(4, 3, 2, 1), tieRank: Int32Array.of(0, 1, 2, 3), eligible: null, budget: 2 };
    // the list under the workers and "A = x" is arms 0 and 2, which keeps "B = y"
    const kept = capacityTopB({ ...input, quotas, workers });
    expect([Array.from(kept.arms), kept.free]).toEqual([[0, 2], [1]]);
    // with "B = y" at most 0, the same list breaks it
    const strict = [quotas[0], { ...quotas[1], min: 0, max: 0 }];
    expect(() => capacityTopB({ ...input, quotas: strict, workers })).toThrow(
      'the best list without them breaks the maximum of 0 calls for B = y (it calls 1)',
    );
  });
});

function randomWorkers(r: Random, n: number, W: number): WorkerRules {
  const capacity = Float64Array.from({ length: W }, () => r.int(40));
  const minimum = Float64Array.from(capacity, (c) => (r.next() < 0.3 ? Math.min(c, r.int(10)) : 0));
  const worker = Int32Array.from({ length: n }, () => (r.next() < 0.02 ? -1 : r.int(W)));
  return { worker, names: Array.from({ length: W }, (_, w) => `w${w}`), capacity, minimum };
}

/** Workers named Asha, Bina, ... (the first few) with these arms, capacities and minima. */
function rules(worker: number[], capacity: number[], minimum: number[]): WorkerRules {
  const names = ['Asha', 'Bina', 'Chitra', 'Devi'].slice(0, capacity.length);
  const [caps, minima] = [Float64Array.from(capacity), Float64Array.from(minimum)];
  return { worker: Int32Array.from(worker), names, capacity: caps, minimum: minima };
}

/** The greedy written plainly: sort the eligible arms; each worker's best minimum (the best B of those), then on. */
function walk(index: Float64Array, tieRank: Int32Array, eligible: Uint8Array, budget: number, workers: WorkerRules) {
  const order = Array.from(index.keys())
    .filter((a) => eligible[a])
    .sort((a, b) => index[b] - index[a] || tieRank[a] - tieRank[b]);
  const count = new Map<number, number>();
  const units: number[] = [];
  for (const arm of order) {
    const w = workers.worker[arm];
    if (w < 0) continue;
    const c = count.get(w) ?? 0;
    if (c < workers.minimum[w]) {
      units.push(arm);
      count.set(w, c + 1);
    }
  }
  const chosen = new Set(units.slice(0, budget));
  const calls = new Map<number, number>();
  for (const arm of chosen) calls.set(workers.worker[arm], (calls.get(workers.worker[arm]) ?? 0) + 1);
  for (const arm of order) {
    if (chosen.size >= budget) break;
    const w = workers.worker[arm];
    if (chosen.has(arm) || (w >= 0 && (calls.get(w) ?? 0) >= workers.capacity[w])) continue;
    chosen.add(arm);
    calls.set(w, (calls.get(w) ?? 0) + 1);
  }
  return [...chosen];
}
