// The parts of a stored plan's register that say how her files were read (restore-plan.ts): the
// columns she carries into the call list (name, phone, village: her values, one per beneficiary,
// packed like the ids), the report of what was done with each column, and her mapping (column names,
// the state's two labels), so that the week's outcomes are read as her register was. All three are
// absent for a built-in register and for plans stored before they existed. Untrusted like the rest.
import type { ColumnMapping, ColumnReport } from '../datasets/column-mapping.ts';
import { packIds, type PackedIds } from './packed-ids.ts';
import type { Checks } from './plan-checks.ts';
import type { CarryColumn } from './register.ts';

const USES = ['id', 'state', 'week', 'called', 'feature', 'carry', 'ignored', 'transition'];
const MAX_COLUMNS = 100_000;

/** The carried columns, each with N values, or undefined when the register has none recorded. */
export function checkCarry(c: Checks, raw: unknown, N: number): CarryColumn[] | undefined {
  if (raw === undefined) return undefined;
  return c.list(raw, 'register.carry', MAX_COLUMNS).map((x, k) => {
    const f = `register.carry[${k}]`;
    const o = c.object(x, f);
    return { name: c.text(o.name, `${f}.name`, 1000), values: checkPacked(c, o.values, `${f}.values`, N) };
  });
}

/** Packed text of N values, its offsets in order and within the text. */
export function checkPacked(c: Checks, raw: unknown, field: string, N: number): PackedIds {
  const o = c.object(raw, field);
  if (o.ends instanceof Uint32Array && o.ends.length !== N)
    c.fail(field, `holds ${o.ends.length} values, expected ${N}`);
  const text = c.text(o.text, `${field}.text`, Number.MAX_SAFE_INTEGER);
  const ends = c.typed(o.ends, Uint32Array, `${field}.ends`, N);
  for (let i = 0, start = 0; i < N; start = ends[i++] + 1) {
    const end = ends[i];
    const last = i === N - 1;
    const placed = end >= start && end <= text.length && (last ? end === text.length : text.charCodeAt(end) === 10);
    if (!placed) {
      c.fail(`${field}.ends`, `value ${i} is not where the offsets say`);
    }
  }
  return { text, ends };
}

/** The column report, or undefined. */
export function checkColumnReport(c: Checks, raw: unknown): ColumnReport[] | undefined {
  if (raw === undefined) return undefined;
  return c.list(raw, 'register.columns', MAX_COLUMNS).map((x, k) => {
    const f = `register.columns[${k}]`;
    const o = c.object(x, f);
    const use = c.text(o.use, `${f}.use`, 20);
    if (!USES.includes(use)) c.fail(`${f}.use`, `must be one of ${USES.join(', ')}`);
    if (typeof o.guessed !== 'boolean') c.fail(`${f}.guessed`, 'must be true or false');
    const column: ColumnReport = {
      file: c.text(o.file, `${f}.file`, 1000),
      name: c.text(o.name, `${f}.name`, 1000),
      use: use as ColumnReport['use'],
      guessed: o.guessed as boolean,
    };
    if (o.group !== undefined) column.group = c.text(o.group, `${f}.group`, 1000);
    if (o.buckets !== undefined) {
      const buckets = c.list(o.buckets, `${f}.buckets`, MAX_COLUMNS);
      column.buckets = buckets.map((b, i) => c.text(b, `${f}.buckets[${i}]`, 1000));
    }
    return column;
  });
}

/** Her mapping, or undefined. */
export function checkMapping(c: Checks, raw: unknown): ColumnMapping | undefined {
  if (raw === undefined) return undefined;
  const o = c.object(raw, 'register.mapping');
  const mapping: ColumnMapping = {};
  for (const role of ['id', 'state', 'week', 'called'] as const) {
    if (o[role] !== undefined) mapping[role] = c.text(o[role], `register.mapping.${role}`, 1000);
  }
  for (const kind of ['carry', 'ignore', 'feature'] as const) {
    if (o[kind] === undefined) continue;
    const names = c.list(o[kind], `register.mapping.${kind}`, MAX_COLUMNS);
    mapping[kind] = names.map((x, i) => c.text(x, `register.mapping.${kind}[${i}]`, 1000));
  }
  if (o.stateValues !== undefined) {
    const v = c.list(o.stateValues, 'register.mapping.stateValues', 2);
    if (v.length !== 2) c.fail('register.mapping.stateValues', 'must name two labels, engaged first');
    const label = (k: 0 | 1) => c.text(v[k], `register.mapping.stateValues[${k}]`, 1000);
    mapping.stateValues = [label(0), label(1)];
  }
  return mapping;
}

/** Carried columns written as lists of text, packed like the ids (PLAN.json; checkCarry checks lengths). */
export function carryFromJson(c: Checks, raw: unknown): unknown[] | undefined {
  if (raw === undefined) return undefined;
  return c.list(raw, 'register.carry', 100_000).map((x, k) => {
    const o = c.object(x, `register.carry[${k}]`);
    const values = c.list(o.values, `register.carry[${k}].values`, 2 ** 31 - 1);
    for (let i = 0; i < values.length; i++) {
      if (typeof values[i] !== 'string') c.fail(`register.carry[${k}].values[${i}]`, 'must be text');
    }
    return { ...o, values: packIds(values as string[]) };
  });
}
