// The feature columns of a table (a population CSV, a register, a features CSV): numbers read with
// line and column errors, their schema (population-schema.ts: from a schema file or inferred), and
// text columns made groups with a 0/1 column per bucket (text-columns.ts), in the file's column order.
import type { FeatureColumn, FeatureGroup, FeatureSchema } from '../instance/types.ts';
import { numberField, type CsvTable } from './csv.ts';
import { inferSchema, schemaFromFile, type SchemaFile } from './population-schema.ts';
import { isTextColumn, readTextColumn, textGrouping, type TextChoices, type TextGrouping } from './text-columns.ts';

/**
 * The feature columns of a table and their schema. Number columns: from the schema file when given,
 * else inferred; text columns: a group each, as `text` chooses. features: rows x columns, row-major.
 */
export function readFeatures(table: CsvTable, featureColumns: number[], fileName: string, schemaFile?: SchemaFile, text: TextChoices = {}): { schema: FeatureSchema; features: Float64Array } {
  const { rows } = table;
  const N = rows.length;
  const isText = featureColumns.map((c) => isTextColumn(table, c, fileName));
  const numeric = featureColumns.filter((_, k) => !isText[k]);
  const F = numeric.length;
  const values = new Float64Array(N * F);
  for (let arm = 0; arm < N; arm++) {
    const row = rows[arm];
    for (let f = 0; f < F; f++) {
      const raw = row.fields[numeric[f]];
      // Fast path for the 0/1 of one-hot columns, most of a typical file.
      values[arm * F + f] = raw === '0' ? 0 : raw === '1' ? 1 : numberField(table, row, numeric[f], fileName);
    }
  }
  const base = schemaFile ? schemaFromFile(schemaFile, table, numeric, values, fileName) : inferSchema(numeric.map((c) => table.header[c]), values, N);
  if (!isText.includes(true)) return { schema: base, features: values };

  // Text columns take their place in the file's order: the number columns' indices move up past them.
  const names = new Set(base.columns.map((c) => c.name));
  const groupNames = new Set(base.groups.map((g) => g.name));
  const columns: FeatureColumn[] = [];
  const at = new Int32Array(F); // number column f -> its new index
  const texts: { grouping: TextGrouping; codes: Int32Array; first: number }[] = [];
  let f = 0;
  featureColumns.forEach((c, k) => {
    if (!isText[k]) {
      at[f] = columns.length;
      columns.push(base.columns[f++]);
      return;
    }
    const column = readTextColumn(table, c);
    const grouping = textGrouping(column, text, names, groupNames);
    texts.push({ grouping, codes: column.codes, first: columns.length });
    columns.push(...grouping.columns);
  });
  const groups: FeatureGroup[] = base.groups.map((g) => ({ ...g, columns: g.columns.map((i) => at[i]) }));
  for (const { grouping, first } of texts) groups.push({ ...grouping.group, columns: grouping.group.columns.map((b) => first + b) });
  const W = columns.length;
  const features = new Float64Array(N * W);
  for (let arm = 0; arm < N; arm++) {
    for (let g = 0; g < F; g++) features[arm * W + at[g]] = values[arm * F + g];
    for (const { grouping, codes, first } of texts) features[arm * W + first + grouping.bucketOf[codes[arm]]] = 1;
  }
  return { schema: { columns, groups }, features };
}
