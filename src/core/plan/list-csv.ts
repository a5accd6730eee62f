// The week's call list as a table, one for the health workers and for a re-analysis, written the same
// by the app's downloads and by `allot plan --out`, as CSV or XLSX: one line per call in rank order,
//   id, the columns she carries (name, phone, village: as she named them), rank, (worker, arm: with health
//   workers, a holdout), reason, chance, borderline, index, default_rank, features, the register's feature
//   columns, reason_detail, index_full
// where reason is the plain reason (plain-reason.ts), chance her share of posterior draws that list
// her (0-1, rounded to 0.01; empty until counted), borderline "yes" or "no" (borderline.ts; empty
// until counted), index rounded to 4 significant digits for reading, features her bucket in every group
// in words ("Ages 51-60 · Income low"), the columns her raw values under the names the user wrote,
// reason_detail the term-by-term account (with the minimum that brought her in), index_full every digit.
// The CSV is for Excel as it opens a file: UTF-8 with a byte order mark, text cells (values and
// headers) that a spreadsheet would take for a formula made inert (spreadsheet-cell.ts).
import { rowsOf } from '../instance/feature-table.ts';
import { csvField } from '../datasets/csv-field.ts';
import { utf8Into } from '../datasets/utf8.ts';
import { inertCell, readableNumber } from '../export/spreadsheet-cell.ts';
import { xlsxSheet } from '../export/xlsx-sheet.ts';
import { groupBuckets } from '../measures/group-buckets.ts';
import { idAt } from './packed-ids.ts';
import { isBorderline } from './borderline.ts';
import { bucketText } from '../words/bucket-name.ts';
import type { Register } from './register.ts';
import { detailAt, reasonAt } from './line-reasons.ts';
import type { WeeklyList } from './weekly-list.ts';

/** What the file says of each line beyond the list itself (listLines); the plan worker sends it with the list. */
export interface ListLines {
  /** Per line: her id. */
  ids: string[];
  /** Per line: her bucket in every group, in words ("Ages 51-60 · Income low"). */
  buckets: string[];
  /** The register's feature columns, as the user named them. */
  columns: string[];
  /** Lines x columns: her value of each column. */
  features: Float64Array;
  /** The columns she carries into the list (name, phone, village), and per line her value of each (lines x columns). */
  carried: string[];
  carry: string[];
}

/**
 * Ids, buckets and feature values of the listed arms (`arms` in rank order); `workerColumn`, a carried column
 * naming her health worker, is left out (the list has its own worker column).
 */
export function listLines(register: Register, arms: Int32Array, workerColumn?: string): ListLines {
  const { schema, features } = register;
  const carried = (register.carry ?? []).filter((c) => c.name !== workerColumn);
  // The buckets in words, the feature values and the carried values are made when first read: `allot plan`
  // prints ten lines of a 10^5-line list without them (a second of its time at 10^6 beneficiaries).
  let buckets: string[] | undefined, values: Float64Array | undefined, carry: string[] | undefined;
  return {
    carried: carried.map((c) => c.name),
    get carry() {
      if (!carry) {
        carry = new Array<string>(arms.length * carried.length);
        for (let j = 0, k = 0; j < arms.length; j++) for (const c of carried) carry[k++] = idAt(c.values, arms[j]);
      }
      return carry;
    },
    ids: Array.from(arms, (arm) => idAt(register.ids, arm)),
    get buckets() {
      return (buckets ??= bucketWords(register, arms));
    },
    columns: schema.columns.map((c) => c.label || c.name),
    get features() {
      return (values ??= rowsOf(features, arms));
    },
  };
}

/** Per line (`arms` in rank order), her bucket in every group in words. */
function bucketWords(register: Register, arms: Int32Array): string[] {
  const { schema, features, numArms } = register;
  const buckets = groupBuckets(schema, features, numArms);
  // Each bucket's words once (a group's few buckets, 10^5 lines): a text column's values are bare words
  // ("none", "yes"), so their group goes first.
  const words = schema.groups.map((g) => [
    ...g.buckets.map((bucket) => (g.text ? `${g.name} ${bucket}` : bucketText(g.name, bucket))),
    g.text ? `${g.name} ?` : bucketText(g.name, '?'),
  ]);
  // Lines of one combination of buckets share one text (10^5 lines, a few hundred combinations): made once, and
  // the same string crosses to the page as one value of a dictionary (transfer-view.ts) without hashing each anew.
  const span = words.reduce((p, w) => p * w.length, 1);
  const texts = span <= 2 ** 31 ? new Map<number, string>() : null;
  return Array.from(arms, (arm) => {
    let code = 0;
    for (let gi = 0; gi < words.length; gi++) {
      const b = buckets[gi][arm];
      code = code * words[gi].length + (b >= 0 ? b : words[gi].length - 1);
    }
    const known = texts?.get(code);
    if (known !== undefined) return known;
    let text = '';
    for (let gi = 0; gi < words.length; gi++) {
      const b = buckets[gi][arm],
        w = words[gi];
      text += (gi === 0 ? '' : ' · ') + (b >= 0 ? w[b] : w[w.length - 1]);
    }
    texts?.set(code, text);
    return text;
  });
}

/** A chance of being on the list in words ("on the list in 85% of posterior draws"), "" when not counted. */
export function chanceWords(chance: number): string {
  return Number.isFinite(chance) ? `on the list in ${Math.round(chance * 100)}% of posterior draws` : '';
}

/**
 * Line j's term-by-term account with how sure her place is (`membership`: per line, the share of
 * posterior draws that list her; NaN when not counted).
 */
export function reasonDetail(list: WeeklyList, j: number, membership: Float64Array = list.membership): string {
  return [detailAt(list, j), chanceWords(membership[j])].filter(Boolean).join('; ');
}

export type Cell = string | number | null;

export interface ListTable {
  header: string[];
  rows: Cell[][];
}

/** The list's table (see the top of this file): the header and one row per line, cells as they are (not inert). */
export function listTable(list: WeeklyList, lines: ListLines, membership: Float64Array = list.membership): ListTable {
  const rows: Cell[][] = new Array(list.arms.length);
  for (let j = 0; j < list.arms.length; j++) {
    const row: Cell[] = (rows[j] = []);
    tableRow(list, lines, membership, j, (c) => row.push(c));
  }
  return { header: tableHeader(list, lines), rows };
}

function tableHeader(list: WeeklyList, lines: ListLines): string[] {
  // With health workers her worker, with a holdout her arm, after the rank (each only when the plan has it).
  return [
    'id',
    ...lines.carried,
    'rank',
    ...(list.lineWorker ? ['worker'] : []),
    ...(list.arm ? ['arm'] : []),
    'reason',
    'chance',
    'borderline',
    'index',
    'default_rank',
    'features',
    ...lines.columns,
    'reason_detail',
    'index_full',
  ];
}

/** Line j's cells in order, each given to `put` (an array's push, or the CSV's bytes). */
function tableRow(list: WeeklyList, lines: ListLines, membership: Float64Array, j: number, put: (c: Cell) => void) {
  const F = lines.columns.length,
    C = lines.carried.length;
  const { lineWorker, arm } = list;
  const m = membership[j],
    counted = Number.isFinite(m);
  put(lines.ids[j]);
  for (let c = 0; c < C; c++) put(lines.carry[j * C + c]);
  put(j + 1);
  if (lineWorker) put(lineWorker[j]);
  if (arm) put(arm[j] ? 'holdout' : 'plan');
  put(reasonAt(list, j));
  put(counted ? Math.round(m * 100) / 100 : null);
  put(counted ? (isBorderline(m) ? 'yes' : 'no') : null);
  put(readableNumber(list.index[j]));
  put(list.defaultRank[j]);
  put(lines.buckets[j]);
  for (let f = 0; f < F; f++) put(lines.features[j * F + f]);
  put(reasonDetail(list, j, membership));
  put(list.index[j]);
}

/** The byte order mark that tells Excel the file is UTF-8. */
export const BOM = '\uFEFF';

/** The list as CSV (see the top of this file); `membership` as in reasonDetail (the app's comes after the list). */
export function listCsv(list: WeeklyList, lines: ListLines, membership: Float64Array = list.membership): string {
  return listCsvOf(listTable(list, lines, membership));
}

/** A list's table (all of it, or some of its rows: one worker's) as CSV for Excel. */
export function listCsvOf({ header, rows }: ListTable): string {
  return BOM + [csvLine(header), ...rows.map(csvLine)].join('\n') + '\n';
}

/** One cell as the CSV has it: made inert and quoted as needed (numbers as they are: never quoted). */
const cellText = (c: Cell): string =>
  typeof c === 'number' ? (Number.isFinite(c) ? String(c) : '') : csvField(c === null ? null : inertCell(c));

const csvLine = (cells: Cell[]): string => cells.map(cellText).join(',');

/**
 * listCsv's text as UTF-8 bytes, in pieces of about `size` bytes written a cell at a time (`allot plan --out`):
 * at 10^5 lines the whole text (60+ MB, twice that as a string), its lines and its table never exist. Each
 * piece is a view of one reused array, valid until the next is asked for (a file writer writes it first).
 */
export function* listCsvChunks(
  list: WeeklyList,
  lines: ListLines,
  membership: Float64Array = list.membership,
  size = 1 << 20,
): Generator<Uint8Array> {
  const out = new CsvBytes();
  out.text(BOM + csvLine(tableHeader(list, lines)) + '\n');
  for (let j = 0; j < list.arms.length; j++) {
    tableRow(list, lines, membership, j, out.cell);
    out.endLine();
    if (out.length >= size) {
      yield out.bytes();
      out.length = 0;
    }
  }
  if (out.length > 0) yield out.bytes();
}

/** CSV lines as UTF-8 in one array (grown as needed), cell by cell (cellText's, whole numbers' digits directly). */
class CsvBytes {
  private buffer = new Uint8Array(1 << 16);
  private first = true;
  length = 0;

  readonly cell = (c: Cell): void => {
    this.room(12);
    if (!this.first) this.buffer[this.length++] = 44; // ,
    this.first = false;
    if (typeof c === 'number' && c >= 0 && c < 2 ** 31 && c === Math.floor(c)) this.digits(c);
    else this.text(cellText(c));
  };

  endLine(): void {
    this.room(1);
    this.buffer[this.length++] = 10; // \n
    this.first = true;
  }

  text(text: string): void {
    this.room(text.length * 3);
    this.length += utf8Into(text, this.buffer.subarray(this.length));
  }

  /** Room for `total` bytes in all. */
  private expect(total: number): void {
    if (total <= this.buffer.length) return;
    const grown = new Uint8Array(total);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  private room(bytes: number): void {
    if (this.length + bytes > this.buffer.length) this.expect(Math.max(this.buffer.length * 2, this.length + bytes));
  }

  /** A whole number in [0, 2^31) as String gives it (-0 as 0). */
  private digits(x: number): void {
    const b = this.buffer;
    if (x < 10) {
      b[this.length++] = 48 + x;
      return;
    }
    let end = this.length;
    for (let y = x; y >= 1; y = Math.floor(y / 10)) end++;
    this.length = end;
    for (let y = x; y >= 1; y = Math.floor(y / 10)) b[--end] = 48 + (y % 10);
  }
}

/** The same table as an XLSX workbook (one sheet "Week N"). */
export function listXlsx(list: WeeklyList, lines: ListLines, membership: Float64Array = list.membership): Uint8Array {
  const { header, rows } = listTable(list, lines, membership);
  // Widths for reading: the reason whole; the account, the groups and the digits narrower (for re-analysis).
  const wide: Record<string, number> = { id: 14, reason: 70, reason_detail: 60, features: 40 };
  const widths = header.map((h) => wide[h] ?? Math.min(24, Math.max(8, h.length + 2)));
  return xlsxSheet({ name: `Week ${list.week}`, header, rows, widths });
}
