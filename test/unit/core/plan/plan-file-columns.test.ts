// Her reading of her files travels in PLAN.json version 3 (issue 24, item 8, beside issue 29's plan
// file): the carried columns (packed like the ids), the column report and her mapping come back as
// written, a week of outcomes for the called only (states unobserved) reads back, and a damaged carried
// column is refused naming its field.
import { describe, expect, test } from 'vitest';
import { parseOutcomesCsv } from '../../../../src/core/datasets/outcomes-csv.ts';
import { parseRegisterCsv } from '../../../../src/core/datasets/register-csv.ts';
import { applyOutcomes } from '../../../../src/core/plan/apply-outcomes.ts';
import { idAt, unpackIds } from '../../../../src/core/plan/packed-ids.ts';
import { planFileText, readPlanFile } from '../../../../src/core/plan/plan-json.ts';
import { createPlan } from '../../../../src/core/plan/plan-state.ts';
import { currentState, MISSING } from '../../../../src/core/plan/register.ts';
import { engineWhittle } from './plan-fixtures.ts';
import { weekBytes } from '../../../../src/core/plan/week-states.ts';

const META = { id: 'p', name: 'village', createdAt: 1, updatedAt: 2, policy: { kind: 'typed' as const } };
const N = 30;
const text = [
  'Beneficiary ID,Name,phone_number,age,Listened',
  ...Array.from(
    { length: N },
    (_, i) => `b${i},Name ${i} é,+91 ${9800 + i},${20 + (i % 7)},${i % 3 === 0 ? 'yes' : 'no'}`,
  ),
].join('\n');

async function plan() {
  const register = parseRegisterCsv(text, { fileName: 'r.csv' });
  const settings = {
    reward: 'state',
    budget: 5,
    exclude: [],
    cooldown: 0,
    shares: [],
    seed: 1,
    draws: 0,
    priorGroup: null,
    level: 0.9,
  };
  return createPlan(register, settings, await engineWhittle());
}

describe('PLAN.json keeps how her files were read', () => {
  test(
    'carried columns, the column report and her mapping come back, and so does a week of the ' + 'called only',
    async () => {
      const whittle = await engineWhittle();
      const { plan: first } = await plan();
      expect(first.register.carry!.map((c) => c.name)).toEqual(['Name', 'phone_number']);
      const called = Array.from(first.weeks[0].planned, (arm) => `${idAt(first.register.ids, arm)},yes`);
      const outcomes = parseOutcomesCsv(
        ['Beneficiary ID,Listened', ...called].join('\n'),
        first.register.ids,
        2,
        'w.csv',
        { register: first.register.mapping },
      );
      if (!outcomes.ok) throw new Error(outcomes.errors.join('\n'));
      const applied = applyOutcomes(first, outcomes.outcomes, whittle);
      if (!applied.ok) throw new Error(applied.errors.join('\n'));
      const file = planFileText({ ...META, plan: applied.plan });
      const doc = JSON.parse(file);
      expect(doc.version).toBe(4);
      expect(doc.register.carry[1]).toEqual({
        name: 'phone_number',
        values: Array.from({ length: N }, (_, i) => `+91 ${9800 + i}`),
      });
      expect(doc.weeks[0].outcomes).toMatchObject({ called: 5, observed: 5 });
      const back = readPlanFile(file, 'PLAN.json', META).plan;
      expect(back.register.carry!.map((c) => [c.name, unpackIds(c.values)])).toEqual(
        first.register.carry!.map((c) => [c.name, unpackIds(c.values)]),
      );
      expect(back.register.columns).toEqual(first.register.columns);
      expect(back.register.mapping).toEqual(first.register.mapping);
      expect(weekBytes(back.register.history.states.at(-1)!).filter((s) => s === MISSING)).toHaveLength(N - 5);
      expect(Array.from(currentState(back.register))).toEqual(Array.from(currentState(applied.plan.register)));
      expect(back.weeks[0].outcomes).toEqual(applied.plan.weeks[0].outcomes);
      doc.weeks[0].outcomes.observed = 6;
      expect(() => readPlanFile(JSON.stringify(doc), 'PLAN.json', META)).toThrow(
        'PLAN.json: "weeks[0].outcomes.observed" is 6, but the week\'s recorded calls and states give 5',
      );
    },
  );

  test('a carried column of the wrong length, or a mapping that is not text, is refused naming the field', async () => {
    const { plan: first } = await plan();
    const doc = JSON.parse(planFileText({ ...META, plan: first }));
    doc.register.carry[0].values.pop();
    expect(() => readPlanFile(JSON.stringify(doc), 'PLAN.json', META)).toThrow(
      'PLAN.json: "register.carry[0].values" holds 29 values, expected 30',
    );
    doc.register.carry[0] = { name: 'Name', values: 'Asha' };
    expect(() => readPlanFile(JSON.stringify(doc), 'PLAN.json', META)).toThrow(
      'PLAN.json: "register.carry[0].values" must be a list',
    );
    const bad = JSON.parse(planFileText({ ...META, plan: first }));
    bad.register.mapping = { id: 7 };
    expect(() => readPlanFile(JSON.stringify(bad), 'PLAN.json', META)).toThrow(
      'PLAN.json: "register.mapping.id" must be text',
    );
  });
});
