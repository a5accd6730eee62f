// A yes/no column as programs write it: 0/1, yes/no, y/n, true/false, engaged/not engaged, called/not
// called (any case), or the program's own two labels named once. A column of values it cannot read is
// one line of help (how many, two examples with their lines, what to write or to say), not a line per
// value; a blank is counted apart, since a blank state is an unobserved week.
import { utf8Text } from './utf8.ts';

export type BinaryKind = 'state' | 'called';

const WORDS: Record<BinaryKind, { yes: string[]; no: string[] }> = {
  state: {
    yes: ['engaged'],
    no: ['not engaged', 'not_engaged', 'not-engaged', 'notengaged', 'unengaged', 'disengaged'],
  },
  called: { yes: ['called'], no: ['not called', 'not_called', 'not-called', 'uncalled'] },
};
const YES = ['1', '1.0', 'yes', 'y', 'true'],
  NO = ['0', '0.0', 'no', 'n', 'false'];

/** 1, 0, or -1 when `raw` is not a spelling of the kind (nor one of `labels`, engaged first). */
export function binaryValue(raw: string, kind: BinaryKind, labels?: readonly [string, string]): 0 | 1 | -1 {
  const v = raw.trim().toLowerCase();
  if (labels) {
    if (v === labels[0].trim().toLowerCase()) return 1;
    if (v === labels[1].trim().toLowerCase()) return 0;
  }
  if (YES.includes(v) || WORDS[kind].yes.includes(v)) return 1;
  if (/^[01]\.0*$/.test(v)) return v[0] === '1' ? 1 : 0; // "1.00": a spreadsheet's whole number
  if (NO.includes(v) || WORDS[kind].no.includes(v)) return 0;
  return -1;
}

/** A blank state (an unobserved week), apart from 1 and 0. */
export const BLANK = 2;

/**
 * One column's reader: values by their spelling (cached, a column has few), unreadable ones counted
 * with their first lines for problem().
 */
export class BinaryColumn {
  private readonly cache = new Map<string, 0 | 1 | -1>();
  private bad = 0;
  private blanks = 0;
  private readonly examples: { value: string; line: number }[] = [];
  private firstBlank = 0;

  constructor(
    readonly kind: BinaryKind,
    private readonly where: { fileName: string; column: number; name: string },
    private readonly labels?: readonly [string, string],
  ) {}

  /** 1, 0, or BLANK; an unreadable value counts and reads as 0 (the file is refused by problem()). */
  read(raw: string, line: number): 0 | 1 | 2 {
    let v = this.cache.get(raw);
    if (v === undefined) this.cache.set(raw, (v = binaryValue(raw, this.kind, this.labels)));
    if (v !== -1) return v;
    if (raw.trim() === '') {
      if (this.blanks++ === 0) this.firstBlank = line;
      return BLANK;
    }
    this.bad++;
    const value = raw.trim();
    if (this.examples.length < 2 && !this.examples.some((e) => e.value === value)) this.examples.push({ value, line });
    return 0;
  }

  /** The same from bytes, with 0 and 1 read without text. */
  readBytes(bytes: Uint8Array, start: number, end: number, line: number): 0 | 1 | 2 {
    if (end === start + 1) {
      if (bytes[start] === 49) return 1;
      if (bytes[start] === 48) return 0;
    }
    return this.read(utf8Text(bytes, start, end), line);
  }

  /** Blank values seen, and the line of the first. */
  blankCount(): { count: number; line: number } {
    return { count: this.blanks, line: this.firstBlank };
  }

  /** The one line of help for the column's unreadable values, or null when every value was read. */
  problem(): string | null {
    if (this.bad === 0) return null;
    const { fileName, column, name } = this.where;
    const shown = this.examples.map((e) => `"${e.value}" (line ${e.line})`).join(' and ');
    const what = this.kind === 'state' ? 'engaged or not' : 'called or not';
    const count = this.bad === 1 ? 'a value is' : `${this.bad.toLocaleString('en')} values are`;
    const pair = this.examples.length === 2 ? `; here "${this.examples[0].value}" and "${this.examples[1].value}"` : '';
    const say =
      this.kind === 'state'
        ? `, or name the program's two values, engaged first (--state-values ENGAGED,NOT_ENGAGED${pair})`
        : '';
    return (
      `${fileName}, column ${column + 1} ("${name}"): ${count} not read as ${what}, e.g. ${shown}; write 1/0, ` +
      `yes/no or true/false${say}`
    );
  }
}
