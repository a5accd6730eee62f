// `allot plan --worker-column`: health workers and their capacities through the real use-case (main(),
// the WASM engine, PLAN.json): the list is the best under every worker's capacity and the budget (its
// sum of indices against a brute force over the indices the same plan gives every mother), minima,
// rules that cannot be met named, the workers in --json, the text answer and calls.csv.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../../src/core/datasets/csv.ts';
import { runMain, runMainJson } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-workers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const N = 40,
  WORKERS = ['Asha A', 'Asha B', 'Asha C', 'Asha D', 'Asha E'];
const workerOf = (i: number) => WORKERS[(i * 3) % 5];

const rows = ['id,week,state,called'];
for (let w = 1; w <= 8; w++)
  for (let i = 0; i < N; i++)
    rows.push(`m${i},${w},${(i * w + i) % 3 === 0 ? 1 : 0},${w < 8 && (i + w) % 4 === 0 ? 1 : 0}`);
writeFileSync(at('history.csv'), rows.join('\n') + '\n');
writeFileSync(
  at('features.csv'),
  'id,age,worker\n' + Array.from({ length: N }, (_, i) => `m${i},${18 + (i % 20)},${workerOf(i)}`).join('\n') + '\n',
);
writeFileSync(at('caps.csv'), 'worker,capacity\nAsha A,3\nAsha B,1\nAsha C,0\nAsha D,2\nAsha E,4\n');
const CAPS: Record<string, number> = { 'Asha A': 3, 'Asha B': 1, 'Asha C': 0, 'Asha D': 2, 'Asha E': 4 };
const BASE = [
  'plan',
  '--register',
  at('history.csv'),
  '--features',
  at('features.csv'),
  '--reward',
  'state * (1 + agent_feats.age / 40)',
  '--draws',
  '0',
];
type Call = { id: string; index: number; worker: string; arm?: string };

/**
 * The best sum of indices of `budget` calls with each worker within her capacity: every subset, by brute force over
 * counts per worker.
 */
function bestSum(index: Map<string, number>, budget: number, caps: Record<string, number>): number {
  const per = WORKERS.map((w) =>
    [...index]
      .filter(([id]) => workerOf(Number(id.slice(1))) === w)
      .map(([, x]) => x)
      .sort((a, b) => b - a),
  );
  let best = -Infinity;
  const go = (k: number, left: number, sum: number) => {
    if (k === WORKERS.length) return void (best = Math.max(best, sum));
    let s = sum;
    for (let c = 0; c <= Math.min(caps[WORKERS[k]], left, per[k].length); c++) {
      go(k + 1, left - c, s);
      s += per[k][c] ?? 0;
    }
  };
  go(0, budget, 0);
  return best;
}

describe('allot plan --worker-column', () => {
  test(
    'the best list under every capacity, workers in --json and the text, and a worker column ' + 'in calls.csv',
    async () => {
      // every mother's index, with the worker column carried as --worker-column carries it (not a feature)
      const all = await runMainJson([...BASE, '--carry', 'worker', '--budget', String(N), '--state', at('all.json')]);
      const index = new Map<string, number>(all.calls.map((c: Call) => [c.id, c.index]));
      const out = await runMainJson([
        ...BASE,
        '--budget',
        '8',
        '--worker-column',
        'worker',
        '--capacity',
        at('caps.csv'),
        '--state',
        at('w.json'),
        '--out',
        at('w.csv'),
      ]);
      const calls: Call[] = out.calls;
      expect(calls).toHaveLength(8);
      for (const c of calls) expect(c.worker).toBe(workerOf(Number(c.id.slice(1))));
      for (const w of WORKERS) expect(calls.filter((c) => c.worker === w).length).toBeLessThanOrEqual(CAPS[w]);
      const sum = calls.reduce((a, c) => a + c.index, 0);
      expect(sum).toBeCloseTo(bestSum(index, 8, CAPS), 9);
      expect(out.workers.map((w: { worker: string }) => w.worker).sort()).toEqual(WORKERS);
      for (const w of out.workers) {
        expect(w.capacity).toBe(CAPS[w.worker]);
        expect(w.calls).toBe(calls.filter((c) => c.worker === w.worker).length);
      }
      expect(out.worker_sentences[0]).toMatch(/^8 calls over \d of 5 health workers: \d to \d calls each, median \d/);
      const file = JSON.parse(readFileSync(at('w.json'), 'utf8'));
      expect(file.settings.workers).toEqual({ column: 'worker', capacity: CAPS, minimum: 0 });
      const csv = parseCsv(readFileSync(at('w.csv'), 'utf8').slice(1));
      expect(csv.header.slice(0, 3)).toEqual(['id', 'rank', 'worker']);
      expect(csv.rows.map((r) => r.fields[2])).toEqual(calls.map((c) => c.worker));
      const text = await runMain([
        ...BASE,
        '--budget',
        '8',
        '--worker-column',
        'worker',
        '--capacity',
        '2',
        '--state',
        at('t.json'),
      ]);
      expect(text.stdout).toMatch(/\n  8 calls over [45] of 5 health workers: [01] to 2 calls each, median 2\n/);
      // which capacities bind, each with her calls of her capacity
      expect(text.stdout).toMatch(
        new RegExp(
          '\\n  ([1-5] of 5 health workers (is at her|are at their) capacity, which holds the list back: ' +
            "Asha [A-E] \\(2 of 2\\)|no health worker's capacity holds the list back)",
        ),
      );
      for (const w of (
        await runMainJson([
          ...BASE,
          '--budget',
          '8',
          '--worker-column',
          'worker',
          '--capacity',
          '2',
          '--state',
          at('t2.json'),
        ])
      ).workers) {
        expect(typeof w.binding).toBe('boolean');
        if (w.binding) expect(w.calls).toBe(2);
      }
      // one number for all, a minimum each, with a holdout: the rules hold, and the week applies
      const h = await runMainJson([
        ...BASE,
        '--budget',
        '10',
        '--worker-column',
        'worker',
        '--capacity',
        '3',
        '--min-per-worker',
        '1',
        '--holdout',
        '0.3',
        '--state',
        at('h.json'),
      ]);
      for (const w of h.workers) expect(w.calls).toBeGreaterThanOrEqual(1);
      for (const w of h.workers) expect(w.calls).toBeLessThanOrEqual(3);
      expect(h.calls.some((c: Call) => c.arm === 'holdout')).toBe(true);
    },
  );

  test('rules that cannot be met are named; flags without a worker column are refused', async () => {
    const high = await runMain([
      ...BASE,
      '--budget',
      '8',
      '--worker-column',
      'worker',
      '--capacity',
      '1',
      '--min-per-worker',
      '2',
      '--state',
      at('x.json'),
    ]);
    expect(high.code).toBe(1);
    expect(high.stderr).toContain('the minimum of 2 calls is above her capacity of 1');
    const short = await runMainJson([
      ...BASE,
      '--budget',
      '8',
      '--worker-column',
      'worker',
      '--capacity',
      '1',
      '--state',
      at('y.json'),
    ]);
    expect(short.calls).toHaveLength(5);
    expect(short.unmet.join('\n')).toMatch(/5 calls/);
    const none = await runMain([
      ...BASE,
      '--budget',
      '8',
      '--worker-column',
      'nurse',
      '--capacity',
      '1',
      '--state',
      at('z.json'),
    ]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('there is no column "nurse" in history.csv or features.csv');
    const lone = await runMain([...BASE, '--budget', '8', '--capacity', '1', '--state', at('z.json')]);
    expect(lone).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--capacity applies with --worker-column COL'),
    });
    writeFileSync(at('bad-caps.csv'), 'worker,capacity\nAsha A,three\n');
    const bad = await runMain([
      ...BASE,
      '--budget',
      '8',
      '--worker-column',
      'worker',
      '--capacity',
      at('bad-caps.csv'),
      '--state',
      at('z.json'),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('bad-caps.csv, line 2, column 2 ("capacity"): "three" is not a whole number of calls');
  });
});
