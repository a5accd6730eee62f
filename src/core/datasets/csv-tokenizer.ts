// The one CSV reader of allot, over UTF-8 bytes that arrive in chunks of any size (a File.stream() in
// the plan worker, a file on the command line, or a whole text), so that a register of any size is read
// in one pass without its text or an object per row: each record is handed to a sink as byte ranges in
// a buffer that is reused, and the sink keeps what it needs (typed columns, or the fields as text).
// RFC 4180 with what spreadsheets write: the separator is sniffed from the first lines (comma,
// semicolon or tab), CRLF, LF or CR ends a record, quoted fields hold separators, newlines and "".
// A quote opens a quoted field only at its start (after spaces); elsewhere it is a plain character.
// Blank lines are skipped; every record remembers the file line it starts on.
import { CsvError } from './csv-error.ts';

/** Receives each record: field f is bytes[starts[f], ends[f]) (quotes removed, "" made "). */
export interface CsvRowSink {
  row(bytes: Uint8Array, starts: Int32Array, ends: Int32Array, count: number, line: number): void;
}

export const COMMA = 44,
  SEMICOLON = 59,
  TAB = 9;
const QUOTE = 34,
  LF = 10,
  CR = 13,
  SPACE = 32;

/** The separator's name, for messages. */
export const delimiterName = (d: number) => (d === SEMICOLON ? 'semicolon' : d === TAB ? 'tab' : 'comma');

/** How many lines (or bytes) the separator is sniffed from. */
const SNIFF_LINES = 10,
  SNIFF_BYTES = 1 << 16;

export class CsvTokenizer {
  private buf = new Uint8Array(1 << 16);
  private len = 0;
  private pos = 0;
  private rowStart = 0;
  private fieldStart = 0;
  private count = 0;
  private starts = new Int32Array(64);
  private ends = new Int32Array(64);
  private quotedField = new Uint8Array(64);
  private inQuotes = false;
  private fieldQuoted = false;
  private line = 1;
  private rowLine = 1;
  private quoteLine = 0;
  private cls = new Uint8Array(256);

  /** `delimiter`: a separator's byte, or null to sniff it from the first lines. */
  constructor(
    private readonly sink: CsvRowSink,
    private readonly fileName: string,
    public delimiter: number | null = null,
  ) {
    if (delimiter !== null) this.classes(delimiter);
  }

  /** Reads the next bytes of the file. */
  push(chunk: Uint8Array): void {
    this.append(chunk);
    if (this.delimiter === null && !this.sniff(false)) return;
    this.scan(false);
  }

  /** The end of the file: its last record, or a quoted field never closed. */
  end(): void {
    if (this.delimiter === null) this.sniff(true);
    this.scan(true);
    if (this.inQuotes)
      throw new CsvError(
        `${this.fileName}, line ${this.quoteLine}: a quoted field is never closed (missing ")`,
        this.quoteLine,
      );
    if (this.pos > this.rowStart || this.count > 0) this.endRow(this.pos);
    this.len = this.pos = this.rowStart = this.fieldStart = 0;
  }

  private classes(delimiter: number): void {
    this.delimiter = delimiter;
    for (const c of [delimiter, LF, CR, QUOTE, 0]) this.cls[c] = 1;
  }

  /** Appends a chunk after the record in progress (moved to the front of the buffer first). */
  private append(chunk: Uint8Array): void {
    const shift = this.rowStart;
    if (shift > 0) {
      this.buf.copyWithin(0, shift, this.len);
      this.len -= shift;
      this.pos -= shift;
      this.fieldStart -= shift;
      this.rowStart = 0;
      for (let f = 0; f < this.count; f++) ((this.starts[f] -= shift), (this.ends[f] -= shift));
    }
    if (this.len + chunk.length > this.buf.length) {
      const grown = new Uint8Array(Math.max(this.buf.length * 2, this.len + chunk.length));
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    this.buf.set(chunk, this.len);
    this.len += chunk.length;
  }

  /**
   * The separator that splits the first lines most consistently: the one found on the header that gives
   * every sampled line as many fields (then the one found most often); a comma when none is found.
   * Returns false while too few lines have arrived to tell.
   */
  private sniff(final: boolean): boolean {
    const { buf, len } = this;
    const counts: number[][] = [];
    let lineCounts = [0, 0, 0],
      quoted = false,
      blank = true,
      complete = false;
    for (let i = 0; i < len && !complete; i++) {
      const c = buf[i];
      if (c === QUOTE) quoted = !quoted;
      if (quoted) continue;
      if (c === LF || c === CR) {
        if (!blank) counts.push(lineCounts);
        lineCounts = [0, 0, 0];
        blank = true;
        complete = counts.length >= SNIFF_LINES || i >= SNIFF_BYTES;
        continue;
      }
      if (c !== SPACE) blank = false;
      if (c === COMMA) lineCounts[0]++;
      else if (c === SEMICOLON) lineCounts[1]++;
      else if (c === TAB) lineCounts[2]++;
    }
    if (!complete && !final) return false;
    if (!blank) counts.push(lineCounts);
    const candidates = [COMMA, SEMICOLON, TAB];
    let best = COMMA,
      bestScore = 0;
    candidates.forEach((d, k) => {
      const head = counts[0]?.[k] ?? 0;
      if (head === 0) return;
      const consistent = counts.every((line) => line[k] === head);
      const score = (consistent ? 1e9 : 0) + head;
      if (score > bestScore) ((best = d), (bestScore = score));
    });
    this.classes(best);
    return true;
  }

  private scan(final: boolean): void {
    const { buf, len, cls } = this;
    const delimiter = this.delimiter!;
    let pos = this.pos;
    while (pos < len) {
      if (this.inQuotes) {
        let c = buf[pos];
        while (c !== QUOTE && pos < len) {
          if (c === LF) this.line++;
          else if (c === 0) this.nul();
          c = buf[++pos];
        }
        if (pos >= len || (pos + 1 >= len && !final)) break; // "" or a closing quote: the next byte decides
        if (pos + 1 < len && buf[pos + 1] === QUOTE) pos += 2;
        else ((this.inQuotes = false), pos++);
        continue;
      }
      while (pos < len && cls[buf[pos]] === 0) pos++;
      if (pos >= len) break;
      const c = buf[pos];
      if (c === delimiter) {
        this.endField(pos);
        this.fieldStart = ++pos;
        this.fieldQuoted = false;
      } else if (c === QUOTE) {
        if (this.blank(this.fieldStart, pos)) ((this.inQuotes = this.fieldQuoted = true), (this.quoteLine = this.line));
        pos++;
      } else if (c === 0) {
        this.nul();
      } else {
        if (c === CR && pos + 1 >= len && !final) break; // CRLF or a lone CR: the next byte decides
        this.endRow(pos);
        pos += c === CR && pos + 1 < len && buf[pos + 1] === LF ? 2 : 1;
        this.line++;
        this.rowStart = this.fieldStart = pos;
        this.rowLine = this.line;
      }
    }
    this.pos = pos;
  }

  private blank(from: number, to: number): boolean {
    for (let i = from; i < to; i++)
      if (this.buf[i] !== SPACE && (this.buf[i] !== TAB || this.delimiter === TAB)) return false;
    return true;
  }

  private endField(at: number): void {
    if (this.count === this.starts.length) {
      const grow = <T extends Int32Array | Uint8Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
      this.quotedField = grow(this.quotedField);
    }
    this.starts[this.count] = this.fieldStart;
    this.ends[this.count] = at;
    this.quotedField[this.count++] = this.fieldQuoted ? 1 : 0;
  }

  /** Ends the record at `at`: blank lines are skipped, quoted fields unquoted in place, then the sink has it. */
  private endRow(at: number): void {
    this.endField(at);
    const n = this.count;
    this.count = 0;
    this.fieldQuoted = false;
    if (n === 1 && !this.quotedField[0] && this.blank(this.starts[0], this.ends[0])) return;
    for (let f = 0; f < n; f++) if (this.quotedField[f]) this.ends[f] = this.unquote(this.starts[f], this.ends[f]);
    this.sink.row(this.buf, this.starts, this.ends, n, this.rowLine);
  }

  /** A quoted field's text moved to its start: leading spaces and the quotes dropped, "" made ", the rest kept. */
  private unquote(start: number, end: number): number {
    const buf = this.buf;
    let i = start;
    while (buf[i] !== QUOTE) i++;
    i++;
    let o = start;
    for (; i < end; i++) {
      if (buf[i] === QUOTE) {
        if (buf[i + 1] === QUOTE && i + 1 < end) i++;
        else {
          buf.copyWithin(o, i + 1, end);
          return o + end - i - 1;
        }
      }
      buf[o++] = buf[i];
    }
    return o;
  }

  /** A NUL byte: the file is binary (a spreadsheet, an image) or UTF-16 read as UTF-8. */
  private nul(): never {
    const column = this.count + 1;
    throw new CsvError(
      `${this.fileName}, line ${this.line}, column ${column}: the file holds a NUL character, so it is not a ` +
        `text file ` +
        '(a spreadsheet saved as .xlsx, or an image?); save it as CSV text (UTF-8 or UTF-16)',
      this.line,
      column,
    );
  }
}
