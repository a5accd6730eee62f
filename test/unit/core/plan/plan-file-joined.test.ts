// A register that grows (issue 26, enrolments): mothers who join with a week are stored with that week,
// in PLAN.json (version 4) and in the store's records alike; both read back to the same plan, the
// register record keeping the arms the plan began with; a file without anyone joining reads as before
// (version 3), and a week whose joined mothers are cut or repeat an id is refused naming the field.
import { planeBytes } from '../../../../src/core/plan/bit-plane.ts';
import { describe, expect, test } from 'vitest';
import { parseHistoryCsv } from '../../../../src/core/datasets/register-csv.ts';
import { parseOutcomesCsv } from '../../../../src/core/datasets/outcomes-csv.ts';
import { applyOutcomes } from '../../../../src/core/plan/apply-outcomes.ts';
import { planFromParts, planParts } from '../../../../src/core/plan/plan-parts.ts';
import { planFileText, readPlanFile } from '../../../../src/core/plan/plan-json.ts';
import { createPlan } from '../../../../src/core/plan/plan-state.ts';
import { MISSING } from '../../../../src/core/plan/register.ts';
import { engineWhittle } from './plan-fixtures.ts';
import { columnValues } from '../../../../src/core/instance/feature-table.ts';
import { stateAt, weekBytes } from '../../../../src/core/plan/week-states.ts';
import { unpackIds } from '../../../../src/core/plan/packed-ids.ts';

const N = 20,
  NEW = 3;
const history =
  [
    'id,week,state,called',
    ...Array.from({ length: N }, (_, i) =>
      [0, 1, 2].map((w) => `b${i},${w + 1},${(i + w) % 2},${w < 2 && i % 3 === w ? 1 : 0}`),
    ).flat(),
  ].join('\n') + '\n';
const features = 'id,age\n' + Array.from({ length: N }, (_, i) => `b${i},${20 + i}`).join('\n') + '\n';
const META = { id: 'p', name: 'grows', createdAt: 0, updatedAt: 0, policy: { kind: 'typed' as const } };
const SETTINGS = {
  reward: 'state',
  budget: 4,
  exclude: [],
  cooldown: 0,
  shares: [],
  seed: 1,
  draws: 0,
  priorGroup: null,
  level: 0.9,
};

async function grownPlan() {
  const whittle = await engineWhittle();
  const register = parseHistoryCsv(history, features, { fileName: 'h.csv', featuresFileName: 'f.csv' });
  const { plan } = createPlan(register, SETTINGS, whittle);
  const parsed = parseOutcomesCsv(
    'id,called,engaged\n' +
      unpackIds(register.ids)
        .map((id, i) => `${id},0,${i % 2}`)
        .join('\n'),
    register.ids,
    2,
    'w.csv',
  );
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const age = Float64Array.from({ length: NEW }, (_, j) => 30 + j);
  const enrolment = { ids: ['n0', 'n1', 'n2'], features: age, state: Uint8Array.of(1, 0, 1), fileName: 'new.csv' };
  const applied = applyOutcomes(plan, parsed.outcomes, whittle, {
    confirmed: true,
    enrolment: { enrolment, carry: [] },
  });
  if (!applied.ok) throw new Error(applied.errors.join('\n'));
  return { ...META, plan: applied.plan };
}

describe('a register that grows', () => {
  test('PLAN.json and the store records keep the mothers who joined with their week', async () => {
    const record = await grownPlan();
    const plan = record.plan;
    expect(plan.register.numArms).toBe(N + NEW);
    expect(plan.weeks[0].outcomes?.joined).toBe(NEW);
    // her weeks before she joined are unobserved; her state now is the enrolment's
    const states = plan.register.history.states;
    expect(stateAt(states[0], N)).toBe(MISSING);
    expect(Array.from(weekBytes(states[states.length - 1]).subarray(N))).toEqual([1, 0, 1]);
    const text = planFileText(record);
    const doc = JSON.parse(text);
    expect(doc.version).toBe(4);
    expect(doc.register.numArms).toBe(N);
    expect(doc.weeks[0].change.joined.ids).toEqual(['n0', 'n1', 'n2']);
    for (const back of [
      readPlanFile(text, 'P.json', META),
      (() => {
        const parts = planParts(record);
        expect(parts.register.register.numArms).toBe(N);
        return planFromParts('p', parts.head, parts.register, parts.weeks);
      })(),
    ]) {
      const b = back.plan;
      expect(b.register.ids).toEqual(plan.register.ids);
      const columns = (t: typeof b.register.features) => t.columns.map((c) => Array.from(columnValues(c)));
      expect(columns(b.register.features)).toEqual(columns(plan.register.features));
      expect(b.register.history.states.map((s) => Array.from(weekBytes(s)))).toEqual(
        states.map((s) => Array.from(weekBytes(s))),
      );
      expect(b.register.history.called.map((s) => Array.from(planeBytes(s)))).toEqual(
        plan.register.history.called.map((s) => Array.from(planeBytes(s))),
      );
      expect(b.weeks).toEqual(plan.weeks);
      expect(planFileText(back)).toBe(text);
    }
  });

  test('a week whose joined mothers are cut short or repeat an id is refused naming the field', async () => {
    const doc = JSON.parse(planFileText(await grownPlan()));
    const cut = structuredClone(doc);
    cut.weeks[0].change.joined.ids.pop();
    expect(() => readPlanFile(JSON.stringify(cut), 'P.json', META)).toThrow(/weeks\[0\]\.change\.joined\.ids/);
    const twice = structuredClone(doc);
    twice.weeks[0].change.joined.ids[1] = 'b3';
    expect(() => readPlanFile(JSON.stringify(twice), 'P.json', META)).toThrow(/"b3" is already in the register/);
    const v3 = { ...structuredClone(doc), version: 3 };
    expect(() => readPlanFile(JSON.stringify(v3), 'P.json', META)).not.toThrow();
  });
});
