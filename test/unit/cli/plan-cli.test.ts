// `allot plan` in process through main(), with the real register parsers, estimator and WASM engine:
// the contract of issue 13 (flags, --json shape, calls.csv columns), week after week, and bad input
// refused with nothing saved.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../../src/core/datasets/csv.ts';
import { readSheet, readZip } from '../core/export/read-xlsx.ts';
import { runMain } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const REWARD = 'state * (1 + 2 * agent_feats.age_51_60)';
const CREATE = [
  'plan',
  '--register',
  'dlm',
  '--arms',
  '600',
  '--weeks',
  '8',
  '--reward',
  REWARD,
  '--budget',
  '40',
  '--seed',
  '3',
  '--draws',
  '4',
];

/** The week's outcomes for a plan file: the listed ids called, engaged drawn by a fixed rule. */
function outcomesFor(planPath: string, callsPath: string, flip = 0): string {
  const plan = JSON.parse(readFileSync(planPath, 'utf8'));
  const called = new Set(parseCsv(readFileSync(callsPath, 'utf8').slice(1)).rows.map((r) => r.fields[0]));
  return (
    'id,called,engaged\n' +
    plan.register.ids
      .map((id: string, i: number) => `${id},${called.has(id) ? 1 : 0},${(i * 7 + flip) % 3 === 0 ? 1 : 0}`)
      .join('\n') +
    '\n'
  );
}

describe('allot plan', () => {
  test("creates a plan: --json has the contract's shape, calls.csv its columns, and a seed reproduces it", async () => {
    const r = await runMain([...CREATE, '--state', at('a.json'), '--out', at('a.csv'), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.week).toBe(8);
    expect(out.calls).toHaveLength(40);
    const keys = ['id', 'rank', 'index', 'default_rank', 'reason', 'reason_detail', 'chance', 'borderline'];
    expect(Object.keys(out.calls[0])).toEqual(keys);
    expect(out.calls.map((c: { rank: number }) => c.rank)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (let i = 1; i < 40; i++) expect(out.calls[i].index).toBeLessThanOrEqual(out.calls[i - 1].index);
    // a plain reason of at most 100 characters; the term-by-term account beside it; her chance and the mark (20-80%)
    const moved = '[\\d,]+ places? (higher|lower) than the default';
    const kinds = new RegExp(`^(same place as the default|brought in by the .+ minimum|.+: ${moved}|${moved}, as .+)$`);
    for (const c of out.calls) {
      expect(c.reason.length).toBeLessThanOrEqual(100);
      expect(c.reason).toMatch(kinds);
      expect(c.reason_detail).toMatch(/(up from|down from|same as) default rank \d+/);
      expect(c.chance * 4).toBe(Math.round(c.chance * 4));
      expect(c.borderline).toBe(c.chance >= 0.2 && c.chance <= 0.8);
    }
    expect(out.borderline).toBe(out.calls.filter((c: { borderline: boolean }) => c.borderline).length);
    const advice = 'If a call must be dropped, drop a borderline one';
    expect(out.chance_sentences[0]).toMatch(
      new RegExp(`^${out.borderline} of 40 calls (is|are) borderline: .* ${advice}`),
    );
    expect(Object.keys(out.groups[0])).toEqual(['group', 'bucket', 'share_calls', 'share_default', 'share_population']);
    expect(out.sentences[0]).toMatch(/^this priority moves \d+ of 40 calls to Ages 51-60/);
    const text = readFileSync(at('a.csv'), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const csv = parseCsv(text.slice(1));
    expect(csv.header.slice(0, 9)).toEqual([
      'id',
      'rank',
      'reason',
      'chance',
      'borderline',
      'index',
      'default_rank',
      'features',
      'Gestational age at enrolment',
    ]);
    expect(csv.header.slice(-2)).toEqual(['reason_detail', 'index_full']);
    expect(csv.rows.map((row) => row.fields[0])).toEqual(out.calls.map((c: { id: string }) => c.id));
    // the plain reason and its account (as --json's), chance, mark, index rounded and whole, buckets, raw values
    expect(csv.rows.map((row) => row.fields[2])).toEqual(out.calls.map((c: { reason: string }) => c.reason));
    type Call = { id: string; reason_detail: string; borderline: boolean };
    expect(csv.rows.map((row) => row.fields.at(-2))).toEqual(out.calls.map((c: Call) => c.reason_detail));
    expect(csv.rows.some((row) => row.fields.at(-2)!.includes('% of posterior draws'))).toBe(true);
    expect(csv.rows.map((row) => Number(row.fields[3]))).toEqual(out.calls.map((c: { chance: number }) => c.chance));
    expect(csv.rows.map((row) => row.fields[4])).toEqual(out.calls.map((c: Call) => (c.borderline ? 'yes' : 'no')));
    expect(csv.rows.map((row) => Number(row.fields.at(-1)))).toEqual(out.calls.map((c: { index: number }) => c.index));
    for (const row of csv.rows) expect(Number(row.fields[5])).toBe(Number(Number(row.fields.at(-1)).toPrecision(4)));
    for (const row of csv.rows) expect(row.fields[7]).toMatch(/Ages [^·]+ · /);
    expect(csv.rows.every((row) => Number.isFinite(Number(row.fields[8])) && row.fields[8] !== '')).toBe(true);
    const again = await runMain([...CREATE, '--state', at('b.json'), '--out', at('b.csv'), '--json']);
    expect(again.stdout).toBe(r.stdout);
    // the same plan, but for who it is (a new id, the name of its file, the time it was made)
    const [a, b] = ['a.json', 'b.json'].map((f) => JSON.parse(readFileSync(at(f), 'utf8')));
    expect([a.name, b.name]).toEqual(['a', 'b']);
    for (const who of ['id', 'name', 'createdAt', 'updatedAt']) (delete a[who], delete b[who]);
    expect(b).toEqual(a);
  });

  test(
    "applies a week's outcomes and writes the next list; the same week twice is refused with PLAN.json " +
      'unchanged; --replace replaces it',
    async () => {
      expect((await runMain([...CREATE, '--cooldown', '1', '--state', at('w.json'), '--out', at('w8.csv')])).code).toBe(
        0,
      );
      writeFileSync(at('week8.csv'), outcomesFor(at('w.json'), at('w8.csv')));
      const next = await runMain([
        'plan',
        '--state',
        at('w.json'),
        '--outcomes',
        at('week8.csv'),
        '--out',
        at('w9.csv'),
        '--json',
      ]);
      expect(next.stderr).toBe('');
      const week9 = JSON.parse(next.stdout);
      expect(week9.week).toBe(9);
      // Cooldown 1: nobody called in week 8 is called in week 9.
      const called8 = new Set(parseCsv(readFileSync(at('w8.csv'), 'utf8').slice(1)).rows.map((r) => r.fields[0]));
      for (const c of week9.calls) expect(called8.has(c.id)).toBe(false);
      const saved = readFileSync(at('w.json'), 'utf8');
      const twice = await runMain(['plan', '--state', at('w.json'), '--outcomes', at('week8.csv')]);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toContain('nothing was saved');
      expect(twice.stderr).toContain(
        'week8.csv has the same rows as the outcomes of week 8, already applied (from week8.csv)',
      );
      expect(twice.stderr).toContain(
        "To apply it anyway, run the command again with --yes; to replace week 8's outcomes instead, with --replace.",
      );
      expect(readFileSync(at('w.json'), 'utf8')).toBe(saved);
      writeFileSync(at('week8b.csv'), outcomesFor(at('w.json'), at('w8.csv'), 1));
      const replaced = await runMain([
        'plan',
        '--state',
        at('w.json'),
        '--outcomes',
        at('week8b.csv'),
        '--replace',
        '--json',
      ]);
      expect(replaced.stderr).toBe('');
      expect(JSON.parse(replaced.stdout).week).toBe(9);
    },
  );

  test('refuses bad outcomes, naming file, line and column, and saves nothing', async () => {
    expect((await runMain([...CREATE, '--state', at('bad.json'), '--out', at('bad.csv')])).code).toBe(0);
    const saved = readFileSync(at('bad.json'), 'utf8');
    const text = outcomesFor(at('bad.json'), at('bad.csv')).replace(/\n0,/, '\nnobody,');
    writeFileSync(at('bad-week.csv'), text);
    const r = await runMain(['plan', '--state', at('bad.json'), '--outcomes', at('bad-week.csv')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bad-week.csv, column 1 ("id"): an id is not in the register, e.g. "nobody" (line 2)');
    expect(readFileSync(at('bad.json'), 'utf8')).toBe(saved);
  });

  test('reads a history register with its features, honours shares, and refuses what it cannot do', async () => {
    const rows = ['id,week,state,called'];
    for (let w = 1; w <= 6; w++)
      for (let i = 0; i < 30; i++)
        rows.push(`m${i},${w},${(i + w) % 4 === 0 ? 1 : 0},${w < 6 && (i + w) % 5 === 0 ? 1 : 0}`);
    writeFileSync(at('history.csv'), rows.join('\n') + '\n');
    writeFileSync(
      at('features.csv'),
      'id,age,language_hindi,language_marathi\n' +
        Array.from({ length: 30 }, (_, i) => `m${i},${18 + i},${i % 3 === 0 ? 1 : 0},${i % 3 === 0 ? 0 : 1}`).join(
          '\n',
        ) +
        '\n',
    );
    const args = [
      'plan',
      '--register',
      at('history.csv'),
      '--features',
      at('features.csv'),
      '--reward',
      'state',
      '--budget',
      '10',
      '--state',
      at('h.json'),
    ];
    const r = await runMain([...args, '--min-share', 'language=language_hindi:0.5', '--json']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.week).toBe(6);
    const hindi = out.groups.find(
      (g: { group: string; bucket: string }) => g.group === 'language' && g.bucket === 'language_hindi',
    );
    expect(hindi.share_calls).toBeGreaterThanOrEqual(0.5);
    expect(out.groups.some((g: { group: string }) => g.group === 'age')).toBe(true);

    expect(await runMain(args)).toMatchObject({ code: 1, stderr: expect.stringContaining('h.json already exists') });
    // a history alone: no features, so no groups, and said so
    expect(
      await runMain([
        'plan',
        '--register',
        at('history.csv'),
        '--reward',
        'state',
        '--budget',
        '10',
        '--state',
        at('h2.json'),
      ]),
    ).toMatchObject({ code: 0, stdout: expect.stringContaining('history.csv came without a features file') });
    expect(await runMain([...args.slice(0, -1), at('h3.json'), '--min-share', 'language:0.5'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('write GROUP=BUCKET:SHARE'),
    });
    const unknown = await runMain([...args.slice(0, -1), at('h4.json'), '--max-share', 'Ages=old:0.2']);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('the share constraint names the group "Ages", which the register does not have'),
    });
    const reward = await runMain([
      'plan',
      '--register',
      at('history.csv'),
      '--features',
      at('features.csv'),
      '--reward',
      'state * agent_feats.height',
      '--budget',
      '10',
      '--state',
      at('h5.json'),
    ]);
    expect(reward.code).toBe(1);
    expect(reward.stderr).toContain('the reward, at character 21: unknown feature');
    expect(await runMain(['plan', '--state', at('h.json'), '--outcomes', at('x.csv'), '--budget', '3'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--budget applies when creating a plan'),
    });
  });

  test(
    '--json gives each warning as data beside its sentence: its kind and fields in snake_case, and its ' +
      'plain words',
    async () => {
      const r = await runMain([
        'plan',
        '--register',
        'dlm',
        '--arms',
        '60',
        '--weeks',
        '3',
        '--reward',
        'state',
        '--budget',
        '4',
        '--state',
        at('thin.json'),
        '--json',
      ]);
      expect(r.stderr).toBe('');
      const out = JSON.parse(r.stdout);
      expect(out.warning_details.map((w: { message: string }) => w.message)).toEqual(out.warnings);
      const small = out.warning_details.find((w: { kind: string }) => w.kind === 'small-groups');
      expect(small).toMatchObject({
        group_by: 'Ages',
        min_arms: 20,
        priors: 10,
        plain: expect.stringContaining('too few beneficiaries (under 20)'),
      });
      expect(small.small).toContainEqual({ bucket: 'Ages 51-60', state: 1 });
      expect(small.message).toContain('group priors of not-called weeks rest on fewer than 20 beneficiaries');
    },
  );

  test(
    'takes the existing population formats: an instance JSON or a population CSV without states, states drawn ' +
      'by the seed',
    async () => {
      expect(
        (await runMain(['dataset', 'generate', 'sclm', '--arms', '80', '--seed', '2', '--out', at('pop.json')])).code,
      ).toBe(0);
      expect(
        (await runMain(['dataset', 'generate', 'sclm', '--arms', '80', '--seed', '2', '--out', at('pop.csv')])).code,
      ).toBe(0);
      const fromJson = await runMain([
        'plan',
        '--register',
        at('pop.json'),
        '--reward',
        'state',
        '--budget',
        '8',
        '--state',
        at('pj.json'),
        '--json',
      ]);
      const fromCsv = await runMain([
        'plan',
        '--register',
        at('pop.csv'),
        '--reward',
        'state',
        '--budget',
        '8',
        '--state',
        at('pc.json'),
        '--json',
      ]);
      expect(fromJson.stderr).toBe('');
      const a = JSON.parse(fromJson.stdout),
        b = JSON.parse(fromCsv.stdout);
      expect(a.calls.map((c: { id: string }) => c.id)).toEqual(b.calls.map((c: { id: string }) => c.id));
      expect(a.warnings.join('\n')).toContain('the population has no current states');
      // warning_details: the same warnings, in order, as data (a sentence of the register is a note)
      expect(a.warning_details.map((w: { message: string }) => w.message)).toEqual(a.warnings);
      expect(a.warning_details[a.warnings.findIndex((w: string) => w.includes('no current states'))]).toMatchObject({
        kind: 'note',
      });
    },
  );

  test('a register of states alone plans by the seeded draw, then learns from the outcomes it is given', async () => {
    writeFileSync(
      at('wide.csv'),
      'id,state,age\n' + Array.from({ length: 50 }, (_, i) => `w${i},${i % 2},${20 + i}`).join('\n') + '\n',
    );
    const first = await runMain([
      'plan',
      '--register',
      at('wide.csv'),
      '--reward',
      'state',
      '--budget',
      '5',
      '--state',
      at('wide.json'),
      '--out',
      at('wide1.csv'),
      '--json',
    ]);
    expect(first.stderr).toBe('');
    const week1 = JSON.parse(first.stdout);
    expect(week1.week).toBe(1);
    expect(new Set(week1.calls.map((c: { index: number }) => c.index))).toEqual(new Set([0]));
    expect(week1.warnings.join('\n')).toContain('assumes a call changes nothing');
    expect(week1.warning_details.map((w: { message: string }) => w.message)).toEqual(week1.warnings);
    const noCalls = week1.warning_details.filter((w: { kind: string }) => w.kind === 'no-calls');
    expect(noCalls.map((w: { state: number }) => w.state)).toEqual([0, 1]);
    expect(noCalls[0]).toEqual({
      kind: 'no-calls',
      state: 0,
      message: expect.stringContaining('no call from state 0'),
      plain: expect.stringContaining('cannot yet tell what a call does'),
    });
    writeFileSync(at('wide-week1.csv'), outcomesFor(at('wide.json'), at('wide1.csv')));
    const second = await runMain(['plan', '--state', at('wide.json'), '--outcomes', at('wide-week1.csv'), '--json']);
    expect(second.stderr).toBe('');
    expect(JSON.parse(second.stdout).week).toBe(2);
  });

  test(
    '--out calls.xlsx writes the table as a workbook; --draws 0 leaves chance out; a minimum credits those it ' +
      'brought in',
    async () => {
      const args = ['plan', '--register', 'dlm', '--arms', '600', '--weeks', '8', '--reward', REWARD, '--budget', '40'];
      args.push('--seed', '3', '--draws', '0');
      const share = ['--min-share', 'Languages=Speaks Hindi:0.6'];
      const r = await runMain([...args, ...share, '--state', at('x.json'), '--out', at('x.xlsx'), '--json']);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      const keys = ['id', 'rank', 'index', 'default_rank', 'reason', 'reason_detail', 'borderline'];
      expect(Object.keys(out.calls[0])).toEqual(keys);
      expect(out.calls.every((c: { borderline: boolean }) => c.borderline === false)).toBe(true);
      expect(out.chance_sentences).toEqual([]);
      // Those the minimum brought in are exactly those missing from the list made without it.
      const plain = JSON.parse((await runMain([...args, '--state', at('y.json'), '--json'])).stdout);
      const without = new Set(plain.calls.map((c: { id: string }) => c.id));
      type Call = { id: string; reason: string };
      const brought = out.calls.filter((c: Call) => c.reason === 'brought in by the Languages: Speaks Hindi minimum');
      expect(brought.length).toBeGreaterThan(0);
      const absent = out.calls.map((c: Call) => c.id).filter((id: string) => !without.has(id));
      expect(brought.map((c: Call) => c.id).sort()).toEqual(absent.sort());
      for (const c of brought)
        expect(c.reason_detail).toMatch(/^brought in by the minimum of Languages: Speaks Hindi; /);
      const sheet = readSheet(readZip(readFileSync(at('x.xlsx'))).get('xl/worksheets/sheet1.xml')!);
      const head = ['A1', 'B1', 'C1', 'D1', 'E1', 'F1'].map((ref) => sheet.get(ref));
      expect(head).toEqual(['id', 'rank', 'reason', 'chance', 'borderline', 'index']);
      out.calls.forEach((c: { id: string; rank: number; reason: string; index: number }, j: number) => {
        const row = ['A', 'B', 'C', 'D'].map((col) => sheet.get(`${col}${j + 2}`));
        expect(row).toEqual([c.id, c.rank, c.reason, undefined]);
        expect(sheet.get(`F${j + 2}`)).toBe(Number(c.index.toPrecision(4)));
      });
    },
  );
});
