// The plan worker's session on a register with text columns: grouped as she chooses (rare values
// merged into "other" or kept) with her bands kept, and the register handed to What-if as a
// population with the transitions and the budget the plan lists with.
import { describe, expect, test } from 'vitest';
import { registerPopulation } from '../../../../src/core/plan/register-population.ts';
import type { IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { planPosterior } from '../../../../src/core/plan/plan-state.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';
import { readRegister } from '../../../../src/pipeline/plan/register-source.ts';
import { WeeklyPlan } from '../../../../src/pipeline/plan/weekly-plan.ts';
import { MemoryStore } from '../../../../src/storage/memory-store.ts';
import { textFeaturesCsv, textHistoryCsv, TEXT_NUM } from '../../../fixtures/text-register.ts';

async function session() {
  const engine = await loadEngineNode();
  const whittle: IndexFunction = (t, r, s, d) => engine.whittleIndices(t, r, s, d).indices;
  return new WeeklyPlan(
    async () => whittle,
    async () => new MemoryStore(),
  );
}
const source = {
  kind: 'file' as const,
  file: new Blob([textHistoryCsv()]),
  fileName: 'history.csv',
  features: { file: new Blob([textFeaturesCsv()]), fileName: 'features.csv' },
  seed: 0,
};
const SETTINGS = {
  reward: 'state * (1 + (agent_feats.district == "पालघर"))',
  budget: 10,
  exclude: [],
  cooldown: 0,
  shares: [],
  seed: 1,
  draws: 0,
  priorGroup: 'language',
  level: 0.9,
};
const META = { id: 'p-text', name: 'Text plan', createdAt: 1, updatedAt: 1, policy: { kind: 'typed' as const } };

describe('a register with text columns in the plan worker', () => {
  test('its text columns are groups named as written, merged or kept as she chooses, her bands kept', async () => {
    const s = await session();
    const read = await s.loadRegister(source);
    expect(read.regroupable).toBe(true);
    expect(read.schema.groups.find((g) => g.name === 'district')!.buckets).toEqual([
      'पालघर',
      'ठाणे',
      'नाशिक',
      'Mumbai Suburban',
      'रत्नागिरी',
      'not recorded',
    ]);
    s.band('age_years', { cuts: [25, 35] });
    const merged = await s.groupText({ merge: { district: true } });
    expect(merged.schema.groups.find((g) => g.name === 'district')!).toMatchObject({
      buckets: ['पालघर', 'ठाणे', 'नाशिक', 'Mumbai Suburban', 'other', 'not recorded'],
      text: { merged: ['रत्नागिरी'] },
    });
    expect(merged.schema.groups.find((g) => g.name === 'age_years')!.edges).toEqual([25, 35]);
    const counts = merged.bucketCounts[merged.schema.groups.findIndex((g) => g.name === 'district')];
    expect(counts[4]).toBe(3);
    expect((await s.groupText({ merge: { district: false } })).schema.groups[0].buckets).toContain('रत्नागिरी');
  });

  test('a saved population cannot be grouped again: said in words', async () => {
    const s = await session();
    await s.loadRegister({ kind: 'generator', generator: 'sclm', parameters: { arms: 50 }, seed: 1, weeks: 3 });
    await expect(s.groupText({})).rejects.toThrow(
      'the text columns of a saved population were grouped when it was imported',
    );
  });

  test(
    "the open plan's register as a population: the transitions of the list, the plan's budget, her " + 'current states',
    async () => {
      const s = await session();
      await s.loadRegister(source);
      const view = await s.create(SETTINGS, META);
      await s.saved();
      const instance = s.population();
      expect(instance.numArms).toBe(TEXT_NUM);
      expect(instance.budget).toBe(10);
      expect(instance.schema).toEqual(view.summary.schema); // the register the plan lists with
      const register = await readRegister(source);
      const expected = registerPopulation(register, planPosterior(register, 'language'));
      expect(Array.from(instance.transitions)).toEqual(Array.from(expected.transitions));
      expect(Array.from(instance.initial)).toEqual(Array.from(expected.initial));
    },
  );
});
