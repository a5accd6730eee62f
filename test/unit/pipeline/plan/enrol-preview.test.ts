// A week's enrolments checked at the preview, before Apply (issue 26): an id on two rows of the file, an id
// already in the register (one who left included) and an empty id are named with the file, the line and the
// id, and nothing is applied; a good file previews with its count. A register whose transitions are given
// refuses enrolments at the preview, saying why. Through the plan worker's session in Node (the real core,
// the Node engine, a memory store).
import { describe, expect, test } from 'vitest';
import type { IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { planIndexFunction } from '../../../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';
import { WeeklyPlan } from '../../../../src/pipeline/plan/weekly-plan.ts';
import { MemoryStore } from '../../../../src/storage/memory-store.ts';

const N = 30;
const history = ['id,week,state,called'];
for (let w = 1; w <= 6; w++)
  for (let i = 0; i < N; i++) history.push(`m${i},${w},${(i * w) % 3 === 0 ? 1 : 0},${(i + w) % 4 === 0 ? 1 : 0}`);
const features = 'id,age\n' + Array.from({ length: N }, (_, i) => `m${i},${20 + (i % 15)}`).join('\n') + '\n';
const SETTINGS = {
  reward: 'state',
  budget: 5,
  exclude: [],
  cooldown: 0,
  shares: [],
  seed: 3,
  draws: 0,
  priorGroup: null,
  level: 0.9,
};
const META = { id: 'p1', name: 'Enrol', createdAt: 1, updatedAt: 1, policy: { kind: 'typed' as const } };
const blob = (text: string) => new Blob([text]);

async function session(registerText: string, featuresText?: string): Promise<WeeklyPlan> {
  const engine = await loadEngineNode();
  const whittle: IndexFunction = planIndexFunction(engine);
  const store = new MemoryStore();
  const s = new WeeklyPlan(
    async () => whittle,
    async () => store,
  );
  await s.loadRegister({
    kind: 'file',
    file: blob(registerText),
    fileName: 'register.csv',
    seed: 1,
    ...(featuresText && { features: { file: blob(featuresText), fileName: 'features.csv' } }),
  });
  await s.create(SETTINGS, META);
  return s;
}

const outcomes = 'id,called,engaged\n' + Array.from({ length: N }, (_, i) => `m${i},0,${i % 2}`).join('\n') + '\n';

describe('enrolments at the preview', () => {
  test('an id on two rows, an id already in the register, an empty id: file, line and id, before Apply', async () => {
    const s = await session(history.join('\n') + '\n', features);
    // m4 leaves this week: her id stays hers all the same
    const enrol = 'id,state,age\nn1,1,25\nm3,0,30\nn2,1,22\nn1,0,31\n,1,40\nm4,1,33\n';
    const changes = {
      enrol: { file: blob(enrol), fileName: 'new.csv' },
      exits: { ids: ['m4'], fileName: 'left.csv' },
    };
    const bad = await s.previewOutcomes(blob(outcomes), 'week.csv', false, undefined, changes);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors).toEqual([
      'new.csv, line 3: the id "m3" is already in the register; a new mother needs a new id',
      'new.csv, line 5: the id "n1" is on two rows (also line 2); a mother joins once',
      'new.csv, line 6: the id is empty; each new mother needs her own id',
      'new.csv, line 7: the id "m4" is already in the register; a new mother needs a new id',
    ]);
    // nothing was applied: the preview stands refused, and a good file previews with its count
    await expect(s.apply(false, 1)).rejects.toThrow();
    const good = {
      ...changes,
      enrol: { file: blob('id,state,age\nn1,1,25\nn2,0,30\n'), fileName: 'new.csv' },
    };
    const ok = await s.previewOutcomes(blob(outcomes), 'week.csv', false, undefined, good);
    expect(ok.ok).toBe(true);
    expect(ok.ok && ok.preview.notes.join('\n')).toContain('2 mothers join the program (new.csv), from the prior');
  });

  test('a register of given transitions refuses enrolments at the preview, saying why', async () => {
    const given =
      'id,state,age,q00,q01,q10,q11\n' +
      Array.from({ length: N }, (_, i) => `m${i},${i % 2},${20 + (i % 15)},0.2,0.5,0.6,0.9`).join('\n') +
      '\n';
    const s = await session(given);
    const changes = { enrol: { file: blob('id,state,age\nn1,1,25\n'), fileName: 'new.csv' } };
    const r = await s.previewOutcomes(blob(outcomes), 'week.csv', false, undefined, changes);
    expect(r.ok).toBe(false);
    const said = !r.ok && r.errors.join('\n');
    expect(said).toMatch(/^new\.csv: this register gives every mother's transitions, so a new mother would need hers/);
    expect(said).toMatch(/Enrolments need a register whose transitions are estimated from its history$/);
  });
});
