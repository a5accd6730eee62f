import { beforeAll, describe, expect, test } from 'vitest';
import { parseOutcomesCsv } from '../../../../src/core/datasets/outcomes-csv.ts';
import { applyOutcomes } from '../../../../src/core/plan/apply-outcomes.ts';
import { generatedRegister } from '../../../../src/core/plan/generated-register.ts';
import { planFileText, readPlanFile } from '../../../../src/core/plan/plan-json.ts';
import type { PlanSettings } from '../../../../src/core/plan/plan-settings.ts';
import { createPlan, currentList, planPosterior, type PlanState } from '../../../../src/core/plan/plan-state.ts';
import { planSummary } from '../../../../src/core/plan/plan-summary.ts';
import { currentState, currentWeek, MISSING, type Register } from '../../../../src/core/plan/register.ts';
import type { IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';
import { engineWhittle, outcomesCsv, simulateWeek } from './plan-fixtures.ts';
import { weekBytes } from '../../../../src/core/plan/week-states.ts';
import { columnValues } from '../../../../src/core/instance/feature-table.ts';
import { idAt, packIds, unpackIds } from '../../../../src/core/plan/packed-ids.ts';

const META = { id: 'p1', name: 'test', createdAt: 0, updatedAt: 0, policy: { kind: 'typed' as const } };
const planToJson = (plan: PlanState, meta = META) => planFileText({ ...meta, plan: plan });
const parsePlan = (text: string, fileName: string) => ({ plan: readPlanFile(text, fileName, META).plan });

let whittle: IndexFunction;
beforeAll(async () => {
  whittle = await engineWhittle();
});

const SETTINGS: PlanSettings = {
  reward: 'state * (1 + agent_feats.feature_a)',
  budget: 20,
  exclude: [],
  cooldown: 1,
  shares: [],
  seed: 4,
  draws: 3,
  priorGroup: 'Feature A',
  level: 0.9,
};

function start() {
  const { register, truth } = generatedRegister('sclm', { arms: 200, budget: 20 }, 9, { weeks: 12 });
  return { ...createPlan(register, SETTINGS, whittle), truth };
}

/** The week's outcomes file: the planned calls made, states drawn from the truth. */
function weekFile(plan: PlanState, truth: Float64Array, seed: number, week?: number): string {
  const N = plan.register.numArms;
  const called = new Uint8Array(N);
  for (const arm of plan.weeks[plan.weeks.length - 1].planned) called[arm] = 1;
  const next = simulateWeek(truth, currentState(plan.register), called, seededRandom(seed));
  return outcomesCsv(unpackIds(plan.register.ids), called, next, week);
}

const parse = (plan: PlanState, text: string, name = 'week.csv') => {
  const r = parseOutcomesCsv(text, plan.register.ids, 2, name);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.outcomes;
};

describe('applyOutcomes', () => {
  test('moves everyone to her new state, extends the history, records the week and makes the next list', () => {
    const { plan, truth } = start();
    expect(currentWeek(plan.register.history)).toBe(12);
    const text = weekFile(plan, truth, 1, 12);
    const r = applyOutcomes(plan, parse(plan, text), whittle);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.list.week).toBe(13);
    expect(currentWeek(r.plan.register.history)).toBe(13);
    const engaged = text
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[3]));
    expect(Array.from(currentState(r.plan.register))).toEqual(engaged);
    expect(r.plan.weeks).toHaveLength(2);
    const summary = planSummary(r.plan);
    expect(summary.map((w) => [w.week, w.planned, w.made, w.madeAsPlanned])).toEqual([
      [12, 20, 20, 20],
      [13, 20, null, null],
    ]);
    expect(summary[0].engaged).toBeCloseTo(engaged.reduce((a, b) => a + b) / 200, 12);
    const bucketA = summary[0].groups.filter((g) => g.group === 'Feature A');
    expect(bucketA.reduce((sum, g) => sum + (g.calls ?? 0), 0)).toBe(20);
    expect(r.plan.weeks[0].outcomes).toMatchObject({
      fileName: 'week.csv',
      called: 20,
      calledAsPlanned: 20,
      engaged: engaged.reduce((a, b) => a + b),
    });
    // Cooldown 1: nobody called in week 12 is on week 13's list.
    const calledLastWeek = new Set(plan.weeks[0].planned);
    for (const arm of r.list.arms) expect(calledLastWeek.has(arm)).toBe(false);
    // The plan given is unchanged (nothing half-applied).
    expect(currentWeek(plan.register.history)).toBe(12);
    expect(plan.weeks[0].outcomes).toBeNull();
  });

  test(
    'asks before the same rows twice, refuses a week already applied and a week ahead, unless ' + 'replacing the last',
    () => {
      const { plan, truth } = start();
      const text12 = weekFile(plan, truth, 1);
      const once = applyOutcomes(plan, parse(plan, text12), whittle);
      if (!once.ok) throw new Error();
      // the same rows again, saved with CRLF, quoted, with a BOM and its columns in another order
      const lines = text12
        .trim()
        .split('\n')
        .map((l) => l.split(','));
      const resaved =
        '\ufeff' + lines.map(([id, called, engaged]) => `"${engaged}",${called},"${id}"`).join('\r\n') + '\r\n';
      const again = applyOutcomes(once.plan, parse(plan, resaved, 'week-again.csv'), whittle);
      expect(again.ok).toBe(false);
      if (!again.ok)
        expect(again.errors.join('\n')).toContain(
          'week-again.csv has the same rows as the outcomes of week 12, already applied (from week.csv)',
        );
      expect(applyOutcomes(once.plan, parse(plan, resaved, 'week-again.csv'), whittle, { confirmed: true }).ok).toBe(
        true,
      );
      const labelled = applyOutcomes(once.plan, parse(plan, weekFile(plan, truth, 2, 12)), whittle);
      if (labelled.ok) throw new Error();
      expect(labelled.errors.join('\n')).toContain(
        'holds week 12, which is already applied (the plan is at week 13); to replace it',
      );
      const ahead = applyOutcomes(once.plan, parse(plan, weekFile(once.plan, truth, 2, 15)), whittle);
      if (ahead.ok) throw new Error();
      expect(ahead.errors.join('\n')).toContain('holds week 15, but the plan is at week 13: apply week 13 to 14 first');
      // Replace: the same as applying the other file in the first place.
      const other = weekFile(plan, truth, 3);
      const replaced = applyOutcomes(once.plan, parse(plan, other, 'fixed.csv'), whittle, { replace: true });
      const direct = applyOutcomes(plan, parse(plan, other, 'fixed.csv'), whittle);
      if (!replaced.ok || !direct.ok) throw new Error();
      expect(planToJson(replaced.plan, META)).toBe(planToJson(direct.plan, META));
      expect(Array.from(replaced.list.arms)).toEqual(Array.from(direct.list.arms));
      const nothing = applyOutcomes(plan, parse(plan, other), whittle, { replace: true });
      expect(nothing.ok ? '' : nothing.errors[0]).toContain(
        'no week has been applied yet: there is nothing to replace',
      );
    },
  );

  test(
    'estimates the week once, through a given estimator when there is one (the plan worker keeps it), with ' +
      'the same list',
    () => {
      const { plan, truth } = start();
      const outcomes = parse(plan, weekFile(plan, truth, 6));
      const asked: [Register, string | null][] = [];
      const counting = (register: Register, group: string | null) => (
        asked.push([register, group]),
        planPosterior(register, group)
      );
      const given = applyOutcomes(plan, outcomes, whittle, { posterior: counting });
      const own = applyOutcomes(plan, outcomes, whittle);
      if (!given.ok || !own.ok) throw new Error();
      // once, for the register after the week (the plan's), under the plan's prior group
      expect(asked).toHaveLength(1);
      expect(asked[0][0]).toBe(given.plan.register);
      expect(asked[0][1]).toBe('Feature A');
      expect(given.list).toEqual(own.list);
      expect(planToJson(given.plan, META)).toBe(planToJson(own.plan, META));
      // replacing the week: once as well (the week taken back is not estimated)
      const replaced = applyOutcomes(given.plan, parse(plan, weekFile(plan, truth, 7), 'fixed.csv'), whittle, {
        replace: true,
        posterior: counting,
      });
      expect(replaced.ok).toBe(true);
      expect(asked).toHaveLength(2);
    },
  );

  test('a plan written as PLAN.json and read back is the same plan, and gives the same list', () => {
    const { plan, truth } = start();
    const r = applyOutcomes(plan, parse(plan, weekFile(plan, truth, 5)), whittle);
    if (!r.ok) throw new Error();
    const text = planToJson(r.plan, META);
    const back = parsePlan(text, 'PLAN.json').plan;
    // the same values whatever their form in memory (a read keeps the file's bits: week-states.ts, bit-plane.ts)
    const values = (x: typeof back) => ({
      ...x,
      register: {
        ...x.register,
        features: { ...x.register.features, columns: x.register.features.columns.map(columnValues) },
        history: { ...x.register.history, states: x.register.history.states.map(weekBytes) },
      },
    });
    expect(values(back)).toEqual(values(r.plan));
    expect(planToJson(back, META)).toBe(text);
    expect(currentList(back, whittle)).toEqual(r.list);
    expect(() => parsePlan('{"format":"allot-plan","version":1,"register":{"numArms":2}}', 'PLAN.json')).toThrow(
      'PLAN.json: "register.numStates" must be a whole number from 2 to 255, not missing',
    );
    expect(() => parsePlan('{', 'PLAN.json')).toThrow('PLAN.json: is not valid JSON');
  });
});

describe('parseOutcomesCsv', () => {
  test(
    'names the file, line and column of repeated rows, and says unknown ids and a column of unreadable values ' +
      'in one line each',
    () => {
      const ids = ['a', 'b', 'c'];
      const r = parseOutcomesCsv(
        'id,called,engaged\na,1,1\nzz,0,1\na,0,0\nb,2,1\nb,0,x\nyy,1,1\n',
        packIds(ids),
        2,
        'w.csv',
      );
      if (r.ok) throw new Error();
      expect(r.errors).toEqual([
        'w.csv, line 4, column 1 ("id"): "a" already has a row on line 2; each beneficiary appears once',
        'w.csv, line 6, column 1 ("id"): "b" already has a row on line 5; each beneficiary appears once',
        'w.csv, column 1 ("id"): 2 ids are not in the register, e.g. "zz" (line 3), "yy" (line 7); are these the ' +
          "outcomes of this plan's register?",
        'w.csv, column 2 ("called"): a value is not read as called or not, e.g. "2" (line 5); write 1/0, yes/no or ' +
          'true/false',
        'w.csv, column 3 ("engaged"): a value is not read as engaged or not, e.g. "x" (line 6); write 1/0, yes/no or ' +
          "true/false, or name the program's two values, engaged first (--state-values ENGAGED,NOT_ENGAGED)",
      ]);
      const header = parseOutcomesCsv('id,called\na,1\n', packIds(ids), 2, 'w.csv');
      expect(header.ok ? '' : header.errors[0]).toBe(
        'w.csv, line 1: no column was found for "engaged"; the outcomes need an id and whether she was engaged after ' +
          'the week, and whether she was called (columns such as id, called, engaged)',
      );
      const weeks = parseOutcomesCsv('id,week,called,engaged\na,3,1,1\nb,4,0,1\nc,3,0,0\n', packIds(ids), 2, 'w.csv');
      expect(weeks.ok ? '' : weeks.errors[0]).toBe(
        'w.csv, line 3, column 2 ("week"): week 4, but the rows above are week 3; one file holds one week',
      );
    },
  );

  test(
    'outcomes as they come: her id column, yes/no, true/false, Y/N, rows for the called only, blanks ' + 'unobserved',
    () => {
      const ids = ['a', 'b', 'c', 'd'];
      const r = parseOutcomesCsv(
        'Beneficiary ID;Called;Listened\na;Y;yes\nb;true;FALSE\nc;yes;\n',
        packIds(ids),
        2,
        'w.csv',
      );
      if (!r.ok) throw new Error(r.errors.join('\n'));
      expect(Array.from(r.outcomes.arms)).toEqual([0, 1, 2]);
      expect(Array.from(r.outcomes.called)).toEqual([1, 1, 1]);
      expect(Array.from(r.outcomes.state)).toEqual([1, 0, MISSING]);
      // the register's names are used where the file has them; her labels, once
      const named = parseOutcomesCsv('mother,was it,answer\nb,1,oui\nd,1,non\n', packIds(ids), 2, 'w.csv', {
        register: { id: 'mother', stateValues: ['oui', 'non'] },
        mapping: { called: 'was it', state: 'answer' },
      });
      if (!named.ok) throw new Error(named.errors.join('\n'));
      expect(Array.from(named.outcomes.state)).toEqual([1, 0]);
      // no called column: every row is a call made
      const calls = parseOutcomesCsv('id,engaged\nc,1\n', packIds(ids), 2, 'w.csv');
      expect(calls.ok && [Array.from(calls.outcomes.called), calls.outcomes.notes]).toEqual([
        [1],
        ['w.csv has no column saying who was called: every row is taken as a call made'],
      ]);
    },
  );

  test('takes a call flag written "1.0" as 1, as a history CSV does; "0.5" and "1e0" are not flags', () => {
    const r = parseOutcomesCsv('id,called,engaged\na,1.0,1.00\nb,0.0,0\n', packIds(['a', 'b']), 2, 'w.csv');
    expect(r.ok && [...r.outcomes.called, ...r.outcomes.state]).toEqual([1, 0, 1, 0]);
    const bad = parseOutcomesCsv('id,called,engaged\na,0.5,1\nb,1e0,0\n', packIds(['a', 'b']), 2, 'w.csv');
    expect(bad.ok ? [] : bad.errors).toEqual([
      'w.csv, column 2 ("called"): 2 values are not read as called or not, e.g. "0.5" (line 2) and "1e0" (line 3); ' +
        'write 1/0, yes/no or true/false',
    ]);
  });
});

describe('a week of outcomes for the called only', () => {
  test(
    'the others were not called; their state after the week is unobserved and they are planned from their ' +
      'last observed',
    () => {
      const { plan } = start();
      const listed = plan.weeks[0].planned;
      const ids = plan.register.ids;
      const before = currentState(plan.register);
      const text = ['id,engaged', ...Array.from(listed, (arm, j) => `${idAt(ids, arm)},${j % 2}`)].join('\n');
      const r = applyOutcomes(plan, parse(plan, text), whittle);
      if (!r.ok) throw new Error(r.errors.join('\n'));
      const last = weekBytes(r.plan.register.history.states.at(-1)!);
      expect(last.filter((s) => s !== MISSING).length).toBe(20);
      const now = currentState(r.plan.register);
      for (let arm = 0; arm < 200; arm++) if (last[arm] === MISSING) expect(now[arm]).toBe(before[arm]);
      expect(r.plan.weeks[0].outcomes).toMatchObject({ called: 20, calledAsPlanned: 20, engaged: 10, observed: 20 });
      expect(planSummary(r.plan)[0].engaged).toBe(0.5);
    },
  );
});
