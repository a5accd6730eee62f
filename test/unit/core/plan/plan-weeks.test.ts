// Weeks may be any whole number a CSV can hold (issue 29, item 5): a history whose weeks are
// 3,000,000,000 onwards (past a 32-bit integer) makes a plan, its PLAN.json keeps the weeks, and an
// outcomes file naming the week is taken; a week past 2^53 is refused in words, naming the cell.
import { describe, expect, test } from 'vitest';
import { parseHistoryCsv } from '../../../../src/core/datasets/register-csv.ts';
import { parseOutcomesCsv } from '../../../../src/core/datasets/outcomes-csv.ts';
import { planFileText, readPlanFile } from '../../../../src/core/plan/plan-json.ts';
import { createPlan } from '../../../../src/core/plan/plan-state.ts';
import { engineWhittle } from './plan-fixtures.ts';
import { packIds, unpackIds } from '../../../../src/core/plan/packed-ids.ts';

const FIRST = 3_000_000_000;
const history = (first: number) =>
  [
    'id,week,state,called',
    ...Array.from({ length: 20 }, (_, i) =>
      [0, 1, 2].map((w) => `b${i},${first + w},${(i + w) % 2},${w < 2 && i % 3 === w ? 1 : 0}`),
    ).flat(),
  ].join('\n') + '\n';
const features = 'id,age\n' + Array.from({ length: 20 }, (_, i) => `b${i},${20 + i}`).join('\n') + '\n';
const META = { id: 'p', name: 'weeks', createdAt: 0, updatedAt: 0, policy: { kind: 'typed' as const } };

describe('week numbers', () => {
  test("past 2^31 make a plan, survive PLAN.json, and name an outcomes file's week", async () => {
    const register = parseHistoryCsv(history(FIRST), features, { fileName: 'h.csv', featuresFileName: 'f.csv' });
    expect(register.history.firstWeek).toBe(FIRST);
    const { plan, list } = createPlan(
      register,
      {
        reward: 'state',
        budget: 3,
        exclude: [],
        cooldown: 1,
        shares: [],
        seed: 1,
        draws: 0,
        priorGroup: null,
        level: 0.9,
      },
      await engineWhittle(),
    );
    expect(list.week).toBe(FIRST + 2);
    const back = readPlanFile(planFileText({ ...META, plan: plan }), 'P.json', META).plan;
    expect(back.weeks[0].week).toBe(FIRST + 2);
    expect(back.register.history.firstWeek).toBe(FIRST);
    const outcomes = parseOutcomesCsv(
      'id,week,called,engaged\n' +
        unpackIds(register.ids)
          .map((id) => `${id},${FIRST + 2},0,1`)
          .join('\n'),
      register.ids,
      2,
      'w.csv',
    );
    expect(outcomes.ok && outcomes.outcomes.week).toBe(FIRST + 2);
  });

  test('past 2^53 are refused in words, naming the cell', () => {
    expect(() => parseHistoryCsv(history(2 ** 60), features, { fileName: 'h.csv', featuresFileName: 'f.csv' })).toThrow(
      new RegExp(
        String.raw`h\.csv, line 2, column 2 \("week"\): "\d+" is not a whole week ` +
          String.raw`number \(it is too large to count exactly: at most 2\^53 - 1\)`,
      ),
    );
    const r = parseOutcomesCsv('id,week,called,engaged\na,1152921504606846976,0,1\n', packIds(['a']), 2, 'w.csv');
    expect(r.ok ? '' : r.errors[0]).toBe(
      'w.csv, line 2, column 2 ("week"): "1152921504606846976" is not a whole week number (it is too large to ' +
        'count exactly: at most 2^53 - 1)',
    );
  });
});
