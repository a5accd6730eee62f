// A table as CSV text (RFC 4180): a field with a comma, a quote or a line break is quoted, quotes
// doubled; numbers keep every digit (a download is for re-analysis, not for reading); empty for null.
import { csvField } from '../core/datasets/csv-field.ts';

export function csvText(
  columns: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return [columns, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
