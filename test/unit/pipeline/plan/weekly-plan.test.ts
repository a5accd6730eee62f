// The plan worker's session in Node, with the real plan core, the Node engine and a memory store:
// what the page is given (summary, list lines, the plan's head, weeks), what is saved, the outcomes
// step (preview, then apply), and the uncertain places counted after the list.
import { describe, expect, test } from 'vitest';
import { unpackIds } from '../../../../src/core/plan/packed-ids.ts';
import { currentWeek } from '../../../../src/core/plan/register.ts';
import { buildWeeklyList, type IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { estimateTransitions } from '../../../../src/core/plan/estimate-transitions.ts';
import { planIndexFunction, posteriorIndexDraw } from '../../../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';
import { MemoryStore } from '../../../../src/storage/memory-store.ts';
import type { DrawHelper, Uncertainty } from '../../../../src/pipeline/plan/uncertain-places.ts';
import { WeeklyPlan } from '../../../../src/pipeline/plan/weekly-plan.ts';

async function session(store = new MemoryStore()) {
  const engine = await loadEngineNode();
  const whittle: IndexFunction = planIndexFunction(engine);
  return {
    s: new WeeklyPlan(
      async () => whittle,
      async () => store,
    ),
    store,
    whittle,
  };
}

const SETTINGS = {
  reward: 'state * (1 + agent_feats[0])',
  budget: 5,
  exclude: [],
  cooldown: 0,
  shares: [],
  seed: 3,
  draws: 5,
  priorGroup: null,
  level: 0.9,
};
const META = { id: 'p1', name: 'Test plan', createdAt: 1, updatedAt: 1, policy: { kind: 'typed' as const } };

describe('the plan worker session', () => {
  test('refuses to plan or take outcomes before a register or a plan is there', async () => {
    const { s } = await session();
    await expect(s.create(SETTINGS, META)).rejects.toThrow('no register is loaded');
    await expect(s.previewOutcomes(new Blob(['id,called,engaged\n']), 'w.csv')).rejects.toThrow('no plan is open');
    await expect(s.open('nope')).rejects.toThrow('There is no saved plan "nope"');
  });

  test(
    'draws a register, makes and saves a list whose lines carry ids and buckets; another session ' + 'reopens it',
    async () => {
      const { s, store } = await session();
      const summary = await s.loadRegister({
        kind: 'generator',
        generator: 'sclm',
        parameters: { arms: 200 },
        seed: 1,
        weeks: 6,
      });
      expect(summary).toMatchObject({ numArms: 200, numStates: 2, weeks: 6, transitionsGiven: false });
      expect(summary.bucketCounts.map((c) => c.reduce((a, b) => a + b, 0))).toEqual(
        summary.schema.groups.map(() => 200),
      );
      const view = await s.create(SETTINGS, META);
      expect(view.list.arms.length).toBe(5);
      expect(view.head).toMatchObject({
        id: 'p1',
        name: 'Test plan',
        numArms: 200,
        budget: 5,
        settings: SETTINGS,
        weeks: [{ week: summary.currentWeek, applied: false }],
      });
      await s.saved(); // the save follows the list's first marks
      const stored = await store.getPlan('p1');
      const ids = unpackIds(stored!.plan.register.ids);
      expect(view.lines.ids).toEqual(Array.from(view.list.arms, (arm) => ids[arm]));
      expect(view.lines.buckets).toHaveLength(5);
      expect(view.lines.features).toHaveLength(5 * summary.schema.columns.length);
      expect(view.weeks.map((w) => [w.week, w.planned, w.made])).toEqual([[summary.currentWeek, 5, null]]);
      expect(
        (await store.planRecords('p1')).weeks.map((w) => Array.from((w as { planned: Int32Array }).planned)),
      ).toEqual([Array.from(view.list.arms)]);
      // reopening the stored plan gives the same list (the seed is recorded)
      const again = await (await session(store)).s.open('p1');
      expect(Array.from(again.list.arms)).toEqual(Array.from(view.list.arms));
      expect((await s.listPlans()).map((p) => p.id)).toEqual(['p1']);
    },
  );

  test(
    'counts uncertain places as the core does with its draws, again after new rules, and stops for a ' + 'newer list',
    async () => {
      const { s, store, whittle } = await session();
      await s.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 300 }, seed: 4, weeks: 5 });
      const view = await s.create({ ...SETTINGS, budget: 40 }, META);
      expect(view.list.membership.every(Number.isNaN)).toBe(true);
      await s.saved();
      const plan = (await store.getPlan('p1'))!.plan;
      const posterior = estimateTransitions(plan.register.history, plan.register.schema, plan.register.features, 300, {
        groupBy: null,
      });
      const core = (budget: number) =>
        buildWeeklyList(plan.register, { ...SETTINGS, budget }, currentWeek(plan.register.history), {
          whittle,
          posterior,
        });
      for (const budget of [40, 60]) {
        if (budget !== 40) await s.replan({ ...SETTINGS, budget }, META.policy, 2);
        const partials: Uncertainty[] = [];
        const u = await s.uncertainty((p) => partials.push(p));
        const want = core(budget);
        expect(u).not.toBeNull();
        expect(u).toMatchObject({ draws: 5, planned: 5 });
        // The counts so far, after the first 2 and 4 draws made anew: the core's with 2 and 4 draws (none for kept
        // draws).
        expect(partials.map((p) => p.draws)).toEqual(budget === 40 ? [2, 4] : []);
        for (const p of partials) {
          const k = buildWeeklyList(
            plan.register,
            { ...SETTINGS, budget, draws: p.draws },
            currentWeek(plan.register.history),
            { whittle, posterior },
          );
          expect(Array.from(p.membership), `${p.draws} draws`).toEqual(Array.from(k.membership));
          expect(p).toMatchObject({ uncertainCount: k.uncertainCount, planned: 5 });
        }
        expect(Array.from(u!.membership)).toEqual(Array.from(want.membership));
        expect(u!.uncertainCount).toBe(want.uncertainCount);
        expect(u!.uncertainCount).toBeGreaterThan(0);
      }
      // a newer list while the draws are counted: the older count stops (null)
      await s.replan({ ...SETTINGS, budget: 45 }, META.policy, 3);
      const pending = s.uncertainty();
      await s.replan({ ...SETTINGS, budget: 50 }, META.policy, 4);
      expect(await pending).toBeNull();
    },
  );

  test(
    'a second engine making some of the draws (the draw worker) gives the same counts, and its ' + 'failure is said',
    async () => {
      const { s: alone } = await session();
      const other = posteriorIndexDraw((await loadEngineNode()).kernels);
      const seeds: number[] = [],
        prepared: unknown[] = [];
      const helper: DrawHelper = {
        prepare: (posterior) => prepared.push(posterior),
        draw: async (seed, posterior, rewards, discount, state) => {
          seeds.push(seed);
          return other(posterior.alpha, posterior.beta, seed, rewards, discount, state);
        },
      };
      const store = new MemoryStore(),
        engine = await loadEngineNode();
      const helped = new WeeklyPlan(
        async () => planIndexFunction(engine),
        async () => store,
        helper,
      );
      const counts: (Uncertainty | null)[] = [];
      for (const s of [alone, helped]) {
        await s.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 300 }, seed: 4, weeks: 5 });
        await new Promise((resolve) => setTimeout(resolve, 10));
        // The helper has the posterior once the register is read, and the list's first 4 draws with its rules.
        if (s === helped) expect(prepared).toHaveLength(1);
        await s.create({ ...SETTINGS, budget: 40, draws: 7 }, META);
        // The first 4 draws are asked of the helper a task after the list (its view goes to the page first).
        if (s === helped) expect(seeds).toHaveLength(0);
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (s === helped) expect(seeds).toHaveLength(4);
        const partials: number[] = [];
        counts.push(await s.uncertainty((p) => partials.push(p.draws)));
        // The helper was asked for the first 4 draws before the count: they are in at once.
        expect(partials).toEqual(s === alone ? [2, 4] : [4]);
      }
      expect(seeds.length).toBeGreaterThan(0);
      expect(seeds.length).toBeLessThan(7);
      expect(Array.from(counts[1]!.membership)).toEqual(Array.from(counts[0]!.membership));
      expect(counts[1]!.uncertainCount).toBe(counts[0]!.uncertainCount);
      helper.draw = async () => {
        throw new Error('the second worker stopped');
      };
      await helped.replan({ ...SETTINGS, budget: 40, draws: 7, seed: 8 }, META.policy, 2);
      await expect(helped.uncertainty()).rejects.toThrow('the second worker stopped');
    },
  );

  test("her worker column and reward prepared ahead: the same list (a bad column: the list's error)", async () => {
    const lists = [];
    for (const prepared of [false, true]) {
      const { s } = await session();
      const source = { kind: 'generator' as const, generator: 'sclm', parameters: { arms: 300 }, seed: 4, weeks: 5 };
      const column = (await s.loadRegister(source)).schema.columns[0].name;
      const settings = { ...SETTINGS, budget: 40, draws: 0, workers: { column, capacity: 3, minimum: 0 } };
      if (prepared) {
        s.prepareRules({ workers: 'no such column', reward: 'state +' });
        s.prepareRules({ workers: column, reward: settings.reward });
        await new Promise((resolve) => setTimeout(resolve, 10));
        await expect(
          s.create({ ...settings, workers: { ...settings.workers, column: 'no such column' } }, META),
        ).rejects.toThrow('no such column');
      }
      const { list } = await s.create(settings, META);
      expect(list.workers!.length).toBeGreaterThan(1);
      lists.push({ arms: Array.from(list.arms), workers: list.lineWorker, index: Array.from(list.index) });
    }
    expect(lists[1]).toEqual(lists[0]);
  });

  test(
    "the chances so far are those of the seed's first draws, whichever engine made them and in whatever order " +
      'they came: the same as made at once',
    async () => {
      // A second engine whose draws come back late and out of order.
      const other = posteriorIndexDraw((await loadEngineNode()).kernels);
      let turn = 0;
      const helper: DrawHelper = {
        draw: async (seed, posterior, rewards, discount, state) => {
          const index = other(posterior.alpha, posterior.beta, seed, rewards, discount, state);
          await new Promise((resolve) => setTimeout(resolve, [9, 0, 4][turn++ % 3]));
          return index;
        },
      };
      const engine = await loadEngineNode(),
        store = new MemoryStore(),
        whittle = planIndexFunction(engine);
      const s = new WeeklyPlan(
        async () => whittle,
        async () => store,
        helper,
      );
      await s.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 300 }, seed: 4, weeks: 5 });
      const settings = { ...SETTINGS, budget: 40, draws: 13, seed: 11 };
      await s.create(settings, META);
      const partials: Uncertainty[] = [];
      const u = await s.uncertainty((p) => partials.push(p));
      expect(turn).toBeGreaterThan(0);
      expect(partials.length).toBeGreaterThan(0);
      for (const p of partials) expect([2, 4, 8, 12]).toContain(p.draws);
      expect(u).toMatchObject({ draws: 13, planned: 13 });
      await s.saved();
      const plan = (await store.getPlan('p1'))!.plan;
      const { history, schema, features } = plan.register;
      const posterior = estimateTransitions(history, schema, features, 300, { groupBy: null });
      // each count so far is the core's list with that many draws of the same seed, made at once
      for (const p of [...partials, u!]) {
        const week = currentWeek(history);
        const k = buildWeeklyList(plan.register, { ...settings, draws: p.draws }, week, { whittle, posterior });
        expect(Array.from(p.membership), `${p.draws} draws`).toEqual(Array.from(k.membership));
        expect(p.uncertainCount).toBe(k.uncertainCount);
      }
      // and a session with one engine, asked once the draws are done, gives the same chances
      const { s: alone } = await session();
      await alone.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 300 }, seed: 4, weeks: 5 });
      await alone.create(settings, META);
      await alone.saved();
      expect(Array.from((await alone.uncertainty())!.membership)).toEqual(Array.from(u!.membership));
    },
  );

  test('a helper that has not answered yet holds back neither the first marks nor the count', async () => {
    const other = posteriorIndexDraw((await loadEngineNode()).kernels);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let answered = 0;
    const helper: DrawHelper = {
      draw: async (seed, posterior, rewards, discount, state) => {
        await gate;
        answered++;
        return other(posterior.alpha, posterior.beta, seed, rewards, discount, state);
      },
    };
    const engine = await loadEngineNode();
    const s = new WeeklyPlan(
      async () => planIndexFunction(engine),
      async () => new MemoryStore(),
      helper,
    );
    await s.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 300 }, seed: 4, weeks: 5 });
    const settings = { ...SETTINGS, budget: 40, draws: 9 };
    await s.create(settings, META);
    const partials: number[] = [];
    const u = await s.uncertainty((p) => partials.push(p.draws));
    expect(answered).toBe(0);
    // This thread made the first 2 (asked of the helper before the list), then its own, then the helper's others.
    expect(partials).toEqual([2]);
    open();
    const { s: alone } = await session();
    await alone.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 300 }, seed: 4, weeks: 5 });
    await alone.create(settings, META);
    expect(Array.from((await alone.uncertainty())!.membership)).toEqual(Array.from(u!.membership));
  });

  test('shows a list before it is saved; a failed save says so and the plan goes back to the stored one', async () => {
    const { s, store } = await session();
    await s.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 80 }, seed: 5, weeks: 4 });
    const first = await s.create(SETTINGS, META);
    await s.saved();
    const saveCurrentWeek = store.saveCurrentWeek.bind(store);
    store.saveCurrentWeek = async () => {
      throw new Error('the disk is full');
    };
    const second = await s.replan({ ...SETTINGS, budget: 9 }, META.policy, 2);
    expect(second.list.arms.length).toBe(9);
    await expect(s.saved()).rejects.toThrow('the disk is full');
    expect((await store.getPlan('p1'))!.plan.settings.budget).toBe(5);
    // the worker is back on the stored plan: outcomes are checked against its list of 5, not the unsaved 9
    const ids = unpackIds((await store.getPlan('p1'))!.plan.register.ids);
    const preview = await s.previewOutcomes(
      new Blob([['id,called,engaged', ...ids.map((id) => `${id},0,0`)].join('\n')]),
      'w.csv',
    );
    expect(preview.ok && preview.preview.planned).toBe(5);
    // and the chances counted are the stored list's
    expect((await s.uncertainty())!.membership.length).toBe(5);
    store.saveCurrentWeek = saveCurrentWeek;
    const third = await s.replan({ ...SETTINGS, reward: 'state' }, META.policy, 3);
    expect(third.head.updatedAt).toBe(3);
    expect(third.head.weeks).toEqual(first.head.weeks);
    await s.saved();
    expect((await store.getPlan('p1'))!.plan.settings.reward).toBe('state');
  });

  test('new rules for the week keep what was set when the plan was created (Thompson, deactivation)', async () => {
    const { s, store } = await session();
    await s.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 80 }, seed: 5, weeks: 4 });
    await s.create({ ...SETTINGS, explore: 'thompson', deactivateAfter: 6 }, META);
    await s.saved();
    // the page's rules form sends the rules it shows, without the settings fixed at creation
    await s.replan({ ...SETTINGS, budget: 9 }, META.policy, 2);
    await s.saved();
    const settings = (await store.getPlan('p1'))!.plan.settings;
    expect(settings).toMatchObject({ budget: 9, explore: 'thompson', deactivateAfter: 6 });
  });

  test('previews outcomes with every problem named, applies good ones, saves and plans the next week', async () => {
    const { s, store, whittle } = await session();
    await s.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 50 }, seed: 2, weeks: 4 });
    const view = await s.create(SETTINGS, META);
    await s.saved();
    const bad = await s.previewOutcomes(new Blob(['id,called,engaged\nnobody,1,1\n']), 'bad.csv');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.join('\n')).toBe(
      'bad.csv, column 1 ("id"): an id is not in the register, e.g. "nobody" (line 2); are these the outcomes of ' +
        "this plan's register?",
    );
    await s.saved();
    const ids = unpackIds((await store.getPlan('p1'))!.plan.register.ids);
    const called = new Set(view.lines.ids);
    const text = [
      'id,called,engaged',
      ...ids.map((id) => `${id},${called.has(id) ? 1 : 0},${called.has(id) ? 1 : 0}`),
    ].join('\n');
    const preview = await s.previewOutcomes(new Blob([text]), 'week.csv');
    expect(preview.ok && preview.preview).toMatchObject({
      rows: 50,
      called: 5,
      calledAsPlanned: 5,
      planned: 5,
      engaged: 5,
    });
    const applied = await s.apply(false, 5);
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.view.list.week).toBe(view.list.week + 1);
    expect(applied.view.weeks[0]).toMatchObject({ planned: 5, made: 5, madeAsPlanned: 5, engaged: 5 / 50 });
    expect(applied.view.head.settings.draws).toBe(SETTINGS.draws);
    const saved = (await store.listPlans())[0];
    expect(saved).toMatchObject({
      updatedAt: 5,
      weeks: [
        { week: view.list.week, applied: true },
        { week: view.list.week + 1, applied: false },
      ],
    });
    expect((await store.getPlan('p1'))!.plan.settings.draws).toBe(SETTINGS.draws);
    // the next list's uncertain places (its rules compiled again in the worker) are the core's with draws
    const next = (await store.getPlan('p1'))!.plan;
    const posterior = estimateTransitions(next.register.history, next.register.schema, next.register.features, 50, {
      groupBy: null,
    });
    const want = buildWeeklyList(next.register, SETTINGS, applied.view.list.week, { whittle, posterior });
    const u = await s.uncertainty();
    expect(u).toMatchObject({
      week: applied.view.list.week,
      uncertainCount: want.uncertainCount,
      draws: SETTINGS.draws,
    });
    expect(Array.from(u!.membership)).toEqual(Array.from(want.membership));
    await expect(s.apply(false, 6)).rejects.toThrow('no outcomes file was previewed');
  });
});
