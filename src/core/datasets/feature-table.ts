// The feature columns of a table (a population CSV, a register, a features CSV): numbers read with
// line and column errors, and their schema (population-schema.ts: from a schema file or inferred).
import type { FeatureSchema } from '../instance/types.ts';
import { numberField, type CsvTable } from './csv.ts';
import { inferSchema, schemaFromFile, type SchemaFile } from './population-schema.ts';

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
