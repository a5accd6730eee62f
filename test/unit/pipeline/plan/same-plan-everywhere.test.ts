// One plan use-case for the plan worker and `allot plan`: the same files, read through the worker's
// WeeklyPlan (a memory store, as IndexedDB in the browser) and through the command line (PLAN.json),
// give the same register, default prior group, list and uncertain places; a plan the command line
// wrote opens in WeeklyPlan and takes the next week's outcomes with the same next list. Her exports as
// programs save them (BOM, CRLF, semicolons, tabs, UTF-16 LE/BE, XLSX, a DHIS2 long table, her own
// column names and yes/no values, outcomes of the called only) give the same list as plain commas.
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
import {
  calledOnlyOutcomes,
  csvText,
  historyRows,
  longRegisterRows,
  registerRows,
  saved,
  type ExportForm,
} from '../../../fixtures/exports/her-export.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-same-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const REWARD = 'state * (1 + agent_feats[1])';
const META = { id: 'p1', name: 'app plan', createdAt: 1, updatedAt: 1, policy: { kind: 'typed' as const } };

/** 40 beneficiaries, 6 weeks: a history CSV, its features (two groups: age in bands, a yes/no), and a wide register. */
function files() {
  const history = ['id,week,state,called'];
  for (let i = 0; i < 40; i++)
    for (let w = 1; w <= 6; w++)
      history.push(`b${i},${w},${(i * 7 + w * 3) % 5 < 3 ? 1 : 0},${w < 6 && (i + w) % 4 === 0 ? 1 : 0}`);
  const features = [
    'id,age,low_income',
    ...Array.from({ length: 40 }, (_, i) => `b${i},${18 + ((i * 11) % 25)},${i % 3 === 0 ? 1 : 0}`),
  ];
  const wide = [
    'id,age,low_income,state',
    ...Array.from({ length: 40 }, (_, i) => `b${i},${18 + ((i * 11) % 25)},${i % 3 === 0 ? 1 : 0},${i % 2}`),
  ];
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
  const settings: PlanSettings = {
    reward: REWARD,
    budget,
    exclude: [],
    cooldown: 0,
    shares: [],
    seed: 0,
    draws: PLAN_DEFAULTS.draws,
    priorGroup: defaultPriorGroup(summary.schema),
    level: PLAN_DEFAULTS.level,
  };
  const view = await plan.create(settings, META);
  const u = await plan.uncertainty();
  return { summary, ids: view.lines.ids, uncertain: u?.uncertainCount ?? 0 };
}

/** The command line's path on the same files, with its defaults. */
async function onTheCommandLine(
  register: string,
  features: string | null,
  budget: number,
  state: string,
  extra: string[] = [],
) {
  const r = await runMain([
    'plan',
    '--register',
    at(register),
    ...(features ? ['--features', at(features)] : []),
    '--reward',
    REWARD,
    '--budget',
    String(budget),
    '--state',
    at(state),
    ...extra,
    '--json',
  ]);
  expect(r.stderr).toBe('');
  const out = JSON.parse(r.stdout);
  return {
    ids: out.calls.map((c: { id: string }) => c.id) as string[],
    uncertain: out.uncertain as number,
    columns: out.columns as { name: string; use: string; file: string }[],
  };
}

describe('the same files give the same plan in the app and on the command line', () => {
  test(
    'a history CSV (UTF-8) with a features CSV (CRLF): the same groups, prior group, list and ' + 'uncertain places',
    async () => {
      const f = files();
      writeFileSync(at('history.csv'), f.history);
      writeFileSync(at('features.csv'), f.features);
      const app = await inTheApp(
        {
          kind: 'file',
          ...(await namedFile(at('history.csv'))),
          features: await namedFile(at('features.csv')),
          seed: 0,
        },
        6,
      );
      const cli = await onTheCommandLine('history.csv', 'features.csv', 6, 'h.json');
      expect(app.summary.schema.groups.map((g) => g.name)).toEqual(['age', 'low_income']);
      expect(defaultPriorGroup(app.summary.schema)).toBe('age');
      expect(cli.ids).toEqual(app.ids);
      expect(cli.uncertain).toBe(app.uncertain);
      expect(cli.uncertain).toBeGreaterThan(0);
    },
  );

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

  test(
    "a plan the command line wrote opens in the app's use-case and takes the week's outcomes to the " +
      'same next list',
    async () => {
      const f = files();
      writeFileSync(at('history2.csv'), f.history);
      writeFileSync(at('features2.csv'), f.features);
      const created = await onTheCommandLine('history2.csv', 'features2.csv', 6, 'p.json');
      const ids = JSON.parse(readFileSync(at('p.json'), 'utf8')).register.ids as string[];
      const called = new Set(created.ids);
      writeFileSync(
        at('week6.csv'),
        'id,called,engaged\n' +
          ids.map((id, i) => `${id},${called.has(id) ? 1 : 0},${i % 3 === 0 ? 0 : 1}`).join('\n') +
          '\n',
      );
      // the app's use-case on a copy of the file
      writeFileSync(at('p-app.json'), readFileSync(at('p.json')));
      const store = new PlanFileStore(at('p-app.json'));
      const plan = new WeeklyPlan(whittle, async () => store);
      await plan.open((await store.read())!.id);
      const preview = await plan.previewOutcomes(new Blob([readFileSync(at('week6.csv'))]), 'week6.csv');
      expect(preview.ok).toBe(true);
      const applied = await plan.apply(false, 2);
      if (!applied.ok) throw new Error(applied.errors.join('\n'));
      const cli = await runMain([
        'plan',
        '--state',
        at('p.json'),
        '--outcomes',
        at('week6.csv'),
        '--out',
        at('next.csv'),
      ]);
      expect(cli.code).toBe(0);
      expect(parseCsv(readFileSync(at('next.csv'), 'utf8')).rows.map((r) => r.fields[0])).toEqual(
        applied.view.lines.ids,
      );
      expect(JSON.parse(readFileSync(at('p-app.json'), 'utf8')).weeks).toEqual(
        JSON.parse(readFileSync(at('p.json'), 'utf8')).weeks,
      );
    },
  );
});

describe('her exports as they come give the same list in the app and on the command line', () => {
  /** Writes her history and register in a form; returns their paths' names. */
  function write(form: ExportForm, tag: string, register = registerRows()): { history: string; features: string } {
    const h = saved(historyRows(), form, `history-${tag}`),
      f = saved(register, form, `register-${tag}`);
    writeFileSync(at(h.name), h.bytes);
    writeFileSync(at(f.name), f.bytes);
    return { history: h.name, features: f.name };
  }
  const inApp = async (files: { history: string; features: string }) =>
    inTheApp(
      { kind: 'file', ...(await namedFile(at(files.history))), features: await namedFile(at(files.features)), seed: 0 },
      8,
    );

  let baseline: string[];
  test('commas (her names guessed: Beneficiary ID, Week, Listened, Called; name and phone carried)', async () => {
    const files = write('csv', 'plain');
    const app = await inApp(files);
    const cli = await onTheCommandLine(files.history, files.features, 8, 'plain.json');
    baseline = app.ids;
    expect(cli.ids).toEqual(baseline);
    expect(app.summary.schema.columns.map((c) => c.label)).toEqual(['age_years', 'low_income', 'parity']);
    expect(app.summary.carry).toEqual(['name', 'phone']);
    expect(cli.columns.filter((c) => c.use !== 'feature').map((c) => `${c.file}/${c.name}:${c.use}`)).toEqual([
      'history-plain.csv/Beneficiary ID:id',
      'history-plain.csv/Week:week',
      'history-plain.csv/Listened:state',
      'history-plain.csv/Called:called',
      'register-plain.csv/beneficiary_id:id',
      'register-plain.csv/name:carry',
      'register-plain.csv/phone:carry',
    ]);
  });

  test.each<[ExportForm]>([['csv-crlf-bom'], ['semicolons'], ['tabs-utf16le'], ['utf16be'], ['xlsx']])(
    '%s',
    async (form) => {
      const files = write(form, form);
      const app = await inApp(files);
      const cli = await onTheCommandLine(files.history, files.features, 8, `${form}.json`);
      expect(app.ids).toEqual(baseline);
      expect(cli.ids).toEqual(baseline);
    },
  );

  test('the register as a long attribute table (DHIS2 tracked entities)', async () => {
    const h = saved(historyRows(), 'csv', 'history-long');
    writeFileSync(at(h.name), h.bytes);
    writeFileSync(at('te.csv'), csvText(longRegisterRows()));
    const app = await inApp({ history: h.name, features: 'te.csv' });
    const cli = await onTheCommandLine(h.name, 'te.csv', 8, 'long.json');
    expect(app.ids).toEqual(baseline);
    expect(cli.ids).toEqual(baseline);
    expect(cli.columns.filter((c) => c.file === 'te.csv').map((c) => `${c.name}:${c.use}`)).toEqual([
      'trackedEntity:id',
      'trackedEntityType:ignored',
      'createdAt:ignored',
      'name:carry',
      'phone:carry',
      'age_years:feature',
      'low_income:feature',
      'parity:feature',
    ]);
  });

  test("ids under other names, named on the command line and in the app's mapping", async () => {
    const rename = (rows: string[][], from: string, to: string) => [
      rows[0].map((h) => (h === from ? to : h)),
      ...rows.slice(1),
    ];
    writeFileSync(
      at('h-case.csv'),
      csvText(rename(rename(historyRows(), 'Beneficiary ID', 'Mother'), 'Listened', 'Picked up')),
    );
    writeFileSync(at('r-case.csv'), csvText(rename(registerRows(), 'beneficiary_id', 'Case ID')));
    const mapping = { id: 'Mother', state: 'Picked up' };
    const app = await inTheApp(
      {
        kind: 'file',
        ...(await namedFile(at('h-case.csv'))),
        features: { ...(await namedFile(at('r-case.csv'))), mapping: { id: 'Case ID' } },
        mapping,
        seed: 0,
      },
      8,
    );
    const cli = await onTheCommandLine('h-case.csv', 'r-case.csv', 8, 'case.json', [
      '--id-column',
      'Mother',
      '--state-column',
      'Picked up',
    ]);
    expect(app.ids).toEqual(baseline);
    expect(cli.ids).toEqual(baseline);
    // without her names the id is guessed (Case ID) and the history's is not: said with the columns it has
    const r = await runMain([
      'plan',
      '--register',
      at('h-case.csv'),
      '--features',
      at('r-case.csv'),
      '--reward',
      REWARD,
      '--budget',
      '8',
      '--state',
      at('case2.json'),
    ]);
    expect(r.stderr).toContain(
      'h-case.csv, line 1: no column was found for the id, the state; a history needs a column each for the id, ' +
        'week, state and call',
    );
  });

  test("the week's outcomes of the called mothers only (her id column, yes/no) give the same next list", async () => {
    const files = write('semicolons', 'next');
    await onTheCommandLine(files.history, files.features, 8, 'next.json');
    writeFileSync(at('next-app.json'), readFileSync(at('next.json')));
    const listed = JSON.parse(readFileSync(at('next.json'), 'utf8')).register.ids as string[];
    const store = new PlanFileStore(at('next-app.json'));
    const plan = new WeeklyPlan(whittle, async () => store);
    const opened = await plan.open((await store.read())!.id);
    writeFileSync(at('week8.csv'), csvText(calledOnlyOutcomes(opened.lines.ids), ';'));
    const preview = await plan.previewOutcomes(new Blob([readFileSync(at('week8.csv'))]), 'week8.csv');
    if (!preview.ok) throw new Error(preview.errors.join('\n'));
    expect(preview.preview).toMatchObject({ rows: 8, called: 8, unobserved: listed.length - 8 });
    const applied = await plan.apply(false, 2);
    if (!applied.ok) throw new Error(applied.errors.join('\n'));
    const cli = await runMain([
      'plan',
      '--state',
      at('next.json'),
      '--outcomes',
      at('week8.csv'),
      '--out',
      at('next9.csv'),
    ]);
    expect(cli.code).toBe(0);
    const next = parseCsv(readFileSync(at('next9.csv'), 'utf8'));
    expect(next.header.slice(0, 4)).toEqual(['id', 'name', 'phone', 'rank']);
    expect(next.rows.map((r) => r.fields[0])).toEqual(applied.view.lines.ids);
  });
});
