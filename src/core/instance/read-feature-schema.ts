// A FeatureSchema from untrusted JSON (an instance file, a --schema file): every field's type is
// checked and a wrong one is reported by its path (`schema.columns[0].name`), so that no raw
// "Cannot read properties of null" can reach the user. Meaning (names unique, groups consistent)
// is checked afterwards by validateSchema in createInstance.
import type { FeatureColumn, FeatureGroup, FeatureSchema, TextGroup } from './types.ts';

/** Throws an error about the value at `path` (a dotted JSON path) saying `what` is wrong with it. */
export type JsonFail = (path: string, what: string) => never;

const show = (v: unknown) => (v === undefined ? 'missing' : JSON.stringify(v));

/**
 * `data` at `path` as a FeatureSchema. Optional fields get their defaults: label = name,
 * description = label, group = null, ordered = false, buckets = the member columns' labels.
 */
export function readFeatureSchema(data: unknown, path: string, fail: JsonFail): FeatureSchema {
  const object = (v: unknown, p: string) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : fail(p, `must be an object, not ${show(v)}`);
  const array = (v: unknown, p: string) => (Array.isArray(v) ? v : fail(p, `must be an array, not ${show(v)}`));
  const text = (v: unknown, p: string) => (typeof v === 'string' ? v : fail(p, `must be text, not ${show(v)}`));
  const o = object(data, path);
  const columns = array(o.columns, `${path}.columns`).map((raw, i): FeatureColumn => {
    const p = `${path}.columns[${i}]`;
    const c = object(raw, p);
    const name = text(c.name, `${p}.name`);
    const label = c.label === undefined ? name : text(c.label, `${p}.label`);
    const type = c.type;
    if (type !== 'binary' && type !== 'integer' && type !== 'continuous')
      fail(`${p}.type`, `must be "binary", "integer" or "continuous", not ${show(type)}`);
    const group = c.group === undefined || c.group === null ? null : text(c.group, `${p}.group`);
    return {
      name,
      label,
      description: c.description === undefined ? label : text(c.description, `${p}.description`),
      type: type as FeatureColumn['type'],
      group,
    };
  });
  const groups = (o.groups === undefined ? [] : array(o.groups, `${path}.groups`)).map((raw, i): FeatureGroup => {
    const p = `${path}.groups[${i}]`;
    const g = object(raw, p);
    const name = text(g.name, `${p}.name`);
    if (g.kind !== 'one-hot' && g.kind !== 'bucketed')
      fail(`${p}.kind`, `must be "one-hot" or "bucketed", not ${show(g.kind)}`);
    const members = array(g.columns, `${p}.columns`).map((c, k) =>
      Number.isInteger(c) && (c as number) >= 0 && (c as number) < columns.length
        ? (c as number)
        : fail(`${p}.columns[${k}]`, `must be a column index from 0 to ${columns.length - 1}, not ${show(c)}`),
    );
    if (g.ordered !== undefined && typeof g.ordered !== 'boolean')
      fail(`${p}.ordered`, `must be true or false, not ${show(g.ordered)}`);
    const buckets =
      g.buckets === undefined
        ? members.map((c) => columns[c].label)
        : array(g.buckets, `${p}.buckets`).map((b, k) => text(b, `${p}.buckets[${k}]`));
    const group: FeatureGroup = {
      name,
      kind: g.kind as FeatureGroup['kind'],
      columns: members,
      ordered: (g.ordered as boolean | undefined) ?? false,
      buckets,
    };
    if (g.edges !== undefined) {
      group.edges = array(g.edges, `${p}.edges`).map((e, k) =>
        typeof e === 'number' && Number.isFinite(e)
          ? e
          : fail(`${p}.edges[${k}]`, `must be a finite number, not ${show(e)}`),
      );
    }
    if (g.text !== undefined) group.text = readTextGroup(g.text, `${p}.text`, fail);
    return group;
  });
  return { columns, groups };
}

/** A text group's description (types.ts TextGroup); its meaning is checked by validateSchema. */
function readTextGroup(data: unknown, path: string, fail: JsonFail): TextGroup {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return fail(path, `must be an object with "name", "column" and "values", not ${show(data)}`);
  const t = data as Record<string, unknown>;
  const text = (v: unknown, p: string) => (typeof v === 'string' ? v : fail(p, `must be text, not ${show(v)}`));
  const list = (v: unknown, p: string) => (Array.isArray(v) ? v : fail(p, `must be an array, not ${show(v)}`));
  const group: TextGroup = {
    name: text(t.name, `${path}.name`),
    column: text(t.column, `${path}.column`),
    values: list(t.values, `${path}.values`).map((v, k) => (v === null ? null : text(v, `${path}.values[${k}]`))),
  };
  if (t.merged !== undefined)
    group.merged = list(t.merged, `${path}.merged`).map((v, k) => text(v, `${path}.merged[${k}]`));
  if (t.rareBelow !== undefined)
    group.rareBelow = Number.isInteger(t.rareBelow)
      ? (t.rareBelow as number)
      : fail(`${path}.rareBelow`, `must be a whole number, not ${show(t.rareBelow)}`);
  return group;
}
