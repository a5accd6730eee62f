// The workers' capacities for the weekly plan: a small CSV with the columns worker and capacity (the most
// calls she makes in a week), and optionally minimum (the fewest). Errors name the file, line and column;
// up to 20 are collected, so one pass shows what to fix. plan/worker-rules.ts matches the names against
// the register's worker column.
import { CsvError, parseCsv } from './csv.ts';
import { checkImportSize } from './import-limits.ts';

const MAX_ERRORS = 20;

export type CapacityCsv =
  { ok: true; capacity: Map<string, number>; minimum: Map<string, number> | null } | { ok: false; errors: string[] };

export function parseCapacityCsv(text: string, fileName = 'the capacities file'): CapacityCsv {
  let table;
  try {
    checkImportSize(text.length, fileName);
    table = parseCsv(text, fileName);
  } catch (error) {
    if (error instanceof CsvError) return { ok: false, errors: [error.message] };
    throw error;
  }
  const { header, headerLine, rows } = table;
  const workerCol = header.indexOf('worker'),
    capacityCol = header.indexOf('capacity');
  const minimumCol = header.indexOf('minimum');
  const missing = (['worker', 'capacity'] as const).filter((name) => !header.includes(name)).map((name) => `"${name}"`);
  if (missing.length) {
    const need = 'capacities need the columns worker and capacity (and optionally minimum)';
    const message = `${fileName}, line ${headerLine}: the header has no ${missing.join(' or ')} column; ${need}`;
    return { ok: false, errors: [message] };
  }
  const errors: string[] = [];
  const add = (message: string) => {
    if (errors.length < MAX_ERRORS) errors.push(message);
    else if (errors.length === MAX_ERRORS) errors.push('... and more errors; fix these first');
  };
  const capacity = new Map<string, number>(),
    minimum = minimumCol === -1 ? null : new Map<string, number>();
  const firstLine = new Map<string, number>();
  const count = (line: number, fields: string[], c: number, blank: number | null) => {
    const raw = fields[c].trim();
    if (raw === '' && blank !== null) return blank;
    if (/^\d+$/.test(raw)) return Number(raw);
    const what = raw === '' ? 'the value is empty' : `"${raw}" is not a whole number of calls`;
    add(`${fileName}, line ${line}, column ${c + 1} ("${header[c]}"): ${what}`);
    return NaN;
  };
  for (const row of rows) {
    const name = row.fields[workerCol].trim();
    if (name === '') {
      add(`${fileName}, line ${row.line}, column ${workerCol + 1} ("worker"): the worker's name is empty`);
      continue;
    }
    if (firstLine.has(name)) {
      const first = firstLine.get(name);
      add(`${fileName}, line ${row.line}: worker "${name}" already has a row on line ${first}; one row per worker`);
      continue;
    }
    firstLine.set(name, row.line);
    const cap = count(row.line, row.fields, capacityCol, null);
    capacity.set(name, cap);
    if (minimum) {
      const min = count(row.line, row.fields, minimumCol, 0);
      if (min > cap) {
        const calls = `${min} call${min === 1 ? '' : 's'}`;
        add(`${fileName}, line ${row.line}: worker "${name}": a minimum of ${calls} is above her capacity of ${cap}`);
      }
      minimum.set(name, min);
    }
  }
  if (rows.length === 0) {
    add(`${fileName}, line ${headerLine}: the file has a header but no rows; add one row per worker`);
  }
  return errors.length ? { ok: false, errors } : { ok: true, capacity, minimum };
}
