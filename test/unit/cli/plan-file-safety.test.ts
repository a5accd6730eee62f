// `allot plan` loses nothing and leaves nothing half-done (issue 29, items 1, 3, 5; issue 25, item 5):
// a plan file locked while a command works (a second command stops, naming who holds it; a stale
// lock is reported and removed), written only if it is still the file that was read, never
// overwritten by a create; output paths checked before anything is written; temporary files gone on
// failure; hand-edited plans refused naming the file and the field; an outcomes file that repeats an
// applied week, or makes none of the planned calls, is a question (exit 1, nothing saved) unless --yes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../../src/core/datasets/csv.ts';
import { nodeBase64 } from '../../../src/cli/node-base64.ts';
import { PlanFileStore } from '../../../src/cli/plan-file-store.ts';
import { planFileText } from '../../../src/core/plan/plan-json.ts';
import { runMain } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-plan-safety-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const CREATE = [
  'plan',
  '--register',
  'dlm',
  '--arms',
  '200',
  '--weeks',
  '6',
  '--reward',
  'state * (1 + agent_feats.age_51_60)',
  '--budget',
  '20',
  '--seed',
  '2',
  '--draws',
  '0',
  '--exclude',
];

/** A plan at `name` with its first list at `name`.csv; returns the ids and the listed ids. */
async function created(name: string) {
  writeFileSync(at('exclude.csv'), 'id\n7\n');
  const r = await runMain([...CREATE, at('exclude.csv'), '--state', at(`${name}.json`), '--out', at(`${name}.csv`)]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const ids: string[] = JSON.parse(readFileSync(at(`${name}.json`), 'utf8')).register.ids;
  const listed = new Set(parseCsv(readFileSync(at(`${name}.csv`), 'utf8')).rows.map((row) => row.fields[0]));
  return { ids, listed };
}

const outcomes = (ids: string[], called: (id: string, i: number) => boolean, salt = 0) =>
  'id,called,engaged\n' +
  ids.map((id, i) => `${id},${called(id, i) ? 1 : 0},${(i * 5 + salt) % 3 === 0 ? 1 : 0}`).join('\n') +
  '\n';

/** Nothing left beside the plans: no lock, no temporary file. */
const leftovers = () => readdirSync(dir).filter((f) => f.endsWith('.lock') || f.endsWith('.tmp'));

describe('allot plan on one plan file', () => {
  test('two commands at once: one applies its week, the other stops (exit 1) naming who holds the plan', async () => {
    const { ids, listed } = await created('two');
    writeFileSync(
      at('two-a.csv'),
      outcomes(ids, (id) => listed.has(id)),
    );
    writeFileSync(
      at('two-b.csv'),
      outcomes(ids, (id) => listed.has(id), 1),
    );
    const [a, b] = await Promise.all([
      runMain(['plan', '--state', at('two.json'), '--outcomes', at('two-a.csv')]),
      runMain(['plan', '--state', at('two.json'), '--outcomes', at('two-b.csv')]),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    const loser = a.code === 1 ? a : b;
    expect(loser.stderr).toContain(`another command holds ${at('two.json')} (process ${process.pid}, since `);
    expect(loser.stderr).toContain('nothing was changed');
    expect(
      JSON.parse(readFileSync(at('two.json'), 'utf8')).weeks.map((w: { outcomes: unknown }) => w.outcomes !== null),
    ).toEqual([true, false]);
    expect(leftovers()).toEqual([]);
  });

  test('two creates at once on one --state: one plan is made, the other command changes nothing', async () => {
    const args = (seed: string) => [
      ...CREATE.slice(0, -1).map((a) => (a === '2' ? seed : a)),
      '--state',
      at('twice.json'),
    ];
    const [a, b] = await Promise.all([runMain(args('2')), runMain(args('3'))]);
    expect([a.code, b.code].sort()).toEqual([0, 1]);
    expect((a.code === 1 ? a : b).stderr).toMatch(/another command holds|already exists/);
    const seed = JSON.parse(readFileSync(at('twice.json'), 'utf8')).settings.seed;
    expect(seed).toBe(a.code === 0 ? 2 : 3);
    expect(await runMain(args('4'))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('twice.json already exists'),
    });
    expect(leftovers()).toEqual([]);
  });

  test("a stale lock (its process is gone) is reported and removed, with that process's temporary file", async () => {
    const { ids, listed } = await created('stale');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const pid = Number(gone.stdout);
    writeFileSync(
      at('stale.json.lock'),
      JSON.stringify({ pid, host: (await import('node:os')).hostname(), since: '2026-01-01T00:00:00.000Z' }),
    );
    writeFileSync(at(`stale.json.${pid}.tmp`), '{"half": ');
    writeFileSync(
      at('stale-week.csv'),
      outcomes(ids, (id) => listed.has(id)),
    );
    const r = await runMain(['plan', '--state', at('stale.json'), '--outcomes', at('stale-week.csv')]);
    expect(r.stderr).toContain(
      `allot plan: removed a stale lock on ${at('stale.json')}: process ${pid} (since 2026-01-01T00:00:00.000Z) is ` +
        `no longer running`,
    );
    expect(r.code).toBe(0);
    expect(leftovers()).toEqual([]);
  });

  test('a lock held by a running process stops the command at once', async () => {
    await created('held');
    writeFileSync(
      at('held.json.lock'),
      JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname(), since: 'now' }),
    );
    const r = await runMain(['plan', '--state', at('held.json'), '--outcomes', at('held.csv')]);
    expect(r).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`another command holds ${at('held.json')} (process ${process.pid}, since now)`),
    });
    rmSync(at('held.json.lock'));
  });

  test('--out into a folder that does not exist fails before anything is written, and the retry works', async () => {
    const bad = join(dir, 'no', 'such', 'calls.csv');
    const create = await runMain([...CREATE.slice(0, -1), '--state', at('out.json'), '--out', bad]);
    expect(create).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `--out ${bad}: the folder ${join(dir, 'no', 'such')} does not exist (nothing was changed)`,
      ),
    });
    expect(existsSync(at('out.json'))).toBe(false);
    const { ids, listed } = await created('out');
    const saved = readFileSync(at('out.json'), 'utf8');
    writeFileSync(
      at('out-week.csv'),
      outcomes(ids, (id) => listed.has(id)),
    );
    const apply = await runMain(['plan', '--state', at('out.json'), '--outcomes', at('out-week.csv'), '--out', bad]);
    expect(apply.code).toBe(1);
    expect(readFileSync(at('out.json'), 'utf8')).toBe(saved);
    expect(
      await runMain(['plan', '--state', at('out.json'), '--outcomes', at('out-week.csv'), '--out', at('out-next.csv')]),
    ).toMatchObject({ code: 0 });
    expect(
      await runMain(['plan', '--state', at('out.json'), '--outcomes', at('out-week.csv'), '--out', at('out.json')]),
    ).toMatchObject({ code: 1, stderr: expect.stringContaining('--state and --out name the same file') });
    expect(leftovers()).toEqual([]);
  });

  test(
    'an outcomes file that repeats an applied week, or makes none of the planned calls, is a question ' +
      'unless --yes',
    async () => {
      const { ids, listed } = await created('ask');
      writeFileSync(
        at('ask-6.csv'),
        outcomes(ids, (id) => listed.has(id)),
      );
      expect((await runMain(['plan', '--state', at('ask.json'), '--outcomes', at('ask-6.csv')])).code).toBe(0);
      const saved = readFileSync(at('ask.json'), 'utf8');
      // the same rows, saved again by a spreadsheet: CRLF, a byte order mark, quotes, columns reordered
      const again = outcomes(ids, (id) => listed.has(id))
        .trim()
        .split('\n')
        .map((l) => l.split(','))
        .map(([id, c, e]) => `"${e}","${id}",${c}`);
      writeFileSync(at('ask-again.csv'), '\ufeff' + again.join('\r\n') + '\r\n');
      const repeat = await runMain(['plan', '--state', at('ask.json'), '--outcomes', at('ask-again.csv')]);
      expect(repeat.code).toBe(1);
      expect(repeat.stderr).toContain(
        'ask-again.csv has the same rows as the outcomes of week 6, already applied (from ask-6.csv)',
      );
      expect(readFileSync(at('ask.json'), 'utf8')).toBe(saved);
      writeFileSync(
        at('ask-none.csv'),
        outcomes(ids, () => false, 2),
      );
      const none = await runMain(['plan', '--state', at('ask.json'), '--outcomes', at('ask-none.csv')]);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain(
        'None of the 20 planned calls of week 7 were made according to ask-none.csv (it records no call at all). Is ' +
          'it the right file?',
      );
      expect(none.stderr).toContain('To apply it anyway, run the command again with --yes');
      expect(readFileSync(at('ask.json'), 'utf8')).toBe(saved);
      const yes = await runMain([
        'plan',
        '--state',
        at('ask.json'),
        '--outcomes',
        at('ask-none.csv'),
        '--yes',
        '--json',
      ]);
      expect(yes.code).toBe(0);
      expect(JSON.parse(yes.stdout).week).toBe(8);
    },
  );

  test('calls to an excluded beneficiary and calls beyond the budget are applied with a warning', async () => {
    const { ids } = await created('warn');
    writeFileSync(
      at('warn-week.csv'),
      outcomes(ids, (_, i) => i < 30),
    );
    const r = await runMain(['plan', '--state', at('warn.json'), '--outcomes', at('warn-week.csv'), '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      'allot plan: warning: warn-week.csv records 1 call to beneficiaries on the exclusion list ("7"); they are ' +
        'recorded as made.',
    );
    expect(r.stderr).toContain(
      "allot plan: warning: warn-week.csv records 30 calls, more than the week's budget of 20; they are " +
        'recorded as made.',
    );
  });

  test('a hand-edited plan file is refused naming the file and the field, at once', async () => {
    await created('edit');
    writeFileSync(at('week.csv'), 'id,called,engaged\n');
    const doc = JSON.parse(readFileSync(at('edit.json'), 'utf8'));
    for (const [edit, message] of [
      [(d: any) => (d.settings.draws = 1e9), '"settings.draws" must be a whole number from 0 to 200, not 1000000000'],
      [
        (d: any) => (d.weeks[0].planned = Buffer.from(Int32Array.of(-1).buffer).toString('base64')),
        '"weeks[0].planned[0]" is beneficiary -1',
      ],
      [(d: any) => (d.settings.exclude = [1, null, {}]), '"settings.exclude[0]" must be text, not 1'],
    ] as [(d: unknown) => void, string][]) {
      const copy = structuredClone(doc);
      edit(copy);
      writeFileSync(at('edited.json'), JSON.stringify(copy));
      const r = await runMain(['plan', '--state', at('edited.json'), '--outcomes', at('week.csv')]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`allot plan: ${at('edited.json')}: ${message}`);
    }
    writeFileSync(at('edited.json'), '{"format": "allot-plan", "version": 3, ');
    expect(await runMain(['plan', '--state', at('edited.json'), '--outcomes', at('week.csv')])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${at('edited.json')}: is not valid JSON`),
    });
    expect(leftovers()).toEqual([]);
  });
});

describe('PLAN.json as a store', () => {
  test('writes only if the file is still the one it read, and a create never overwrites', async () => {
    await created('store');
    const changed = `${at('store.json')} was changed by another program while this command worked; nothing was saved`;
    // changed between two reads of one command
    const store = new PlanFileStore(at('store.json'), { staged: true });
    const record = (await store.read())!;
    writeFileSync(at('store.json'), readFileSync(at('store.json'), 'utf8') + ' ');
    await expect(store.saveCurrentWeek({ ...record, name: 'mine' })).rejects.toThrow(changed);
    // changed after the last read, before the new file is moved into place
    const again = new PlanFileStore(at('store.json'), { staged: true });
    await again.saveCurrentWeek({ ...(await again.read())!, name: 'mine' });
    writeFileSync(at('store.json'), readFileSync(at('store.json'), 'utf8') + ' ');
    await expect(again.commit()).rejects.toThrow(changed);
    expect(JSON.parse(readFileSync(at('store.json'), 'utf8')).name).toBe('store');
    const fresh = new PlanFileStore(at('new.json'), { staged: true });
    await fresh.createPlan(record);
    writeFileSync(at('new.json'), '{"someone": "else"}');
    await expect(fresh.commit()).rejects.toThrow(
      'was created by another program while this command worked; nothing was changed',
    );
    expect(readFileSync(at('new.json'), 'utf8')).toBe('{"someone": "else"}');
    expect(leftovers()).toEqual([]);
  });

  test('reads and checks the file once while it is unchanged; writes the text planFileText gives', async () => {
    await created('once');
    const store = new PlanFileStore(at('once.json'));
    const record = (await store.read())!;
    // opened, then checked before a write: the plan as read, not read again
    expect(await store.getPlan(record.id)).toBe(record);
    await store.saveCurrentWeek({ ...record, name: 'renamed' });
    expect(readFileSync(at('once.json'), 'utf8')).toBe(planFileText({ ...record, name: 'renamed' }, nodeBase64));
    // its own write changed the file: read anew
    const after = (await store.read())!;
    expect(after).not.toBe(record);
    expect(after.name).toBe('renamed');
    expect(leftovers()).toEqual([]);
  });
});
