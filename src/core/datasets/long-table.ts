// A long attribute table, one row per beneficiary and attribute (id, attribute, value), as DHIS2 exports
// tracked entities (trackedEntity, orgUnit, ..., attribute, displayName, value, valueType), turned into
// the wide table every other reader takes: one row per beneficiary, a column per attribute (named by
// its display name when there is one), her entity-level columns (orgUnit) kept from her first row.
import { guessRole, normalName, type ColumnMapping } from './column-mapping.ts';
import { CsvError, type CsvRow, type CsvTable } from './csv.ts';

export interface LongColumns {
  id: number;
  attribute: number;
  value: number;
  /** Columns that describe one attribute value (its uid beside its name, its type, its times): dropped. */
  drop: number[];
}

const VALUE = ['value', 'attribute_value', 'data_value'];
const ATTRIBUTE = ['display_name', 'attribute_name', 'attribute', 'data_element', 'variable', 'field'];
const PER_VALUE = ['attr_created_at', 'attr_updated_at', 'value_type', 'code', 'attribute', 'data_element'];

/** The long table's columns, or null when the header is not one (no value column beside an attribute column). */
export function longColumns(header: readonly string[], mapping: ColumnMapping = {}): LongColumns | null {
  const names = header.map(normalName);
  const value = names.findIndex((n) => VALUE.includes(n));
  const attribute = ATTRIBUTE.map((a) => names.indexOf(a)).find((i) => i !== -1) ?? -1;
  if (value === -1 || attribute === -1) return null;
  const named = mapping.id === undefined ? -1 : header.indexOf(mapping.id);
  const id = named !== -1 ? named : guessRole(header, 'id', new Set([value, attribute]));
  if (id === -1) return null;
  const drop = names.flatMap((n, i) =>
    i !== attribute && i !== value && i !== id && PER_VALUE.includes(n) ? [i] : [],
  );
  return { id, attribute, value, drop };
}

/** The wide table of a long one: rows in order of first appearance; a value given twice differently is an error. */
export function pivotLongTable(table: CsvTable, cols: LongColumns, fileName: string): CsvTable {
  const { header, rows } = table;
  const entity = header
    .map((_, i) => i)
    .filter((i) => i !== cols.attribute && i !== cols.value && !cols.drop.includes(i) && i !== cols.id);
  const attributes = new Map<string, number>();
  const byId = new Map<string, { row: CsvRow; values: Map<number, { value: string; line: number }> }>();
  for (const row of rows) {
    const id = row.fields[cols.id].trim();
    const name = row.fields[cols.attribute].trim();
    if (id === '' || name === '') continue;
    let a = attributes.get(name);
    if (a === undefined) attributes.set(name, (a = attributes.size));
    let e = byId.get(id);
    if (!e) byId.set(id, (e = { row, values: new Map() }));
    const value = row.fields[cols.value];
    const before = e.values.get(a);
    if (before && before.value.trim() !== value.trim()) {
      throw new CsvError(
        `${fileName}, line ${row.line}, column ${cols.value + 1} ("${header[cols.value]}"): "${name}" of "${id}" ` +
          `is "${value.trim()}" here but "${before.value.trim()}" on line ${before.line}; give each ` +
          `attribute one value`,
        row.line,
        cols.value + 1,
        header[cols.value],
      );
    }
    e.values.set(a, { value, line: row.line });
  }
  const taken = new Set([header[cols.id], ...entity.map((i) => header[i])]);
  const attributeNames = [...attributes.keys()].map((n) => (taken.has(n) ? `${n} (attribute)` : n));
  const wide: CsvRow[] = [...byId.values()].map(({ row, values }) => ({
    line: row.line,
    fields: [
      row.fields[cols.id],
      ...entity.map((i) => row.fields[i]),
      ...attributeNames.map((_, a) => values.get(a)?.value ?? ''),
    ],
  }));
  return {
    header: [header[cols.id], ...entity.map((i) => header[i]), ...attributeNames],
    headerLine: table.headerLine,
    rows: wide,
    delimiter: table.delimiter,
  };
}
