// Applying a week's outcomes in the plan worker estimates the register after the week once: the core's
// applyOutcomes estimates through the list maker, which keeps the estimate for the next list's posterior
// draws (10^6 beneficiaries cost over a second per estimate). The estimator is the real one, counted by
// a spy around it; the next list and its uncertain places are those made the old way (the core's
// applyOutcomes with its own estimate, and a fresh estimate for the draws).
import { describe, expect, test, vi } from 'vitest';
import * as estimator from '../../../../src/core/plan/estimate-transitions.ts';
import { parseOutcomesCsv } from '../../../../src/core/datasets/outcomes-csv.ts';
import { applyOutcomes } from '../../../../src/core/plan/apply-outcomes.ts';
import { unpackIds } from '../../../../src/core/plan/packed-ids.ts';
import type { IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { planIndexFunction } from '../../../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';
import { MemoryStore } from '../../../../src/storage/memory-store.ts';
import { WeeklyPlan } from '../../../../src/pipeline/plan/weekly-plan.ts';

vi.mock('../../../../src/core/plan/estimate-transitions.ts', async (real) => {
  const module = await real<typeof import('../../../../src/core/plan/estimate-transitions.ts')>();
  return { ...module, estimateTransitions: vi.fn(module.estimateTransitions) };
});
const estimations = vi.mocked(estimator.estimateTransitions);

const SETTINGS = {
  reward: 'state * (1 + agent_feats[0])',
  budget: 12,
  exclude: [],
  cooldown: 1,
  shares: [],
  seed: 7,
  draws: 6,
  priorGroup: null,
  level: 0.9,
};
const META = { id: 'p1', name: 'Test plan', createdAt: 1, updatedAt: 1, policy: { kind: 'typed' as const } };

describe("the plan worker applying a week's outcomes", () => {
  test(
    'estimates once for the next list and its uncertain places, which are bit for bit those made ' + 'the old way',
    async () => {
      const engine = await loadEngineNode();
      const whittle: IndexFunction = planIndexFunction(engine);
      const store = new MemoryStore();
      const s = new WeeklyPlan(
        async () => whittle,
        async () => store,
      );
      const summary = await s.loadRegister({
        kind: 'generator',
        generator: 'sclm',
        parameters: { arms: 300 },
        seed: 6,
        weeks: 6,
      });
      const settings = { ...SETTINGS, priorGroup: summary.schema.groups[0].name };
      const view = await s.create(settings, META);
      await s.saved();
      const before = (await store.getPlan('p1'))!.plan;
      const ids = unpackIds((await store.getPlan('p1'))!.plan.register.ids);
      const called = new Set(view.lines.ids);
      const text = [
        'id,called,engaged',
        ...ids.map((id, arm) => `${id},${called.has(id) ? 1 : 0},${(arm * 7) % 3 === 0 ? 1 : 0}`),
      ].join('\n');
      expect((await s.previewOutcomes(new Blob([text]), 'week.csv')).ok).toBe(true);

      estimations.mockClear();
      const applied = await s.apply(false, 5);
      if (!applied.ok) throw new Error(applied.errors.join('\n'));
      const u = await s.uncertainty();
      expect(estimations).toHaveBeenCalledTimes(1);
      expect(estimations.mock.calls[0][4]).toEqual({ groupBy: settings.priorGroup });

      // The old way: the core applies the outcomes with its own estimate (the list without draws, as the worker shows
      // it) ...
      const parsed = parseOutcomesCsv(text, before.register.ids, 2, 'week.csv');
      if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
      const old = applyOutcomes({ ...before, settings: { ...settings, draws: 0 } }, parsed.outcomes, whittle);
      if (!old.ok) throw new Error(old.errors.join('\n'));
      expect(applied.view.list.arms.length).toBe(12);
      expect(applied.view.list).toEqual(old.list);
      expect(Array.from(new Uint8Array(applied.view.list.index.buffer))).toEqual(
        Array.from(new Uint8Array(old.list.index.buffer)),
      );
      expect(Array.from(new Uint8Array(applied.view.list.intervals.buffer))).toEqual(
        Array.from(new Uint8Array(old.list.intervals.buffer)),
      );
      // ... and the draws count on a fresh estimate: another session opening the saved plan.
      await s.saved();
      const other = new WeeklyPlan(
        async () => whittle,
        async () => store,
      );
      const reopened = await other.open('p1');
      expect(reopened.list).toEqual(applied.view.list);
      const fresh = await other.uncertainty();
      expect(u).not.toBeNull();
      expect(u!.uncertainCount).toBeGreaterThan(0);
      expect(u).toEqual(fresh);
      expect(estimations).toHaveBeenCalledTimes(3);
    },
  );
});
