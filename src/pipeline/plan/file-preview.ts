// What the mapping step shows of her file before it is read: its size in words, how it is written
// (separator and encoding, or the workbook's sheets), its columns with the use allot guesses for each
// (or the one she gave), its first rows, and the values of the state column (so that the program's own
// two labels can be named once). Only the first megabyte of a text file is read for this.
import { binaryValue } from '../../core/datasets/binary-values.ts';
import {
  mapColumns,
  type ColumnMapping,
  type ColumnRole,
  type PlannedColumn,
} from '../../core/datasets/column-mapping.ts';
import { CsvTableBuilder, type CsvTable } from '../../core/datasets/csv.ts';
import { COMMA, CsvTokenizer, delimiterName } from '../../core/datasets/csv-tokenizer.ts';
import { sizeInWords } from '../../core/datasets/import-limits.ts';
import { longColumns, pivotLongTable } from '../../core/datasets/long-table.ts';
import { registerKind } from '../../core/datasets/register-csv.ts';
import { textEncodingOf } from '../../core/datasets/text-encoding.ts';
import { isSpreadsheet, readTable } from '../files/read-table.ts';
import { streamUtf8 } from '../files/utf8-chunks.ts';

const PEEK_BYTES = 1 << 20;

export interface FilePreview {
  fileName: string;
  size: string;
  /** How it is written, in words: "CSV separated by semicolons, UTF-16", or "workbook, sheet Mothers". */
  format: string;
  sheets: string[];
  sheet: string | null;
  /** A long attribute table (id, attribute, value), shown as its wide form (the attributes of its first rows). */
  long: boolean;
  kind: 'history' | 'wide' | 'features';
  header: string[];
  /** Its first rows as text. */
  rows: string[][];
  columns: PlannedColumn[];
  /**
   * Distinct values of the state column among the rows looked at (at most 12), and those not read as engaged or not.
   */
  stateValues: string[];
  unreadStates: string[];
  /** The mapping step opened with her choices remembered for this header (set by the page's session). */
  remembered?: boolean;
}

/** The first rows of a file (a text file's first megabyte, or a workbook's sheet) as a table. */
async function peekTable(
  file: Blob,
  fileName: string,
  sheet?: string,
): Promise<{ table: CsvTable; format: string; sheets: string[]; sheet: string | null }> {
  if (await isSpreadsheet(file)) {
    const { table, read } = await readTable(file, fileName, { sheet });
    return {
      table,
      format: `workbook (XLSX), sheet "${read.sheet}"`,
      sheets: read.sheets ?? [],
      sheet: read.sheet ?? null,
    };
  }
  const head = file.slice(0, PEEK_BYTES);
  const builder = new CsvTableBuilder(fileName);
  const tokenizer = new CsvTokenizer(builder, fileName);
  await streamUtf8(head, fileName, (bytes) => tokenizer.push(bytes));
  if (file.size <= PEEK_BYTES) tokenizer.end();
  const delimiter = tokenizer.delimiter ?? COMMA;
  const table = builder.table(delimiter, { partial: file.size > PEEK_BYTES });
  const encoding = textEncodingOf(new Uint8Array(await file.slice(0, 1024).arrayBuffer()));
  const separated = { comma: 'commas', semicolon: 'semicolons', tab: 'tabs' }[delimiterName(delimiter)];
  return { table, format: `CSV separated by ${separated}, ${encoding.toUpperCase()}`, sheets: [], sheet: null };
}

/** Her header (the first row), for deciding what a file is. */
export async function peekHeader(file: Blob, fileName: string, sheet?: string): Promise<string[]> {
  return (await peekTable(file, fileName, sheet)).table.header;
}

/** The mapping step's view of a file given as a register (`features`: the table beside a history). */
export async function previewFile(
  file: Blob,
  fileName: string,
  options: { sheet?: string; features?: boolean; mapping?: ColumnMapping } = {},
): Promise<FilePreview> {
  const peek = await peekTable(file, fileName, options.sheet);
  const mapping = options.mapping ?? {};
  const long = longColumns(peek.table.header, mapping);
  const table = long ? pivotLongTable(peek.table, long, fileName) : peek.table;
  const kind = options.features ? 'features' : registerKind(table.header, mapping);
  const roles: ColumnRole[] =
    kind === 'history' ? ['id', 'week', 'state', 'called'] : kind === 'wide' ? ['id', 'state'] : ['id'];
  const mapped = mapColumns(table.header, mapping, roles, { fileName, headerLine: table.headerLine });
  const values = new Set<string>();
  if (mapped.state !== -1)
    for (const row of table.rows) if (values.size < 12) values.add(row.fields[mapped.state].trim());
  const stateValues = [...values].filter((v) => v !== '');
  return {
    fileName,
    size: sizeInWords(file.size),
    format: peek.format,
    sheets: peek.sheets,
    sheet: peek.sheet,
    long: long !== null,
    kind,
    header: table.header,
    rows: table.rows.slice(0, 5).map((r) => r.fields),
    columns: mapped.columns,
    stateValues,
    unreadStates: stateValues.filter((v) => binaryValue(v, 'state', mapping.stateValues) === -1),
  };
}
