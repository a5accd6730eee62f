// Cells that a spreadsheet reads as they were meant: a text cell that begins with "=", "+", "-", "@",
// a tab or a carriage return is a formula to Excel, LibreOffice and Google Sheets when a CSV is opened
// (a name like "=HYPERLINK(...)" in a register would run), so such text gets a leading apostrophe
// (OWASP's advice: the cell then shows as text). Numbers stay numbers; so does text that is a plain
// number ("-5"), which no spreadsheet reads as a formula. And numbers rounded for reading, beside
// their full digits in a column of their own.

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The text made inert for a spreadsheet (see the top of this file); numbers as they are. */
export function inertCell(value: string | number): string | number {
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** x with `digits` significant digits, as a number (0.123456789 -> 0.1235; 123456.7 -> 123500). */
export function readableNumber(x: number, digits = 4): number {
  if (!Number.isFinite(x) || x === 0) return x;
  return Number(x.toPrecision(digits));
}
