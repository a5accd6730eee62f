// A small RFC 4180 CSV reader that remembers where every field came from, so that errors can
// name the file line and column. Quoted fields may hold delimiters, quotes ("") and newlines.

/** A problem in a text file: `line` and `column` are 1-based; in a CSV `column` counts fields, in a JSON file characters. */
export class CsvError extends Error {
  override name = 'CsvError';
  constructor(
    message: string,
    readonly line: number,
    readonly column?: number,
    readonly columnName?: string,
  ) {
    super(message);
  }
}

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
}

/**
 * Parses CSV text with a header row. Blank lines are skipped. Every row must have exactly as
 * many fields as the header. A header with one column that contains ';' or a tab is reported
 * as a wrong delimiter.
 */
export function parseCsv(text: string, fileName = 'the file'): CsvTable {
  checkNoNul(text, fileName);
  const records = splitRecords(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, fileName);
  if (records.length === 0) throw new CsvError(`${fileName} is empty: expected a header row and one row per arm`, 1);
  const [head, ...rows] = records;
  const header = head.fields.map((f) => f.trim());
  if (header.length === 1 && /[;\t|]/.test(head.fields[0])) {
    const found = head.fields[0].includes(';') ? 'semicolons (;)' : head.fields[0].includes('\t') ? 'tabs' : 'bars (|)';
    throw new CsvError(`${fileName}, line ${head.line}: the header is separated by ${found}; save the file with commas (,) as separators`, head.line);
  }
  header.forEach((name, i) => {
    if (name === '') throw new CsvError(`${fileName}, line ${head.line}, column ${i + 1}: the header has an empty column name`, head.line, i + 1);
    const first = header.indexOf(name);
    if (first !== i) throw new CsvError(`${fileName}, line ${head.line}, column ${i + 1}: column "${name}" appears twice in the header (columns ${first + 1} and ${i + 1})`, head.line, i + 1, name);
  });
  for (const row of rows) {
    if (row.fields.length !== header.length) {
      throw new CsvError(
        `${fileName}, line ${row.line}: expected ${header.length} fields as in the header, found ${row.fields.length}; check for a missing or extra comma`,
        row.line,
      );
    }
  }
  return { header, headerLine: head.line, rows };
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
    `${fileName}, line ${line}, column ${column}: the file holds a NUL character, so it is not a text file (a spreadsheet saved as .xlsx, or an image?); save it as CSV text (UTF-8 or UTF-16)`,
    line,
    column,
  );
}

/**
 * Splits text into records of fields, tracking the line each record starts on. Runs of ordinary
 * characters are sliced rather than appended one by one (100,000-row files are common).
 */
function splitRecords(text: string, fileName: string): CsvRow[] {
  const records: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0].trim() === '' && !fieldStarted)) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (quoted) {
      const close = text.indexOf('"', i);
      if (close === -1) break;
      for (let k = text.indexOf('\n', i); k !== -1 && k < close; k = text.indexOf('\n', k + 1)) line++;
      field += text.slice(i, close);
      if (text.charCodeAt(close + 1) === 34) {
        field += '"';
        i = close + 2;
      } else {
        quoted = false;
        i = close + 1;
      }
      continue;
    }
    let j = i;
    let c = text.charCodeAt(j);
    while (j < n && c !== 44 && c !== 10 && c !== 13 && c !== 34) c = text.charCodeAt(++j);
    if (j > i) {
      field += text.slice(i, j);
      i = j;
      continue;
    }
    if (c === 34) {
      if (field.trim() === '') {
        quoted = true;
        quoteLine = line;
        fieldStarted = true;
        field = '';
      } else field += '"';
    } else if (c === 44) {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      endRecord();
      line++;
      recordLine = line;
    }
    i++;
  }
  if (quoted) throw new CsvError(`${fileName}, line ${quoteLine}: a quoted field is never closed (missing ")`, quoteLine);
  if (field !== '' || fields.length > 0 || fieldStarted) endRecord();
  return records;
}

/** A field that reads as a number (trimmed): the forms JavaScript and Python both print. */
export const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Reads a field as a finite number, or throws a CsvError naming the line and column.
 * Accepts the forms JavaScript and Python both print ("0.5", "1e-3", "-2"); refuses "", "NaN", "inf".
 */
export function numberField(table: CsvTable, row: CsvRow, column: number, fileName = 'the file'): number {
  const raw = row.fields[column].trim();
  const value = NUMBER_TEXT.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(value)) {
    const name = table.header[column];
    throw new CsvError(
      `${fileName}, line ${row.line}, column ${column + 1} ("${name}"): ${raw === '' ? 'the value is empty' : `"${raw}" is not a number`}`,
      row.line,
      column + 1,
      name,
    );
  }
  return value;
}
