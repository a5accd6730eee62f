// One CSV field (RFC 4180) for every file allot writes: quoted when it holds a comma, a quote or a line
// break, or begins or ends with a space (which readers would trim); quotes doubled. A non-finite number is
// empty; numbers keep every digit (a download is for re-analysis, not for reading).
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}
