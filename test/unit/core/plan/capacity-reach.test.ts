import { describe, expect, test } from 'vitest';
import {
  bestPerGroup,
  classReach,
  greedyReach,
  grouping,
  inListOrder,
} from '../../../../src/core/plan/capacity-reach.ts';
import { type Classes, flowClasses, type RuleFamily } from '../../../../src/core/plan/capacity-classes.ts';
import { capacityGreedy } from '../../../../src/core/plan/capacity-greedy.ts';
import { capacityTopB } from '../../../../src/core/plan/capacity-top-b.ts';
import { defaultListOrder, keepDefaultOrder } from '../../../../src/core/plan/default-order.ts';
import { ListOrder } from '../../../../src/core/plan/list-order.ts';
import type { WorkerRules } from '../../../../src/core/plan/worker-rules.ts';
import { seededRandom, type Random } from '../../../../src/core/random/seeded-random.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';

/** Indices with many ties (a few distinct values, -0 beside +0), or all equal, or distinct. */
function indices(r: Random, n: number): Float64Array {
  const kind = r.int(4);
  if (kind === 0) return new Float64Array(n).fill(0.25);
  if (kind === 1) return Float64Array.from({ length: n }, () => r.next() * 2 - 1);
  return Float64Array.from({ length: n }, () => {
    const v = Math.round(r.next() * 6) / 4 - 0.75;
    return v === 0 && r.next() < 0.5 ? -0 : v;
  });
}

/** A random register: sizes from empty to past the order's small cut-off (1,024), eligibility, workers, a group. */
function randomCase(seed: number) {
  const r = seededRandom(seed);
  const n = [0, 1, 5, 40, 1500, 3000][r.int(6)];
  const index = indices(r, n);
  const tieRank = seededTieRanks(n, seededRandom(seed + 11).int);
  const eligible = r.next() < 0.3 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.8 ? 1 : 0));
  const W = 1 + r.int(30);
  const capacity = Float64Array.from({ length: W }, () => (r.next() < 0.1 ? Infinity : r.int(12)));
  const workers: WorkerRules = {
    worker: Int32Array.from({ length: n }, () => (r.next() < 0.1 ? -1 : r.int(W))),
    names: Array.from({ length: W }, (_, w) => `w${w}`),
    capacity,
    minimum: Float64Array.from(capacity, (c) => (r.next() < 0.3 ? Math.min(c, r.int(4)) : 0)),
  };
  const buckets = 1 + r.int(3);
  const B: RuleFamily = {
    of: Int32Array.from({ length: n }, () => r.int(buckets + 1) - 1),
    min: Float64Array.from({ length: buckets }, () => r.int(3)),
    max: Float64Array.from({ length: buckets }, () => (r.next() < 0.4 ? Infinity : r.int(20))),
  };
  const A: RuleFamily = { of: workers.worker, min: workers.minimum, max: workers.capacity };
  const budget = r.int(Math.max(1, Math.ceil(n / 3)));
  return { index, tieRank, eligible, workers, A, B, budget, N: n };
}

describe('capacity-reach: the arms the capacity solvers reach, against the order of all', () => {
  test('bestPerGroup holds each group best limit in list order, in list order, and more only by ties', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { index, tieRank, eligible, workers, N } = randomCase(seed);
      const r = seededRandom(seed + 5);
      const W = workers.names.length;
      const group = Int32Array.from(workers.worker, (w, arm) => (eligible && !eligible[arm] ? -1 : w < 0 ? W : w));
      const limit = Float64Array.from({ length: W + 1 }, () => r.int(8) + (r.next() < 0.2 ? 0.5 : 0));
      const got = Array.from(bestPerGroup(index, tieRank, grouping(group, limit))!);
      const all = Array.from(new ListOrder(index, tieRank, eligible, 'test-order').all().slice());
      const seen = new Int32Array(W + 1);
      const best = all.filter((arm) => seen[group[arm]]++ < Math.ceil(limit[group[arm]]));
      expect(got, `seed ${seed}`).toEqual(all.filter((arm) => got.includes(arm)));
      expect(
        best.every((arm) => got.includes(arm)),
        `seed ${seed}`,
      ).toBe(true);
      // an arm beyond her group's best is tied with its last
      const last = new Map<number, number>();
      for (const arm of best) last.set(group[arm], arm);
      for (const arm of got) {
        if (best.includes(arm)) continue;
        expect(index[arm] === index[last.get(group[arm])!], `seed ${seed} arm ${arm}`).toBe(true);
      }
      expect(N === 0 || got.length <= all.length).toBe(true);
    }
  });

  test('bestPerGroup on big groups with small limits (a cut from a sample, or not) against the order', () => {
    for (let seed = 1; seed <= 120; seed++) {
      const r = seededRandom(seed + 1000);
      const n = 200 + r.int(4000);
      const index = indices(r, n);
      const tieRank = seededTieRanks(n, seededRandom(seed + 17).int);
      const eligible = r.next() < 0.3 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.9 ? 1 : 0));
      const G = 1 + r.int(6);
      const group = Int32Array.from({ length: n }, (_, arm) =>
        eligible && !eligible[arm] ? -1 : r.next() < 0.05 ? -1 : r.int(G),
      );
      // limits from none to about half of a group, some fractional (ceil)
      const limit = Float64Array.from(
        { length: G },
        () => r.int(Math.ceil(n / (2 * G)) + 2) + (r.next() < 0.2 ? 0.5 : 0),
      );
      const got = Array.from(bestPerGroup(index, tieRank, grouping(group, limit))!);
      const all = Array.from(new ListOrder(index, tieRank, null, 'test-order').all().slice()).filter(
        (a) => group[a] >= 0,
      );
      const seen = new Int32Array(G);
      const best = all.filter((arm) => seen[group[arm]]++ < Math.ceil(limit[group[arm]]));
      // exactly: each group's best, and every other arm of the group tied with her last (at or above her cut)
      const last = new Map<number, number>();
      for (const arm of best) last.set(group[arm], index[arm]);
      const want = all.filter(
        (arm) => best.includes(arm) || (last.has(group[arm]) && index[arm] >= last.get(group[arm])!),
      );
      expect(got, `seed ${seed}`).toEqual(want);
    }
  });

  test("the flow's classes from classReach are those from the order of all", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { index, tieRank, eligible, A, B, budget, N } = randomCase(seed);
      const all = new ListOrder(index, tieRank, eligible, 'test-order').all().slice();
      const reach = classReach(index, tieRank, eligible, budget, A, B)!;
      // with her class's key read off the reach's column, and made from the families
      const want = byArm(all, flowClasses(all, N, budget, A, B));
      expect(byArm(reach.all, flowClasses(reach.all, N, budget, A, B, reach.keys)), `seed ${seed}`).toEqual(want);
      expect(byArm(reach.all, flowClasses(reach.all, N, budget, A, B)), `seed ${seed}`).toEqual(want);
    }
  });

  test('inListOrder by places in the order is inListOrder by marks on the arms (via or none, empty, all)', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const r = seededRandom(seed + 300);
      const N = 1 + r.int(seed < 10 ? 5 : 400);
      const all = Int32Array.from(
        shuffle(
          r,
          Array.from({ length: N }, (_, arm) => arm),
        ).slice(0, 1 + r.int(N)),
      );
      const share = [0, 1, r.next()][seed % 3];
      const at = shuffle(
        r,
        Array.from(all.keys()).filter(() => r.next() < share),
      );
      const places = Int32Array.from(at),
        picked = Int32Array.from(at, (p) => all[p]);
      const via = Int32Array.from(at, () => (seed % 2 ? -1 : r.int(5) - 3));
      expect(inListOrder(all, picked, via, N, places), `seed ${seed}`).toEqual(inListOrder(all, picked, via, N));
    }
  });

  test('the greedy on greedyReach is the greedy on the order of all (list, via, binding)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { index, tieRank, eligible, workers, budget } = randomCase(seed);
      const all = new ListOrder(index, tieRank, eligible, 'test-order').all().slice();
      const reach = greedyReach(index, tieRank, eligible, budget, workers)!;
      expect(capacityGreedy(index, reach, budget, workers), `seed ${seed}`).toEqual(
        capacityGreedy(index, all, budget, workers),
      );
    }
  });

  test('a NaN index leaves the order of all to the caller', () => {
    const index = Float64Array.of(0.5, NaN, 0.1);
    const workers = {
      worker: Int32Array.of(0, 0, 0),
      names: ['w'],
      capacity: Float64Array.of(1),
      minimum: Float64Array.of(0),
    };
    expect(greedyReach(index, Int32Array.of(0, 1, 2), null, 2, workers)).toBe(null);
  });

  test('capacityTopB on an order read off a kept order of all gives the same list as on its own', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { index, tieRank, eligible, workers, B, budget, N } = randomCase(seed);
      const quotas =
        B.min.length && seed % 2
          ? [{ label: 'b0', members: Uint8Array.from(B.of, (b) => (b === 0 ? 1 : 0)), min: B.min[0], max: B.max[0] }]
          : [];
      const input = { index, tieRank, eligible, budget, quotas, workers };
      const own = capacityTopB(input);
      keepDefaultOrder(index, tieRank);
      const kept = capacityTopB({ ...input, order: defaultListOrder(index, tieRank, eligible, 'test-kept') });
      expect(kept, `seed ${seed} (${N} arms)`).toEqual(own);
    }
  });

  test('the kept grouping is not reused for other arrays or limits', () => {
    const { index, tieRank, eligible, workers, budget, N } = randomCase(5);
    const all = new ListOrder(index, tieRank, eligible, 'test-order').all().slice();
    const one = capacityGreedy(index, greedyReach(index, tieRank, eligible, budget, workers)!, budget, workers);
    const tighter = { ...workers, capacity: Float64Array.from(workers.capacity, (c) => Math.min(c, 1)) };
    const two = capacityGreedy(index, greedyReach(index, tieRank, eligible, budget, tighter)!, budget, tighter);
    expect(two).toEqual(capacityGreedy(index, all, budget, tighter));
    const other = Uint8Array.from({ length: N }, (_, arm) => arm % 2);
    const allOther = new ListOrder(index, tieRank, other, 'test-order').all().slice();
    const three = capacityGreedy(index, greedyReach(index, tieRank, other, budget, workers)!, budget, workers);
    expect(three).toEqual(capacityGreedy(index, allOther, budget, workers));
    expect(one).toEqual(capacityGreedy(index, all, budget, workers));
    // an eligibility of the same values (the week's next list), or with one flag changed, reads the same grouping
    expect(
      capacityGreedy(
        index,
        greedyReach(index, tieRank, eligible && eligible.slice(), budget, workers)!,
        budget,
        workers,
      ),
    ).toEqual(one);
    for (const at of [0, 1, N - 1, N >> 1]) {
      const changed = Uint8Array.from(eligible ?? new Uint8Array(N).fill(1));
      changed[at] ^= 1;
      const want = capacityGreedy(
        index,
        new ListOrder(index, tieRank, changed, 'test-order').all().slice(),
        budget,
        workers,
      );
      expect(capacityGreedy(index, greedyReach(index, tieRank, changed, budget, workers)!, budget, workers)).toEqual(
        want,
      );
      // its flag back, again in a new array
      changed[at] ^= 1;
      const back = capacityGreedy(
        index,
        greedyReach(index, tieRank, changed.slice(), budget, workers)!,
        budget,
        workers,
      );
      expect(back).toEqual(
        capacityGreedy(index, new ListOrder(index, tieRank, changed, 'test-order').all().slice(), budget, workers),
      );
    }
  });

  test('the kept classes grouping follows an eligibility of other values (classes as from the order of all)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { index, tieRank, eligible, A, B, budget, N } = randomCase(seed);
      if (N < 2) continue;
      const base = Uint8Array.from(eligible ?? new Uint8Array(N).fill(1));
      for (const step of [0, 1, 2]) {
        // the same values in a new array, a flag changed, the same values again (5 arms: compared byte by byte)
        const e = base.slice();
        if (step === 1) e[seed % 2 ? N - 1 : seed % N] ^= 1;
        const all = new ListOrder(index, tieRank, e, 'test-order').all().slice();
        const reach = classReach(index, tieRank, e, budget, A, B)!;
        const [nA, nB] = [A.min.length, B.min.length];
        const keys = Array.from(
          { length: N },
          (_, arm) => (A.of[arm] < 0 ? nA : A.of[arm]) * (nB + 1) + (B.of[arm] < 0 ? nB : B.of[arm]),
        );
        expect(Array.from(reach.keys.group.subarray(0, N)), `seed ${seed} step ${step}`).toEqual(keys);
        expect(
          byArm(reach.all, flowClasses(reach.all, N, budget, A, B, reach.keys)),
          `seed ${seed} step ${step}`,
        ).toEqual(byArm(all, flowClasses(all, N, budget, A, B)));
      }
    }
  });
});

/** The classes without their places, each place checked against her arm (places: in the order read from). */
function byArm(all: Int32Array | number[], net: Classes): Partial<Classes> {
  expect(Array.from(net.place, (p) => all[p])).toEqual(Array.from(net.members));
  const rest: Partial<Classes> = { ...net };
  delete rest.place;
  return rest;
}

function shuffle<T>(r: Random, xs: T[]): T[] {
  for (let j = xs.length - 1; j > 0; j--) {
    const q = r.int(j + 1);
    [xs[j], xs[q]] = [xs[q], xs[j]];
  }
  return xs;
}
