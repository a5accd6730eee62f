// A real plan for the storage tests, week after week: a built-in register (dlm) of 40 beneficiaries with
// 5 weeks of history, its first list, then each week's outcomes applied by the plan core with the
// WASM engine (records[k] has k weeks applied; every record has the id "p1" and the name "village").
import { planeBytes } from '../../../src/core/plan/bit-plane.ts';
import { expect } from 'vitest';
import { parseOutcomesCsv } from '../../../src/core/datasets/outcomes-csv.ts';
import { applyOutcomes } from '../../../src/core/plan/apply-outcomes.ts';
import { generatedRegister } from '../../../src/core/plan/generated-register.ts';
import type { PlanRecord } from '../../../src/core/plan/plan-record.ts';
import { createPlan, type PlanState } from '../../../src/core/plan/plan-state.ts';
import { engineWhittle } from '../core/plan/plan-fixtures.ts';
import { rowMajor } from '../../../src/core/instance/feature-table.ts';
import { weekBytes } from '../../../src/core/plan/week-states.ts';
import { unpackIds } from '../../../src/core/plan/packed-ids.ts';

export const SETTINGS = {
  reward: 'state * (1 + agent_feats[0])',
  budget: 4,
  exclude: ['3'],
  cooldown: 1,
  shares: [],
  seed: 7,
  draws: 0,
  priorGroup: null,
  level: 0.9,
};

/** The outcomes of the plan's current week: its list called but every fifth, engaged by a fixed rule. */
export function weekCsv(plan: PlanState, salt = 0): string {
  const listed = new Set(plan.weeks[plan.weeks.length - 1].planned);
  return (
    'id,called,engaged\n' +
    unpackIds(plan.register.ids)
      .map((id, arm) => `${id},${listed.has(arm) && arm % 5 !== 0 ? 1 : 0},${(arm * 7 + salt) % 3 === 0 ? 1 : 0}`)
      .join('\n') +
    '\n'
  );
}

export async function planSequence(count: number, numArms = 40): Promise<PlanRecord[]> {
  const whittle = await engineWhittle();
  const { register } = generatedRegister('dlm', { arms: numArms, sample: Math.min(48, numArms) }, 3, { weeks: 5 });
  let { plan } = createPlan(register, SETTINGS, whittle);
  const out: PlanRecord[] = [];
  for (let k = 0; k < count; k++) {
    out.push({
      id: 'p1',
      name: 'village',
      createdAt: 1,
      updatedAt: 1 + k,
      policy: { kind: 'typed' },
      plan: plan,
    });
    const parsed = parseOutcomesCsv(
      weekCsv(plan, k),
      plan.register.ids,
      2,
      `week-${plan.weeks[plan.weeks.length - 1].week}.csv`,
    );
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const next = applyOutcomes(plan, parsed.outcomes, whittle, { confirmed: true });
    if (!next.ok) throw new Error(next.errors.join('\n'));
    plan = next.plan;
  }
  return out;
}

/** The same plan: who it is, its settings, register (bit for bit) and weeks. */
export function sameRecord(actual: PlanRecord | undefined, expected: PlanRecord): void {
  expect(actual).toBeDefined();
  const { plan: a, ...metaA } = actual!;
  const { plan: b, ...metaB } = expected;
  expect(metaA).toEqual(metaB);
  expect(a.settings).toEqual(b.settings);
  expect(a.weeks).toEqual(b.weeks);
  const { features: fa, history: ha, ...ra } = a.register;
  const { features: fb, history: hb, ...rb } = b.register;
  expect(ra).toEqual(rb);
  expect(Array.from(rowMajor(fa))).toEqual(Array.from(rowMajor(fb)));
  expect(ha.firstWeek).toBe(hb.firstWeek);
  expect(ha.states.map((s) => Array.from(weekBytes(s)))).toEqual(hb.states.map((s) => Array.from(weekBytes(s))));
  expect(ha.called.map((s) => Array.from(planeBytes(s)))).toEqual(hb.called.map((s) => Array.from(planeBytes(s))));
}
