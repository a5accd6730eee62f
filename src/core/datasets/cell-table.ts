// A table of one row per beneficiary as its readers see it (ids, features, text columns, carried
// columns): each cell's text, kind and number, whatever holds the cells. Two hold them: a CsvTable (a
// string per field: a wide register, a pivoted long table) and a ByteTable (byte-table.ts: the file's
// bytes and an offset per cell, a features file of 10^6 beneficiaries in a few bytes a cell, read
// without a string per cell). The number rules are written once here, so both read a cell alike.
import { CsvError } from './csv-error.ts';
import { decimalText, NUMBER_TEXT, type CsvTable } from './csv.ts';

/** A cell is blank, a number as written (NUMBER_TEXT, "0,5" in a file separated by semicolons), or text. */
export const BLANK_CELL = 0,
  NUMBER_CELL = 1,
  TEXT_CELL = 2;
export type CellKind = typeof BLANK_CELL | typeof NUMBER_CELL | typeof TEXT_CELL;

export interface CellTable {
  readonly header: string[];
  /** The file line of the header. */
  readonly headerLine: number;
  /** The separator's byte (a comma when absent). */
  readonly delimiter?: number;
  readonly rowCount: number;
  /** The file line row r starts on. */
  line(r: number): number;
  /** The cell as written, trimmed. */
  text(r: number, c: number): string;
  kind(r: number, c: number): CellKind;
  /** The cell as a finite number, or NaN (blank, text, "1e999"). */
  number(r: number, c: number): number;
  /**
   * The cell's trimmed UTF-8 bytes without a string: bytes[at[0], at[1]), or null when the table holds
   * strings (then text() gives it).
   */
  span(r: number, c: number, at: Int32Array): Uint8Array | null;
}

/** The kind of a trimmed cell's text. */
export function textKind(raw: string, delimiter: number | undefined): CellKind {
  if (raw === '') return BLANK_CELL;
  return NUMBER_TEXT.test(decimalText({ delimiter }, raw)) ? NUMBER_CELL : TEXT_CELL;
}

/** The finite number a trimmed cell's text is, or NaN. */
export function textNumber(raw: string, delimiter: number | undefined): number {
  const text = decimalText({ delimiter }, raw);
  const value = NUMBER_TEXT.test(text) ? Number(text) : NaN;
  return Number.isFinite(value) ? value : NaN;
}

/** The error for a cell that should be a number: `line 5, column 3 ("age"): "ten" is not a number`. */
export function numberError(table: CellTable, r: number, c: number, fileName: string): CsvError {
  const raw = table.text(r, c),
    name = table.header[c],
    line = table.line(r);
  return new CsvError(
    `${fileName}, line ${line}, column ${c + 1} ("${name}"): ` +
      `${raw === '' ? 'the value is empty' : `"${raw}" is not a number`}`,
    line,
    c + 1,
    name,
  );
}

/** A CsvTable's cells. */
export function csvCells(table: CsvTable): CellTable {
  const { rows, delimiter } = table;
  return {
    header: table.header,
    headerLine: table.headerLine,
    delimiter,
    rowCount: rows.length,
    line: (r) => rows[r].line,
    text: (r, c) => rows[r].fields[c].trim(),
    kind: (r, c) => textKind(rows[r].fields[c].trim(), delimiter),
    number(r, c) {
      const raw = rows[r].fields[c];
      // the 0/1 of one-hot columns, most of a typical file, without a regular expression
      return raw === '0' ? 0 : raw === '1' ? 1 : textNumber(raw.trim(), delimiter);
    },
    span: () => null,
  };
}
