// The part of a register that is one row per beneficiary (a wide register, or the features file beside
// a history), read under her mapping: her ids from the column she named or that was guessed, the
// features (feature-table.ts), the columns she carries into the call list, and what was done with
// every column, in words for the mapping step and `--json`.
import type { FeatureTable } from '../instance/feature-table.ts';
import type { FeatureSchema } from '../instance/types.ts';
import { packIds } from '../plan/packed-plan.ts';
import type { CarryColumn } from '../plan/register.ts';
import {
  mapColumns,
  type ColumnMapping,
  type ColumnReport,
  type ColumnRole,
  type MappedColumns,
} from './column-mapping.ts';
import { CsvError, type CsvTable } from './csv.ts';
import { readFeatures } from './feature-table.ts';
import { IdIndex } from './id-index.ts';
import type { SchemaFile } from './population-schema.ts';
import type { TextChoices } from './text-columns.ts';
import { utf8Into } from './utf8.ts';

export interface FeatureTableRead {
  ids: string[];
  /** The same ids by their bytes, for a history's rows (history-reader.ts). */
  index: IdIndex;
  schema: FeatureSchema;
  features: FeatureTable;
  carry: CarryColumn[];
  mapped: MappedColumns;
}

/** The columns of `table` under her mapping, for a file that needs `roles` (the id always). */
export function mapTable(
  table: CsvTable,
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
  table: CsvTable,
  mapped: MappedColumns,
  fileName: string,
  schemaFile?: SchemaFile,
  text?: TextChoices,
): FeatureTableRead {
  if (table.rows.length === 0)
    throw new CsvError(`${fileName} has a header but no beneficiaries; add one row per beneficiary`, table.headerLine);
  const { ids, index } = readIds(table, mapped.id, fileName);
  const { schema, features } = readFeatures(table, mapped.features, fileName, schemaFile, text);
  return { ids, index, schema, features, carry: carryOf(table, mapped), mapped };
}

/** The carried columns' values, packed (one string each, not one per beneficiary). */
export function carryOf(table: CsvTable, mapped: MappedColumns): CarryColumn[] {
  return mapped.carry.map((c) => ({
    name: table.header[c],
    values: packIds(table.rows.map((row) => row.fields[c].trim())),
  }));
}

/** Distinct, non-empty ids of column `idColumn`, and their index by bytes (which finds the repeated ones). */
export function readIds(table: CsvTable, idColumn: number, fileName: string): { ids: string[]; index: IdIndex } {
  const index = new IdIndex();
  const name = table.header[idColumn];
  let scratch = new Uint8Array(256);
  const ids = table.rows.map((row) => {
    const id = row.fields[idColumn].trim();
    const where = `${fileName}, line ${row.line}, column ${idColumn + 1} ("${name}")`;
    if (id === '')
      throw new CsvError(`${where}: the id is empty; give every beneficiary an id`, row.line, idColumn + 1, name);
    if (id.length * 3 > scratch.length) scratch = new Uint8Array(id.length * 6);
    const added = index.add(scratch, 0, utf8Into(id, scratch));
    if (added < 0)
      throw new CsvError(
        `${where}: id "${id}" is already used on line ${table.rows[-added - 1].line}; ids must be distinct`,
        row.line,
        idColumn + 1,
        name,
      );
    return id;
  });
  return { ids, index };
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
