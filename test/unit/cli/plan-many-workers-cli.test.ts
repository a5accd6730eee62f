// A national program's health workers (issue 26): a worker column of 2,000 names, Devanagari and Latin,
// far past the 200 values a text feature keeps. `allot plan --worker-column` reads it as no feature but a
// name per mother (carried), so every worker is hers as written: each call's worker is her mother's, each
// worker within her capacity, all 2,000 in --json; the plan file keeps the column, a week applies with a
// mother who joins under a worker not seen before, and the next list still names every worker.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runMainJson } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-many-workers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const W = 2000,
  N = 6000;
// half the names in Devanagari ("आशा 17"), half in Latin ("Asha 18"); a few Latin names differ only by case
const workerName = (w: number) => (w % 2 ? `आशा ${w}` : w % 10 === 0 ? `ASHA ${w / 10}` : `Asha ${w}`);
const workerOf = (i: number) => workerName((i * 7) % W);
const rows = ['id,week,state,called'];
for (let w = 1; w <= 4; w++)
  for (let i = 0; i < N; i++) rows.push(`m${i},${w},${(i * w + i) % 3 === 0 ? 1 : 0},${(i + w) % 5 === 0 ? 1 : 0}`);
writeFileSync(at('history.csv'), rows.join('\n') + '\n');
const features = Array.from({ length: N }, (_, i) => `m${i},${18 + (i % 25)},${workerOf(i)}`);
writeFileSync(at('features.csv'), 'id,age,worker\n' + features.join('\n') + '\n');

type Call = { id: string; worker: string };
type Worker = { worker: string; calls: number; capacity: number; binding: boolean };

describe('allot plan with 2,000 health workers', () => {
  test('every worker kept by name, capacities held, the plan file and a week with a new worker', async () => {
    const create = [
      'plan',
      '--register',
      at('history.csv'),
      '--features',
      at('features.csv'),
      '--reward',
      'state * (1 + agent_feats.age / 40)',
      '--budget',
      '1500',
      '--draws',
      '0',
      '--worker-column',
      'worker',
      '--capacity',
      '1',
      '--state',
      at('p.json'),
    ];
    const out = await runMainJson(create);
    const workers: Worker[] = out.workers;
    expect(workers).toHaveLength(W);
    expect(new Set(workers.map((w) => w.worker))).toEqual(new Set(Array.from({ length: W }, (_, w) => workerName(w))));
    const calls: Call[] = out.calls;
    expect(calls).toHaveLength(1500);
    for (const c of calls) expect(c.worker).toBe(workerOf(Number(c.id.slice(1))));
    const per = new Map<string, number>();
    for (const c of calls) per.set(c.worker, (per.get(c.worker) ?? 0) + 1);
    for (const [, k] of per) expect(k).toBe(1);
    for (const w of workers) expect(w.calls).toBe(per.get(w.worker) ?? 0);
    expect(out.worker_sentences[0]).toBe('1,500 calls over 1,500 of 2,000 health workers: 0 to 1 calls each, median 1');
    // the plan file carries the column (no feature of that name), read back for the next week
    const file = JSON.parse(readFileSync(at('p.json'), 'utf8'));
    expect(JSON.stringify(file.register)).toContain('worker');
    const called = new Set(calls.map((c) => c.id));
    const week = Array.from({ length: N }, (_, i) => `m${i},${called.has(`m${i}`) ? 1 : 0},${i % 2}`);
    writeFileSync(at('w.csv'), 'id,called,engaged\n' + week.join('\n') + '\n');
    writeFileSync(at('new.csv'), 'id,state,age,worker\nn1,1,30,आशा नई\nn2,0,22,Asha 4\n');
    const next = await runMainJson([
      'plan',
      '--state',
      at('p.json'),
      '--outcomes',
      at('w.csv'),
      '--enrol',
      at('new.csv'),
    ]);
    expect(next.joined).toBe(2);
    const names = new Set((next.workers as Worker[]).map((w) => w.worker));
    expect(names.size).toBe(W + 1);
    expect(names.has('आशा नई')).toBe(true);
    for (const c of next.calls as Call[]) {
      if (c.id === 'n1') expect(c.worker).toBe('आशा नई');
      else if (c.id === 'n2') expect(c.worker).toBe('Asha 4');
      else expect(c.worker).toBe(workerOf(Number(c.id.slice(1))));
    }
  }, 120_000);
});
