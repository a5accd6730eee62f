// The mothers who join with a week, as a program exports them: a row per new mother with her id, her
// state now, and the register's feature columns under the headers the register was read from (a text
// column by its values as written, a number column by its header), and her carried columns if the
// file has them. Read into an Enrolment in the register's schema (register-changes.ts appends it).
// Errors name the file, line and column; up to 20 are collected.
import { BinaryColumn, BLANK } from '../datasets/binary-values.ts';
import { mapColumns } from '../datasets/column-mapping.ts';
import { CsvError, numberField, type CsvTable } from '../datasets/csv.ts';
import { isAscii } from '../datasets/nfc-ids.ts';
import type { Register } from './register.ts';
import type { Enrolment } from './register-changes.ts';
import { findIds } from './id-flags.ts';
import type { PackedIds } from './packed-ids.ts';

const MAX_ERRORS = 20;

export type EnrolTableResult = { ok: true; enrolment: Enrolment; carry: string[][] } | { ok: false; errors: string[] };

/**
 * Reads the enrolments of `table` in `register`'s schema (carry: per carried column, each row's value, '' if absent).
 */
export function enrolmentFromTable(table: CsvTable, register: Register, fileName: string): EnrolTableResult {
  const { header, headerLine, rows } = table;
  const { schema, numStates: S } = register;
  const errors: string[] = [];
  const add = (message: string) => {
    if (errors.length < MAX_ERRORS) errors.push(message);
    else if (errors.length === MAX_ERRORS) errors.push('... and more errors; fix these first');
  };
  if (register.transitions) {
    return {
      ok: false,
      errors: [
        `${fileName}: this register gives every mother's transitions, so a new mother would need hers too, and a ` +
          `file of new mothers has none; allot does not make them up (no history here to start her from a ` +
          `prior). Enrolments need a register whose transitions are estimated from its history`,
      ],
    };
  }
  const names = register.mapping ?? {};
  let m;
  try {
    const hint = (role: 'id' | 'state') =>
      names[role] !== undefined && header.includes(names[role]!) ? names[role] : undefined;
    m = mapColumns(header, { id: hint('id'), state: hint('state'), stateValues: names.stateValues }, ['id', 'state'], {
      fileName,
      headerLine,
    });
  } catch (error) {
    return { ok: false, errors: [(error as Error).message] };
  }
  for (const [what, c] of [
    ['id', m.id],
    ['state (her state now: engaged or not)', m.state],
  ] as const) {
    if (c === -1)
      add(
        `${fileName}, line ${headerLine}: no column was found for ${what}; enrolments need an id, her state now ` +
          `and the register's features`,
      );
  }
  const column = (name: string, label: string) => {
    const at = header.findIndex((h) => h.trim() === label.trim());
    return at >= 0 ? at : header.findIndex((h) => h.trim() === name);
  };
  // Each feature column of the schema: read from a text group's column, or from its own header.
  const F = schema.columns.length;
  const textOf = new Int32Array(F).fill(-1);
  const textColumns = schema.groups
    .flatMap((g) => (g.text ? [g] : []))
    .map((g) => {
      g.columns.forEach((f) => (textOf[f] = 0));
      const at = column(g.text!.column, g.text!.column);
      if (at < 0)
        add(
          `${fileName}, line ${headerLine}: no column "${g.text!.column}"; each new mother needs her value of ` +
            `every feature of the register`,
        );
      return { group: g, at };
    });
  const numberAt = schema.columns.map((c, f) => {
    if (textOf[f] === 0) return -1;
    const at = column(c.name, c.label);
    if (at < 0)
      add(
        `${fileName}, line ${headerLine}: no column "${c.label}"; each new mother needs her value of every feature ` +
          `of the register`,
      );
    return at;
  });
  if (errors.length) return { ok: false, errors };
  const n = rows.length;
  const features = new Float64Array(n * F),
    state = new Uint8Array(n),
    lines = new Int32Array(n);
  const ids: string[] = [];
  const stateColumn = new BinaryColumn(
    'state',
    { fileName, column: m.state, name: header[m.state] },
    names.stateValues,
  );
  const where = (line: number, c: number) => `${fileName}, line ${line}, column ${c + 1} ("${header[c]}")`;
  rows.forEach((row, j) => {
    const raw = row.fields[m.id].trim();
    ids.push(isAscii(raw) ? raw : raw.normalize('NFC'));
    lines[j] = row.line;
    if (S === 2) {
      const v = stateColumn.read(row.fields[m.state], row.line);
      if (v === BLANK) add(`${where(row.line, m.state)}: her state is blank; a new mother needs her state now`);
      state[j] = v === 1 ? 1 : 0;
    } else {
      const s = row.fields[m.state].trim();
      if (!/^\d+$/.test(s) || Number(s) >= S) add(`${where(row.line, m.state)}: "${s}" is not a state in 0..${S - 1}`);
      state[j] = Number(s) || 0;
    }
    numberAt.forEach((at, f) => {
      if (at < 0) return;
      try {
        features[j * F + f] = numberField(table, row, at, fileName);
      } catch (error) {
        if (!(error instanceof CsvError)) throw error;
        add(error.message);
      }
    });
    for (const { group, at } of textColumns) {
      const value = row.fields[at].trim(),
        values = group.text!.values;
      let k = values.indexOf(value);
      if (k < 0) k = values.indexOf(null);
      if (k < 0) {
        const known = values
          .filter((v) => v !== null)
          .slice(0, 5)
          .map((v) => `"${v}"`)
          .join(', ');
        add(
          `${where(row.line, at)}: "${value}" is not a value the register's "${group.text!.column}" has ` +
            `(e.g. ${known})`,
        );
      } else features[j * F + group.columns[k]] = 1;
    }
  });
  duplicateIds(ids, lines, register.ids, fileName, add);
  const problem = S === 2 ? stateColumn.problem() : null;
  if (problem) add(problem);
  if (n === 0) add(`${fileName}, line ${headerLine}: the file has a header but no rows; add a row per new mother`);
  if (errors.length) return { ok: false, errors };
  const carry = (register.carry ?? []).map((k) => {
    const at = header.indexOf(k.name);
    return rows.map((row) => (at >= 0 ? row.fields[at].trim() : ''));
  });
  return { ok: true, enrolment: { ids, features, state, fileName, lines }, carry };
}

/**
 * Ids that cannot join, said with the file and line before anything is applied: an empty id, an id already
 * in the register (one who left included: her history stays hers), an id on two rows.
 */
function duplicateIds(
  ids: readonly string[],
  lines: Int32Array,
  registerIds: PackedIds,
  fileName: string,
  add: (message: string) => void,
): void {
  const known = findIds(registerIds, ids).arm;
  const first = new Map<string, number>();
  ids.forEach((id, j) => {
    const where = `${fileName}, line ${lines[j]}`;
    if (id === '') add(`${where}: the id is empty; each new mother needs her own id`);
    else if (known[j] >= 0) add(`${where}: the id "${id}" is already in the register; a new mother needs a new id`);
    else if (first.has(id)) {
      add(`${where}: the id "${id}" is on two rows (also line ${lines[first.get(id)!]}); a mother joins once`);
    } else first.set(id, j);
  });
}
