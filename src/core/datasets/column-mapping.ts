// Her column names: which column of her file is the beneficiary's id, her current state, the week and
// the call, which ones only travel with her into the call list ("carry": name, phone, village) and
// which are left out. What she says is used as written; what she leaves unsaid is guessed from the
// names programs' systems export (CommCare's case_id and owner_name, DHIS2's trackedEntity, RapidPro's
// Contact UUID, "Beneficiary ID"), and every guess is reported as one, so that the mapping step and
// `allot plan` show it and she can change it. Every other column is a feature.
import { CARRY_NAMES, IGNORE_NAMES, ROLE_NAMES } from './column-names.ts';
import { CsvError } from './csv-error.ts';

/** The columns a register's reader needs by their job. */
export type ColumnRole = 'id' | 'state' | 'week' | 'called';
/** What allot does with a column (the mapping step, `--json`'s "columns"); `transition` in a population file. */
export type ColumnUse = ColumnRole | 'feature' | 'carry' | 'ignored' | 'transition';

export const ROLES: readonly ColumnRole[] = ['id', 'state', 'week', 'called'];

/** What she said about her columns (names as written in her header); anything absent is guessed. */
export interface ColumnMapping {
  id?: string;
  state?: string;
  week?: string;
  called?: string;
  /**
   * Columns that travel into the call list, its print and its CSV (not features); name and phone columns are guessed
   * so.
   */
  carry?: string[];
  /** Columns left out altogether. */
  ignore?: string[];
  /** Columns she keeps as features where a guess would carry them or leave them out. */
  feature?: string[];
  /** The program's own two labels of the state, engaged first (e.g. ["listened", "did not listen"]). */
  stateValues?: [string, string];
}

/** A column of her file and what allot does with it; `guessed` when she did not say. */
export interface PlannedColumn {
  name: string;
  use: ColumnUse;
  guessed: boolean;
}

/** A column as read: its file and use, and for a feature its group with the buckets (the column report). */
export interface ColumnReport extends PlannedColumn {
  file: string;
  group?: string;
  buckets?: string[];
}

/** Her header mapped: the column index of each role (-1 when the file has none), and every column's use. */
export interface MappedColumns {
  id: number;
  state: number;
  week: number;
  called: number;
  carry: number[];
  features: number[];
  columns: PlannedColumn[];
}

/**
 * A column name as the guesses compare it: camelCase split, lower case, runs of anything but letters and digits as "_".
 */
export function normalName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1_$2')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '');
}

/** The column of `header` that `role` is guessed to be, or -1; `taken` columns are skipped. */
export function guessRole(header: readonly string[], role: ColumnRole, taken: ReadonlySet<number> = new Set()): number {
  const names = header.map(normalName);
  for (const candidate of ROLE_NAMES[role]) {
    const i = names.findIndex((n, k) => n === candidate && !taken.has(k));
    if (i !== -1) return i;
  }
  if (role !== 'id') return -1;
  // Any "<something> id" that is not a worker's, a place's or a form's.
  return names.findIndex(
    (n, k) =>
      !taken.has(k) &&
      /(^|_)id$/.test(n) &&
      !/(owner|worker|user|asha|anm|chw|district|village|facility|org|unit|form|parent|household)/.test(n),
  );
}

/** Where a file's header is, for messages. */
export interface HeaderPlace {
  fileName: string;
  headerLine: number;
}

/**
 * Her header mapped for a file that needs `roles`: a role she named is that column (by its name as
 * written, else ignoring case, spaces and punctuation), one she did not name is guessed. Columns that
 * look like another role of a register (a `state` column in a features file) are left out. A name she
 * gave that the header lacks is a CsvError listing the columns it has.
 */
export function mapColumns(
  header: readonly string[],
  mapping: ColumnMapping,
  roles: readonly ColumnRole[],
  place: HeaderPlace,
): MappedColumns {
  const find = (name: string, what: string): number => {
    let i = header.indexOf(name);
    if (i === -1) i = header.map(normalName).indexOf(normalName(name));
    if (i === -1) {
      throw new CsvError(
        `${place.fileName}, line ${place.headerLine}: there is no column "${name}" (${what}); the columns are ` +
          `${header.map((h) => `"${h}"`).join(', ')}`,
        place.headerLine,
      );
    }
    return i;
  };
  const use: (ColumnUse | null)[] = header.map(() => null);
  const guessed = header.map(() => false);
  const index: Record<ColumnRole, number> = { id: -1, state: -1, week: -1, called: -1 };
  const taken = new Set<number>();
  for (const role of roles) {
    const named = mapping[role];
    if (named === undefined) continue;
    const i = find(named, `the ${role} column`);
    if (taken.has(i))
      throw new CsvError(
        `${place.fileName}, line ${place.headerLine}: column "${header[i]}" is given for two jobs; give each its ` +
          `own column`,
        place.headerLine,
      );
    taken.add(i);
    index[role] = i;
    use[i] = role;
  }
  for (const name of mapping.ignore ?? []) use[find(name, 'a column to leave out')] ??= 'ignored';
  for (const name of mapping.feature ?? []) use[find(name, 'a feature column')] ??= 'feature';
  for (const name of mapping.carry ?? []) {
    const i = find(name, 'a column to carry');
    if (use[i] !== null && use[i] !== 'ignored')
      throw new CsvError(
        `${place.fileName}, line ${place.headerLine}: column "${header[i]}" is the ${use[i]} column; it cannot be ` +
          `carried too`,
        place.headerLine,
      );
    use[i] = 'carry';
  }
  for (const role of roles) {
    if (index[role] !== -1) continue;
    const i = guessRole(header, role, new Set(use.flatMap((u, k) => (u === null ? [] : [k]))));
    if (i === -1) continue;
    index[role] = i;
    use[i] = role;
    guessed[i] = true;
  }
  header.forEach((name, i) => {
    if (use[i] !== null) return;
    const n = normalName(name);
    const otherRole = ROLES.some((r) => !roles.includes(r) && ROLE_NAMES[r].slice(0, 3).includes(n));
    if (otherRole || IGNORE_NAMES.has(n)) ((use[i] = 'ignored'), (guessed[i] = true));
    else if (CARRY_NAMES.has(n)) ((use[i] = 'carry'), (guessed[i] = true));
    else use[i] = 'feature';
  });
  const columns = header.map((name, i) => ({ name, use: use[i]!, guessed: guessed[i] }));
  const of = (u: ColumnUse) => columns.flatMap((c, i) => (c.use === u ? [i] : []));
  return { ...index, carry: of('carry'), features: of('feature'), columns };
}

/**
 * Her mapping as it applies to one of two files (a history and its features): the names this header has.
 * Carried and left-out columns in neither file are an error (`others`: the other file's header).
 */
export function mappingForFile(
  mapping: ColumnMapping,
  header: readonly string[],
  others: readonly string[],
  fileNames: string,
): ColumnMapping {
  const names = new Set(header.map(normalName)),
    otherNames = new Set(others.map(normalName));
  const here = (name: string | undefined) => name !== undefined && names.has(normalName(name));
  for (const name of [...(mapping.carry ?? []), ...(mapping.ignore ?? []), ...(mapping.feature ?? [])]) {
    if (!here(name) && !otherNames.has(normalName(name)))
      throw new CsvError(`there is no column "${name}" in ${fileNames}`, 1);
  }
  const out: ColumnMapping = {};
  for (const role of ROLES) if (here(mapping[role])) out[role] = mapping[role];
  if (mapping.carry) out.carry = mapping.carry.filter(here);
  if (mapping.ignore) out.ignore = mapping.ignore.filter(here);
  if (mapping.feature) out.feature = mapping.feature.filter(here);
  if (mapping.stateValues) out.stateValues = mapping.stateValues;
  return out;
}

/** The guess and her choices in one line per role, as `allot plan` prints them: `id: beneficiary_id (guessed)`. */
export function mappingLines(
  columns: readonly PlannedColumn[],
  roles: readonly ColumnRole[],
  fileName: string,
): string[] {
  const lines = roles.map((role) => {
    const c = columns.find((col) => col.use === role);
    return c ? `${role}: ${c.name}${c.guessed ? ' (guessed)' : ''}` : `${role}: none`;
  });
  const carry = columns.filter((c) => c.use === 'carry');
  if (carry.length) lines.push(`carry: ${carry.map((c) => `${c.name}${c.guessed ? ' (guessed)' : ''}`).join(', ')}`);
  const ignored = columns.filter((c) => c.use === 'ignored');
  if (ignored.length) lines.push(`left out: ${ignored.map((c) => c.name).join(', ')}`);
  return lines.map((l) => `${fileName}: ${l}`);
}
