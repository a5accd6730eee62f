// Reads the portfolio paper's utility table: one row per stakeholder (columns Key, Category), then
// one column per policy (the first is the default policy), each cell that stakeholder's utility.
import { utilityPool, type UtilityPool } from '../portfolio/utility-pool.ts';
import { CsvError, numberField, parseCsv } from './csv.ts';

export interface PolicyUtilities {
  pool: UtilityPool;
  /** Header names of the policy columns, pool index order (index 0 = the default policy). */
  policyNames: string[];
  /** The stakeholders kept, pool order. */
  stakeholders: { key: string; category: string; line: number }[];
  /** Keys of the rows dropped by dropZeroDefault. */
  dropped: string[];
}

/**
 * Parses the table. With `dropZeroDefault`, rows whose default-policy utility is 0 are dropped (the
 * paper's healthcare experiment: 63 buckets -> 53 stakeholders), because such a stakeholder forces
 * every p-mean with p <= 0 of nearly every policy to 0. Errors name the file line and column.
 */
export function parsePolicyUtilities(text: string, fileName = 'the file', dropZeroDefault = false): PolicyUtilities {
  const table = parseCsv(text, fileName);
  const [keyColumn, categoryColumn] = table.header;
  if (keyColumn !== 'Key' || categoryColumn !== 'Category' || table.header.length < 3) {
    throw new CsvError(
      `${fileName}, line ${table.headerLine}: expected the columns Key, Category, then one column per policy (the ` +
        `first the default)`,
      table.headerLine,
    );
  }
  const policyNames = table.header.slice(2);
  const stakeholders: PolicyUtilities['stakeholders'] = [];
  const dropped: string[] = [];
  const rows: number[][] = [];
  for (const row of table.rows) {
    const values = policyNames.map((_, k) => numberField(table, row, k + 2, fileName));
    const negative = values.findIndex((v) => v < 0);
    if (negative !== -1) {
      throw new CsvError(
        `${fileName}, line ${row.line}, column ${negative + 3} ("${policyNames[negative]}"): utility ` +
          `${values[negative]} is negative; p-means need utilities >= 0`,
        row.line,
        negative + 3,
        policyNames[negative],
      );
    }
    if (dropZeroDefault && values[0] === 0) {
      dropped.push(row.fields[0]);
      continue;
    }
    stakeholders.push({ key: row.fields[0], category: row.fields[1], line: row.line });
    rows.push(values);
  }
  if (rows.length === 0)
    throw new CsvError(
      `${fileName}, line ${table.headerLine}: no stakeholder ` +
        `rows${dropped.length ? ' left after dropping the zero-default rows' : ' below the header'}`,
      table.headerLine,
    );
  const d = rows.length;
  const utilities = new Float64Array(policyNames.length * d);
  rows.forEach((values, i) => values.forEach((v, k) => (utilities[k * d + i] = v)));
  return { pool: utilityPool(utilities, policyNames.length, d), policyNames, stakeholders, dropped };
}
