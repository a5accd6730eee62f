import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, test } from 'vitest';
import { SecretInRecordError } from '../../../src/storage/errors.ts';
import { PlanWeekError } from '../../../src/core/plan/plan-record.ts';
import { MemoryStore } from '../../../src/storage/memory-store.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import { packIds, type PackedPlan } from '../../../src/core/plan/packed-plan.ts';
import type { WeekRecord } from '../../../src/core/plan/plan-state.ts';
import type { WeeklyList } from '../../../src/core/plan/weekly-list.ts';
import type { PlanRecord, PlanWeekRecord } from '../../../src/core/plan/plan-record.ts';
import type { Store } from '../../../src/storage/store.ts';

let dbCount = 0;
const freshName = () => `allot-plan-test-${process.pid}-${++dbCount}`;

/** A week of the plan: weeks 1..applied have outcomes; week applied + 1 is the current one. */
function weekOf(n: number, applied: boolean): WeekRecord {
  return { week: n, tieSeed: n, reward: 'state', budget: 1, planned: Int32Array.from([n % 3]), outcomes: applied ? { fileName: `week-${n}.csv`, contentHash: `h${n}`, called: 1, calledAsPlanned: 1, engaged: 2 } : null };
}

function plan(weeksApplied = 0, extra: Partial<PlanRecord> = {}, ids: string[] = ['a', 'b', 'c']): PlanRecord {
  const weeks = Array.from({ length: weeksApplied + 1 }, (_, i) => weekOf(i + 1, i < weeksApplied));
  const packed = {
    format: 'allot-plan',
    version: 1,
    register: { numArms: 3, numStates: 2, ids: packIds(ids), features: new Float64Array([Math.PI, 1, 2]), history: { firstWeek: 1, states: [Uint8Array.from([0, 1, 1])], called: [new Uint8Array(3)] } },
    settings: { reward: 'state * (1 + agent_feats[0])', budget: 1, exclude: [], cooldown: 0, shares: [], seed: 7, draws: 0, priorGroup: null, level: 0.9 },
    weeks,
  } as unknown as PackedPlan;
  return { id: 'p1', name: 'village', createdAt: 1, updatedAt: 1 + weeksApplied, policy: { kind: 'typed' }, plan: packed, ...extra };
}

function week(n: number): PlanWeekRecord {
  return { planId: 'p1', week: n, createdAt: n, list: { week: n, arms: Int32Array.from([n % 3]) } as unknown as WeeklyList };
}

/** The update that applies week n's outcomes to a plan with n - 1 weeks applied. */
function applying(n: number, replace = false, extra: Partial<PlanRecord> = {}) {
  return { plan: plan(n, extra), week: n, next: week(n + 1), replace };
}

const stores: [string, () => Promise<Store>][] = [
  ['IndexedDB (fake-indexeddb)', async () => (await openStore({ name: freshName() })).store],
  ['memory', async () => new MemoryStore()],
];

describe.each(stores)('plans in the %s store', (_, make) => {
  test('return nothing for a plan never saved', async () => {
    const store = await make();
    expect(await store.getPlan('nope')).toBeUndefined();
    expect(await store.listPlanWeeks('nope')).toEqual([]);
    expect(await store.listPlans()).toEqual([]);
  });

  test('keep a plan and its first list with typed arrays bit for bit', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    const back = await store.getPlan('p1');
    expect(back?.plan.register.features).toEqual(new Float64Array([Math.PI, 1, 2]));
    expect(back?.plan.register.ids.ends).toBeInstanceOf(Uint32Array);
    expect(back?.plan.register.history.states[0]).toBeInstanceOf(Uint8Array);
    expect((await store.listPlanWeeks('p1')).map((w) => w.week)).toEqual([1]);
    // listing plans never reads a register
    expect(await store.listPlans()).toEqual([{ id: 'p1', name: 'village', createdAt: 1, updatedAt: 1, policy: { kind: 'typed' }, numArms: 3, reward: 'state * (1 + agent_feats[0])', budget: 1, weeks: [{ week: 1, applied: false }] }]);
  });

  test('refuse a list that is not the current week, and a list for a week already applied', async () => {
    const store = await make();
    await expect(store.savePlan(plan(), week(2))).rejects.toThrow(PlanWeekError);
    await store.savePlan(plan(), week(1));
    await store.applyPlanWeek(applying(1));
    // a stale page still thinking week 1 is current
    await expect(store.savePlan(plan(0), week(1))).rejects.toThrow(/already applied/);
    expect((await store.getPlan('p1'))?.plan.weeks.length).toBe(2);
  });

  test('apply weeks in order, with the next list, and list the weeks in order', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    await store.applyPlanWeek(applying(1));
    await store.applyPlanWeek(applying(2));
    expect((await store.listPlanWeeks('p1')).map((w) => w.week)).toEqual([1, 2, 3]);
    const back = await store.getPlan('p1');
    expect(back?.plan.weeks.map((w) => w.outcomes?.fileName ?? null)).toEqual(['week-1.csv', 'week-2.csv', null]);
  });

  test('refuse to apply a week twice unless it is replaced explicitly, changing nothing', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    await store.applyPlanWeek(applying(1));
    const error = await store.applyPlanWeek(applying(1, false, { name: 'changed' })).catch((e) => e);
    expect(error).toBeInstanceOf(PlanWeekError);
    expect(error.message).toMatch(/Week 1's outcomes are already applied.*replace week 1 explicitly/);
    expect((await store.getPlan('p1'))?.name).toBe('village');
    await store.applyPlanWeek(applying(1, true, { name: 'replaced' }));
    expect((await store.getPlan('p1'))?.name).toBe('replaced');
  });

  test('refuse a week out of order and an earlier week than the last applied', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    await expect(store.applyPlanWeek(applying(2))).rejects.toThrow(/cannot be applied before week 1/);
    await store.applyPlanWeek(applying(1));
    await store.applyPlanWeek(applying(2));
    await expect(store.applyPlanWeek(applying(1, true))).rejects.toThrow(/Only week 2 can be replaced/);
    expect((await store.listPlanWeeks('p1')).map((w) => w.week)).toEqual([1, 2, 3]);
  });

  test('write nothing of a week when any part is refused (a key in the next list)', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    const leaky = { ...applying(1), next: { ...week(2), list: { note: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123' } as unknown as WeeklyList } };
    await expect(store.applyPlanWeek(leaky)).rejects.toThrow(SecretInRecordError);
    expect((await store.getPlan('p1'))?.plan.weeks.map((w) => w.outcomes)).toEqual([null]);
    expect((await store.listPlanWeeks('p1')).map((w) => w.week)).toEqual([1]);
  });

  test('refuse a plan whose register holds something shaped like an API key', async () => {
    const store = await make();
    const error = await store.savePlan(plan(0, {}, ['a', 'AIzaSyA1234567890abcdefghijklmnopqrstuv', 'c']), week(1)).catch((e) => e);
    expect(error).toBeInstanceOf(SecretInRecordError);
    expect(error.message).toContain('$.plan.register.ids.text');
    expect(await store.getPlan('p1')).toBeUndefined();
  });

  test('delete a plan with its weeks, leaving other plans', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    await store.savePlan({ ...plan(), id: 'p2', updatedAt: 9 }, { ...week(1), planId: 'p2' });
    expect((await store.listPlans()).map((p) => p.id)).toEqual(['p2', 'p1']);
    await store.deletePlan('p1');
    expect(await store.getPlan('p1')).toBeUndefined();
    expect(await store.listPlanWeeks('p1')).toEqual([]);
    expect(await store.listPlanWeeks('p2')).toHaveLength(1);
  });
});

describe('the IndexedDB store', () => {
  test('writes nothing of a week when the write itself fails part-way (a value that cannot be cloned)', async () => {
    const { store } = await openStore({ name: freshName() });
    await store.savePlan(plan(), week(1));
    const unclonable = { ...applying(1), next: { ...week(2), list: { sort: () => 0 } as unknown as WeeklyList } };
    await expect(store.applyPlanWeek(unclonable)).rejects.toThrow();
    expect((await store.getPlan('p1'))?.plan.weeks.map((w) => w.outcomes)).toEqual([null]);
    expect((await store.listPlanWeeks('p1')).map((w) => w.week)).toEqual([1]);
  });

  test('a database of version 1 is upgraded with its runs kept and plan stores added', async () => {
    const name = freshName();
    const v1 = await openDB(name, 1, {
      upgrade: (db) => {
        db.createObjectStore('runs', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
        for (const s of ['populations', 'candidates', 'results', 'settings']) db.createObjectStore(s, { keyPath: s === 'settings' ? 'key' : s === 'results' ? 'runId' : s === 'candidates' ? ['runId', 'index'] : 'id' });
      },
    });
    await v1.put('runs', { id: 'old', updatedAt: 1 });
    v1.close();
    const { store } = await openStore({ name });
    expect((await store.getRun('old'))?.id).toBe('old');
    await store.savePlan(plan(), week(1));
    expect((await store.getPlan('p1'))?.name).toBe('village');
  });
});
