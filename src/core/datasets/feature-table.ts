// The feature columns of a table (a population CSV, a register, a features CSV): numbers read with
// line and column errors, their schema (population-schema.ts: from a schema file or inferred), and
// text columns made groups with a 0/1 column per bucket (text-columns.ts), in the file's column order;
// each column in its narrowest exact type (instance/feature-table.ts), never a row-major table.
import { narrowColumn, type FeatureTable, type FeatureValues } from '../instance/feature-table.ts';
import type { FeatureColumn, FeatureGroup, FeatureSchema } from '../instance/types.ts';
import { numberError, type CellTable } from './cell-table.ts';
import { inferSchema, schemaFromFile, type SchemaFile } from './population-schema.ts';
import { isTextColumn, readTextColumn, textGrouping, type TextChoices } from './text-columns.ts';

/**
 * The feature columns of a table and their schema. Number columns: from the schema file when given,
 * else inferred; text columns: a group each, as `text` chooses. features: a column each, narrow.
 */
export function readFeatures(
  table: CellTable,
  featureColumns: number[],
  fileName: string,
  schemaFile?: SchemaFile,
  text: TextChoices = {},
): { schema: FeatureSchema; features: FeatureTable } {
  const N = table.rowCount;
  const isText = featureColumns.map((c) => isTextColumn(table, c, fileName));
  const numeric = featureColumns.filter((_, k) => !isText[k]);
  const F = numeric.length;
  const scratch = new Float64Array(N);
  const numbers = numeric.map((c) => {
    for (let arm = 0; arm < N; arm++) {
      const v = table.number(arm, c);
      if (v !== v) throw numberError(table, arm, c, fileName);
      scratch[arm] = v;
    }
    const narrow = narrowColumn(scratch);
    return narrow === scratch ? scratch.slice() : narrow;
  });
  const values: FeatureTable = { numArms: N, columns: numbers };
  const base = schemaFile
    ? schemaFromFile(schemaFile, table, numeric, values, fileName)
    : inferSchema(
        numeric.map((c) => table.header[c]),
        values,
        N,
      );
  if (!isText.includes(true)) return { schema: base, features: values };

  // Text columns take their place in the file's order: the number columns' indices move up past them.
  const names = new Set(base.columns.map((c) => c.name));
  const groupNames = new Set(base.groups.map((g) => g.name));
  const columns: FeatureColumn[] = [];
  const out: FeatureValues[] = [];
  const at = new Int32Array(F); // number column f -> its new index
  const texts: FeatureGroup[] = [];
  let f = 0;
  featureColumns.forEach((c, k) => {
    if (!isText[k]) {
      at[f] = columns.length;
      out.push(numbers[f]);
      columns.push(base.columns[f++]);
      return;
    }
    const column = readTextColumn(table, c);
    const grouping = textGrouping(column, text, names, groupNames);
    // a 0/1 column per bucket: hers is 1
    const buckets = grouping.columns.map(() => new Uint8Array(N));
    for (let arm = 0; arm < N; arm++) buckets[grouping.bucketOf[column.codes[arm]]][arm] = 1;
    out.push(...buckets);
    const first = columns.length;
    columns.push(...grouping.columns);
    texts.push({ ...grouping.group, columns: grouping.group.columns.map((b) => first + b) });
  });
  const groups: FeatureGroup[] = base.groups.map((g) => ({ ...g, columns: g.columns.map((i) => at[i]) }));
  groups.push(...texts);
  return { schema: { columns, groups }, features: { numArms: N, columns: out } };
}
