// One CSV per health worker, on request: the list's table (list-csv.ts) split by her worker column, each
// file her lines in rank order with the same header, named after her (a name made safe for every file
// system, and distinct even where two names differ only by characters a file name cannot hold, or by
// case). The app downloads them as one ZIP (core/export/zip-store.ts); `allot plan --out-per-worker DIR`
// writes them into DIR.
import { utf8Bytes } from '../datasets/utf8.ts';
import { zipStore } from '../export/zip-store.ts';
import { listCsvOf, listTable, type ListLines } from './list-csv.ts';
import type { WeeklyList } from './weekly-list.ts';

export interface WorkerFile {
  /** The file's name: her name made safe, ".csv". */
  name: string;
  worker: string;
  calls: number;
  text: string;
}

/** The longest file name kept before ".csv" (file systems allow 255 bytes; Devanagari takes 3 a letter). */
const MAX_NAME = 80;
/** Names Windows keeps for devices, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * A worker's name as a file name: letters of any script kept; characters a file system refuses or reads
 * otherwise (/ \ : * ? " < > |, control characters), and leading dots, as "_"; at most MAX_NAME characters.
 */
export function safeFileName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, (dots) => '_'.repeat(dots.length))
    .replace(/[. ]+$/, '');
  safe = Array.from(safe).slice(0, MAX_NAME).join('');
  if (safe === '') return 'worker';
  return RESERVED.test(safe) ? `${safe}_` : safe;
}

/** The list as one CSV per worker (her lines; the mothers with no worker in "no worker.csv"); null without workers. */
export function filesPerWorker(list: WeeklyList, lines: ListLines, membership?: Float64Array): WorkerFile[] | null {
  const { lineWorker } = list;
  if (!lineWorker) return null;
  const { header, rows } = listTable(list, lines, membership);
  const byWorker = new Map<string, typeof rows>();
  lineWorker.forEach((w, j) => {
    const at = byWorker.get(w);
    if (at) at.push(rows[j]);
    else byWorker.set(w, [rows[j]]);
  });
  const taken = new Set<string>();
  const workers = [...byWorker.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
  return workers.map((worker) => {
    const base = worker === '' ? 'no worker' : safeFileName(worker);
    // Case-blind, as Windows and macOS compare names: "Asha C" and "asha c" or "A/B" and "A_B" get (2), (3), ...
    let name = base;
    for (let k = 2; taken.has(name.toLowerCase()); k++) name = `${base} (${k})`;
    taken.add(name.toLowerCase());
    const own = byWorker.get(worker)!;
    return { name: `${name}.csv`, worker, calls: own.length, text: listCsvOf({ header, rows: own }) };
  });
}

/** The per-worker CSVs as one ZIP of stored entries, in a folder named `folder`. */
export function zipPerWorker(files: readonly WorkerFile[], folder: string): Uint8Array {
  return zipStore(files.map((f) => ({ name: `${folder}/${f.name}`, data: utf8Bytes(f.text) })));
}
