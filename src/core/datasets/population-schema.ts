// The feature schema of a population CSV: inferred from the columns (names, types, one-hot
// groups), or described by a small JSON file (SchemaFile), read as untrusted input (every field
// checked, an error naming the schema file's line and column) and checked against the columns.
import { asTable, columnValues, valueAt, type AnyFeatures } from '../instance/feature-table.ts';
import { InstanceError, validateSchema } from '../instance/create-instance.ts';
import { distinctName, identifierOf, isIdentifier } from '../instance/identifier.ts';
import type { FeatureColumn, FeatureGroup, FeatureSchema, FeatureType } from '../instance/types.ts';
import { jsonValueError, parseJsonFile } from './json-place.ts';

/** The schema JSON that may accompany a population CSV. Columns are named by their CSV header. */
export interface SchemaFile {
  columns?: { column: string; name?: string; label?: string; description?: string; type?: FeatureType }[];
  /** When given, replaces the inferred groups. */
  groups?: {
    name: string;
    kind: 'one-hot' | 'bucketed';
    columns: string[];
    ordered?: boolean;
    buckets?: string[];
    edges?: number[];
  }[];
  budget?: number;
  horizon?: number;
  discount?: number;
  /** Set by parseSchemaFile: the file's name and text, so that errors about an entry can name its line. */
  source?: { fileName: string; text: string };
}

/** The schema described by a SchemaFile, checked against the CSV's feature columns. */
export function schemaFromFile(
  file: SchemaFile,
  table: { header: readonly string[]; rowCount: number },
  featureColumns: number[],
  features: AnyFeatures,
  fileName: string,
): FeatureSchema {
  const headers = featureColumns.map((c) => table.header[c]);
  const inferred = inferSchema(headers, features, table.rowCount);
  const position = new Map(headers.map((h, f) => [h, f]));
  const fail = (path: string, what: string): never => {
    throw file.source
      ? jsonValueError(file.source.text, file.source.fileName, path, what)
      : new Error(`the schema for ${fileName}, ${path}: ${what}`);
  };
  const named = new Set<number>();
  (file.columns ?? []).forEach((entry, i) => {
    const f =
      position.get(entry.column) ??
      fail(
        `columns[${i}].column`,
        `"${entry.column}" is not a feature column of ${fileName} (features: ${headers.join(', ')})`,
      );
    if (entry.name !== undefined) named.add(f);
    const c = inferred.columns[f];
    inferred.columns[f] = {
      ...c,
      name: entry.name ?? c.name,
      label: entry.label ?? c.label,
      description: entry.description ?? entry.label ?? c.description,
      type: entry.type ?? c.type,
    };
  });
  if (file.groups) {
    for (const c of inferred.columns) c.group = null;
    inferred.groups = file.groups.map((g, i) => {
      const members = g.columns.map((name, k) => {
        const f = position.get(name);
        if (f === undefined)
          return fail(
            `groups[${i}].columns[${k}]`,
            `group "${g.name}" lists column ${JSON.stringify(name)}, which is not a feature column of ${fileName}`,
          );
        inferred.columns[f].group = g.name;
        return f;
      });
      const group: FeatureGroup = {
        name: g.name,
        kind: g.kind,
        columns: members,
        ordered: g.ordered ?? false,
        buckets: g.buckets ?? members.map((f) => inferred.columns[f].label),
      };
      if (g.edges) group.edges = g.edges;
      if (g.kind === 'one-hot') for (const f of members) inferred.columns[f].type = 'binary';
      return group;
    });
  }
  uniqueNames(inferred.columns, headers, named);
  try {
    validateSchema(inferred);
  } catch (error) {
    if (!(error instanceof InstanceError)) throw error;
    const g = inferred.groups.findIndex((group) => error.message.includes(`"${group.name}"`));
    const c = (file.columns ?? []).findIndex((entry) => entry.name !== undefined && entry.name === error.column);
    fail(c !== -1 ? `columns[${c}]` : g !== -1 ? `groups[${g}]` : '', error.message);
  }
  return inferred;
}

/** Parses the schema JSON text; every field is checked, and an error names the file, line and column. */
export function parseSchemaFile(text: string, fileName = 'the schema file'): SchemaFile {
  const data = parseJsonFile(text, fileName, 'a JSON object with "columns" and/or "groups"');
  const fail = (path: string, what: string): never => {
    throw jsonValueError(text, fileName, path, what);
  };
  const show = (v: unknown) => JSON.stringify(v) ?? 'missing';
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(data))
    return fail(
      '',
      `expected a JSON object with "columns" and/or "groups", not ${Array.isArray(data) ? 'an array' : show(data)}`,
    );
  const text_ = (v: unknown, path: string, optional = true) =>
    v === undefined && optional ? undefined : typeof v === 'string' ? v : fail(path, `must be text, not ${show(v)}`);
  const list = (v: unknown, path: string) => (Array.isArray(v) ? v : fail(path, `must be an array, not ${show(v)}`));
  const schema: SchemaFile = { source: { fileName, text } };
  if (data.columns !== undefined) {
    schema.columns = list(data.columns, 'columns').map((c, i) => {
      const path = `columns[${i}]`;
      if (!isObject(c)) return fail(path, `must be an object with a "column" naming a CSV header, not ${show(c)}`);
      const type = c.type;
      if (type !== undefined && type !== 'binary' && type !== 'integer' && type !== 'continuous')
        fail(`${path}.type`, `must be "binary", "integer" or "continuous", not ${show(type)}`);
      const name = text_(c.name, `${path}.name`);
      if (name !== undefined && !isIdentifier(name))
        fail(
          `${path}.name`,
          `"${name}" is not a name reward expressions can use: letters (any script), digits and _, not starting ` +
            `with a digit, no keyword`,
        );
      return {
        column: text_(c.column, `${path}.column`, false)!,
        name,
        label: text_(c.label, `${path}.label`),
        description: text_(c.description, `${path}.description`),
        type: type as FeatureType | undefined,
      };
    });
  }
  if (data.groups !== undefined) {
    schema.groups = list(data.groups, 'groups').map((g, i) => {
      const path = `groups[${i}]`;
      if (!isObject(g))
        return fail(
          path,
          `must be an object with a "name", a "kind" and a "columns" array of CSV headers, not ${show(g)}`,
        );
      if (g.kind !== 'one-hot' && g.kind !== 'bucketed')
        fail(`${path}.kind`, `must be "one-hot" or "bucketed", not ${show(g.kind)}`);
      if (g.ordered !== undefined && typeof g.ordered !== 'boolean')
        fail(`${path}.ordered`, `must be true or false, not ${show(g.ordered)}`);
      const group: NonNullable<SchemaFile['groups']>[number] = {
        name: text_(g.name, `${path}.name`, false)!,
        kind: g.kind as 'one-hot' | 'bucketed',
        columns: list(g.columns, `${path}.columns`).map((c, k) => text_(c, `${path}.columns[${k}]`, false)!),
      };
      if (g.ordered !== undefined) group.ordered = g.ordered as boolean;
      if (g.buckets !== undefined)
        group.buckets = list(g.buckets, `${path}.buckets`).map((b, k) => text_(b, `${path}.buckets[${k}]`, false)!);
      if (g.edges !== undefined)
        group.edges = list(g.edges, `${path}.edges`).map((e, k) =>
          typeof e === 'number' && Number.isFinite(e)
            ? e
            : fail(`${path}.edges[${k}]`, `must be a finite number, not ${show(e)}`),
        );
      return group;
    });
  }
  for (const key of ['budget', 'horizon', 'discount'] as const) {
    const v = data[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isFinite(v)) fail(key, `must be a number, not ${show(v)}`);
    schema[key] = v as number;
  }
  return schema;
}

/** A header turned into a feature name usable as agent_feats.<name> (identifier.ts: letters of any script kept). */
export function featureName(header: string): string {
  return identifierOf(header);
}

/**
 * The schema inferred from column names and values:
 * - type: binary when every value is 0 or 1, integer when every value is whole, else continuous;
 * - groups: binary columns whose headers share the part before the first "_" (age_10_20, age_21_30)
 *   form a one-hot group named after that prefix as written, when there are at least two of them and every
 *   arm has exactly one 1 among them; bucket order is column order, marked unordered (edit the
 *   schema to say the buckets are ordered).
 */
export function inferSchema(headers: string[], features: AnyFeatures, numArms: number): FeatureSchema {
  const F = headers.length;
  const table = asTable(features, numArms, F);
  // A pass per column: which hold only 0/1, only whole numbers (a byte column is whole).
  const notBinary = new Uint8Array(F);
  const notInteger = new Uint8Array(F);
  for (let f = 0; f < F; f++) {
    const c = columnValues(table.columns[f]);
    for (let arm = 0; arm < numArms; arm++) {
      const v = c[arm];
      if (v !== 0 && v !== 1) {
        notBinary[f] = 1;
        if (c instanceof Uint8Array) break;
        if (!Number.isInteger(v)) {
          notInteger[f] = 1;
          break;
        }
      }
    }
  }
  const columns: FeatureColumn[] = headers.map((header, f) => ({
    name: featureName(header),
    label: header,
    description: header,
    type: !notBinary[f] ? 'binary' : !notInteger[f] ? 'integer' : 'continuous',
    group: null,
  }));
  uniqueNames(columns, headers);
  // Grouped by the header's own prefix, so the group keeps the name the user wrote ("Age group_young" -> "Age group").
  const byPrefix = new Map<string, number[]>();
  columns.forEach((c, f) => {
    const header = headers[f].trim();
    const prefix = header.slice(0, Math.max(0, header.indexOf('_'))).trim();
    if (c.type === 'binary' && prefix !== '') byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), f]);
  });
  const groups: FeatureGroup[] = [];
  for (const [prefix, members] of byPrefix) {
    if (members.length < 2) continue;
    let oneHot = true;
    for (let arm = 0; arm < numArms && oneHot; arm++) {
      let ones = 0;
      for (const f of members) ones += valueAt(table.columns[f], arm);
      oneHot = ones === 1;
    }
    if (!oneHot) continue;
    for (const f of members) columns[f].group = prefix;
    groups.push({
      name: prefix,
      kind: 'one-hot',
      columns: members,
      ordered: false,
      buckets: members.map((f) => columns[f].label),
    });
  }
  return { columns, groups };
}

/**
 * Names made from headers that meet ("Age Group" and "Age_Group") are told apart with _2, _3 in column
 * order; a name a schema file gives is kept, and one it would collide with is refused naming both headers.
 */
export function uniqueNames(columns: FeatureColumn[], headers: string[], given: ReadonlySet<number> = new Set()): void {
  const taken = new Set<string>();
  const owner = new Map<string, number>();
  for (const f of given) {
    const other = owner.get(columns[f].name);
    if (other !== undefined)
      throw new Error(
        `feature columns "${headers[other]}" and "${headers[f]}" are both given the name "${columns[f].name}"; ` +
          `give one of them another`,
      );
    owner.set(columns[f].name, f);
    taken.add(columns[f].name);
  }
  columns.forEach((c, f) => {
    if (!given.has(f)) c.name = distinctName(c.name, taken);
  });
}
