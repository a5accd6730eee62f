// One plan use-case for the plan worker and `allot plan`: the same files, read through the worker's
// WeeklyPlan (a memory store, as IndexedDB in the browser) and through the command line (PLAN.json),
// give the same register, default prior group, list and uncertain places; a plan the command line
// wrote opens in WeeklyPlan and takes the next week's outcomes with the same next list.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../../../src/core/datasets/csv.ts';
import { defaultPriorGroup, PLAN_DEFAULTS, type PlanSettings } from '../../../../src/core/plan/plan-settings.ts';
import type { IndexFunction } from '../../../../src/core/plan/weekly-list.ts';
import { planIndexFunction } from '../../../../src/engine/beta-sampler.ts';
import { loadEngineNode } from '../../../../src/engine/load-node.ts';
import { PlanFileStore } from '../../../../src/cli/plan-file-store.ts';
import { namedFile } from '../../../../src/cli/read-text-file.ts';
import type { RegisterSource } from '../../../../src/pipeline/plan/register-source.ts';
import { WeeklyPlan } from '../../../../src/pipeline/plan/weekly-plan.ts';
import { MemoryStore } from '../../../../src/storage/memory-store.ts';
import { runMain } from '../../cli/run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-same-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const REWARD = 'state * (1 + agent_feats[1])';
const META = { id: 'p1', name: 'app plan', createdAt: 1, updatedAt: 1, policy: { kind: 'typed' as const } };

/** 40 beneficiaries, 6 weeks: a history CSV, its features (two groups: age in bands, a yes/no), and a wide register. */
function files() {
  const history = ['id,week,state,called'];
  for (let i = 0; i < 40; i++) for (let w = 1; w <= 6; w++) history.push(`b${i},${w},${(i * 7 + w * 3) % 5 < 3 ? 1 : 0},${w < 6 && (i + w) % 4 === 0 ? 1 : 0}`);
  const features = ['id,age,low_income', ...Array.from({ length: 40 }, (_, i) => `b${i},${18 + ((i * 11) % 25)},${i % 3 === 0 ? 1 : 0}`)];
  const wide = ['id,age,low_income,state', ...Array.from({ length: 40 }, (_, i) => `b${i},${18 + ((i * 11) % 25)},${i % 3 === 0 ? 1 : 0},${i % 2}`)];
  return { history: history.join('\n') + '\n', features: features.join('\r\n') + '\r\n', wide: wide.join('\n') + '\n' };
}

/** UTF-16 little endian with a byte order mark, as a spreadsheet saves "Unicode text". */
const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);

async function whittle(): Promise<IndexFunction> {
  const engine = await loadEngineNode();
  return planIndexFunction(engine);
}

/** The worker's path: the register read by WeeklyPlan, the settings the Plan screen's form starts from. */
async function inTheApp(source: RegisterSource, budget: number) {
  const plan = new WeeklyPlan(whittle, async () => new MemoryStore());
  const summary = await plan.loadRegister(source);
  const settings: PlanSettings = { reward: REWARD, budget, exclude: [], cooldown: 0, shares: [], seed: 0, draws: PLAN_DEFAULTS.draws, priorGroup: defaultPriorGroup(summary.schema), level: PLAN_DEFAULTS.level };
  const view = await plan.create(settings, META);
  const u = await plan.uncertainty();
  return { summary, ids: view.lines.ids, uncertain: u?.uncertainCount ?? 0 };
}

/** The command line's path on the same files, with its defaults. */
async function onTheCommandLine(register: string, features: string | null, budget: number, state: string) {
  const r = await runMain(['plan', '--register', at(register), ...(features ? ['--features', at(features)] : []), '--reward', REWARD, '--budget', String(budget), '--state', at(state), '--json']);
  expect(r.stderr).toBe('');
  const out = JSON.parse(r.stdout);
  return { ids: out.calls.map((c: { id: string }) => c.id) as string[], uncertain: out.uncertain as number };
}

describe('the same files give the same plan in the app and on the command line', () => {
  test('a history CSV (UTF-8) with a features CSV (CRLF): the same groups, prior group, list and uncertain places', async () => {
    const f = files();
    writeFileSync(at('history.csv'), f.history);
    writeFileSync(at('features.csv'), f.features);
    const app = await inTheApp({ kind: 'file', ...(await namedFile(at('history.csv'))), features: await namedFile(at('features.csv')), seed: 0 }, 6);
    const cli = await onTheCommandLine('history.csv', 'features.csv', 6, 'h.json');
    expect(app.summary.schema.groups.map((g) => g.name)).toEqual(['age', 'low_income']);
    expect(defaultPriorGroup(app.summary.schema)).toBe('age');
    expect(cli.ids).toEqual(app.ids);
    expect(cli.uncertain).toBe(app.uncertain);
    expect(cli.uncertain).toBeGreaterThan(0);
  });

  test('a wide register saved as UTF-16 reads as its UTF-8 twin, in both', async () => {
    const f = files();
    writeFileSync(at('wide.csv'), f.wide);
    writeFileSync(at('wide-16.csv'), utf16(f.wide));
    const app8 = await inTheApp({ kind: 'file', ...(await namedFile(at('wide.csv'))), seed: 0 }, 5);
    const app16 = await inTheApp({ kind: 'file', ...(await namedFile(at('wide-16.csv'))), seed: 0 }, 5);
    const cli16 = await onTheCommandLine('wide-16.csv', null, 5, 'w16.json');
    expect(app16.ids).toEqual(app8.ids);
    expect(cli16.ids).toEqual(app8.ids);
    expect(app16.summary.sampleIds).toEqual(app8.summary.sampleIds);
  });

  test('a plan the command line wrote opens in the app\'s use-case and takes the week\'s outcomes to the same next list', async () => {
    const f = files();
    writeFileSync(at('history2.csv'), f.history);
    writeFileSync(at('features2.csv'), f.features);
    const created = await onTheCommandLine('history2.csv', 'features2.csv', 6, 'p.json');
    const ids = JSON.parse(readFileSync(at('p.json'), 'utf8')).register.ids as string[];
    const called = new Set(created.ids);
    writeFileSync(at('week6.csv'), 'id,called,engaged\n' + ids.map((id, i) => `${id},${called.has(id) ? 1 : 0},${i % 3 === 0 ? 0 : 1}`).join('\n') + '\n');
    // the app's use-case on a copy of the file
    writeFileSync(at('p-app.json'), readFileSync(at('p.json')));
    const store = new PlanFileStore(at('p-app.json'));
    const plan = new WeeklyPlan(whittle, async () => store);
    await plan.open((await store.read())!.id);
    const preview = await plan.previewOutcomes(new Blob([readFileSync(at('week6.csv'))]), 'week6.csv');
    expect(preview.ok).toBe(true);
    const applied = await plan.apply(false, 2);
    if (!applied.ok) throw new Error(applied.errors.join('\n'));
    const cli = await runMain(['plan', '--state', at('p.json'), '--outcomes', at('week6.csv'), '--out', at('next.csv')]);
    expect(cli.code).toBe(0);
    expect(parseCsv(readFileSync(at('next.csv'), 'utf8')).rows.map((r) => r.fields[0])).toEqual(applied.view.lines.ids);
    expect(JSON.parse(readFileSync(at('p-app.json'), 'utf8')).weeks).toEqual(JSON.parse(readFileSync(at('p.json'), 'utf8')).weeks);
  });
});
