// One file per health worker (issue 26): `allot plan --out-per-worker DIR` writes DIR/<worker>.csv beside
// --out's one CSV with its worker column, through main() and the WASM engine: each file is her lines of
// the one CSV, header and all; names in any script kept, characters a file system refuses replaced, two
// names that would be one file (by those characters or by case) made distinct, Windows' device names
// avoided, the mothers without a worker in their own file. The same files zipped for the app's download
// (zipPerWorker) read back by `unzip` and checked against Node's own CRC-32.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 as nodeCrc32 } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../../src/core/datasets/csv.ts';
import { crc32 } from '../../../src/core/export/zip-store.ts';
import { safeFileName, zipPerWorker, type WorkerFile } from '../../../src/core/plan/worker-files.ts';
import { runMain } from './run-main.ts';

const dir = mkdtempSync(join(tmpdir(), 'allot-worker-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const N = 60;
// Devanagari and Latin; "A/B", "A:B" and "a_b" all make the file name "A_B" or "a_b" (one file, case-blind)
const WORKERS = ['आशा सी', 'Asha C', 'A/B', 'A:B', 'a_b', 'CON', ''];
const workerOf = (i: number) => WORKERS[i % WORKERS.length];
const rows = ['id,week,state,called'];
for (let w = 1; w <= 6; w++)
  for (let i = 0; i < N; i++) rows.push(`m${i},${w},${(i * w + i) % 3 === 0 ? 1 : 0},${(i + w) % 4 === 0 ? 1 : 0}`);
writeFileSync(at('history.csv'), rows.join('\n') + '\n');
const features = Array.from({ length: N }, (_, i) => `m${i},${18 + (i % 20)},${workerOf(i)}`);
writeFileSync(at('features.csv'), 'id,age,worker\n' + features.join('\n') + '\n');
const BASE = ['plan', '--register', at('history.csv'), '--features', at('features.csv'), '--draws', '0'];
const REWARD = ['--reward', 'state * (1 + agent_feats.age / 40)', '--budget', '30'];

describe('allot plan --out-per-worker', () => {
  test('one CSV per worker: her lines of the one CSV, names made safe and distinct', async () => {
    const args = [...BASE, ...REWARD, '--worker-column', 'worker', '--capacity', '6'];
    const r = await runMain([...args, '--state', at('p.json'), '--out', at('calls.csv'), '--out-per-worker', at('by')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`one file per health worker in ${at('by')}`);
    const all = parseCsv(readFileSync(at('calls.csv'), 'utf8').slice(1));
    const w = all.header.indexOf('worker');
    const names = readdirSync(at('by')).sort();
    // sorted by name ("a_b", "A:B", "A/B" in the locale's order), the first takes the plain name
    expect(names).toEqual(
      ['A_B (2).csv', 'A_B (3).csv', 'a_b.csv', 'Asha C.csv', 'CON_.csv', 'no worker.csv', 'आशा सी.csv'].sort(),
    );
    // each file: the one CSV's header, her lines in rank order; together every line once, one file a worker
    const seen: string[] = [],
      owners = new Set<string>();
    for (const name of names) {
      const text = readFileSync(join(at('by'), name), 'utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const own = parseCsv(text.slice(1));
      expect(own.header).toEqual(all.header);
      const owner = own.rows[0].fields[w];
      expect(owners.has(owner)).toBe(false);
      owners.add(owner);
      if (owner !== '') expect(name).toBe(`${safeFileName(owner)}${name.match(/( \(\d\))?\.csv$/)![0]}`);
      const expected = all.rows.filter((row) => row.fields[w] === owner).map((row) => row.fields);
      expect(own.rows.map((row) => row.fields)).toEqual(expected);
      seen.push(...own.rows.map((row) => row.fields[0]));
    }
    expect(seen.sort()).toEqual(all.rows.map((row) => row.fields[0]).sort());
    expect([...owners].sort()).toEqual([...WORKERS].sort());
    // without health workers: refused, nothing saved
    const none = await runMain([...BASE, ...REWARD, '--state', at('q.json'), '--out-per-worker', at('none')]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('the plan has no health workers');
    expect(() => readFileSync(at('q.json'))).toThrow();
  });

  test('safe names: scripts kept, refused characters and device names replaced, never empty', () => {
    expect(safeFileName('आशा सी')).toBe('आशा सी');
    expect(safeFileName(' a/b\\c:d*e?f"g<h>i|j\tk  l ')).toBe('a_b_c_d_e_f_g_h_i_j_k l');
    expect(safeFileName('..hidden')).toBe('__hidden');
    expect(safeFileName('trailing. ')).toBe('trailing');
    expect(safeFileName('nul')).toBe('nul_');
    expect(safeFileName('')).toBe('worker');
    expect(Array.from(safeFileName('x'.repeat(300)))).toHaveLength(80);
  });

  test('the files zipped for the app: unzip lists them and their CRC-32 agrees with Node', () => {
    const files: WorkerFile[] = [
      { name: 'आशा सी.csv', worker: 'आशा सी', calls: 1, text: '\uFEFFid,rank\nm1,1\n' },
      { name: 'Asha C.csv', worker: 'Asha C', calls: 2, text: '\uFEFFid,rank\nm2,2\nm3,3\n' },
    ];
    const zip = zipPerWorker(files, 'week 7');
    writeFileSync(at('w.zip'), zip);
    // unzip tests every entry's CRC-32 and counts them; Python's zipfile reads the UTF-8 names and the bytes
    execFileSync('unzip', ['-tq', at('w.zip')]);
    expect(execFileSync('unzip', ['-l', at('w.zip')], { encoding: 'utf8' })).toMatch(/\n\s*\d+\s+2 files\n/);
    const read =
      'import json, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\n' +
      'print(json.dumps({n: z.read(n).decode("utf-8") for n in z.namelist()}))';
    const entries = JSON.parse(execFileSync('python3', ['-c', read, at('w.zip')], { encoding: 'utf8' }));
    expect(entries).toEqual(Object.fromEntries(files.map((f) => [`week 7/${f.name}`, f.text])));
    for (const f of files) {
      const bytes = new TextEncoder().encode(f.text);
      expect(crc32(bytes)).toBe(nodeCrc32(bytes));
    }
  });
});
