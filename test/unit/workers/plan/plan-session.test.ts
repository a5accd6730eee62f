// The plan worker's session in Node, with the real plan core and the Node engine: what the page is
// given (summary, list lines, packed plan, weeks) and the outcomes step (preview, then apply).
import { describe, expect, test } from 'vitest';
import { unpackIds } from '../../../../src/core/plan/packed-plan.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';
import { bucketText, PlanSession } from '../../../../src/workers/plan/plan-session.ts';

async function session() {
  const engine = await loadEngineNode();
  return new PlanSession(async () => (t, r, s, d) => engine.whittleIndices(t, r, s, d).indices);
}

const SETTINGS = { reward: 'state * (1 + agent_feats[0])', budget: 5, exclude: [], cooldown: 0, shares: [], seed: 3, draws: 5, priorGroup: null, level: 0.9 };

describe('the plan worker session', () => {
  test('refuses to plan or take outcomes before a register or a plan is there', async () => {
    const s = await session();
    await expect(s.create(SETTINGS)).rejects.toThrow('no register is loaded');
    await expect(s.previewOutcomes(new Blob(['id,called,engaged\n']), 'w.csv')).rejects.toThrow('no plan is open');
  });

  test('draws a register, makes a list whose lines carry ids and buckets, and packs the plan to store', async () => {
    const s = await session();
    const summary = await s.loadRegister({ kind: 'generator', name: 'sclm', parameters: { arms: 200 }, seed: 1, weeks: 6 });
    expect(summary).toMatchObject({ numArms: 200, numStates: 2, weeks: 6, transitionsGiven: false });
    expect(summary.bucketCounts.map((c) => c.reduce((a, b) => a + b, 0))).toEqual(summary.schema.groups.map(() => 200));
    const view = await s.create(SETTINGS);
    expect(view.list.arms.length).toBe(5);
    const ids = unpackIds(view.packed.register.ids);
    expect(view.lines.ids).toEqual(Array.from(view.list.arms, (arm) => ids[arm]));
    expect(view.lines.buckets).toHaveLength(5);
    expect(view.weeks.map((w) => [w.week, w.planned, w.made])).toEqual([[summary.currentWeek, 5, null]]);
    // reopening the stored plan gives the same list (the seed is recorded)
    const again = await (await session()).open(view.packed);
    expect(Array.from(again.list.arms)).toEqual(Array.from(view.list.arms));
  });

  test('previews outcomes with every problem named, applies good ones, and plans the next week', async () => {
    const s = await session();
    await s.loadRegister({ kind: 'generator', name: 'sclm', parameters: { arms: 50 }, seed: 2, weeks: 4 });
    const view = await s.create(SETTINGS);
    const bad = await s.previewOutcomes(new Blob(['id,called,engaged\nnobody,1,1\n']), 'bad.csv');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.join('\n')).toMatch(/bad\.csv, line 2/);
    const ids = unpackIds(view.packed.register.ids);
    const called = new Set(view.lines.ids);
    const text = ['id,called,engaged', ...ids.map((id) => `${id},${called.has(id) ? 1 : 0},${called.has(id) ? 1 : 0}`)].join('\n');
    const preview = await s.previewOutcomes(new Blob([text]), 'week.csv');
    expect(preview.ok && preview.preview).toMatchObject({ rows: 50, called: 5, calledAsPlanned: 5, planned: 5, engaged: 5 });
    const applied = await s.apply(false);
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.view.list.week).toBe(view.list.week + 1);
    expect(applied.view.weeks[0]).toMatchObject({ planned: 5, made: 5, madeAsPlanned: 5, engaged: 5 / 50 });
    await expect(s.apply(false)).rejects.toThrow('no outcomes file was previewed');
  });

  test('names a bucket alone when it says enough, with its group when it is only a range', () => {
    expect(bucketText('Language', 'Speaks Hindi')).toBe('Speaks Hindi');
    expect(bucketText('age', '<= 25')).toBe('age <= 25');
    expect(bucketText('phone', 'yes')).toBe('phone yes');
  });
});
