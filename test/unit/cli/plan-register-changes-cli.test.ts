// `allot plan --exit` and `--deactivate-after` through the real use-case (main(), the WASM engine,
// PLAN.json): mothers who left are kept in the history and never listed again, and counted in the
// answer; the deactivation rule leaves out those not engaged for K observed weeks in a row.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runMain, runMainJson } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-changes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const N = 40;
const engagedAt = (i: number, w: number) => (i % 5 === 0 ? w <= 5 : (i * w + i) % 3 === 0);
const rows = ['id,week,state,called'];
for (let w = 1; w <= 8; w++)
  for (let i = 0; i < N; i++) rows.push(`m${i},${w},${engagedAt(i, w) ? 1 : 0},${w < 8 && (i + w) % 4 === 0 ? 1 : 0}`);
writeFileSync(at('history.csv'), rows.join('\n') + '\n');
writeFileSync(
  at('features.csv'),
  'id,age\n' + Array.from({ length: N }, (_, i) => `m${i},${18 + (i % 20)}`).join('\n') + '\n',
);
const CREATE = [
  'plan',
  '--register',
  at('history.csv'),
  '--features',
  at('features.csv'),
  '--reward',
  'state',
  '--draws',
  '0',
  '--budget',
  '10',
];

describe('allot plan: exits and deactivation', () => {
  test(
    '--deactivate-after K leaves out those not engaged K weeks in a row; --exit ids are never ' + 'listed again',
    async () => {
      const first = await runMainJson([...CREATE, '--deactivate-after', '3', '--state', at('p.json')]);
      // by hand: the latest 3 weeks (6, 7, 8) not engaged
      const inactive = Array.from({ length: N }, (_, i) => i).filter((i) => [6, 7, 8].every((w) => !engagedAt(i, w)));
      expect(first.active).toMatchObject({ left: 0, inactive: inactive.length });
      expect(inactive.length).toBeGreaterThan(0);
      for (const c of first.calls) expect(inactive).not.toContain(Number(c.id.slice(1)));
      const leaving = first.calls.slice(0, 2).map((c: { id: string }) => c.id);
      writeFileSync(at('exit.csv'), 'id\n' + leaving.join('\n') + '\n');
      const called = new Set(first.calls.map((c: { id: string }) => c.id));
      writeFileSync(
        at('w8.csv'),
        'id,called,engaged\n' +
          Array.from({ length: N }, (_, i) => `m${i},${called.has(`m${i}`) ? 1 : 0},1`).join('\n') +
          '\n',
      );
      const next = await runMainJson([
        'plan',
        '--state',
        at('p.json'),
        '--outcomes',
        at('w8.csv'),
        '--exit',
        at('exit.csv'),
      ]);
      expect(next).toMatchObject({ week: 9, joined: 0, left: 2 });
      expect(next.active.left).toBe(2);
      for (const c of next.calls) expect(leaving).not.toContain(c.id);
      // everyone engaged this week: no one is inactive any more
      expect(next.active.inactive).toBe(0);
      const settings = JSON.parse(readFileSync(at('p.json'), 'utf8')).settings;
      expect(settings.deactivateAfter).toBe(3);
      expect([...settings.left].sort()).toEqual([...leaving].sort());
      const text = await runMain([...CREATE, '--deactivate-after', '3', '--state', at('t.json')]);
      expect(text.stdout).toContain(`not listed: 0 mothers who left the program, ${inactive.length} mother`);
      writeFileSync(at('bad-exit.csv'), 'id\nnobody\n');
      writeFileSync(
        at('w9.csv'),
        'id,called,engaged\n' + Array.from({ length: N }, (_, i) => `m${i},0,1`).join('\n') + '\n',
      );
      const bad = await runMain([
        'plan',
        '--state',
        at('p.json'),
        '--outcomes',
        at('w9.csv'),
        '--exit',
        at('bad-exit.csv'),
        '--yes',
      ]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain('bad-exit.csv: 1 id(s) not in the register: "nobody"');
      expect(await runMain([...CREATE, '--exit', at('exit.csv'), '--state', at('u.json')])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--exit applies with --outcomes'),
      });
    },
  );
});

describe('allot plan --explore', () => {
  test(
    'thompson plans on one posterior draw seeded by the week: reproducible, another list than the means, kept ' +
      'with the plan',
    async () => {
      const dlm = [
        'plan',
        '--register',
        'dlm',
        '--arms',
        '600',
        '--weeks',
        '8',
        '--reward',
        'state',
        '--budget',
        '40',
        '--seed',
        '3',
        '--draws',
        '0',
      ];
      const means = await runMainJson([...dlm, '--state', at('m.json')]);
      const t1 = await runMainJson([...dlm, '--explore', 'thompson', '--state', at('t1.json')]);
      const t2 = await runMainJson([...dlm, '--explore', 'thompson', '--state', at('t2.json')]);
      const ids = (o: { calls: { id: string }[] }) => o.calls.map((c) => c.id);
      expect(ids(t2)).toEqual(ids(t1));
      expect(ids(t1)).not.toEqual(ids(means));
      expect(JSON.parse(readFileSync(at('t1.json'), 'utf8')).settings.explore).toBe('thompson');
      expect(JSON.parse(readFileSync(at('m.json'), 'utf8')).settings.explore).toBeUndefined();
      const other = await runMainJson([
        ...dlm.slice(0, -4),
        '--seed',
        '4',
        '--draws',
        '0',
        '--explore',
        'thompson',
        '--state',
        at('t3.json'),
      ]);
      expect(ids(other)).not.toEqual(ids(t1));
      expect(await runMain([...dlm, '--explore', 'greedy', '--state', at('t4.json')])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('must be one of means, thompson'),
      });
    },
  );
});
