// Text columns of a user's file (district, language, education, phone owner, "yes"/"no") become
// feature groups: a bucket per value as written (any script), a bucket "not recorded" for blank
// cells, and, when chosen, the values seen fewer than `rareBelow` times merged into a bucket "other".
// Each bucket is a 0/1 column (a one-hot group, as the built-in populations' languages are), whose
// identifier is made from the header and the value with every letter kept (identifier.ts), so names
// never collide because of their script; reward expressions read her value by the group's identifier
// (`agent_feats.district == "पालघर"`). A column of numbers but for a few text cells is no text column:
// it is refused naming those cells, never guessed.
import { distinctName, identifierOf } from '../instance/identifier.ts';
import type { FeatureColumn, FeatureGroup } from '../instance/types.ts';
import { BLANK_CELL, TEXT_CELL, type CellTable } from './cell-table.ts';
import { CsvError } from './csv.ts';

/** Values seen fewer times than this may be merged into "other" (allot's choice: the estimator's thin-group size). */
export const RARE_BELOW = 20;
/** A column with more values than this has its rare ones merged by default. */
export const MANY_VALUES = 12;
/** The most buckets a text group keeps: beyond, the rarest values are merged into "other" whatever the choice. */
export const MAX_TEXT_BUCKETS = 200;
export const NOT_RECORDED = 'not recorded';
export const OTHER = 'other';
/** Text cells in a column of numbers, up to this many or below this share, are mistakes to fix, not text. */
const FEW_TEXT_CELLS = 5;
const FEW_TEXT_SHARE = 0.1;

/**
 * How the text columns of a file are grouped: the rare-value threshold and, per column (its header),
 * whether to merge them.
 */
export interface TextChoices {
  rareBelow?: number;
  merge?: Readonly<Record<string, boolean>>;
}

/**
 * A text column read: its distinct values as written (trimmed; '' for blank cells), how often each
 * occurs, and each row's value.
 */
export interface TextColumn {
  header: string;
  values: string[];
  counts: number[];
  /** Per row, the index of her value in `values`. */
  codes: Int32Array;
}

/**
 * Whether a feature column holds text: a cell that is not a number, unless the numbers outnumber such
 * cells and they are few (at most 5, or under a tenth of the filled cells): then it is refused as a
 * column of numbers with mistakes, naming the cells.
 * A column of numbers with empty cells is refused too, naming them (a number column has no "not recorded").
 */
export function isTextColumn(table: CellTable, column: number, fileName: string): boolean {
  let numbers = 0,
    texts = 0,
    blanks = 0;
  const textCells: number[] = [],
    blankCells: number[] = [];
  for (let r = 0; r < table.rowCount; r++) {
    const kind = table.kind(r, column);
    if (kind === BLANK_CELL) {
      blanks++;
      if (blankCells.length < 5) blankCells.push(r);
    } else if (kind === TEXT_CELL) {
      texts++;
      if (textCells.length < 5) textCells.push(r);
    } else numbers++;
  }
  if (numbers === 0) return true;
  if (texts === 0 && blanks === 0) return false;
  const fewTexts = texts <= FEW_TEXT_CELLS || texts < FEW_TEXT_SHARE * (numbers + texts);
  if (texts > 0 && !(numbers > texts && fewTexts)) return true;
  const header = table.header[column];
  const where = `${fileName}, column ${column + 1} ("${header}")`;
  const list = (cells: number[], count: number, show: (r: number) => string) =>
    `${cells.map(show).join(', ')}${count > cells.length ? `, and ${count - cells.length} more` : ''}`;
  const firstLine = table.line((texts > 0 ? textCells : blankCells)[0]);
  if (texts > 0) {
    const cells = list(textCells, texts, (r) => `line ${table.line(r)} "${table.text(r, column)}"`);
    const [s, is, it] = texts === 1 ? ['', 'is', 'it'] : ['s', 'are', 'them'];
    const why =
      `${where} holds numbers but for ${texts} cell${s} that ${is} not a number: ${cells}; ` + `write ${it} as numbers`;
    const how = '(a column is read as text, with a bucket per value, when more of its cells are words)';
    throw new CsvError(`${why} ${how}`, firstLine, column + 1, header);
  }
  const cells = list(blankCells, blanks, (r) => `line ${table.line(r)}`);
  const [sAre, it] = blanks === 1 ? [' is', 'it'] : ['s are', 'them'];
  const why = `${where} holds numbers but ${blanks} cell${sAre} empty: ${cells}; fill ${it} in`;
  const how = 'or write a word such as "unknown" there to read the column as text, with a bucket per value';
  throw new CsvError(`${why}, ${how}`, firstLine, column + 1, header);
}

/** The column's values as written (trimmed), in order of first appearance, with their counts and each row's. */
export function readTextColumn(table: CellTable, column: number): TextColumn {
  const index = new Map<string, number>();
  const values: string[] = [],
    counts: number[] = [];
  const codes = new Int32Array(table.rowCount);
  for (let r = 0; r < table.rowCount; r++) {
    const value = table.text(r, column);
    let code = index.get(value);
    if (code === undefined) {
      index.set(value, (code = values.length));
      values.push(value);
      counts.push(0);
    }
    counts[code]++;
    codes[r] = code;
  }
  return { header: table.header[column], values, counts, codes };
}

/**
 * What grouping a text column gives: the group (its `columns` are positions among `columns`, to be
 * moved) and each value's bucket.
 */
export interface TextGrouping {
  group: FeatureGroup;
  columns: FeatureColumn[];
  /** Per value of the TextColumn, its bucket. */
  bucketOf: Int32Array;
}

/**
 * The group of a text column: buckets by count (most first, ties in order of appearance), then "other"
 * (the merged values) and "not recorded" (blank cells). `names`: identifiers taken (columns, text groups),
 * `groups`: group names taken; both get this group's.
 */
export function textGrouping(
  column: TextColumn,
  choices: TextChoices,
  names: Set<string>,
  groups: Set<string>,
): TextGrouping {
  const rareBelow = choices.rareBelow ?? RARE_BELOW;
  if (!(Number.isInteger(rareBelow) && rareBelow >= 1)) {
    throw new Error(`the rare-value threshold must be a whole number of at least 1, not ${rareBelow}`);
  }
  const filled = column.values.map((_, i) => i).filter((i) => column.values[i] !== '');
  const byCount = filled.sort((a, b) => column.counts[b] - column.counts[a] || a - b);
  const rare = byCount.filter((i) => column.counts[i] < rareBelow);
  const merge = choices.merge?.[column.header] ?? (byCount.length > MANY_VALUES && rare.length >= 2);
  let kept = merge ? byCount.filter((i) => column.counts[i] >= rareBelow) : byCount;
  // Never more than MAX_TEXT_BUCKETS buckets: the rarest go to "other" (said by the merged list).
  const room = MAX_TEXT_BUCKETS - (column.values.includes('') ? 1 : 0);
  if (kept.length > room) kept = kept.slice(0, room - 1);
  const keptSet = new Set(kept);
  const merged = byCount.filter((i) => !keptSet.has(i));
  const blank = column.values.indexOf('');
  const written = kept.map((i) => column.values[i]);
  const label = (word: string, why: string) => (written.includes(word) ? `${word} (${why})` : word);
  const other = merged.length ? [label(OTHER, 'merged')] : [];
  const buckets = [...written, ...other, ...(blank !== -1 ? [label(NOT_RECORDED, 'blank')] : [])];
  const values: (string | null)[] = [...written, ...(merged.length ? [null] : []), ...(blank !== -1 ? [''] : [])];
  const name = distinctName(identifierOf(column.header), names);
  const groupName = distinctName(column.header, groups);
  const columns: FeatureColumn[] = buckets.map((bucket, b) => {
    const value = values[b];
    const id = identifierOf(`${name}_${value === null ? OTHER : value === '' ? 'not_recorded' : value}`);
    const is = value === null ? `one of ${merged.length} rare values` : value === '' ? 'not recorded' : `“${value}”`;
    const [label, description] = [`${column.header}: ${bucket}`, `${column.header} is ${is}`];
    return { name: distinctName(id, names), label, description, type: 'binary', group: groupName };
  });
  const place = new Map(kept.map((i, b) => [i, b]));
  const bucketOf = new Int32Array(column.values.length);
  const lastBucket = buckets.length - 1;
  column.values.forEach((_, i) => (bucketOf[i] = i === blank ? lastBucket : (place.get(i) ?? written.length)));
  const mergedValues = merged.length ? { merged: merged.map((i) => column.values[i]), rareBelow } : {};
  const text = { name, column: column.header, values, ...mergedValues };
  const positions = columns.map((_, b) => b);
  const group: FeatureGroup = { name: groupName, kind: 'one-hot', columns: positions, ordered: false, buckets, text };
  return { group, columns, bucketOf };
}
