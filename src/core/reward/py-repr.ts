// Python's repr of a float, for normalized text and for messages that quote a value.

/** Python's repr of a float (shortest round trip, always with a "." or exponent). */
export function pyRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (Object.is(x, -0)) return '-0.0';
  const abs = Math.abs(x);
  if (abs >= 1e16 || abs < 1e-4) {
    // Python switches to exponent notation at 1e16 and below 1e-4, writing e+XX / e-XX with two digits at least.
    const [mantissa, exponent] = x.toExponential().split('e');
    const e = Number(exponent);
    return `${mantissa}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  const s = String(x);
  return s.includes('.') ? s : `${s}.0`;
}

/**
 * Characters Python's repr of a str escapes: other than space, every control, format, private, unassigned, surrogate
 * and separator.
 */
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's repr of a str: single quotes unless it holds ' and no ", backslash escapes for what is not printable. */
export function pyStrRepr(value: string): string {
  const q = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = '';
  for (const c of value) {
    if (c === '\\' || c === q) out += `\\${c}`;
    else if (c === '\n') out += '\\n';
    else if (c === '\r') out += '\\r';
    else if (c === '\t') out += '\\t';
    else if (c !== ' ' && NOT_PRINTABLE.test(c)) {
      const point = c.codePointAt(0)!;
      out += point < 0x100 ? `\\x${hex(point, 2)}` : point < 0x10000 ? `\\u${hex(point, 4)}` : `\\U${hex(point, 8)}`;
    } else out += c;
  }
  return `${q}${out}${q}`;
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
