// The 2-state arm file of `allot indices` / `allot simulate`: a header and one row per arm with
// q00,q01,q10,q11 = P(next state = 1 | state s, action a) (a = 1 active) and optional rewards r0,r1
// (default 0 and 1). An id column and any other columns are allowed; other columns are ignored.
import { checkNoNul, checkWidth, CsvError, numberField, parseCsv, type CsvRow, type CsvTable } from './csv.ts';
import { COMMA } from './csv-tokenizer.ts';

export interface ArmsCsv {
  /** The id column's values, or the 0-based row numbers as strings. */
  ids: string[];
  /** numArms x 2 states x 2 actions x 2 next states, row-major: P(next | state, action), both next states filled. */
  transitions: Float64Array;
  /** numArms x 2 states: r[arm, state]. */
  rewards: Float64Array;
}

const Q_COLUMNS = ['q00', 'q01', 'q10', 'q11'] as const;

/** Parses and validates the file; every bad value is a CsvError naming line and column. */
export function parseArmsCsv(text: string, fileName = 'the file'): ArmsCsv {
  checkNoNul(text, fileName);
  const table = text.includes('"') ? parseCsv(text, fileName) : parsePlainCsv(text, fileName);
  const column = (name: string) => table.header.indexOf(name);
  for (const name of Q_COLUMNS) {
    if (column(name) === -1) {
      throw new CsvError(
        `${fileName}, line ${table.headerLine}: the header has no "${name}" column (expected q00,q01,q10,q11 and ` +
          `optionally r0,r1)`,
        table.headerLine,
        undefined,
        name,
      );
    }
  }
  const r0 = column('r0'),
    r1 = column('r1'),
    id = column('id');
  if ((r0 === -1) !== (r1 === -1)) {
    throw new CsvError(
      `${fileName}, line ${table.headerLine}: the header has ${r0 === -1 ? 'r1 but no r0' : 'r0 but no r1'}; give ` +
        `both reward columns or neither`,
      table.headerLine,
    );
  }
  if (table.rows.length === 0)
    throw new CsvError(`${fileName}, line ${table.headerLine}: the file has a header but no arms`, table.headerLine);
  const n = table.rows.length;
  const transitions = new Float64Array(n * 8);
  const rewards = new Float64Array(n * 2);
  const ids: string[] = [];
  table.rows.forEach((row, arm) => {
    Q_COLUMNS.forEach((name, sa) => {
      const c = column(name);
      const q = numberField(table, row, c, fileName);
      if (q < 0 || q > 1) {
        throw new CsvError(
          `${fileName}, line ${row.line}, column ${c + 1} ("${name}"): ${row.fields[c].trim()} is not a ` +
            `probability in [0, 1]`,
          row.line,
          c + 1,
          name,
        );
      }
      transitions[arm * 8 + sa * 2] = 1 - q;
      transitions[arm * 8 + sa * 2 + 1] = q;
    });
    rewards[arm * 2] = r0 === -1 ? 0 : numberField(table, row, r0, fileName);
    rewards[arm * 2 + 1] = r1 === -1 ? 1 : numberField(table, row, r1, fileName);
    ids.push(id === -1 ? String(arm) : row.fields[id].trim());
  });
  return { ids, transitions, rewards };
}

/**
 * parseCsv for text without quotes, line by line with indexOf: a million-arm file is read in a
 * fraction of the time and memory of the general reader, with the same checks and messages.
 */
function parsePlainCsv(text: string, fileName: string): CsvTable {
  // \r\n and a lone \r end a line as \n does (as in parseCsv), so line numbers are kept
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  // the header (and any blank lines before it) through the general reader
  let start = 0;
  while (start < body.length) {
    const end = lineEnd(body, start);
    if (body.slice(start, end).trim() !== '') break;
    start = end + 1;
  }
  const headerEnd = lineEnd(body, start);
  const { header, headerLine, delimiter = COMMA } = parseCsv(body.slice(0, headerEnd), fileName);
  const separator = String.fromCharCode(delimiter);
  const rows: CsvRow[] = [];
  let at = headerEnd + 1;
  for (let line = headerLine + 1; at < body.length; line++) {
    const end = lineEnd(body, at);
    const content = body.slice(at, end);
    if (content.trim() !== '') {
      const fields = content.split(separator);
      checkWidth(header.length, fields.length, line, fileName, delimiter);
      rows.push({ line, fields });
    }
    at = end + 1;
  }
  return { header, headerLine, rows, delimiter };
}

/** Index of the \n that ends the line starting at `from`, or the text's length. */
function lineEnd(text: string, from: number): number {
  const n = text.indexOf('\n', from);
  return n === -1 ? text.length : n;
}
