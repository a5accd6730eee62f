// A national history as a program exports it, for the benchmarks that read one (read-history.ts, and the
// browser's plan-scale-program.test.ts): N beneficiaries x 26 weeks (id, week, state, called; week after
// week, as weekly exports are appended; 10^6 x 26 is about 420 MB) and a features file with one row per
// beneficiary. With `workers`, the features also name each mother's health worker (caseloads from 0.5
// to 2 times the mean) and a capacities file gives each worker 20-80 calls a week. Deterministic; made
// once in $TMPDIR and reused.
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const WEEKS = 26;

export interface HistoryFiles {
  dir: string;
  history: string;
  features: string;
  /** worker,capacity (only with workers) */
  capacities?: string;
}

/** A deterministic 0/1 with about `p` ones. */
const draw = (i: number, w: number, salt: number, p: number) =>
  (Math.imul(i * 2654435761 + w * 40503 + salt, 2246822519) >>> 0) % 1000 < p * 1000;

/** Writes the lines a generator yields, a megabyte at a time, waiting for the disk. */
async function write(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  const closed = new Promise<void>((r) => out.on('close', () => r()));
  let buffer = '';
  for (const line of lines) {
    buffer += line;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await new Promise<void>((r) => out.once('drain', () => r()));
      buffer = '';
    }
  }
  out.end(buffer);
  await closed;
}

/** Each mother's worker (0..workers-1): caseload weights 0.5-2 drawn from a fixed hash, so files repeat. */
function workerOf(N: number, workers: number): Int32Array {
  const cumulative = new Float64Array(workers);
  let total = 0;
  for (let w = 0; w < workers; w++) cumulative[w] = total += 0.5 + (1.5 * ((w * 2654435761) >>> 0)) / 2 ** 32;
  const of = new Int32Array(N);
  for (let i = 0; i < N; i++) {
    const u = ((Math.imul(i + 1, 2246822519) >>> 0) / 2 ** 32) * total;
    let lo = 0,
      hi = workers - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    of[i] = lo;
  }
  return of;
}

/** The files for N beneficiaries (and `workers` health workers when > 0), made if missing. */
export async function historyFiles(N: number, workers = 0): Promise<HistoryFiles> {
  const dir = join(tmpdir(), workers ? `allot-history-${N}-workers-${workers}` : `allot-read-history-${N}`);
  mkdirSync(dir, { recursive: true });
  const files: HistoryFiles = {
    dir,
    history: join(dir, 'history.csv'),
    features: join(dir, 'features.csv'),
    ...(workers ? { capacities: join(dir, 'capacities.csv') } : {}),
  };
  if (Object.values(files).every((path) => existsSync(path))) return files;
  console.log(`writing ${N.toLocaleString('en')} x ${WEEKS} weeks to ${dir} ...`);
  const id = (i: number) => `B${String(i).padStart(7, '0')}`;
  const name = (w: number) => `ASHA ${String(w + 1).padStart(4, '0')}`;
  const owner = workers ? workerOf(N, workers) : null;
  await write(
    files.features,
    (function* () {
      yield `id,age,low_income,parity${owner ? ',worker' : ''}\n`;
      for (let i = 0; i < N; i++)
        yield (
          `${id(i)},${18 + (i % 27)},${draw(i, 0, 1, 0.3) ? 1 : 0},${i % 5}` + `${owner ? `,${name(owner[i])}` : ''}\n`
        );
    })(),
  );
  await write(
    files.history,
    (function* () {
      yield 'id,week,state,called\n';
      for (let w = 1; w <= WEEKS; w++)
        for (let i = 0; i < N; i++)
          yield `${id(i)},${w},${draw(i, w, 2, 0.55) ? 1 : 0},${w < WEEKS && draw(i, w, 3, 0.1) ? 1 : 0}\n`;
    })(),
  );
  if (files.capacities)
    await write(
      files.capacities,
      (function* () {
        yield 'worker,capacity\n';
        for (let w = 0; w < workers; w++) yield `${name(w)},${20 + (((w * 40503) >>> 0) % 61)}\n`;
      })(),
    );
  return files;
}
