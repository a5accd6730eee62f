import { describe, expect, test } from 'vitest';
import {
  armBudgets,
  armEligible,
  budgetsOf,
  holdoutArms,
  holdoutList,
  idUniform,
} from '../../../../src/core/plan/holdout.ts';
import { splitCounts } from '../../../../src/core/plan/holdout-counts.ts';
import { seededTieRanks } from '../../../reference/tie-ranks.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { roomLeft, type WorkerRules } from '../../../../src/core/plan/worker-rules.ts';
import { holdoutRoom } from '../../../reference/holdout-room.ts';
import { packIds } from '../../../../src/core/plan/packed-ids.ts';

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const ids = (n: number, prefix = 'M') => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(6, '0')}`);

describe('holdoutArms', () => {
  test('a share of the register, the same for the same seed, in any order, and other for another seed', () => {
    const register = ids(100000);
    const arms = holdoutArms(packIds(register), 0.15, 42);
    const share = arms.reduce((a, b) => a + b, 0) / register.length;
    // Bernoulli(0.15) over 10^5 ids: sd 0.0011
    expect(Math.abs(share - 0.15)).toBeLessThan(0.0045);
    expect(same(holdoutArms(packIds(register), 0.15, 42), arms)).toBe(true);
    const reversed = holdoutArms(packIds([...register].reverse()), 0.15, 42).reverse();
    expect(same(reversed, arms)).toBe(true);
    const other = holdoutArms(packIds(register), 0.15, 43);
    let agree = 0;
    for (let i = 0; i < register.length; i++) agree += other[i] === arms[i] ? 1 : 0;
    // independent draws agree with probability 0.85^2 + 0.15^2 = 0.745
    expect(Math.abs(agree / register.length - 0.745)).toBeLessThan(0.01);
  });

  test('enrolments are randomized the same way and leave everyone assigned where she was', () => {
    const first = ids(5000),
      later = ids(800, 'N');
    const before = holdoutArms(packIds(first), 0.2, 7);
    const after = holdoutArms(packIds([...first, ...later]), 0.2, 7);
    expect(Array.from(after.subarray(0, 5000))).toEqual(Array.from(before));
    expect(Array.from(after.subarray(5000))).toEqual(Array.from(holdoutArms(packIds(later), 0.2, 7)));
  });

  test('is uniform over sequential ids: each decile of the hash and each block of ids holds its share', () => {
    const register = ids(50000);
    const deciles = new Array(10).fill(0);
    for (const id of register) deciles[Math.floor(idUniform(3, id) * 10)]++;
    // chi-square with 9 df: 27.9 is its 0.999 quantile
    const chi = deciles.reduce((a, c) => a + (c - 5000) ** 2 / 5000, 0);
    expect(chi).toBeLessThan(27.9);
    const arms = holdoutArms(packIds(register), 0.1, 3);
    for (let block = 0; block < 5; block++) {
      const part = arms.subarray(block * 10000, (block + 1) * 10000).reduce((a, b) => a + b, 0) / 10000;
      expect(Math.abs(part - 0.1)).toBeLessThan(0.012);
    }
  });

  test('refuses a share outside [0, 1)', () => {
    expect(() => holdoutArms(packIds(['a']), 1, 0)).toThrow('the holdout share must be in [0, 1)');
  });
});

describe("the holdout's calls", () => {
  const inHoldout = Uint8Array.of(1, 0, 0, 1, 0, 0, 1, 0, 0, 1);
  const eligible = Uint8Array.of(1, 1, 1, 1, 1, 1, 0, 1, 1, 1);

  test('both arms get calls at one rate over the mothers who may be called', () => {
    expect(armBudgets(3, inHoldout, eligible)).toEqual({ plan: 2, holdout: 1, planMothers: 6, holdoutMothers: 3 });
    expect(armBudgets(6, inHoldout, eligible)).toEqual({ plan: 4, holdout: 2, planMothers: 6, holdoutMothers: 3 });
    // 9 calls over 10: the holdout's 3.6 rounds to 4
    expect(armBudgets(9, inHoldout, null)).toEqual({ plan: 5, holdout: 4, planMothers: 6, holdoutMothers: 4 });
    expect(Array.from(armEligible(inHoldout, eligible, false))).toEqual([0, 1, 1, 0, 1, 1, 0, 1, 1, 0]);
  });

  test('random calls: a seeded uniform sample of the holdout who may be called', () => {
    const random = () => seededRandom(5);
    const a = holdoutList({ rule: { kind: 'random' }, inHoldout, eligible, budget: 2, random: random() });
    expect(a.arms.length).toBe(2);
    for (const arm of a.arms) expect(inHoldout[arm] && eligible[arm]).toBe(1);
    const again = holdoutList({ rule: { kind: 'random' }, inHoldout, eligible, budget: 2, random: random() });
    expect(again.arms).toEqual(a.arms);
    // each of the 3 callable holdout mothers is called in 2/3 of the weeks
    const counts = new Map<number, number>();
    const r = seededRandom(1);
    for (let week = 0; week < 3000; week++) {
      const week_ = holdoutList({ rule: { kind: 'random' }, inHoldout, eligible, budget: 2, random: r });
      for (const arm of week_.arms) counts.set(arm, (counts.get(arm) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([0, 3, 9]);
    for (const c of counts.values()) expect(Math.abs(c / 3000 - 2 / 3)).toBeLessThan(0.03);
  });

  test("the default policy: the holdout's best by the default reward's index", () => {
    const defaultIndex = Float64Array.of(0.1, 0.9, 0.9, 0.5, 0.9, 0.9, 0.8, 0.9, 0.9, 0.7);
    const tieRank = seededTieRanks(10, seededRandom(1).int);
    const rule = { kind: 'default' as const };
    const r = holdoutList({ rule, inHoldout, eligible, budget: 2, random: seededRandom(0), defaultIndex, tieRank });
    expect(Array.from(r.arms)).toEqual([9, 3]);
  });

  test("a given list: its holdout mothers in the file's order up to the rate, with notes in words", () => {
    const given = (arms: number[]) => ({
      kind: 'given' as const,
      arms: Int32Array.from(arms),
      fileName: 'practice.csv',
    });
    const r = holdoutList({ rule: given([1, 6, 9, 9, 3, 0]), inHoldout, eligible, budget: 1, random: seededRandom(0) });
    expect(Array.from(r.arms)).toEqual([9]);
    expect(r.notes).toEqual([
      "practice.csv: 1 mother is in the plan's arm, not the holdout, and was left to the plan's list",
      'practice.csv: 1 mother may not be called this week (excluded, in cooldown or no longer enrolled) ' +
        'and was left out',
      "practice.csv: 2 calls go beyond the holdout's 1 calls at the plan's rate and were left out " +
        "(the first 1 in the file's order are kept)",
    ]);
    const few = holdoutList({ rule: given([0]), inHoldout, eligible, budget: 2, random: seededRandom(0) });
    expect(few.notes).toEqual([
      "practice.csv: 1 call for the holdout, fewer than the 2 of the plan's rate: " +
        'the comparison then also measures the difference in calls',
    ]);
  });
});

describe('the holdout counts without branches', () => {
  test('armBudgets, armEligible and holdoutRoom equal plain loops on random flags (empty, all out, all in)', () => {
    const r = seededRandom(21);
    for (let t = 0; t < 24; t++) {
      const n = t < 2 ? t : 1 + r.int(t % 3 ? 3000 : 40);
      const p = [0, 1, 0.15, 0.5][t % 4];
      const inHoldout = Uint8Array.from({ length: n }, () => (r.next() < p ? 1 : 0));
      const eligible = t % 5 === 0 ? null : Uint8Array.from({ length: n }, () => (r.next() < 0.8 ? 1 : 0));
      const ok = (arm: number) => !eligible || eligible[arm] === 1;
      const arms = Array.from({ length: n }, (_, arm) => arm);
      const held = arms.filter((a) => ok(a) && inHoldout[a]).length,
        plan = arms.filter((a) => ok(a) && !inHoldout[a]).length;
      const total = held + plan,
        holdout = total === 0 ? 0 : Math.min(held, Math.round((100 * held) / total));
      expect(armBudgets(100, inHoldout, eligible)).toEqual({
        plan: Math.min(plan, 100 - holdout),
        holdout,
        planMothers: plan,
        holdoutMothers: held,
      });
      for (const side of [true, false]) {
        const want = Uint8Array.from(arms, (a) => (ok(a) && inHoldout[a] === (side ? 1 : 0) ? 1 : 0));
        expect(same(armEligible(inHoldout, eligible, side), want)).toBe(true);
      }
      const W = 1 + r.int(5),
        worker = Int32Array.from(arms, () => r.int(W + 1) - 1),
        capacity = Float64Array.from({ length: W }, (_, w) => (w === 0 ? Infinity : r.int(50)));
      const may = eligible ?? new Uint8Array(n).fill(1);
      const room = holdoutRoom(
        { names: new Array<string>(W).fill(''), worker, capacity } as WorkerRules,
        inHoldout,
        may,
      );
      const left = Array.from(capacity, (c, w) => {
        const mine = arms.filter((a) => worker[a] === w && may[a]);
        const h = mine.filter((a) => inHoldout[a]).length;
        return c === Infinity ? Infinity : mine.length ? Math.round((c * h) / mine.length) : 0;
      });
      expect(Array.from(room.left)).toEqual(left);
      // the same counted in one pass (splitCounts), its flags armEligible's; then kept for copies of the same values
      for (const copy of [false, true]) {
        const [h, e] = copy ? [inHoldout.slice(), may.slice()] : [inHoldout, may];
        const counts = splitCounts(h, e, worker, W);
        const b = armBudgets(100, inHoldout, may);
        expect(budgetsOf(100, counts.mothers, counts.holdoutMothers)).toEqual(b);
        expect(Array.from(roomLeft(capacity, counts.all!, counts.held!))).toEqual(left);
        for (const side of [true, false]) {
          const want = Uint8Array.from(arms, (a) => (may[a] && inHoldout[a] === (side ? 1 : 0) ? 1 : 0));
          expect(same(armEligible(h, e, side), want)).toBe(true);
        }
        const none = splitCounts(h, e, null, 0);
        expect([none.mothers, none.holdoutMothers, none.all]).toEqual([counts.mothers, counts.holdoutMothers, null]);
      }
      // an eligibility asked of armEligible in between, then the kept split again: its own flags, not the other's
      if (n > 0) {
        const other = may.slice();
        other[0] ^= 1;
        armEligible(inHoldout, other, true);
        armEligible(inHoldout, other, false);
        splitCounts(inHoldout, may.slice(), worker, W);
        for (const side of [true, false]) {
          const want = Uint8Array.from(arms, (a) => (may[a] && inHoldout[a] === (side ? 1 : 0) ? 1 : 0));
          expect(same(armEligible(inHoldout, may.slice(), side), want)).toBe(true);
        }
      }
    }
  });
});

describe('holdoutList at random: the same calls as a shuffle of those who may be called, gathered by a branch', () => {
  /** The slow twin: the pool gathered by a branch per arm into its own array, shuffled partially. */
  function slowRandom(
    may: Uint8Array,
    budget: number,
    seed: number,
    left: Float64Array | null,
    worker: Int32Array,
    random = seededRandom(seed),
  ) {
    const pool: number[] = [];
    for (let arm = 0; arm < may.length; arm++) if (may[arm]) pool.push(arm);
    const room = left ? Float64Array.from(left) : null;
    const out: number[] = [];
    for (let i = 0; i < pool.length && out.length < budget; i++) {
      const j = i + random.int(pool.length - i);
      [pool[i], pool[j]] = [pool[j], pool[i]];
      const w = room ? worker[pool[i]] : -1;
      if (w < 0 || room![w] > 0) {
        if (w >= 0) room![w]--;
        out.push(pool[i]);
      }
    }
    return out;
  }
  test('random registers, eligibility, budgets and rooms (empty, none eligible, all)', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const r = seededRandom(seed);
      const N = [0, 1, 7, 300, 5000, 40000][r.int(6)];
      const inHoldout = Uint8Array.from({ length: N }, () => (r.next() < [0, 0.2, 1][r.int(3)] ? 1 : 0));
      const eligible = Uint8Array.from({ length: N }, () => (r.next() < 0.9 ? 1 : 0));
      const W = 1 + r.int(5);
      const worker = Int32Array.from({ length: N }, () => r.int(W + 1) - 1);
      const left = r.next() < 0.5 ? Float64Array.from({ length: W }, () => r.int(40)) : null;
      const budget = r.int(N + 2);
      if (seed % 2) splitCounts(inHoldout, eligible, worker, W); // the pool made with the split
      const may = armEligible(inHoldout, eligible, true);
      const stream = seededRandom(seed + 99);
      const got = holdoutList({
        rule: { kind: 'random' },
        inHoldout,
        eligible,
        budget,
        random: stream,
        ...(left && { room: { worker, left } }),
      }).arms;
      const twin = seededRandom(seed + 99);
      expect(Array.from(got), `seed ${seed}`).toEqual(slowRandom(may, budget, seed + 99, left, worker, twin));
      // no more numbers drawn than the shuffle read: a caller's stream goes on as after the twin's
      expect(stream.next()).toBe(twin.next());
    }
  });
});

describe('armEligible: kept for arrays of the same values', () => {
  test('copies give the kept flags; a flag changed (the first, the last, unaligned sizes) gives the right ones', () => {
    for (const N of [1, 5, 8, 1001, 4096]) {
      const r = seededRandom(N);
      const inHoldout = Uint8Array.from({ length: N }, () => (r.next() < 0.3 ? 1 : 0));
      const eligible = Uint8Array.from({ length: N }, () => (r.next() < 0.8 ? 1 : 0));
      const want = (h: Uint8Array, e: Uint8Array | null, held: boolean) =>
        Array.from(h, (x, arm) => (x === (held ? 1 : 0) && (!e || e[arm]) ? 1 : 0));
      for (const held of [true, false]) {
        const first = armEligible(inHoldout, eligible, held);
        expect(Array.from(first)).toEqual(want(inHoldout, eligible, held));
        expect(armEligible(inHoldout.slice(), eligible.slice(), held)).toBe(first);
        for (const at of [0, N - 1]) {
          // her holdout flag changed, then her eligibility
          const h = inHoldout.slice();
          h[at] ^= 1;
          expect(Array.from(armEligible(h, eligible.slice(), held)), `N ${N} at ${at}`).toEqual(
            want(h, eligible, held),
          );
          const e = eligible.slice();
          e[at] ^= 1;
          expect(Array.from(armEligible(inHoldout.slice(), e, held)), `N ${N} at ${at}`).toEqual(
            want(inHoldout, e, held),
          );
        }
        expect(Array.from(armEligible(inHoldout, null, held))).toEqual(want(inHoldout, null, held));
        expect(Array.from(armEligible(inHoldout.slice(), eligible, held))).toEqual(want(inHoldout, eligible, held));
      }
    }
  });
});
