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
      for (const flags of [eligible, null]) {
        const kept = defaultListOrder(index, tieRank, flags, 'test-kept');
        expect(kept.constructor).not.toBe(ListOrder);
        const sorted = new ListOrder(index, tieRank, flags, 'test-sorted');
        expect([...kept.all()]).toEqual([...sorted.all()]);
        expect(kept.length).toBe(sorted.length);
        expect([...kept.first(10)].slice(0, 10)).toEqual([...sorted.first(10)].slice(0, 10));
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
