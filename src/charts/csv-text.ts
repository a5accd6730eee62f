// A table as CSV text (RFC 4180): a field with a comma, a quote or a line break is quoted, quotes
// doubled; numbers keep every digit (a download is for re-analysis, not for reading); empty for null.
export function csvText(columns: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const field = (v: string | number | null | undefined) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [columns, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
