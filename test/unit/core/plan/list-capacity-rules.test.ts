// Issue 26's two list defects, on registers where workers' capacities bind: (a) the holdout's calls keep
// within the workers' capacities (each worker's calls of both arms within her capacity, the holdout's
// within its share of it); (b) the default comparison is made under the same capacities, minima and caps,
// so a priority equal to the default reads "same place as the default" on every line, and each line's
// default rank is her place on that default list (else after it), against a slow reference.
import { beforeAll, describe, expect, test } from 'vitest';
import { compareArms } from '../../../../src/core/plan/constrained-top-b.ts';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { holdoutRoom } from '../../../reference/holdout-room.ts';
import { listRules } from '../../../../src/core/plan/list-rules.ts';
import type { PlanSettings } from '../../../../src/core/plan/plan-settings.ts';
import { currentIndex } from '../../../../src/core/plan/posterior-draws.ts';
import { currentWeek, type Register } from '../../../../src/core/plan/register.ts';
import { buildWeeklyList, reasonAt, type IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { everyRule, registerWithWorkers } from './list-cases.ts';
import { engineWhittle } from './plan-fixtures.ts';

let whittle: IndexFunction;
beforeAll(async () => {
  whittle = await engineWhittle();
});

function made(seed: number, settings: (register: Register) => PlanSettings) {
  const register = registerWithWorkers(3000, 40, seed);
  const posterior = estimateTransitions(register.history, register.schema, register.features, register.numArms, {
    groupBy: 'Ages',
  });
  const s = settings(register);
  const week = currentWeek(register.history);
  const rules = listRules(register, s, week, posterior);
  return { register, settings: s, rules, list: buildWeeklyList(register, s, week, { whittle, posterior }, rules) };
}

describe("the holdout's calls keep within the workers' capacities", () => {
  for (const [seed, rule] of [
    [3, 'random'],
    [4, 'default'],
    [5, 'random'],
  ] as const) {
    test(`${rule} holdout, seed ${seed}`, () => {
      const { rules, list } = made(seed, (register) => everyRule(register, seed, true, rule));
      const workers = rules.top.workers!;
      const W = workers.names.length;
      const plan = new Int32Array(W),
        held = new Int32Array(W);
      list.arms.forEach((arm, j) => {
        const w = workers.worker[arm];
        if (w >= 0) (list.arm![j] ? held : plan)[w]++;
      });
      const room = holdoutRoom(workers, rules.holdout!.inHoldout, rules.holdout!.eligible).left;
      let binding = 0;
      for (let w = 0; w < W; w++) {
        expect(plan[w] + held[w], `worker ${w}`).toBeLessThanOrEqual(workers.capacity[w]);
        expect(held[w], `worker ${w}'s holdout calls`).toBeLessThanOrEqual(room[w]);
        if (plan[w] + held[w] === workers.capacity[w]) binding++;
      }
      expect(binding, 'capacities that bind').toBeGreaterThan(W / 2);
      expect(list.arm!.reduce((a, x) => a + x, 0)).toBeGreaterThan(0);
    });
  }
});

describe('the default comparison is made under the same rules', () => {
  test("a priority equal to the default: every line in the default's place, whatever the capacities did", () => {
    const { list } = made(6, (register) => ({ ...everyRule(register, 6, true, null), reward: 'state' }));
    expect(list.workers!.some((w) => w.binding)).toBe(true);
    expect(Array.from(list.defaultArms)).toEqual(Array.from(list.arms));
    expect(Array.from(list.defaultRank)).toEqual(Array.from(list.arms, (_, j) => j + 1));
    for (let j = 0; j < list.arms.length; j++) {
      expect(reasonAt(list, j)).toMatch(/^(same place as the default|brought in by the .* minimum)$/);
    }
  });

  for (const [seed, workers] of [
    [1, false],
    [2, true],
    [7, true],
  ] as const) {
    test(`default ranks against a slow reference (seed ${seed}, ${workers ? 'workers' : 'shares alone'})`, () => {
      const { rules, list } = made(seed, (register) => everyRule(register, seed, workers, null));
      const { numArms: N, numStates: S } = rules;
      const state = Float64Array.from({ length: N * S }, (_, k) => k % S);
      const index = currentIndex(rules, whittle, rules.transitions, state);
      const { tieRank, eligible } = rules.top;
      const order = Array.from({ length: N }, (_, arm) => arm)
        .filter((arm) => eligible[arm])
        .sort((a, b) => compareArms(index, tieRank, a, b));
      const onDefault = new Map(Array.from(list.defaultArms, (arm, j) => [arm, j + 1]));
      const rest = order.filter((arm) => !onDefault.has(arm));
      const expected = Array.from(
        list.arms,
        (arm) => onDefault.get(arm) ?? list.defaultArms.length + 1 + rest.indexOf(arm),
      );
      expect(Array.from(list.defaultRank)).toEqual(expected);
      // the default list itself: in default rank order
      for (let j = 1; j < list.defaultArms.length; j++) {
        expect(compareArms(index, tieRank, list.defaultArms[j - 1], list.defaultArms[j])).toBeLessThan(0);
      }
    });
  }
});
