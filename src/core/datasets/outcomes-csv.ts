// The week's outcomes for a plan, as programs export them: a row per beneficiary with her id, whether she
// was called and whether she was engaged after the week (or `state` for registers of more than 2
// states), optionally the week, under her own column names (guessed, or the register's, or named) and
// value spellings (yes/no, true/false, Y/N, her two labels). Rows may be the called mothers' only: a
// beneficiary without a row was not called, and her state after the week is unobserved (as is a blank).
// Errors name the file, line and column; a column of unreadable values is one line, and so are ids
// that are not in the register; up to 20 lines are collected, so one pass shows what to fix.
import type { WeekOutcomes } from '../plan/apply-outcomes.ts';
import { MISSING } from '../plan/register.ts';
import { findIds } from '../plan/id-flags.ts';
import type { PackedIds } from '../plan/packed-ids.ts';
import { BinaryColumn, BLANK } from './binary-values.ts';
import { mapColumns, type ColumnMapping } from './column-mapping.ts';
import { contentHash } from './content-hash.ts';
import { CsvError, parseCsv, type CsvTable } from './csv.ts';
import { checkImportSize } from './import-limits.ts';
import { isAscii, mergedIdsWords } from './nfc-ids.ts';

const MAX_ERRORS = 20;

export type OutcomesResult = { ok: true; outcomes: WeekOutcomes } | { ok: false; errors: string[] };

/** Her names for this file's columns (each must be in it), and the register's (used when the file has them). */
export interface OutcomesNames {
  mapping?: ColumnMapping;
  register?: ColumnMapping;
}

/** Parses the outcomes text against the register's ids. */
export function parseOutcomesCsv(
  text: string,
  ids: PackedIds,
  numStates: number,
  fileName = 'the outcomes file',
  names: OutcomesNames = {},
): OutcomesResult {
  let table;
  try {
    checkImportSize(text.length, fileName);
    table = parseCsv(text, fileName);
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  return outcomesFromTable(table, contentHash(text), ids, numStates, fileName, names);
}

/** The same on a table already read (a CSV or a spreadsheet's sheet); `hash` is the file's. */
export function outcomesFromTable(
  table: CsvTable,
  hash: string,
  ids: PackedIds,
  numStates: number,
  fileName: string,
  names: OutcomesNames = {},
): OutcomesResult {
  const { header, headerLine, rows } = table;
  const errors: string[] = [];
  const mapping = names.mapping ?? {},
    register = names.register ?? {};
  let m;
  try {
    // The register's names where this file has them, hers over them; the rest guessed.
    const hint = (role: 'id' | 'state' | 'called') =>
      mapping[role] ?? (register[role] !== undefined && header.includes(register[role]!) ? register[role] : undefined);
    const own: ColumnMapping = {
      ...mapping,
      id: hint('id'),
      state: hint('state'),
      called: hint('called'),
      stateValues: mapping.stateValues ?? register.stateValues,
    };
    m = mapColumns(header, own, ['id', 'called', 'state', 'week'], { fileName, headerLine });
    if (m.state === -1)
      m.state = header.findIndex((h) => ['outcome', 'engaged_after', 'engaged after'].includes(h.trim().toLowerCase()));
    if (own.stateValues) mapping.stateValues ??= own.stateValues;
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  for (const [what, c] of [
    ['id', m.id],
    ['engaged', m.state],
  ] as const) {
    if (c === -1)
      errors.push(
        `${fileName}, line ${headerLine}: no column was found for "${what}"; the outcomes need an id and whether ` +
          `she was engaged after the week, and whether she was called (columns such as id, called, engaged)`,
      );
  }
  if (errors.length) return { ok: false, errors };
  // A file without a called column lists the calls made: every row is a call.
  const notes =
    m.called === -1 ? [`${fileName} has no column saying who was called: every row is taken as a call made`] : [];
  const add = (message: string) => {
    if (errors.length < MAX_ERRORS) errors.push(message);
    else if (errors.length === MAX_ERRORS) errors.push('... and more errors; fix these first');
  };
  const where = (line: number, c: number) => `${fileName}, line ${line}, column ${c + 1} ("${header[c]}")`;
  const N = ids.ends.length;
  const firstLine = new Int32Array(N);
  const n = rows.length;
  const arms = new Int32Array(n),
    called = new Uint8Array(n),
    state = new Uint8Array(n),
    lines = new Int32Array(n);
  const calledColumn = new BinaryColumn('called', { fileName, column: m.called, name: header[m.called] });
  const stateColumn = new BinaryColumn(
    'state',
    { fileName, column: m.state, name: header[m.state] },
    mapping.stateValues ?? register.stateValues,
  );
  const unknown: string[] = [];
  let unknownCount = 0,
    week: number | null = null,
    kept = 0;
  // Ids as people read them (Unicode NFC, as the register's): "é" in one character or two is one id.
  const written = new Map<number, string>();
  const rowIds = rows.map((row) => {
    const raw = row.fields[m.id].trim();
    return isAscii(raw) ? raw : raw.normalize('NFC');
  });
  const position = findIds(ids, rowIds).arm;
  rows.forEach((row, j) => {
    const raw = row.fields[m.id].trim();
    const id = rowIds[j];
    const arm = position[j] < 0 ? undefined : position[j];
    const c = m.called === -1 ? 1 : calledColumn.read(row.fields[m.called], row.line);
    let s: number;
    if (numStates === 2) {
      const v = stateColumn.read(row.fields[m.state], row.line);
      s = v === BLANK ? MISSING : v;
    } else {
      const raw = row.fields[m.state].trim();
      s = raw === '' ? MISSING : /^\d+(\.0*)?$/.test(raw) && Number(raw) < numStates ? Number(raw) : -1;
      if (s === -1) add(`${where(row.line, m.state)}: "${raw}" is not a state in 0..${numStates - 1}`);
    }
    if (m.week !== -1) {
      const raw = row.fields[m.week].trim();
      const w = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(w))
        add(
          `${where(row.line, m.week)}: "${raw}" is not a whole week ` +
            `number${Number.isInteger(w) ? ' (it is too large to count exactly: at most 2^53 - 1)' : ''}`,
        );
      else if (week === null) week = w;
      else if (w !== week)
        add(`${where(row.line, m.week)}: week ${w}, but the rows above are week ${week}; one file holds one week`);
    }
    if (arm === undefined) {
      if (unknownCount++ < 3) unknown.push(`"${raw}" (line ${row.line})`);
      return;
    }
    if (firstLine[arm]) {
      const first = written.get(arm) ?? id;
      const merged = first !== raw ? ` (as ${mergedIdsWords(first, raw)}: one id once normalized)` : '';
      return add(
        `${where(row.line, m.id)}: "${raw}" already has a row on line ${firstLine[arm]}${merged}; each beneficiary ` +
          `appears once`,
      );
    }
    firstLine[arm] = row.line;
    if (raw !== id) written.set(arm, raw);
    arms[kept] = arm;
    called[kept] = c === 1 ? 1 : 0;
    state[kept] = s < 0 ? 0 : s;
    lines[kept++] = row.line;
  });
  if (unknownCount)
    add(
      `${fileName}, column ${m.id + 1} ("${header[m.id]}"): ` +
        `${unknownCount === 1 ? 'an id is' : `${unknownCount} ids are`} not in the register, e.g. ` +
        `${unknown.join(', ')}; are these the outcomes of this plan's register?`,
    );
  for (const problem of [calledColumn.problem(), numStates === 2 ? stateColumn.problem() : null])
    if (problem) add(problem);
  if (rows.length === 0)
    add(
      `${fileName}, line ${headerLine}: the file has a header but no rows; add a row per beneficiary called (or ` +
        `per beneficiary)`,
    );
  if (errors.length) return { ok: false, errors };
  const cut = <T extends Int32Array | Uint8Array>(a: T) => a.subarray(0, kept) as T;
  return {
    ok: true,
    outcomes: {
      fileName,
      contentHash: hash,
      week,
      arms: cut(arms),
      called: cut(called),
      state: cut(state),
      lines: cut(lines),
      notes,
    },
  };
}

/** A list of ids (the exclusion list): a CSV with an `id` column, or one id per line without a header. */
export function parseIdList(text: string, fileName = 'the id list'): string[] {
  checkImportSize(text.length, fileName);
  const lines = text
    .replace(/^\ufeff/, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0) return [];
  if (
    !lines[0]
      .split(',')
      .map((h) => h.trim().replace(/^"|"$/g, ''))
      .includes('id')
  ) {
    if (lines.some((l) => l.includes(',')))
      throw new CsvError(`${fileName}, line 1: a list with several columns needs an "id" column in its header`, 1);
    return lines.map((l) => l.normalize('NFC'));
  }
  const table = parseCsv(text, fileName);
  const c = table.header.indexOf('id');
  return table.rows.map((row) => row.fields[c].trim().normalize('NFC')).filter((id) => id !== '');
}
