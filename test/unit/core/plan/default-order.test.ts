// The default reward's order of all arms, kept before the list is asked for (default-order.ts): the orders read
// off it are the eligible arms in list order exactly as ListOrder sorts them (ties, -0 and +0 included), and a
// list made with it kept is the same list, byte for byte, with every rule on and a holdout.
import { beforeAll, describe, expect, test } from 'vitest';
import { defaultIndexOf } from '../../../../src/core/plan/default-index.ts';
import { defaultListOrder, keepDefaultOrder } from '../../../../src/core/plan/default-order.ts';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { listRules } from '../../../../src/core/plan/list-rules.ts';
import { ListOrder } from '../../../../src/core/plan/list-order.ts';
import { currentWeek } from '../../../../src/core/plan/register.ts';
import { buildWeeklyList, type IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { everyRule, listHashes, registerWithWorkers } from './list-cases.ts';
import { engineWhittle, permutation } from './plan-fixtures.ts';

let whittle: IndexFunction;
beforeAll(async () => {
  whittle = await engineWhittle();
});

describe("orders read off the default reward's order of all arms", () => {
  for (const [n, seed] of [
    [500, 1],
    [5000, 2],
    [40_000, 3],
    [4_003, 4],
  ]) {
    test(`${n} arms with many ties, -0 and +0, random eligibility (seed ${seed})`, () => {
      const r = seededRandom(seed);
      const index = Float64Array.from({ length: n }, () => {
        const u = r.next();
        return u < 0.2 ? 0 : u < 0.3 ? -0 : u < 0.5 ? Math.round(u * 10) / 10 : u - 0.5;
      });
      const tieRank = permutation(n, seed + 10);
      const eligible = Uint8Array.from({ length: n }, () => (r.next() < 0.7 ? 1 : 0));
      keepDefaultOrder(index, tieRank);
      // flags of any non-zero value, and flags that do not start on a word (the count reads four a word)
      const valued = Uint8Array.from(eligible, (x) => x * (1 + r.int(255)));
      const shifted = new Uint8Array(n + 1).fill(1, 0, 1);
      shifted.set(valued, 1);
      for (const flags of [eligible, null, valued, shifted.subarray(1)]) {
        const kept = defaultListOrder(index, tieRank, flags, 'test-kept');
        expect(kept.constructor).not.toBe(ListOrder);
        const sorted = new ListOrder(index, tieRank, flags, 'test-sorted');
        expect([...kept.all()]).toEqual([...sorted.all()]);
        expect(kept.length).toBe(sorted.length);
        expect([...kept.first(10)].slice(0, 10)).toEqual([...sorted.first(10)].slice(0, 10));
      }
      // filtered as far as asked: prefixes grown step by step, a quota's members, counts before asked arms
      const members = Uint8Array.from({ length: n }, () => (r.next() < 0.3 ? 1 : 0));
      for (const flags of [eligible, null, valued, shifted.subarray(1)]) {
        const sorted = new ListOrder(index, tieRank, flags, 'test-sorted');
        const whole = [...sorted.all()];
        for (const [kept, want] of [
          [defaultListOrder(index, tieRank, flags, 'test-kept'), whole],
          [defaultListOrder(index, tieRank, flags, 'test-kept').among(members), [...sorted.among(members).all()]],
        ] as const) {
          expect(kept.length).toBe(want.length);
          for (let k = 1, made = 0; made < want.length; k = 2 * k + 3) {
            const prefix = kept.first(k);
            expect(prefix.length).toBeGreaterThanOrEqual(Math.min(k, want.length));
            expect([...prefix]).toEqual(want.slice(0, prefix.length));
            made = prefix.length;
          }
          expect([...kept.all()]).toEqual(want);
        }
        // counts before: the asked and skipped drawn from the order, as ranksUnder asks them, in it and a quota's
        const kept = defaultListOrder(index, tieRank, flags, 'test-kept');
        for (const [mine, theirs] of [
          [kept, sorted],
          [kept.among(members), sorted.among(members)],
        ]) {
          const arms = [...theirs.all()];
          const skipped = Int32Array.from(arms.filter(() => r.next() < 0.2));
          const isSkipped = new Set(skipped);
          const asked = Int32Array.from(arms.filter((arm) => !isSkipped.has(arm) && r.next() < 0.1));
          const [got, want] = [new Int32Array(n), new Int32Array(n)];
          mine.countBefore(asked, skipped, got);
          theirs.countBefore(asked, skipped, want);
          for (const arm of asked) expect(got[arm]).toBe(want[arm]);
        }
        const outside = flags ? flags.findIndex((x) => x === 0) : -1;
        if (outside >= 0)
          expect(() => kept.countBefore(Int32Array.of(outside), new Int32Array(0), new Int32Array(n))).toThrow(
            RangeError,
          );
      }
      // other tie ranks than the kept ones: a ListOrder of its own
      expect(defaultListOrder(index, permutation(n, seed + 11), eligible, 'test-other').constructor).toBe(ListOrder);
    });
  }
});

describe('a list made with the default order kept is the same list', () => {
  for (const [seed, holdout] of [
    [2, null],
    [3, 'random'],
    [4, 'default'],
  ] as const) {
    test(`workers, a share floor, cooldown, exclusions, holdout ${holdout ?? 'none'} (seed ${seed})`, () => {
      const register = registerWithWorkers(3000, 40, seed);
      const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
        groupBy: 'Ages',
      });
      const settings = everyRule(register, seed, true, holdout);
      const week = currentWeek(register.history);
      const before = listHashes(buildWeeklyList(register, settings, week, { whittle, posterior }));
      const rules = listRules(register, settings, week, posterior);
      const index = defaultIndexOf(rules, whittle);
      keepDefaultOrder(index, rules.top.tieRank);
      expect(defaultListOrder(index, rules.top.tieRank, rules.top.eligible, 'x').constructor).not.toBe(ListOrder);
      expect(listHashes(buildWeeklyList(register, settings, week, { whittle, posterior }, rules))).toEqual(before);
    });
  }
});
