// `allot plan --holdout-rule FILE.csv`: the holdout's calls follow the program's present practice, a
// list of ids given each week (issue 26, item 3), through the real use-case (main(), the WASM engine,
// PLAN.json): this week's holdout calls are the list's holdout mothers in its order, up to the arm's
// rate; what does not fit is said; the week after needs its own list, given with the outcomes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { holdoutArms } from '../../../src/core/plan/holdout.ts';
import { runMain, runMainJson } from './run-main.ts';
import { packIds } from '../../../src/core/plan/packed-ids.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-practice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const N = 60;
const rows = ['id,week,state,called'];
for (let w = 1; w <= 8; w++)
  for (let i = 0; i < N; i++)
    rows.push(`m${i},${w},${(i * w + i) % 3 === 0 ? 1 : 0},${w < 8 && (i + w) % 4 === 0 ? 1 : 0}`);
writeFileSync(at('history.csv'), rows.join('\n') + '\n');
const ids = Array.from({ length: N }, (_, i) => `m${i}`);
const held = holdoutArms(packIds(ids), 0.3, 0);
const heldIds = ids.filter((_, i) => held[i]);
type Call = { id: string; arm: string; reason: string };

describe('allot plan --holdout-rule FILE.csv', () => {
  test(
    "the holdout's calls are the program's list, in its order, at the plan's rate; a new " + 'list each week',
    async () => {
      // the program's list: a plan-arm mother first (left to the plan), then the holdout's in reverse order
      const planMother = ids.find((_, i) => !held[i])!;
      writeFileSync(at('practice8.csv'), ['id', planMother, ...[...heldIds].reverse()].join('\n') + '\n');
      const CREATE = [
        'plan',
        '--register',
        at('history.csv'),
        '--reward',
        'state',
        '--draws',
        '0',
        '--budget',
        '10',
        '--holdout',
        '0.3',
      ];
      const first = await runMainJson([...CREATE, '--holdout-rule', at('practice8.csv'), '--state', at('p.json')]);
      const h = (first.calls as Call[]).filter((c) => c.arm === 'holdout');
      expect(h.length).toBeGreaterThan(0);
      expect(h.map((c) => c.id)).toEqual([...heldIds].reverse().slice(0, h.length));
      expect(h[0].reason).toBe("holdout: the program's own call (practice8.csv), for the comparison");
      expect(first.evidence.rule).toBe('given');
      expect(first.warnings.join('\n')).toContain("practice8.csv: 1 mother is in the plan's arm, not the holdout");
      expect(first.evidence.sentences[0]).toContain("by the program's present practice (practice8.csv)");
      const file = JSON.parse(readFileSync(at('p.json'), 'utf8'));
      expect(file.settings.holdout).toMatchObject({ rule: 'given', list: { fileName: 'practice8.csv' } });

      const called = new Set((first.calls as Call[]).map((c) => c.id));
      writeFileSync(
        at('w8.csv'),
        'id,called,engaged\n' + ids.map((id, i) => `${id},${called.has(id) ? 1 : 0},${i % 2}`).join('\n') + '\n',
      );
      // the week after needs its list
      const refused = await runMain(['plan', '--state', at('p.json'), '--outcomes', at('w8.csv'), '--json']);
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout).error.message).toContain("give next week's list of its calls");
      writeFileSync(at('practice9.csv'), 'id\n' + heldIds.slice(0, 1).join('\n') + '\n');
      const next = await runMainJson([
        'plan',
        '--state',
        at('p.json'),
        '--outcomes',
        at('w8.csv'),
        '--holdout-rule',
        at('practice9.csv'),
      ]);
      const h9 = (next.calls as Call[]).filter((c) => c.arm === 'holdout');
      expect(h9.map((c) => c.id)).toEqual(heldIds.slice(0, 1));
      // fewer than the rate: said, not made up
      expect(next.warnings.join('\n')).toContain('practice9.csv: 1 call for the holdout, fewer than the');
    },
  );
});
