import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, test } from 'vitest';
import { PlanWeekError, SecretInRecordError } from '../../../src/storage/errors.ts';
import { MemoryStore } from '../../../src/storage/memory-store.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import type { PlanRecord, PlanWeekRecord } from '../../../src/storage/records.ts';
import type { Store } from '../../../src/storage/store.ts';

let dbCount = 0;
const freshName = () => `allot-plan-test-${process.pid}-${++dbCount}`;

function plan(weeksApplied = 0, extra: Partial<PlanRecord> = {}): PlanRecord {
  return {
    id: 'p1',
    name: 'village',
    createdAt: 1,
    updatedAt: 1 + weeksApplied,
    register: { ids: ['a', 'b', 'c'], state: Uint8Array.from([0, 1, weeksApplied % 2]), features: new Float64Array([Math.PI, 1, 2]) },
    policy: { expression: 'state * (1 + agent_feats[0])', source: { kind: 'typed' } },
    budget: 1,
    constraints: { cooldown: 0, exclude: [] },
    seed: 7,
    weeksApplied,
    previous: null,
    ...extra,
  };
}

function week(n: number, outcomes = false): PlanWeekRecord {
  return {
    planId: 'p1',
    week: n,
    createdAt: n,
    list: { calls: Int32Array.from([n % 3]) },
    outcomes: outcomes ? { fileName: `week-${n}.csv`, appliedAt: n, called: Uint8Array.from([1, 0, 0]), engaged: Uint8Array.from([1, 1, 0]), planned: 1, made: 1, engagedByGroup: { Ages: [0.5, 1] } } : null,
  };
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
    expect((back?.register as { features: Float64Array }).features).toEqual(new Float64Array([Math.PI, 1, 2]));
    expect((back?.register as { state: Uint8Array }).state).toBeInstanceOf(Uint8Array);
    expect((await store.listPlanWeeks('p1')).map((w) => w.week)).toEqual([1]);
  });

  test('refuse a list that is not the current week, and a list for a week already applied', async () => {
    const store = await make();
    await expect(store.savePlan(plan(), week(2))).rejects.toThrow(PlanWeekError);
    await store.savePlan(plan(), week(1));
    await store.applyPlanWeek({ plan: plan(1), applied: week(1, true), next: week(2), replace: false });
    // a stale page still thinking week 1 is current
    await expect(store.savePlan(plan(0), week(1))).rejects.toThrow(/already applied/);
    expect((await store.getPlan('p1'))?.weeksApplied).toBe(1);
  });

  test('apply weeks in order, with the next list, and list the weeks in order', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    await store.applyPlanWeek({ plan: plan(1), applied: week(1, true), next: week(2), replace: false });
    await store.applyPlanWeek({ plan: plan(2), applied: week(2, true), next: week(3), replace: false });
    const weeks = await store.listPlanWeeks('p1');
    expect(weeks.map((w) => [w.week, w.outcomes?.fileName ?? null])).toEqual([[1, 'week-1.csv'], [2, 'week-2.csv'], [3, null]]);
    expect(weeks[0].outcomes?.called).toEqual(Uint8Array.from([1, 0, 0]));
    expect((await store.getPlan('p1'))?.weeksApplied).toBe(2);
  });

  test('refuse to apply a week twice unless it is replaced explicitly, changing nothing', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    await store.applyPlanWeek({ plan: plan(1), applied: week(1, true), next: week(2), replace: false });
    const again = { ...week(1, true), outcomes: { ...week(1, true).outcomes!, fileName: 'again.csv' } };
    const error = await store.applyPlanWeek({ plan: plan(1, { name: 'changed' }), applied: again, next: week(2), replace: false }).catch((e) => e);
    expect(error).toBeInstanceOf(PlanWeekError);
    expect(error.message).toMatch(/Week 1's outcomes are already applied.*replace week 1 explicitly/);
    expect((await store.getPlan('p1'))?.name).toBe('village');
    expect((await store.listPlanWeeks('p1'))[0].outcomes?.fileName).toBe('week-1.csv');
    await store.applyPlanWeek({ plan: plan(1, { name: 'replaced' }), applied: again, next: week(2), replace: true });
    expect((await store.getPlan('p1'))?.name).toBe('replaced');
    expect((await store.listPlanWeeks('p1'))[0].outcomes?.fileName).toBe('again.csv');
  });

  test('refuse a week out of order and an earlier week than the last applied', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    await expect(store.applyPlanWeek({ plan: plan(2), applied: week(2, true), next: week(3), replace: false })).rejects.toThrow(/cannot be applied before week 1/);
    await store.applyPlanWeek({ plan: plan(1), applied: week(1, true), next: week(2), replace: false });
    await store.applyPlanWeek({ plan: plan(2), applied: week(2, true), next: week(3), replace: false });
    await expect(store.applyPlanWeek({ plan: plan(1), applied: week(1, true), next: week(2), replace: true })).rejects.toThrow(/Only week 2 can be replaced/);
    expect((await store.listPlanWeeks('p1')).map((w) => w.week)).toEqual([1, 2, 3]);
  });

  test('write nothing of a week when any part is refused (a key in the next list)', async () => {
    const store = await make();
    await store.savePlan(plan(), week(1));
    const leaky = { ...week(2), list: { note: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123' } };
    await expect(store.applyPlanWeek({ plan: plan(1), applied: week(1, true), next: leaky, replace: false })).rejects.toThrow(SecretInRecordError);
    expect((await store.getPlan('p1'))?.weeksApplied).toBe(0);
    expect((await store.listPlanWeeks('p1')).map((w) => [w.week, w.outcomes])).toEqual([[1, null]]);
  });

  test('refuse a plan whose register holds something shaped like an API key', async () => {
    const store = await make();
    const error = await store.savePlan(plan(0, { register: { ids: ['a', 'AIzaSyA1234567890abcdefghijklmnopqrstuv'] } }), week(1)).catch((e) => e);
    expect(error).toBeInstanceOf(SecretInRecordError);
    expect(error.message).toContain('$.register.ids[1]');
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
    const unclonable = { ...week(2), list: { sort: () => 0 } };
    await expect(store.applyPlanWeek({ plan: plan(1), applied: week(1, true), next: unclonable, replace: false })).rejects.toThrow();
    expect((await store.getPlan('p1'))?.weeksApplied).toBe(0);
    expect((await store.listPlanWeeks('p1'))[0].outcomes).toBeNull();
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
