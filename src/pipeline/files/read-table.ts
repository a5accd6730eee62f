// Her file as a table, read the same way in the plan worker and on the command line: a CSV (comma,
// semicolon or tab; UTF-8 with or without a byte order mark, UTF-16; CRLF) through the one tokenizer, or
// a spreadsheet's sheet (XLSX, read with read-excel-file; the sheet she chose, else the first). Rows go
// to a sink, so that a history streams into typed columns and a table of one row per beneficiary is kept
// as text. A spreadsheet's errors name the sheet: `register.xlsx, sheet "Mothers", line 5, column 3`.
import readXlsxFile from 'read-excel-file/universal';
import { ByteTableBuilder, type ByteTable } from '../../core/datasets/byte-table.ts';
import { ContentHasher } from '../../core/datasets/content-hash.ts';
import { CsvTableBuilder, type CsvTable } from '../../core/datasets/csv.ts';
import { COMMA, CsvTokenizer, type CsvRowSink } from '../../core/datasets/csv-tokenizer.ts';
import { checkImportSize } from '../../core/datasets/import-limits.ts';
import { utf8Bytes } from '../../core/datasets/utf8.ts';
import { streamUtf8, type ReadControl } from './utf8-chunks.ts';

/** How a file was read: its kind, separator or sheet, the sheets a workbook has, and its fingerprint. */
export interface FileRead {
  kind: 'csv' | 'xlsx';
  /** The name errors give: the file's, with the sheet of a workbook. */
  where: string;
  hash: string;
  delimiter?: number;
  sheet?: string;
  sheets?: string[];
}

/** An XLSX (a zip) starts with PK\3\4. */
export async function isSpreadsheet(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 3 && head[3] === 4;
}

/**
 * Streams every record of `file` (its header first) to `sink`; the sink may be made once the reader knows the file's
 * name in messages.
 */
export async function readRows(
  file: Blob,
  fileName: string,
  sink: (where: string, delimiter: () => number) => CsvRowSink,
  control: ReadControl & { sheet?: string } = {},
): Promise<FileRead> {
  if (await isSpreadsheet(file)) return readSheetRows(file, fileName, sink, control);
  if (control.sheet !== undefined)
    throw new Error(`${fileName} is a text file (CSV), not a workbook: it has no sheet "${control.sheet}"`);
  let tokenizer: CsvTokenizer | null = null;
  tokenizer = new CsvTokenizer(
    sink(fileName, () => tokenizer!.delimiter ?? COMMA),
    fileName,
  );
  const hash = await streamUtf8(file, fileName, (bytes) => tokenizer!.push(bytes), control);
  tokenizer.end();
  return { kind: 'csv', where: fileName, hash, delimiter: tokenizer.delimiter ?? COMMA };
}

/**
 * A file with one row per beneficiary (or an outcomes file), kept as text; over 256 MiB it is refused with its size.
 */
export async function readTable(
  file: Blob,
  fileName: string,
  control: ReadControl & { sheet?: string } = {},
): Promise<{ table: CsvTable; read: FileRead }> {
  checkImportSize(file.size, fileName, 'to read as one row per beneficiary');
  let builder: CsvTableBuilder | null = null;
  const read = await readRows(file, fileName, (where) => (builder = new CsvTableBuilder(where)), control);
  return { table: builder!.table(read.delimiter ?? COMMA), read };
}

/**
 * A file with one row per beneficiary kept as bytes (a features file beside a history: no string per cell, any
 * size the memory holds).
 */
export async function readByteTable(
  file: Blob,
  fileName: string,
  control: ReadControl & { sheet?: string } = {},
): Promise<{ table: ByteTable; read: FileRead }> {
  let builder: ByteTableBuilder | null = null;
  const read = await readRows(file, fileName, (where) => (builder = new ByteTableBuilder(where, file.size)), control);
  return { table: builder!.table(read.delimiter ?? COMMA), read };
}

/** A workbook's sheet, row by row as text: numbers as written shortest, dates as YYYY-MM-DD, empty cells blank. */
async function readSheetRows(
  file: Blob,
  fileName: string,
  sink: (where: string, delimiter: () => number) => CsvRowSink,
  control: ReadControl & { sheet?: string },
): Promise<FileRead> {
  checkImportSize(file.size, fileName, 'to read as a workbook');
  let sheets;
  try {
    sheets = await readXlsxFile(file);
  } catch (error) {
    throw new Error(
      `${fileName} looks like a spreadsheet (XLSX) but cannot be read (${(error as Error).message}); save it again ` +
        `as .xlsx or as CSV`,
    );
  }
  const names = sheets.map((s) => s.sheet);
  const chosen = control.sheet === undefined ? sheets[0] : sheets.find((s) => s.sheet === control.sheet);
  if (!chosen)
    throw new Error(
      `${fileName} has no sheet "${control.sheet}"; its sheets are ${names.map((n) => `"${n}"`).join(', ')}`,
    );
  const where = names.length > 1 ? `${fileName}, sheet "${chosen.sheet}"` : fileName;
  const target = sink(where, () => COMMA);
  let starts = new Int32Array(64),
    ends = new Int32Array(64);
  let width = -1;
  chosen.data.forEach((row, r) => {
    const fields = row.map(cellText);
    // A sheet drops a row's empty cells at its end, or keeps empty ones past the header's: as wide as the header.
    while (fields.length > Math.max(width, 0) && fields[fields.length - 1] === '') fields.pop();
    if (fields.every((f) => f === '')) return;
    if (width === -1) width = fields.length;
    while (fields.length < width) fields.push('');
    if (fields.length > starts.length)
      ((starts = new Int32Array(fields.length * 2)), (ends = new Int32Array(fields.length * 2)));
    const parts = fields.map(utf8Bytes);
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    parts.forEach((p, f) => {
      bytes.set(p, at);
      starts[f] = at;
      ends[f] = at += p.length;
    });
    target.row(bytes, starts, ends, fields.length, r + 1);
  });
  control.onProgress?.({ fileName, done: file.size, total: file.size });
  const hasher = new ContentHasher();
  hasher.update(new Uint8Array(await file.arrayBuffer()));
  return { kind: 'xlsx', where, hash: hasher.digest(), sheet: chosen.sheet, sheets: names };
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}
