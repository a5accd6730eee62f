import { describe, expect, test } from 'vitest';
import { flowClasses, type RuleFamily } from '../../../../src/core/plan/capacity-classes.ts';
import { exchangeFlow, exchangeShape } from '../../../../src/core/plan/capacity-exchange.ts';
import { familyFlow } from '../../../../src/core/plan/capacity-flow.ts';
import { capacityTopB } from '../../../../src/core/plan/capacity-top-b.ts';
import type { CallQuota } from '../../../../src/core/plan/constrained-top-b.ts';
import { ListOrder } from '../../../../src/core/plan/list-order.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { compareValues, exactBestValue, listValue } from '../../../reference/capacity-top-b.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { exchangeFlowByValues } from '../../../reference/exchange-by-values.ts';

/** Workers (some arms of none, capacities 0, fractional or unbounded) and one bucket with a minimum, no cap below B. */
function randomCase(seed: number, n: number, kind: 'distinct' | 'ties' | 'equal') {
  const r = seededRandom(seed);
  const index =
    kind === 'equal'
      ? new Float64Array(n).fill(0.5)
      : Float64Array.from({ length: n }, () => {
          if (kind === 'distinct') return r.next() * 2 - 1;
          const v = Math.round(r.next() * 6) / 4 - 0.75;
          return v === 0 && r.next() < 0.5 ? -0 : v;
        });
  const tieRank = seededTieRanks(n, seededRandom(seed + 5).int);
  const eligible = r.next() < 0.3 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.85 ? 1 : 0));
  const W = 1 + r.int(Math.max(1, n >> 3));
  // capacities about the budget in all (most workers full), or loose, or tight
  const budget = [0, 1, r.int(n + 2), n >> 2, n >> 1, n + 3][r.int(6)];
  const each = Math.max(1, Math.round((budget / W) * [0.5, 1, 1, 1.05, 2][r.int(5)]));
  const capacity = Float64Array.from({ length: W }, () =>
    r.next() < 0.05 ? Infinity : r.next() < 0.05 ? 0 : r.int(2 * each + 1) + (r.next() < 0.1 ? 0.5 : 0),
  );
  const A: RuleFamily = {
    of: Int32Array.from({ length: n }, () => (r.next() < 0.05 ? -1 : r.int(W))),
    min: new Float64Array(W),
    max: capacity,
  };
  const share = [0.05, 0.2, 0.5][r.int(3)];
  const members = Uint8Array.from({ length: n }, () => (r.next() < share ? 1 : 0));
  const min = [0, 1, r.int(budget + 1), Math.round(budget * 0.4), budget + 2][r.int(5)];
  const max = r.next() < 0.7 ? Infinity : Math.max(min, budget + r.int(3));
  const B: RuleFamily = {
    of: Int32Array.from(members, (m) => (m ? 0 : -1)),
    min: Float64Array.of(min),
    max: Float64Array.of(max),
  };
  return { index, tieRank, eligible, budget, A, B, members, min, max, W };
}

const sorted = (x: ArrayLike<number>) => Array.from(x).sort((a, b) => a - b);
const sum = (arms: ArrayLike<number>, index: Float64Array) => Array.from(arms).reduce((s, a) => s + index[a], 0);

describe('exchangeFlow against the flow (capacity-flow.ts)', () => {
  for (const kind of ['distinct', 'ties', 'equal'] as const) {
    test(`${kind} indices: the same list (or, with ties, one as good), binding caps, calls and twin`, () => {
      let raised = 0,
        short = 0;
      for (let seed = 0; seed < 300; seed++) {
        const n = [0, 1, 7, 60, 400, 2500][seed % 6];
        const c = randomCase(seed * 7 + kind.length, n, kind);
        const { index, tieRank, eligible, budget, A, B } = c;
        expect(exchangeShape(A, B, budget)).toBe(true);
        const net = flowClasses(new ListOrder(index, tieRank, eligible).all(), n, budget, A, B);
        const fast = exchangeFlow(net, index, tieRank, budget, A, B)!;
        // the slow flow writes the same working array of indices: the fast pick's arrays read first
        const [arms, binding, inA] = [fast.pick.arms.slice(), fast.pick.bindingA.slice(), fast.pick.inA.slice()];
        const plain = fast.plain().slice();
        const slow = familyFlow(net, index, budget, A, B);
        const label = `${kind} seed ${seed} n ${n} budget ${budget}`;
        const inBucket = (xs: ArrayLike<number>) => Array.from(xs).filter((a) => c.members[a]).length;
        // the value: minimum calls met, calls, the sum of indices (with ties, lists of one value may differ)
        const value = (xs: Int32Array) => [Math.min(inBucket(xs), c.min), xs.length, sum(xs, index)];
        expect(value(arms), label).toEqual(value(slow.arms));
        if (kind === 'distinct') {
          expect(sorted(arms), label).toEqual(sorted(slow.arms));
          expect(Array.from(inA), label).toEqual(Array.from(slow.inA));
        }
        expect(Array.from(binding), label).toEqual(Array.from(slow.bindingA));
        const zero = (x: RuleFamily): RuleFamily => ({ ...x, min: new Float64Array(x.min.length) });
        const twin = familyFlow(net, index, budget, zero(A), zero(B));
        if (kind === 'distinct') expect(sorted(plain), label).toEqual(sorted(twin.arms));
        else expect([plain.length, sum(plain, index)], label).toEqual([twin.arms.length, sum(twin.arms, index)]);
        if (inBucket(arms) > inBucket(plain)) raised++;
        if (inBucket(arms) < c.min) short++;
      }
      // the minimum moved many lists, and could not be met on some
      expect(raised).toBeGreaterThan(50);
      expect(short).toBeGreaterThan(10);
    });
  }

  test('on small registers, the best value by brute force (ties, empty, full workers, unmet minima)', () => {
    let checked = 0;
    for (let seed = 0; seed < 400; seed++) {
      const c = randomCase(seed + 9000, 5 + (seed % 9), seed % 3 === 0 ? 'equal' : 'ties');
      const names = Array.from({ length: c.W }, (_, w) => `w${w}`);
      // (whole capacities: the brute force holds calls <= capacity, the flow takes a fractional one's next number)
      const workers = { worker: c.A.of, names, capacity: c.A.max.map(Math.floor), minimum: c.A.min };
      const quotas: CallQuota[] = [{ label: 'Ages 51-60', members: c.members, min: c.B.min[0], max: c.B.max[0] }];
      const input = { index: c.index, tieRank: c.tieRank, eligible: c.eligible, budget: c.budget, quotas, workers };
      const list = capacityTopB(input);
      expect(list.method).toBe('flow');
      const value = listValue(Array.from(list.arms), c.index, c.eligible, c.budget, quotas, workers);
      const best = exactBestValue(c.index, c.eligible, c.budget, quotas, workers);
      expect(compareValues(value!, best), `seed ${seed}`).toBe(0);
      checked++;
    }
    expect(checked).toBe(400);
  });

  test('not its shape: worker minima, a bucket cap below B, two buckets', () => {
    const c = randomCase(3, 60, 'distinct');
    expect(exchangeShape({ ...c.A, min: Float64Array.from(c.A.min, (_, w) => (w === 0 ? 1 : 0)) }, c.B, 10)).toBe(
      false,
    );
    expect(exchangeShape(c.A, { ...c.B, max: Float64Array.of(9) }, 10)).toBe(false);
    expect(exchangeShape(c.A, { ...c.B, min: Float64Array.of(1, 1), max: Float64Array.of(20, 20) }, 10)).toBe(false);
  });

  test('the very list of the exchanges by every index (ties, -0, NaN off the classes, infinities)', () => {
    let nulls = 0;
    for (let seed = 0; seed < 600; seed++) {
      const n = [0, 1, 7, 60, 400, 2500][seed % 6];
      const c = randomCase(seed * 13 + 1, n, (['distinct', 'ties', 'equal'] as const)[seed % 3]);
      const { index, tieRank, eligible, budget, A, B } = c;
      // a NaN on an arm no class holds (ineligible), or an infinite index on one it may
      if (n && eligible && seed % 4 === 1) {
        const off = eligible.indexOf(0);
        if (off >= 0) index[off] = NaN;
      }
      if (n && seed % 8 === 3) index[seed % n] = seed % 16 === 3 ? Infinity : -Infinity;
      const order = new ListOrder(index, tieRank, eligible);
      const net = flowClasses(order.all(), n, budget, A, B);
      const label = `seed ${seed} n ${n} budget ${budget}`;
      const got = outcome(exchangeFlow(net, index, tieRank, budget, A, B));
      const want = outcome(exchangeFlowByValues(net, index, tieRank, budget, A, B));
      expect(got, label).toEqual(want);
      if (!want) nulls++;
    }
    expect(nulls).toBeGreaterThan(10);
  });

  test('a non-finite index leaves the list to the flow', () => {
    const c = randomCase(4, 60, 'distinct');
    c.index[3] = Infinity;
    const net = flowClasses(new ListOrder(c.index, c.tieRank, null).all(), 60, c.budget, c.A, c.B);
    expect(exchangeFlow(net, c.index, c.tieRank, c.budget, c.A, c.B)).toBeNull();
  });
});

/** What an exchange gives, as plain arrays to compare. */
function outcome(x: ReturnType<typeof exchangeFlow>) {
  return (
    x && {
      arms: Array.from(x.pick.arms),
      binding: Array.from(x.pick.bindingA),
      inA: Array.from(x.pick.inA),
      plain: Array.from(x.plain()),
    }
  );
}
