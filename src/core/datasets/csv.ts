// CSV as a table of text fields that remembers where every field came from, so that errors can name
// the file, line and column. Read by the one tokenizer (csv-tokenizer.ts): the separator sniffed
// (comma, semicolon or tab), quoted fields holding separators, quotes ("") and newlines.
import { CsvError } from './csv-error.ts';
import { CsvTokenizer, delimiterName, SEMICOLON, type CsvRowSink } from './csv-tokenizer.ts';
import { utf8Bytes, utf8Text } from './utf8.ts';

export { CsvError };

export interface CsvRow {
  /** The file line on which the row starts (1-based; the header is line 1 when there is no blank line before it). */
  line: number;
  fields: string[];
}

export interface CsvTable {
  header: string[];
  /** The file line of the header. */
  headerLine: number;
  rows: CsvRow[];
  /** The separator's byte (csv-tokenizer.ts; a comma when absent). */
  delimiter?: number;
}

/**
 * Parses CSV text with a header row. Blank lines are skipped. Every row must have exactly as
 * many fields as the header.
 */
export function parseCsv(text: string, fileName = 'the file'): CsvTable {
  const builder = new CsvTableBuilder(fileName);
  const tokenizer = new CsvTokenizer(builder, fileName);
  tokenizer.push(utf8Bytes(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  tokenizer.end();
  return builder.table(tokenizer.delimiter!);
}

/** A tokenizer's sink that keeps the header and every row as text (a file of one row per beneficiary). */
export class CsvTableBuilder implements CsvRowSink {
  private header: string[] | null = null;
  private headerLine = 1;
  private readonly rows: CsvRow[] = [];

  constructor(private readonly fileName: string) {}

  row(bytes: Uint8Array, starts: Int32Array, ends: Int32Array, count: number, line: number): void {
    const fields = new Array<string>(count);
    for (let f = 0; f < count; f++) fields[f] = utf8Text(bytes, starts[f], ends[f]);
    if (this.header === null) {
      this.header = fields.map((f) => f.trim());
      this.headerLine = line;
      checkHeader(this.header, line, this.fileName);
    } else this.rows.push({ line, fields });
  }

  /**
   * The table read, its rows checked against the header; `partial`: the file's first part only (its last row dropped,
   * maybe cut).
   */
  table(delimiter: number, { partial = false } = {}): CsvTable {
    const { header, headerLine, fileName } = this;
    if (header === null) throw new CsvError(`${fileName} is empty: expected a header row and one row per arm`, 1);
    const rows = partial ? this.rows.slice(0, -1) : this.rows;
    for (const row of rows) checkWidth(header.length, row.fields.length, row.line, fileName, delimiter);
    return { header, headerLine, rows, delimiter };
  }
}

/** Names must be present and distinct. */
export function checkHeader(header: string[], line: number, fileName: string): void {
  header.forEach((name, i) => {
    if (name === '')
      throw new CsvError(
        `${fileName}, line ${line}, column ${i + 1}: the header has an empty column name`,
        line,
        i + 1,
      );
    const first = header.indexOf(name);
    if (first !== i)
      throw new CsvError(
        `${fileName}, line ${line}, column ${i + 1}: column "${name}" appears twice in the header (columns ` +
          `${first + 1} and ${i + 1})`,
        line,
        i + 1,
        name,
      );
  });
}

/** A row has as many fields as the header. */
export function checkWidth(expected: number, found: number, line: number, fileName: string, delimiter: number): void {
  if (found === expected) return;
  throw new CsvError(
    `${fileName}, line ${line}: expected ${expected} fields as in the header, found ${found}; check for a missing ` +
      `or extra ${delimiterName(delimiter)}`,
    line,
  );
}

/**
 * A NUL character does not belong in a text file: the file is binary (a spreadsheet, an image), or
 * UTF-16 text read as UTF-8. Said once, with its place, instead of a puzzling error further on.
 */
export function checkNoNul(text: string, fileName: string): void {
  const at = text.indexOf('\0');
  if (at === -1) return;
  const lineStart = text.lastIndexOf('\n', at) + 1;
  let line = 1;
  for (let k = text.indexOf('\n'); k !== -1 && k < at; k = text.indexOf('\n', k + 1)) line++;
  const column = text.slice(lineStart, at).split(',').length;
  throw new CsvError(
    `${fileName}, line ${line}, column ${column}: the file holds a NUL character, so it is not a text file (a ` +
      `spreadsheet saved as .xlsx, or an image?); save it as CSV text (UTF-8 or UTF-16)`,
    line,
    column,
  );
}

/** A field that reads as a number (trimmed): the forms JavaScript and Python both print. */
export const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A trimmed field as a number is written: a file separated by semicolons is a spreadsheet's in a language
 * that writes 0,5 for 0.5. */
export function decimalText(table: { delimiter?: number }, raw: string): string {
  return table.delimiter === SEMICOLON && /^[+-]?\d+,\d+$/.test(raw) ? raw.replace(',', '.') : raw;
}

/**
 * Reads a field as a finite number, or throws a CsvError naming the line and column.
 * Accepts the forms JavaScript and Python both print ("0.5", "1e-3", "-2"), and "0,5" in a file separated by
 * semicolons; refuses "", "NaN", "inf".
 */
export function numberField(table: CsvTable, row: CsvRow, column: number, fileName = 'the file'): number {
  const raw = row.fields[column].trim();
  const text = decimalText(table, raw);
  const value = NUMBER_TEXT.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value)) {
    const name = table.header[column];
    throw new CsvError(
      `${fileName}, line ${row.line}, column ${column + 1} ("${name}"): ` +
        `${raw === '' ? 'the value is empty' : `"${raw}" is not a number`}`,
      row.line,
      column + 1,
      name,
    );
  }
  return value;
}
