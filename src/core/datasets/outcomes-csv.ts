// The week's outcomes for a plan: a CSV with columns id, called (0/1) and engaged (0/1) (or `state`
// for registers of more than 2 states), and optionally week. Every id must be in the register and
// appear once, and every beneficiary of the register must appear (her new state is needed). Errors
// name the file, line and column; up to 20 are collected, so one pass shows what to fix.
import type { WeekOutcomes } from '../plan/apply-outcomes.ts';
import { contentHash } from './content-hash.ts';
import { CsvError, parseCsv } from './csv.ts';
import { checkImportSize } from './import-limits.ts';
import { isAscii, mergedIdsWords } from './nfc-ids.ts';

const MAX_ERRORS = 20;

/** Parses the outcomes against the register's ids; returns the outcomes or the errors. */
export function parseOutcomesCsv(text: string, ids: readonly string[], numStates: number, fileName = 'the outcomes file'): { ok: true; outcomes: WeekOutcomes } | { ok: false; errors: string[] } {
  let table;
  try {
    checkImportSize(text.length, fileName);
    table = parseCsv(text, fileName);
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  const { header, headerLine, rows } = table;
  const errors: string[] = [];
  const col = (name: string) => header.indexOf(name);
  const idCol = col('id'), calledCol = col('called');
  const stateName = col('engaged') !== -1 ? 'engaged' : 'state';
  const stateCol = col(stateName), weekCol = col('week');
  for (const [name, c] of [['id', idCol], ['called', calledCol], ['engaged', stateCol]] as const) {
    if (c === -1) errors.push(`${fileName}, line ${headerLine}: the header has no "${name}" column; the outcomes need the columns id, called (0/1) and engaged (0/1)`);
  }
  if (errors.length) return { ok: false, errors };
  const position = new Map<string, number>();
  ids.forEach((id, arm) => position.set(id, arm));
  const N = ids.length;
  const firstLine = new Int32Array(N);
  const arms = new Int32Array(rows.length), called = new Uint8Array(rows.length), state = new Uint8Array(rows.length), lines = new Int32Array(rows.length);
  let week: number | null = null;
  const add = (message: string) => {
    if (errors.length < MAX_ERRORS) errors.push(message);
    else if (errors.length === MAX_ERRORS) errors.push('... and more errors; fix these first');
  };
  const where = (line: number, c: number) => `${fileName}, line ${line}, column ${c + 1} ("${header[c]}")`;
  const flag = (line: number, raw: string, c: number, max: number, what: string) => {
    const v = raw.trim();
    // "1.0" (a spreadsheet's whole number) is 1, as in a history CSV; "0.5" and "1e0" are not flags.
    const n = /^\d+(\.0*)?$/.test(v) ? Number(v) : NaN;
    if (!(n >= 0 && n <= max)) {
      add(`${where(line, c)}: ${v === '' ? 'the value is empty' : `"${v}" is not ${what}`}`);
      return 0;
    }
    return n;
  };
  // Ids as people read them (Unicode NFC, as the register's): "é" in one character or two is one id.
  const written = new Map<number, string>();
  rows.forEach((row, j) => {
    lines[j] = row.line;
    const raw = row.fields[idCol].trim();
    const id = isAscii(raw) ? raw : raw.normalize('NFC');
    const arm = position.get(id);
    if (arm === undefined) add(`${where(row.line, idCol)}: "${raw}" is not in the register`);
    else if (firstLine[arm]) {
      const first = written.get(arm) ?? id;
      add(`${where(row.line, idCol)}: "${raw}" already has a row on line ${firstLine[arm]}${first !== raw ? ` (as ${mergedIdsWords(first, raw)}: one id once normalized)` : ''}; each beneficiary appears once`);
    }
    else {
      firstLine[arm] = row.line;
      arms[j] = arm;
      if (raw !== id) written.set(arm, raw);
    }
    called[j] = flag(row.line, row.fields[calledCol], calledCol, 1, '0 or 1');
    state[j] = flag(row.line, row.fields[stateCol], stateCol, numStates - 1, numStates === 2 ? '0 or 1' : `a state in 0..${numStates - 1}`);
    if (weekCol !== -1) {
      const raw = row.fields[weekCol].trim();
      const w = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(w)) add(`${where(row.line, weekCol)}: "${raw}" is not a whole week number${Number.isInteger(w) ? ' (it is too large to count exactly: at most 2^53 - 1)' : ''}`);
      else if (week === null) week = w;
      else if (w !== week) add(`${where(row.line, weekCol)}: week ${w}, but the rows above are week ${week}; one file holds one week`);
    }
  });
  if (rows.length === 0) add(`${fileName}, line ${headerLine}: the file has a header but no rows; add one row per beneficiary`);
  let absent = 0;
  const examples: string[] = [];
  for (let arm = 0; arm < N; arm++) {
    if (firstLine[arm]) continue;
    absent++;
    if (examples.length < 5) examples.push(`"${ids[arm]}"`);
  }
  if (absent > 0 && rows.length > 0) add(`${fileName}: ${absent} beneficiar${absent === 1 ? 'y of the register has' : 'ies of the register have'} no row, so their new state is unknown: ${examples.join(', ')}${absent > 5 ? ', ...' : ''}`);
  if (errors.length) return { ok: false, errors };
  return { ok: true, outcomes: { fileName, contentHash: contentHash(text), week, arms, called, state, lines } };
}

/** A list of ids (the exclusion list): a CSV with an `id` column, or one id per line without a header. */
export function parseIdList(text: string, fileName = 'the id list'): string[] {
  checkImportSize(text.length, fileName);
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length === 0) return [];
  if (!lines[0].split(',').map((h) => h.trim().replace(/^"|"$/g, '')).includes('id')) {
    if (lines.some((l) => l.includes(','))) throw new CsvError(`${fileName}, line 1: a list with several columns needs an "id" column in its header`, 1);
    return lines.map((l) => l.normalize('NFC'));
  }
  const table = parseCsv(text, fileName);
  const c = table.header.indexOf('id');
  return table.rows.map((row) => row.fields[c].trim().normalize('NFC')).filter((id) => id !== '');
}
