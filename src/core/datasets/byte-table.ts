// A file of one row per beneficiary (a features file beside a history) kept as the tokenizer hands it
// over: every cell's UTF-8 bytes back to back and one offset per cell, no string or array per row (10^6
// beneficiaries x 4 columns: 16 MB of bytes and 16 MB of offsets, where a CsvTable held 5 million
// strings and a million rows for the garbage collector to walk). Numbers are read straight from the
// bytes; a string is made only for a cell read as text (a text column, a carried column, an error).
import { BLANK_CELL, NUMBER_CELL, textKind, textNumber, type CellKind, type CellTable } from './cell-table.ts';
import { checkHeader, checkWidth, CsvError, type CsvTable } from './csv.ts';
import { CsvTokenizer, type CsvRowSink } from './csv-tokenizer.ts';
import { utf8Text } from './utf8.ts';

/** 10^k, exact for k <= 22. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** A whole number of at most 15 digits is below 2^53: exact. */
const MAX_DIGITS = 15;
/** Not a number that fastNumber can read: the text decides. */
const SLOW = -Infinity;

export class ByteTable implements CellTable {
  readonly rowCount: number;
  private readonly width: number;
  private readonly at = new Int32Array(2);

  constructor(
    readonly header: string[],
    readonly headerLine: number,
    readonly delimiter: number,
    private readonly bytes: Uint8Array,
    private readonly offsets: Int32Array,
    private readonly lines: Int32Array,
  ) {
    this.width = header.length;
    this.rowCount = Math.max(0, offsets.length - 1) / this.width;
  }

  line(r: number): number {
    return this.lines[r];
  }

  text(r: number, c: number): string {
    const k = r * this.width + c;
    return utf8Text(this.bytes, this.offsets[k], this.offsets[k + 1]).trim();
  }

  kind(r: number, c: number): CellKind {
    if (!this.trimmed(r, c)) return textKind(this.text(r, c), this.delimiter);
    if (this.at[0] === this.at[1]) return BLANK_CELL;
    return fastNumber(this.bytes, this.at[0], this.at[1]) !== SLOW
      ? NUMBER_CELL
      : textKind(this.text(r, c), this.delimiter);
  }

  number(r: number, c: number): number {
    const v = this.trimmed(r, c) ? fastNumber(this.bytes, this.at[0], this.at[1]) : SLOW;
    return v !== SLOW ? v : textNumber(this.text(r, c), this.delimiter);
  }

  span(r: number, c: number, at: Int32Array): Uint8Array | null {
    if (!this.trimmed(r, c)) return null;
    ((at[0] = this.at[0]), (at[1] = this.at[1]));
    return this.bytes;
  }

  /** The whole table as text (for a long table, pivoted as text). */
  toCsvTable(): CsvTable {
    const rows = Array.from({ length: this.rowCount }, (_, r) => ({
      line: this.lines[r],
      fields: this.header.map((_, c) => {
        const k = r * this.width + c;
        return utf8Text(this.bytes, this.offsets[k], this.offsets[k + 1]);
      }),
    }));
    return { header: this.header, headerLine: this.headerLine, rows, delimiter: this.delimiter };
  }

  /**
   * The cell trimmed as String.prototype.trim does, into this.at; false when a non-ASCII byte is at an
   * edge (it may be a space such as U+00A0: the text decides).
   */
  private trimmed(r: number, c: number): boolean {
    const k = r * this.width + c,
      b = this.bytes;
    let s = this.offsets[k],
      e = this.offsets[k + 1];
    while (s < e && isSpace(b[s])) s++;
    while (e > s && isSpace(b[e - 1])) e--;
    this.at[0] = s;
    this.at[1] = e;
    return s === e || (b[s] < 0x80 && b[e - 1] < 0x80);
  }
}

/** Tab, line feed, vertical tab, form feed, carriage return, space. */
const isSpace = (b: number) => b === 32 || (b >= 9 && b <= 13);

/**
 * [+-]digits[.digits] of at most 15 digits, exactly as Number() reads it: the whole number of its
 * digits (exact) over a power of ten (exact), one correctly rounded division; anything else is SLOW.
 */
function fastNumber(b: Uint8Array, s: number, e: number): number {
  let k = s,
    negative = false;
  if (b[k] === 45 || b[k] === 43) negative = b[k++] === 45;
  let m = 0,
    digits = 0,
    fraction = -1;
  for (; k < e; k++) {
    const d = b[k] - 48;
    if (d >= 0 && d <= 9) {
      m = m * 10 + d;
      digits++;
      if (fraction >= 0) fraction++;
    } else if (d === -2 && fraction < 0) fraction = 0;
    else return SLOW;
  }
  if (digits === 0 || digits > MAX_DIGITS) return SLOW;
  const v = fraction > 0 ? m / POW10[fraction] : m;
  return negative ? -v : v;
}

/** A tokenizer's sink that keeps a table of one row per beneficiary as bytes. */
export class ByteTableBuilder implements CsvRowSink {
  private header: string[] | null = null;
  private headerLine = 1;
  private bytes: Uint8Array;
  private used = 0;
  private offsets: Int32Array;
  private cells = 0;
  private lines: Int32Array;
  private rows = 0;
  private badWidth: { line: number; found: number } | null = null;

  /** `size`: the file's size in bytes when known, so that its columns are made once, not grown. */
  constructor(
    private readonly fileName: string,
    size = 0,
  ) {
    this.bytes = new Uint8Array(Math.max(1 << 16, size));
    // a cell takes its bytes and a separator; a register's cells are a few bytes each
    this.offsets = new Int32Array(Math.max(1 << 12, size >> 2));
    this.lines = new Int32Array(Math.max(1 << 10, size >> 4));
  }

  row(bytes: Uint8Array, starts: Int32Array, ends: Int32Array, count: number, line: number): void {
    if (this.header === null) {
      this.header = Array.from({ length: count }, (_, f) => utf8Text(bytes, starts[f], ends[f]).trim());
      this.headerLine = line;
      checkHeader(this.header, line, this.fileName);
      return;
    }
    if (count !== this.header.length) {
      this.badWidth ??= { line, found: count };
      return;
    }
    if (this.badWidth) return;
    let size = 0;
    for (let f = 0; f < count; f++) size += ends[f] - starts[f];
    if (this.used + size > this.bytes.length) this.bytes = grow(this.bytes, this.used + size);
    if (this.cells + count + 1 > this.offsets.length) this.offsets = grow(this.offsets, this.cells + count + 1);
    if (this.rows === this.lines.length) this.lines = grow(this.lines, this.rows + 1);
    // byte by byte: cells are short, and a subarray per cell would be an object per cell
    const out = this.bytes;
    let o = this.used;
    for (let f = 0; f < count; f++) {
      this.offsets[this.cells++] = o;
      for (let i = starts[f], e = ends[f]; i < e; i++) out[o++] = bytes[i];
    }
    this.used = o;
    this.offsets[this.cells] = this.used;
    this.lines[this.rows++] = line;
  }

  /** The table read, every row as wide as the header. */
  table(delimiter: number): ByteTable {
    const { header, fileName } = this;
    if (header === null) throw new CsvError(`${fileName} is empty: expected a header row and one row per arm`, 1);
    if (this.badWidth) checkWidth(header.length, this.badWidth.found, this.badWidth.line, fileName, delimiter);
    // views, not copies: the room left over is a few bytes a row
    const offsets = this.offsets.subarray(0, this.rows === 0 ? 0 : this.cells + 1);
    return new ByteTable(header, this.headerLine, delimiter, this.bytes, offsets, this.lines.subarray(0, this.rows));
  }
}

function grow<T extends Int32Array | Uint8Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/** A table of one row per beneficiary from UTF-8 bytes in memory (a text given whole). */
export function readByteTable(bytes: Uint8Array, fileName: string): ByteTable {
  const builder = new ByteTableBuilder(fileName, bytes.length);
  const tokenizer = new CsvTokenizer(builder, fileName);
  tokenizer.push(bytes);
  tokenizer.end();
  return builder.table(tokenizer.delimiter!);
}
