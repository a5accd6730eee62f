// The part of a register that is one row per beneficiary (a wide register, or the features file beside
// a history), read under her mapping: her ids from the column she named or that was guessed, the
// features (feature-table.ts), the columns she carries into the call list, and what was done with
// every column, in words for the mapping step and `--json`.
import type { FeatureTable } from '../instance/feature-table.ts';
import type { FeatureSchema } from '../instance/types.ts';
import { packIds } from '../plan/packed-ids.ts';
import type { CarryColumn } from '../plan/register.ts';
import {
  mapColumns,
  type ColumnMapping,
  type ColumnReport,
  type ColumnRole,
  type MappedColumns,
} from './column-mapping.ts';
import type { CellTable } from './cell-table.ts';
import { CsvError } from './csv.ts';
import { readFeatures } from './feature-table.ts';
import { IdIndex } from './id-index.ts';
import type { SchemaFile } from './population-schema.ts';
import type { TextChoices } from './text-columns.ts';
import { utf8Into } from './utf8.ts';

export interface FeatureTableRead {
  /** The ids by their bytes, for a history's rows (history-reader.ts); their text is index.packedTexts(). */
  index: IdIndex;
  schema: FeatureSchema;
  features: FeatureTable;
  carry: CarryColumn[];
  mapped: MappedColumns;
}

/** The columns of `table` under her mapping, for a file that needs `roles` (the id always). */
export function mapTable(
  table: { header: string[]; headerLine: number },
  mapping: ColumnMapping,
  roles: readonly ColumnRole[],
  fileName: string,
): MappedColumns {
  const mapped = mapColumns(table.header, mapping, roles, { fileName, headerLine: table.headerLine });
  if (mapped.id === -1) {
    throw new CsvError(
      `${fileName}, line ${table.headerLine}: no column was found for the beneficiaries' ids (such as "id", ` +
        `"beneficiary_id" or "case_id"); ` +
        'name it (--id-column, or in the mapping step)',
      table.headerLine,
    );
  }
  return mapped;
}

/** Ids, features and carried columns of a table with one row per beneficiary; errors name the file, line and column. */
export function readFeatureTable(
  table: CellTable,
  mapped: MappedColumns,
  fileName: string,
  schemaFile?: SchemaFile,
  text?: TextChoices,
): FeatureTableRead {
  if (table.rowCount === 0)
    throw new CsvError(`${fileName} has a header but no beneficiaries; add one row per beneficiary`, table.headerLine);
  const index = readIds(table, mapped.id, fileName);
  const { schema, features } = readFeatures(table, mapped.features, fileName, schemaFile, text);
  return { index, schema, features, carry: carryOf(table, mapped), mapped };
}

/** The carried columns' values, packed (one string each, not one per beneficiary). */
export function carryOf(table: CellTable, mapped: MappedColumns): CarryColumn[] {
  return mapped.carry.map((c) => ({
    name: table.header[c],
    values: packIds(Array.from({ length: table.rowCount }, (_, r) => table.text(r, c))),
  }));
}

/**
 * Distinct, non-empty ids of column `idColumn` by their bytes (which finds the repeated ones), read
 * without a string each where the table holds bytes.
 */
export function readIds(table: CellTable, idColumn: number, fileName: string): IdIndex {
  const index = new IdIndex(table.rowCount);
  const name = table.header[idColumn];
  const at = new Int32Array(2);
  let scratch = new Uint8Array(256);
  for (let r = 0; r < table.rowCount; r++) {
    let bytes = table.span(r, idColumn, at),
      start = at[0],
      end = at[1];
    if (bytes === null) {
      const id = table.text(r, idColumn);
      if (id.length * 3 > scratch.length) scratch = new Uint8Array(id.length * 6);
      ((bytes = scratch), (start = 0), (end = utf8Into(id, scratch)));
    }
    const added = start === end ? -1 : index.add(bytes, start, end);
    if (added >= 0) continue;
    const line = table.line(r);
    const where = `${fileName}, line ${line}, column ${idColumn + 1} ("${name}")`;
    if (start === end)
      throw new CsvError(`${where}: the id is empty; give every beneficiary an id`, line, idColumn + 1, name);
    throw new CsvError(
      `${where}: id "${table.text(r, idColumn)}" is already used on line ${table.line(-added - 1)}; ids must be ` +
        `distinct`,
      line,
      idColumn + 1,
      name,
    );
  }
  return index;
}

/**
 * Every column of a file and what was done with it, features with the group that holds them and its
 * buckets (after banding): the group named after the column, or the one whose member is labelled so.
 */
export function columnReport(mapped: MappedColumns, schema: FeatureSchema, file: string): ColumnReport[] {
  return mapped.columns.map((c) => {
    if (c.use !== 'feature') return { file, ...c };
    const group = schema.groups.find(
      (g) => g.name === c.name || g.columns.some((k) => (schema.columns[k].label || schema.columns[k].name) === c.name),
    );
    return group ? { file, ...c, group: group.name, buckets: group.buckets } : { file, ...c };
  });
}
