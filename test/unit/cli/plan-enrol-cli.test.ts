// `allot plan --enrol` through the real use-case (main(), the WASM engine, PLAN.json): new mothers join
// with a week from the prior, the answer counts them, the plan file stores them with that week (version
// 4: the register record keeps the arms the plan began with) and reads back whole; the outcomes file may
// name them only when they come as enrolments; the holdout randomizes them by their ids alike.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { holdoutArms } from '../../../src/core/plan/holdout.ts';
import { runMain, runMainJson } from './run-main.ts';
import { packIds } from '../../../src/core/plan/packed-ids.ts';

/** A command that fails: its --json error. */
async function refusal(argv: string[]): Promise<{ message: string }> {
  const r = await runMain([...argv, '--json']);
  expect(r.code).toBe(1);
  return JSON.parse(r.stdout).error;
}

const dir = mkdtempSync(join(tmpdir(), 'allot-enrol-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const N = 40,
  NEW = 30;
const rows = ['id,week,state,called'];
for (let w = 1; w <= 8; w++)
  for (let i = 0; i < N; i++)
    rows.push(`m${i},${w},${(i * w + i) % 3 === 0 ? 1 : 0},${w < 8 && (i + w) % 4 === 0 ? 1 : 0}`);
writeFileSync(at('history.csv'), rows.join('\n') + '\n');
const district = (i: number) => ['north', 'south', 'east'][i % 3];
writeFileSync(
  at('features.csv'),
  'id,age,district\n' + Array.from({ length: N }, (_, i) => `m${i},${18 + (i % 20)},${district(i)}`).join('\n') + '\n',
);
const newIds = Array.from({ length: NEW }, (_, j) => `n${j}`);
writeFileSync(
  at('new.csv'),
  'id,state,age,district\n' + newIds.map((id, j) => `${id},${j % 2},${20 + j},${district(j)}`).join('\n') + '\n',
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
  '20',
  '--holdout',
  '0.3',
];
type Call = { id: string; arm: string };
const outcomes = (ids: string[], called: Set<string>) =>
  'id,called,engaged\n' + ids.map((id, i) => `${id},${called.has(id) ? 1 : 0},${i % 2}`).join('\n') + '\n';

describe('allot plan --enrol', () => {
  test(
    'new mothers join from the prior, are stored with the week, listed, and randomized into the ' + 'holdout by id',
    async () => {
      const first = await runMainJson([...CREATE, '--state', at('p.json')]);
      const old = Array.from({ length: N }, (_, i) => `m${i}`);
      // an outcomes row of an unknown id is refused unless it comes as an enrolment
      writeFileSync(at('w8.csv'), outcomes([...old, 'n0'], new Set(first.calls.map((c: Call) => c.id))));
      const refused = await refusal(['plan', '--state', at('p.json'), '--outcomes', at('w8.csv')]);
      expect(refused.message).toContain('not in the register');
      const next = await runMainJson([
        'plan',
        '--state',
        at('p.json'),
        '--outcomes',
        at('w8.csv'),
        '--enrol',
        at('new.csv'),
      ]);
      expect(next).toMatchObject({ week: 9, joined: NEW, left: 0 });
      const file = JSON.parse(readFileSync(at('p.json'), 'utf8'));
      expect(file.version).toBe(4);
      expect(file.register.numArms).toBe(N);
      expect(file.weeks[0].outcomes.joined).toBe(NEW);
      expect(file.weeks[0].change.joined.ids).toEqual(newIds);
      // randomized by id, as the register's mothers: the same split as the holdout gives these ids
      const inHoldout = holdoutArms(packIds(newIds), 0.3, 0);
      for (const c of next.calls as Call[]) {
        const j = newIds.indexOf(c.id);
        if (j >= 0) expect(c.arm).toBe(inHoldout[j] ? 'holdout' : 'plan');
      }
      // the plan reads back whole: the next week names the new mothers, and they can be listed
      const called = new Set<string>(next.calls.map((c: Call) => c.id));
      writeFileSync(at('w9.csv'), outcomes([...old, ...newIds], called));
      const third = await runMainJson(['plan', '--state', at('p.json'), '--outcomes', at('w9.csv')]);
      expect(third).toMatchObject({ week: 10, joined: 0 });
      expect(third.evidence.plan.mothers + third.evidence.holdout.mothers).toBe(N + NEW);
      const listed = [next, third]
        .flatMap((x) => x.calls.map((c: Call) => c.id))
        .filter((id: string) => id.startsWith('n'));
      expect(listed.length).toBeGreaterThan(0);
      // a file of version 3 (no one joined) still reads
      const v3 = JSON.parse(readFileSync(at('p.json'), 'utf8'));
      expect(v3.weeks[1].change.joined).toBeUndefined();
    },
  );

  test('an enrolment of a known id, or with a value the register does not have, is refused in words', async () => {
    const first = await runMainJson([...CREATE, '--state', at('q.json')]);
    const old = Array.from({ length: N }, (_, i) => `m${i}`);
    writeFileSync(at('q8.csv'), outcomes(old, new Set(first.calls.map((c: Call) => c.id))));
    writeFileSync(at('bad.csv'), 'id,state,age,district\nm3,1,30,north\nx1,1,31,atlantis\nx2,,32,north\n');
    const out = await refusal(['plan', '--state', at('q.json'), '--outcomes', at('q8.csv'), '--enrol', at('bad.csv')]);
    expect(out.message).toContain('"atlantis" is not a value');
    writeFileSync(at('known.csv'), 'id,state,age,district\nm3,1,30,north\n');
    const known = await refusal([
      'plan',
      '--state',
      at('q.json'),
      '--outcomes',
      at('q8.csv'),
      '--enrol',
      at('known.csv'),
    ]);
    expect(known.message).toContain('"m3" is already in the register');
  });
});
