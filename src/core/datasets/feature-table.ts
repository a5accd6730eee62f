// The feature columns of a table (a population CSV, a register, a features CSV): numbers read with
// line and column errors, and their schema, from a schema file (population-csv.ts's SchemaFile) or
// inferred from the names and values.
import type { FeatureColumn, FeatureGroup, FeatureSchema } from '../instance/types.ts';
import { numberField, type CsvTable } from './csv.ts';
import type { SchemaFile } from './population-csv.ts';

/**
 * The feature columns of a table (numbers only; errors name the line and column) and their schema,
 * from the schema file when given, else inferred. features: rows x columns, row-major.
 */
export function readFeatures(table: CsvTable, featureColumns: number[], fileName: string, schemaFile?: SchemaFile): { schema: FeatureSchema; features: Float64Array } {
  const { rows } = table;
  const N = rows.length;
  const F = featureColumns.length;
  const features = new Float64Array(N * F);
  for (let arm = 0; arm < N; arm++) {
    const row = rows[arm];
    for (let f = 0; f < F; f++) {
      const raw = row.fields[featureColumns[f]];
      // Fast path for the 0/1 of one-hot columns, most of a typical file.
      features[arm * F + f] = raw === '0' ? 0 : raw === '1' ? 1 : numberField(table, row, featureColumns[f], fileName);
    }
  }
  const schema = schemaFile ? schemaFromFile(schemaFile, table, featureColumns, features, fileName) : inferSchema(featureColumns.map((c) => table.header[c]), features, N);
  return { schema, features };
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
function schemaFromFile(file: SchemaFile, table: CsvTable, featureColumns: number[], features: Float64Array, fileName: string): FeatureSchema {
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

