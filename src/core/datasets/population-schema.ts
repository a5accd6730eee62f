// The feature schema of a population CSV: inferred from the columns (names, types, one-hot
// groups), or described by a small JSON file (SchemaFile) and checked against the columns.
import type { FeatureColumn, FeatureGroup, FeatureSchema, FeatureType } from '../instance/types.ts';
import type { CsvTable } from './csv.ts';

/** The schema JSON that may accompany a population CSV. Columns are named by their CSV header. */
export interface SchemaFile {
  columns?: { column: string; name?: string; label?: string; description?: string; type?: FeatureType }[];
  /** When given, replaces the inferred groups. */
  groups?: { name: string; kind: 'one-hot' | 'bucketed'; columns: string[]; ordered?: boolean; buckets?: string[]; edges?: number[] }[];
  budget?: number;
  horizon?: number;
  discount?: number;
}

/** A header turned into a feature name usable as agent_feats.<name>: letters, digits and _. */
export function featureName(header: string): string {
  const name = header.trim().replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[0-9]/.test(name) || name === '' ? `f_${name}` : name;
}

/**
 * The schema inferred from column names and values:
 * - type: binary when every value is 0 or 1, integer when every value is whole, else continuous;
 * - groups: binary columns whose names share the part before the first "_" (age_10_20, age_21_30)
 *   form a one-hot group named after that prefix, when there are at least two of them and every
 *   arm has exactly one 1 among them; bucket order is column order, marked unordered (edit the
 *   schema to say the buckets are ordered).
 */
export function inferSchema(headers: string[], features: Float64Array, numArms: number): FeatureSchema {
  const F = headers.length;
  // One row-major pass: which columns hold only 0/1, only whole numbers.
  const notBinary = new Uint8Array(F);
  const notInteger = new Uint8Array(F);
  for (let arm = 0; arm < numArms; arm++) {
    for (let f = 0, i = arm * F; f < F; f++, i++) {
      const v = features[i];
      if (v !== 0 && v !== 1) {
        notBinary[f] = 1;
        if (!Number.isInteger(v)) notInteger[f] = 1;
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
  const byPrefix = new Map<string, number[]>();
  columns.forEach((c, f) => {
    const cut = c.name.indexOf('_');
    if (c.type === 'binary' && cut > 0) byPrefix.set(c.name.slice(0, cut), [...(byPrefix.get(c.name.slice(0, cut)) ?? []), f]);
  });
  const groups: FeatureGroup[] = [];
  for (const [prefix, members] of byPrefix) {
    if (members.length < 2) continue;
    let oneHot = true;
    for (let arm = 0; arm < numArms && oneHot; arm++) {
      let ones = 0;
      for (const f of members) ones += features[arm * F + f];
      oneHot = ones === 1;
    }
    if (!oneHot) continue;
    for (const f of members) columns[f].group = prefix;
    groups.push({ name: prefix, kind: 'one-hot', columns: members, ordered: false, buckets: members.map((f) => columns[f].label) });
  }
  return { columns, groups };
}

function uniqueNames(columns: FeatureColumn[], headers: string[]): void {
  const seen = new Map<string, number>();
  columns.forEach((c, f) => {
    const other = seen.get(c.name);
    if (other !== undefined) throw new Error(`feature columns "${headers[other]}" and "${headers[f]}" both become the name "${c.name}"; rename one of them`);
    seen.set(c.name, f);
  });
}

/** The schema described by a SchemaFile, checked against the CSV's feature columns. */
export function schemaFromFile(file: SchemaFile, table: CsvTable, featureColumns: number[], features: Float64Array, fileName: string): FeatureSchema {
  const headers = featureColumns.map((c) => table.header[c]);
  const inferred = inferSchema(headers, features, table.rows.length);
  const position = new Map(headers.map((h, f) => [h, f]));
  const where = `the schema for ${fileName}`;
  for (const entry of file.columns ?? []) {
    const f = position.get(entry.column);
    if (f === undefined) throw new Error(`${where} describes column "${entry.column}", which is not a feature column of ${fileName} (features: ${headers.join(', ')})`);
    const c = inferred.columns[f];
    inferred.columns[f] = { ...c, name: entry.name ?? c.name, label: entry.label ?? c.label, description: entry.description ?? entry.label ?? c.description, type: entry.type ?? c.type };
  }
  if (file.groups) {
    for (const c of inferred.columns) c.group = null;
    inferred.groups = file.groups.map((g) => {
      const members = g.columns.map((name) => {
        const f = position.get(name);
        if (f === undefined) throw new Error(`${where}: group "${g.name}" lists column "${name}", which is not a feature column of ${fileName}`);
        inferred.columns[f].group = g.name;
        return f;
      });
      const group: FeatureGroup = { name: g.name, kind: g.kind, columns: members, ordered: g.ordered ?? false, buckets: g.buckets ?? members.map((f) => inferred.columns[f].label) };
      if (g.edges) group.edges = g.edges;
      if (g.kind === 'one-hot') for (const f of members) inferred.columns[f].type = 'binary';
      return group;
    });
  }
  uniqueNames(inferred.columns, headers);
  return inferred;
}

/** Parses the schema JSON text; errors name the file. */
export function parseSchemaFile(text: string, fileName = 'the schema file'): SchemaFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${fileName}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`${fileName}: expected a JSON object with "columns" and/or "groups"`);
  const o = data as SchemaFile;
  if (o.columns !== undefined && (!Array.isArray(o.columns) || o.columns.some((c) => !c || typeof c.column !== 'string'))) {
    throw new Error(`${fileName}: "columns" must be an array of objects, each with a "column" naming a CSV header`);
  }
  if (o.groups !== undefined && (!Array.isArray(o.groups) || o.groups.some((g) => !g || typeof g.name !== 'string' || !Array.isArray(g.columns)))) {
    throw new Error(`${fileName}: "groups" must be an array of objects, each with a "name" and a "columns" array of CSV headers`);
  }
  return o;
}
