// A register's history (one row per beneficiary and week: id, week, state, called, under her own column
// names) read straight from the tokenizer's bytes into typed columns: one byte of state and one of call
// per beneficiary and week, her id found by its bytes (id-index.ts), no string or object per row. A
// national history (10^6 beneficiaries x 26 weeks, about 420 MB) is held in about 52 MB.
// Weeks must run without a gap; a beneficiary's missing week, or a blank state, is an unobserved
// state, but every beneficiary needs a state in the last week (her current one). The last week's
// calls are what the plan decides, so calls there are ignored (with a warning).
import { toPlane, type BitPlane } from '../plan/bit-plane.ts';
import { MISSING, type History } from '../plan/register.ts';
import { BinaryColumn, BLANK } from './binary-values.ts';
import { checkHeader, checkWidth } from './csv.ts';
import { CsvError } from './csv-error.ts';
import { mapColumns, type ColumnMapping, type MappedColumns } from './column-mapping.ts';
import type { CsvRowSink } from './csv-tokenizer.ts';
import { IdIndex } from './id-index.ts';
import type { PackedIds } from '../plan/packed-ids.ts';
import { utf8Text } from './utf8.ts';

/** Bit 1 of a week's call byte: the beneficiary has a row that week. */
const SEEN = 2;
const MAX_WEEKS = 5200;

export interface HistoryRead {
  /** The history's own ids in order of first appearance, or null when the features file gave them. */
  ids: PackedIds | null;
  history: History;
  warnings: string[];
  mapped: MappedColumns;
}

export class HistoryReader implements CsvRowSink {
  private header: string[] | null = null;
  private headerLine = 1;
  private mapped!: MappedColumns;
  private state!: BinaryColumn;
  private called!: BinaryColumn;
  private readonly index: IdIndex;
  private capacity: number;
  private readonly weeks = new Map<number, { states: Uint8Array; called: Uint8Array }>();
  private lastArm = -1;
  /** follow[arm]: the beneficiary whose row came after hers last time (files list the same order every week). */
  private follow: Int32Array;
  private lastWeek = NaN;
  private lastWeekArrays: { states: Uint8Array; called: Uint8Array } | null = null;
  rows = 0;

  /** `ids`: the features file's ids (every history id must be one of them), or null to take the history's own. */
  constructor(
    private readonly fileName: string,
    private readonly mapping: ColumnMapping,
    private readonly known: { ids: IdIndex; fileName: string } | null,
    private readonly delimiter: () => number,
  ) {
    this.index = known?.ids ?? new IdIndex();
    this.capacity = known ? Math.max(1, known.ids.size) : 1024;
    this.follow = new Int32Array(this.capacity + 1).fill(-1);
  }

  row(bytes: Uint8Array, starts: Int32Array, ends: Int32Array, count: number, line: number): void {
    if (this.header === null) return this.readHeader(bytes, starts, ends, count, line);
    if (count !== this.header.length) checkWidth(this.header.length, count, line, this.fileName, this.delimiter());
    this.rows++;
    const m = this.mapped;
    // her id, trimmed of spaces
    let s = starts[m.id],
      e = ends[m.id];
    while (s < e && bytes[s] === 32) s++;
    while (e > s && bytes[e - 1] === 32) e--;
    const arm = this.armOf(bytes, s, e, line);
    const week = this.weekOf(bytes, starts[m.week], ends[m.week], line);
    const arrays = week === this.lastWeek ? this.lastWeekArrays! : this.weekArrays(week, line);
    if (arrays.called[arm] & SEEN) {
      throw new CsvError(
        `${this.fileName}, line ${line}: beneficiary "${utf8Text(bytes, s, e)}" week ${week} appears a second ` +
          `time; each (id, week) must appear once`,
        line,
      );
    }
    const state = this.state.readBytes(bytes, starts[m.state], ends[m.state], line);
    const called = this.called.readBytes(bytes, starts[m.called], ends[m.called], line);
    arrays.states[arm] = state === BLANK ? MISSING : state;
    arrays.called[arm] = SEEN | (called === 1 ? 1 : 0);
  }

  /** The history read, checked: every column readable, no week missing, every beneficiary's current state known. */
  finish(): HistoryRead {
    const { fileName } = this;
    if (this.header === null)
      throw new CsvError(`${fileName} is empty: expected a header and one row per beneficiary and week`, 1);
    if (this.rows === 0)
      throw new CsvError(`${fileName} has a header but no rows; add one row per beneficiary and week`, this.headerLine);
    const problems = [this.state.problem(), this.called.problem()].filter((p): p is string => p !== null);
    if (problems.length) throw new CsvError(problems.join('\n'), this.headerLine);
    const N = this.index.size;
    const weekNumbers = [...this.weeks.keys()].sort((a, b) => a - b);
    const first = weekNumbers[0],
      last = weekNumbers[weekNumbers.length - 1];
    for (let w = first; w <= last; w++) {
      if (!this.weeks.has(w))
        throw new CsvError(
          `${fileName}: week ${w} is missing (the weeks run from ${first} to ${last}); every week in between ` +
            `needs its rows`,
          this.headerLine,
        );
    }
    const states: Uint8Array[] = [],
      called: BitPlane[] = [];
    let calls = 0,
      lastWeekCalls = 0;
    for (const w of weekNumbers) {
      const a = this.weeks.get(w)!;
      const c = a.called.length === N ? a.called : a.called.slice(0, N);
      for (let arm = 0; arm < N; arm++) {
        const v = c[arm] & 1;
        c[arm] = v;
        if (w === last) lastWeekCalls += v;
        else calls += v;
      }
      if (w === last) c.fill(0);
      states.push(a.states.length === N ? a.states : a.states.slice(0, N));
      called.push(toPlane(c)); // kept as bits (bit-plane.ts)
    }
    const ids = this.known ? null : this.index.packedTexts();
    const idOf = (arm: number) => {
      const b = this.index.bytesOf(arm);
      return utf8Text(b, 0, b.length);
    };
    const current = states[states.length - 1];
    const missing: string[] = [];
    let absent = 0;
    for (let arm = 0; arm < N; arm++) {
      if (current[arm] !== MISSING) continue;
      if (absent++ < 5) missing.push(`"${idOf(arm)}"`);
    }
    if (absent) {
      throw new CsvError(
        `${fileName}: ${absent} beneficiar${absent === 1 ? 'y has' : 'ies have'} no state in week ${last}, the ` +
          `current week, so their current state is unknown: ${missing.join(', ')}${absent > 5 ? ', ...' : ''}`,
        this.headerLine,
      );
    }
    const warnings: string[] = [];
    if (lastWeekCalls > 0)
      warnings.push(
        `week ${last} is the current week, whose calls the plan decides: its ${lastWeekCalls} recorded ` +
          `call${lastWeekCalls === 1 ? ' was' : 's were'} ignored`,
      );
    if (calls === 0)
      warnings.push(
        `${fileName} has no call in weeks ${first}-${last - 1}: nothing shows what a call does, so the prior ` +
          `assumes a call changes nothing until the outcomes of calls arrive (every index is 0 and the list is the ` +
          `seeded tie draw)`,
      );
    const blanks = this.state.blankCount();
    if (blanks.count > 0)
      warnings.push(
        `${fileName}: ${blanks.count.toLocaleString('en')} blank state${blanks.count === 1 ? '' : 's'} (the first ` +
          `on line ${blanks.line}) read as weeks whose state was not observed`,
      );
    return { ids, history: { firstWeek: first, states, called }, warnings, mapped: this.mapped };
  }

  private readHeader(bytes: Uint8Array, starts: Int32Array, ends: Int32Array, count: number, line: number): void {
    const header = Array.from({ length: count }, (_, f) => utf8Text(bytes, starts[f], ends[f]).trim());
    checkHeader(header, line, this.fileName);
    const place = { fileName: this.fileName, headerLine: line };
    const mapped = mapColumns(header, this.mapping, ['id', 'week', 'state', 'called'], place);
    const lacking = (['id', 'week', 'state', 'called'] as const).filter((r) => mapped[r] === -1);
    if (lacking.length) {
      throw new CsvError(
        `${this.fileName}, line ${line}: no column was found for ${lacking.map((r) => `the ${r}`).join(', ')}; a ` +
          `history needs a column each for ` +
          `the id, week, state and call: name them (${lacking.map((r) => `--${r}-column`).join(', ')}, or in the ` +
          `mapping step)`,
        line,
      );
    }
    // A history's other columns are not read (her features are in the file beside it).
    for (const c of mapped.columns)
      if (c.use === 'feature' || c.use === 'carry') ((c.use = 'ignored'), (c.guessed = true));
    this.header = header;
    this.headerLine = line;
    this.mapped = { ...mapped, features: [], carry: [] };
    const where = (c: number) => ({ fileName: this.fileName, column: c, name: header[c] });
    this.state = new BinaryColumn('state', where(mapped.state), this.mapping.stateValues);
    this.called = new BinaryColumn('called', where(mapped.called));
  }

  /**
   * Her beneficiary: the one that followed the last row's beneficiary the time before (a file sorted by
   * week lists every week in the same order; one sorted by id repeats her), checked by her id's bytes;
   * else found by the index. Most rows are found without a hash lookup, reading the ids in order.
   */
  private armOf(bytes: Uint8Array, s: number, e: number, line: number): number {
    const last = this.lastArm,
      index = this.index;
    const guess = this.follow[last + 1];
    let arm = guess >= 0 && index.matches(guess, bytes, s, e) ? guess : index.find(bytes, s, e);
    if (arm === -1) arm = this.newArm(bytes, s, e, line);
    this.follow[last + 1] = arm;
    return (this.lastArm = arm);
  }

  private newArm(bytes: Uint8Array, s: number, e: number, line: number): number {
    const c = this.mapped.id;
    if (s === e)
      throw new CsvError(
        `${this.fileName}, line ${line}, column ${c + 1} ("${this.header![c]}"): the id is empty; give every ` +
          `row her id`,
        line,
        c + 1,
      );
    if (this.known) {
      throw new CsvError(
        `${this.fileName}, line ${line}, column ${c + 1} ("${this.header![c]}"): "${utf8Text(bytes, s, e)}" is not ` +
          `in ${this.known.fileName}; every beneficiary of the history needs her features`,
        line,
        c + 1,
      );
    }
    const arm = this.index.add(bytes, s, e);
    if (arm >= this.capacity) this.grow();
    return arm;
  }

  /** A whole week number ("12", or "12.0" as spreadsheets write it). */
  private weekOf(bytes: Uint8Array, s: number, e: number, line: number): number {
    while (s < e && bytes[s] === 32) s++;
    while (e > s && bytes[e - 1] === 32) e--;
    let k = s,
      sign = 1,
      v = 0;
    if (k < e && bytes[k] === 45) ((sign = -1), k++);
    const digits = k;
    // Any whole number a CSV holds (a year-and-week number, a day count), up to 2^53 - 1: not 32-bit.
    while (k < e && bytes[k] >= 48 && bytes[k] <= 57) v = v * 10 + bytes[k++] - 48;
    const whole = k !== digits;
    if (k < e && bytes[k] === 46) for (k++; k < e && bytes[k] === 48;) k++;
    if (k !== e || !whole || !Number.isSafeInteger(v)) {
      const c = this.mapped.week;
      const raw = utf8Text(bytes, s, e);
      const large = k === e && whole ? ' (it is too large to count exactly: at most 2^53 - 1)' : ' (1, 2, 3, ...)';
      throw new CsvError(
        `${this.fileName}, line ${line}, column ${c + 1} ("${this.header![c]}"): ` +
          `${raw === '' ? 'the week is empty' : `"${raw}" is not a whole week number${large}`}`,
        line,
        c + 1,
        this.header![c],
      );
    }
    return sign * v;
  }

  private weekArrays(week: number, line: number): { states: Uint8Array; called: Uint8Array } {
    let arrays = this.weeks.get(week);
    if (!arrays) {
      const known = [...this.weeks.keys()];
      const lo = Math.min(week, ...known),
        hi = Math.max(week, ...known);
      if (hi - lo >= MAX_WEEKS)
        throw new CsvError(
          `${this.fileName}, line ${line}: the weeks run from ${lo} to ${hi}, more than 100 years; check the ` +
            `week column`,
          line,
        );
      arrays = { states: new Uint8Array(this.capacity).fill(MISSING), called: new Uint8Array(this.capacity) };
      this.weeks.set(week, arrays);
    }
    this.lastWeek = week;
    return (this.lastWeekArrays = arrays);
  }

  /** More beneficiaries than the weeks' columns hold (a history without a features file): twice the room. */
  private grow(): void {
    this.capacity *= 2;
    const follow = new Int32Array(this.capacity + 1).fill(-1);
    follow.set(this.follow);
    this.follow = follow;
    for (const a of this.weeks.values()) {
      const states = new Uint8Array(this.capacity).fill(MISSING),
        called = new Uint8Array(this.capacity);
      states.set(a.states);
      called.set(a.called);
      a.states = states;
      a.called = called;
    }
  }
}
