// A candidate pool from a CSV file (`allot evaluate dlm --pool FILE.csv`): one reward expression per
// row, with the index of the task it answers. Other columns (seed, source) are allowed and ignored.
import { CsvError, parseCsv } from '../datasets/csv.ts';

export interface PoolRow {
  task: number;
  expression: string;
  /** File line of the row, for messages about the expression later (parse errors, failed compiles). */
  line: number;
}

/**
 * Reads columns `task` (an index from 0 to taskCount - 1) and `expression` (non-empty). Throws a
 * CsvError naming the file, line and column of the first bad value.
 */
export function readPoolCsv(text: string, taskCount: number, fileName = 'the pool file'): PoolRow[] {
  const table = parseCsv(text, fileName);
  const column = (name: string) => {
    const i = table.header.findIndex((h) => h.trim().toLowerCase() === name);
    if (i < 0)
      throw new CsvError(
        `${fileName}, line ${table.headerLine}: the header has no "${name}" column (expected columns task,expression)`,
        table.headerLine,
      );
    return i;
  };
  const taskColumn = column('task');
  const expressionColumn = column('expression');
  return table.rows.map((row) => {
    const where = (c: number) => `${fileName}, line ${row.line}, column ${c + 1} ("${table.header[c]}")`;
    const rawTask = row.fields[taskColumn].trim();
    const task = /^\d+$/.test(rawTask) ? Number(rawTask) : Number.NaN;
    if (!(task < taskCount)) {
      throw new CsvError(
        `${where(taskColumn)}: "${rawTask}" is not a task index from 0 to ${taskCount - 1}`,
        row.line,
        taskColumn + 1,
        table.header[taskColumn],
      );
    }
    const expression = row.fields[expressionColumn].trim();
    if (expression === '')
      throw new CsvError(
        `${where(expressionColumn)}: the expression is empty`,
        row.line,
        expressionColumn + 1,
        table.header[expressionColumn],
      );
    return { task, expression, line: row.line };
  });
}
