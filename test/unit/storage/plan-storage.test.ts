// Plans in the app's stores (IndexedDB through fake-indexeddb, and memory): a plan kept as parts (its
// register once, a record per week), the rules every store applies before it writes, all-or-nothing
// writes, every read checked (a damaged record is refused naming "the saved plan ..." and the field).
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { beforeAll, describe, expect, test } from 'vitest';
import { SecretInRecordError } from '../../../src/storage/errors.ts';
import { PlanExistsError, PlanWeekError, type PlanRecord } from '../../../src/core/plan/plan-record.ts';
import { packIds, unpackIds } from '../../../src/core/plan/packed-ids.ts';
import { MemoryStore } from '../../../src/storage/memory-store.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import { upgrade } from '../../../src/storage/schema.ts';
import type { Store } from '../../../src/storage/store.ts';
import { planFromParts } from '../../../src/core/plan/plan-parts.ts';
import { planSequence, sameRecord, SETTINGS } from './plan-records-fixture.ts';

let dbCount = 0;
const freshName = () => `allot-plan-test-${process.pid}-${++dbCount}`;

/** A real plan, week after week: records[k] has k weeks applied. */
let records: PlanRecord[];
beforeAll(async () => {
  records = await planSequence(3);
});
const applying = (k: number, replace = false, plan = records[k]) => ({
  plan,
  week: records[k - 1].plan.weeks[k - 1].week,
  replace,
});

const stores: [string, () => Promise<Store>][] = [
  ['IndexedDB (fake-indexeddb)', async () => (await openStore({ name: freshName() })).store],
  ['memory', async () => new MemoryStore()],
];

describe.each(stores)('plans in the %s store', (_, make) => {
  test('return nothing for a plan never saved', async () => {
    const store = await make();
    expect(await store.getPlan('nope')).toBeUndefined();
    expect(await store.listPlans()).toEqual([]);
  });

  test('keep a plan whole (typed arrays bit for bit) and list it without its register', async () => {
    const store = await make();
    await store.createPlan(records[0]);
    sameRecord(await store.getPlan(records[0].id), records[0]);
    const [listing] = await store.listPlans();
    expect(listing).toEqual({
      id: 'p1',
      name: 'village',
      createdAt: 1,
      updatedAt: 1,
      policy: { kind: 'typed' },
      numArms: 40,
      reward: records[0].plan.settings.reward,
      budget: 4,
      weeks: [{ week: 5, applied: false }],
    });
  });

  test('never overwrite a saved plan on create, unless replacing on purpose', async () => {
    const store = await make();
    await store.createPlan(records[0]);
    const error = await store.createPlan({ ...records[1], name: 'other' }).catch((e) => e);
    expect(error).toBeInstanceOf(PlanExistsError);
    expect(error.message).toBe('A plan with the id p1 is already saved ("village"); nothing was written.');
    sameRecord(await store.getPlan('p1'), records[0]);
    await store.createPlan(records[2], { replace: true });
    sameRecord(await store.getPlan('p1'), records[2]);
  });

  test('apply weeks in order, each with its next list, and keep every week', async () => {
    const store = await make();
    await store.createPlan(records[0]);
    await store.applyPlanWeek(applying(1));
    await store.applyPlanWeek(applying(2));
    sameRecord(await store.getPlan('p1'), records[2]);
    expect((await store.listPlans())[0].weeks).toEqual([
      { week: 5, applied: true },
      { week: 6, applied: true },
      { week: 7, applied: false },
    ]);
  });

  test(
    'refuse a week twice unless replaced, a week out of order, and a new list for an applied week, ' +
      'changing nothing',
    async () => {
      const store = await make();
      await store.createPlan(records[0]);
      await expect(store.applyPlanWeek({ ...applying(2), week: 6 })).rejects.toThrow(/cannot be applied before week 5/);
      await store.applyPlanWeek(applying(1));
      const twice = await store.applyPlanWeek(applying(1, false, { ...records[1], name: 'changed' })).catch((e) => e);
      expect(twice).toBeInstanceOf(PlanWeekError);
      expect(twice.message).toMatch(/Week 5's outcomes are already applied.*replace week 5 explicitly/);
      // a stale page still thinking week 5 is current
      await expect(store.saveCurrentWeek(records[0])).rejects.toThrow(/already applied/);
      sameRecord(await store.getPlan('p1'), records[1]);
      await store.applyPlanWeek(applying(1, true, { ...records[1], name: 'replaced' }));
      expect((await store.getPlan('p1'))?.name).toBe('replaced');
    },
  );

  test('save a new list for the current week: the head and that week only', async () => {
    const store = await make();
    await store.createPlan(records[0]);
    const budget5 = {
      ...records[0],
      updatedAt: 2,
      plan: {
        ...records[0].plan,
        settings: { ...records[0].plan.settings, budget: 3 },
        weeks: [{ ...records[0].plan.weeks[0], budget: 3, planned: records[0].plan.weeks[0].planned.slice(0, 3) }],
      },
    };
    await store.saveCurrentWeek(budget5);
    sameRecord(await store.getPlan('p1'), budget5);
    await expect(store.saveCurrentWeek({ ...budget5, id: 'gone' })).rejects.toThrow(
      'The plan gone is no longer saved; nothing was written.',
    );
  });

  test('write nothing of a week when any part is refused (a key shape in the outcomes file name)', async () => {
    const store = await make();
    await store.createPlan(records[0]);
    const weeks = records[1].plan.weeks.map((w, k) =>
      k === 0 ? { ...w, outcomes: { ...w.outcomes!, fileName: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123.csv' } } : w,
    );
    await expect(
      store.applyPlanWeek(applying(1, false, { ...records[1], plan: { ...records[1].plan, weeks } })),
    ).rejects.toThrow(SecretInRecordError);
    sameRecord(await store.getPlan('p1'), records[0]);
  });

  test('refuse a plan whose register holds an id shaped like an API key', async () => {
    const store = await make();
    const ids = unpackIds(records[0].plan.register.ids).map((id, i) =>
      i === 1 ? 'AIzaSyA1234567890abcdefghijklmnopqrstuv' : id,
    );
    const leaky = {
      ...records[0],
      plan: { ...records[0].plan, register: { ...records[0].plan.register, ids: packIds(ids) } },
    };
    const error = await store.createPlan(leaky).catch((e) => e);
    expect(error).toBeInstanceOf(SecretInRecordError);
    expect(error.message).toContain('$.register.ids.text');
    expect(await store.getPlan('p1')).toBeUndefined();
  });

  test('delete a plan with its weeks, leaving other plans', async () => {
    const store = await make();
    await store.createPlan(records[1]);
    await store.createPlan({ ...records[0], id: 'p2', updatedAt: 9 });
    expect((await store.listPlans()).map((p) => p.id)).toEqual(['p2', 'p1']);
    await store.deletePlan('p1');
    expect(await store.getPlan('p1')).toBeUndefined();
    expect(await store.planRecords('p1')).toEqual({ head: undefined, register: undefined, weeks: [] });
    expect(await store.getPlan('p2')).toBeDefined();
  });

  test('applying a week writes its two week records and the head, never the register', async () => {
    const store = await make();
    await store.createPlan(records[0]);
    const before = (await store.planRecords('p1')).register;
    await store.applyPlanWeek(applying(1));
    const after = await store.planRecords('p1');
    expect(after.register).toEqual(before);
    expect(after.weeks.map((w) => (w as { week: number }).week)).toEqual([5, 6]);
  });

  test('say a damaged plan is damaged when it is read, while the listing still reads', async () => {
    const store = await make();
    await store.createPlan(records[1]);
    const { head } = await store.planRecords('p1');
    await store.createPlan({ ...records[0], id: 'p2', name: 'bad' });
    // the register's ids cut to 5 of 40, as the attack on issue 29 left a record
    const bad = await store.planRecords('p2');
    const reg = bad.register as { id: string; register: { ids: unknown } };
    expect(() =>
      planFromParts(
        'p2',
        bad.head,
        { ...reg, register: { ...reg.register, ids: { text: 'a\nb\nc\nd\ne', ends: Uint32Array.of(1, 3, 5, 7, 9) } } },
        bad.weeks,
      ),
    ).toThrow('the saved plan "bad": "register.ids" holds 5 ids, expected 40');
    expect((await store.listPlans()).map((p) => [p.id, p.damaged])).toEqual([
      ['p1', undefined],
      ['p2', undefined],
    ]);
    expect(head).toMatchObject({ settings: SETTINGS });
  });
});

describe('the IndexedDB store', () => {
  test('writes nothing of a week when the write itself fails part-way (a value that cannot be cloned)', async () => {
    const { store } = await openStore({ name: freshName() });
    await store.createPlan(records[0]);
    const unclonable = {
      ...records[1],
      plan: {
        ...records[1].plan,
        settings: { ...records[1].plan.settings, shares: [{ group: 'g', bucket: 'b', min: 0.1, fn: () => 0 }] },
      },
    } as unknown as PlanRecord;
    await expect(store.applyPlanWeek(applying(1, false, unclonable))).rejects.toThrow();
    sameRecord(await store.getPlan('p1'), records[0]);
  });

  test('a database of version 1 is upgraded with its runs kept and the plan stores added', async () => {
    const name = freshName();
    const v1 = await openDB(name, 1, { upgrade: (db, old) => upgrade(db as never, old, 1) });
    await v1.put('runs', { id: 'old', updatedAt: 1 });
    v1.close();
    const { store } = await openStore({ name });
    expect((await store.getRun('old'))?.id).toBe('old');
    await store.createPlan(records[0]);
    sameRecord(await store.getPlan('p1'), records[0]);
  });

  test(
    'plans saved whole by version 2 are moved to parts, the same plan; one that cannot be is kept, ' + 'marked damaged',
    async () => {
      const name = freshName();
      const v2 = await openDB(name, 2, { upgrade: (db, old, _, tx) => upgrade(db as never, old, 2, tx as never) });
      const { plan, ...meta } = records[2];
      const listing = {
        ...meta,
        numArms: 40,
        reward: plan.settings.reward,
        budget: plan.settings.budget,
        weeks: plan.weeks.map((w) => ({ week: w.week, applied: w.outcomes !== null })),
      };
      await v2.put('plans', listing);
      await v2.put('plan-states', {
        id: 'p1',
        plan: {
          ...plan,
          register: { ...plan.register, ids: { text: plan.register.ids.text, ends: plan.register.ids.ends } },
        },
      });
      for (const w of plan.weeks)
        await v2.put('plan-weeks', {
          planId: 'p1',
          week: w.week,
          createdAt: 1,
          list: { week: w.week, arms: w.planned },
        });
      await v2.put('plans', { ...listing, id: 'bad', name: 'torn' });
      await v2.put('plan-states', { id: 'bad', plan: { ...plan, register: null } });
      v2.close();
      const { store } = await openStore({ name });
      sameRecord(await store.getPlan('p1'), records[2]);
      const weeks = (await store.planRecords('p1')).weeks as { week: number; change: unknown; list?: unknown }[];
      expect(weeks.map((w) => [w.week, w.change !== null, 'list' in w])).toEqual([
        [5, true, false],
        [6, true, false],
        [7, false, false],
      ]);
      const bad = (await store.listPlans()).find((p) => p.id === 'bad');
      expect(bad?.damaged).toMatch(/^its record from an earlier allot could not be moved forward \(/);
      expect(((await store.planRecords('bad')).register as { legacy: { weeks: unknown[] } }).legacy.weeks).toHaveLength(
        3,
      );
      await expect(store.getPlan('bad')).rejects.toThrow(
        'the saved plan "torn": "register" must be an object, not missing',
      );
      const db = await openDB(name);
      expect([...db.objectStoreNames]).not.toContain('plan-states');
      db.close();
    },
  );
});
